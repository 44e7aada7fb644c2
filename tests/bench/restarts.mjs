// `npm run bench:load`, its second part (issue 39 §4; a benchmark that prints numbers, not a test):
// three instances of the built server over one PostgreSQL database behind Debian's HAProxy
// (tests/tools/haproxy.mjs: round robin, a health check on /readyz), under a mixed load of reads,
// feedback and saved views, through two phases:
//
//   1. A rolling restart: each instance in turn gets SIGTERM — it drains (/readyz 503 at once, every
//      route still answered, each answer closing its connection, for SHUTDOWN_DRAIN_MS), exits — is
//      started again, and is back in HAProxy's rotation before the next one goes.
//   2. A PostgreSQL restart (`pg_ctlcluster … restart -m fast`) under the load.
//
// Printed per phase: requests, failed requests (no answer, or a 5xx — a 503 counts too during the
// rolling restart, where nothing is down), the status codes seen, and for the outage how long after
// PostgreSQL was back the last 5xx came (the recovery). Then every acknowledged write (feedback that
// answered 201, a saved view that answered success) is looked up in the database: lost writes.
// Targets: 0 failed across the rolling restart, no 500 during the outage, recovery ≤ 5 s, 0 lost.
// RESTART_USERS sets the virtual users (default 6). Needs root (HAProxy and PostgreSQL from Debian);
// skipped, with the reason, otherwise.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HEALTH_CHECK, startHaproxy } from '../tools/haproxy.mjs';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';
import { freePort, postgresEnv, signIn, startServer } from './serverProcess.mjs';

const vus = Number(process.env.RESTART_USERS ?? 6);
const portal = '/services/api-portal-customer';
const ACCOUNTS = ['ada@contoso.example', 'max@fabrikam.example', 'eve@northwind.example'];
/** The drain: longer than HAProxy takes to see /readyz fail (two checks a second apart), with a margin. */
const DRAIN_MS = HEALTH_CHECK.fall * HEALTH_CHECK.interMs + 1500;
const SAVED_VIEWS_PER_TAB = 16;
const ADD = 'mutation($i: PbiBookmarkInput!) { addPbiBookmark(input: $i) { success result { entryId } } }';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const database = process.env.BENCH_DATABASE_URL ? undefined : await postgresEnv('cp_bench_restarts');
if (!database) {
  console.log(
    'bench:load restart phases skipped: they restart a PostgreSQL of their own (root, no BENCH_DATABASE_URL).',
  );
  process.exit(0);
}
const cluster = spawnSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).stdout.trim().split(/\s+/);

// ---------------------------------------------------------------- instances and HAProxy
const dataDirs = [];
function startInstance(name, port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-restarts-'));
  dataDirs.push(dataDir);
  const env = { DATA_DIR: dataDir, ...database, SHUTDOWN_DRAIN_MS: String(DRAIN_MS) };
  return Object.assign(startServer(port, env, `instance ${name}`), { name });
}
const ports = [await freePort(), await freePort(), await freePort()];
const instances = ports.map((port, i) => startInstance(`i${i + 1}`, port));
await Promise.all(instances.map((s) => s.ready));
const lb = await startHaproxy(
  await freePort(),
  instances.map((s) => ({ name: s.name, port: s.port })),
);
if (!lb) {
  for (const s of instances) s.child.kill('SIGINT');
  process.exit(0);
}
console.log(`bench:load restart phases — 3 instances ready behind HAProxy at ${lb.base}; ${vus} virtual users`);

// ---------------------------------------------------------------- the load
const log = []; // { phase, kind, status (0: no answer), at }
const acked = { feedback: [], views: [] };
let phase = 'steady';
let stopped = false;

async function call(kind, user, path, init = {}) {
  const at = performance.now();
  try {
    const res = await fetch(lb.base + path, { ...init, headers: { ...user.auth, ...init.headers } });
    const body = await res.text();
    log.push({ phase, kind, status: res.status, at, retryAfter: res.headers.get('retry-after') });
    return { status: res.status, body };
  } catch (error) {
    log.push({ phase, kind, status: 0, at, error: error.cause?.code ?? error.message });
    return { status: 0, body: '' };
  }
}
const post = (json) => ({
  method: 'POST',
  body: JSON.stringify(json),
  headers: { 'content-type': 'application/json' },
});

async function virtualUser(vu, user) {
  let writes = 0;
  while (!stopped) {
    await call('menu', user, `${portal}/api/portal/menu?personas=Finance`);
    await call('data page', user, `${portal}/api/data/${user.dataset}?limit=50`);
    await call('key figures', user, `${portal}/api/data/${user.dataset}/summary`);
    const comment = `restart bench ${vu}-${writes}`;
    const feedback = await call(
      'feedback',
      user,
      `${portal}/api/portal/menu/feedback`,
      post({ menuUuid: user.menuUuid, tabName: null, rating: 4, type: 'Comment', comment }),
    );
    if (feedback.status === 201) acked.feedback.push(JSON.parse(feedback.body).id);
    const tabName = `vu${vu}-${Math.floor(writes / SAVED_VIEWS_PER_TAB)}`;
    const i = { pageName: 'bench-restarts', tabName, name: `v${vu}-${writes++}`, state: 'bench' };
    const view = await call('saved view', user, `${portal}/graphql`, post({ query: ADD, variables: { i } }));
    const added = view.status === 200 ? JSON.parse(view.body).data?.addPbiBookmark : undefined;
    if (added?.success) acked.views.push(added.result.entryId);
  }
}

// ---------------------------------------------------------------- the phases
async function rollingRestart() {
  for (const [index, old] of instances.entries()) {
    old.child.kill('SIGTERM');
    const { code, signal } = await old.exit;
    if (code !== 0) throw new Error(`${old.name} exited with ${code ?? signal} on SIGTERM`);
    const fresh = startInstance(old.name, old.port);
    instances[index] = fresh;
    await fresh.ready;
    // Back in the rotation once HAProxy's checks have seen it ready twice.
    await sleep(HEALTH_CHECK.rise * HEALTH_CHECK.interMs + 500);
  }
}

/** Restarts the cluster while the load goes on (an asynchronous child: the virtual users keep asking). */
async function postgresRestart() {
  const [version, name] = cluster;
  const started = performance.now();
  await promisify(execFile)('pg_ctlcluster', [version, name, 'restart', '-m', 'fast']);
  return { downMs: performance.now() - started, startedAt: started, backAt: performance.now() };
}

const users = [];
let exitCode = 0;
const results = {};
try {
  for (const email of ACCOUNTS) {
    const user = await signIn(lb.base, email);
    const menu = await (
      await fetch(`${lb.base}${portal}/api/portal/menu?personas=Finance`, { headers: user.auth })
    ).text();
    user.menuUuid = /"uuid":"([^"]+)"/.exec(menu)?.[1];
    const focus = await fetch(`${lb.base}${portal}/api/data/focus?limit=1`, { headers: user.auth });
    await focus.arrayBuffer();
    user.dataset = focus.status === 200 ? 'focus' : 'users';
    users.push(user);
  }
  const running = Array.from({ length: vus }, (_, vu) => virtualUser(vu, users[vu % users.length]));
  await sleep(5000);
  phase = 'rolling restart';
  const rollStart = performance.now();
  await rollingRestart();
  results.rolling = { seconds: (performance.now() - rollStart) / 1000 };
  phase = 'between';
  await sleep(3000);
  phase = 'PostgreSQL restart';
  results.outage = await postgresRestart();
  await sleep(10_000);
  phase = 'after';
  await sleep(3000);
  stopped = true;
  await Promise.all(running);
  exitCode = await report();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  for (const s of instances) if (s.tail.length) console.error(`--- ${s.name}, last output:\n${s.tail.join('\n')}`);
  exitCode = 1;
} finally {
  stopped = true;
  await lb.stop();
  for (const s of instances) {
    s.child.kill('SIGTERM');
    await s.exit;
  }
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
}
process.exit(exitCode);

// ---------------------------------------------------------------- the report
/** Counts of the statuses in `entries`, as `200×812, 503×3, no answer×1`. */
function statuses(entries) {
  const counts = new Map();
  for (const e of entries) counts.set(e.status, (counts.get(e.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status === 0 ? 'no answer' : status}×${n}`)
    .join(', ');
}

async function report() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: database.DATABASE_URL });
  await client.connect();
  const found = async (sql, ids) => (ids.length ? (await client.query(sql, [ids])).rowCount : 0);
  const feedbackFound = await found('select id from feedback where id::text = any($1::text[])', acked.feedback);
  const viewsFound = await found(
    'select entry_id from pbi_bookmarks where entry_id::text = any($1::text[])',
    acked.views,
  );
  await client.end();
  const lost = acked.feedback.length - feedbackFound + (acked.views.length - viewsFound);

  const rolling = log.filter((e) => e.phase === 'rolling restart');
  const rollingFailed = rolling.filter((e) => e.status === 0 || e.status >= 500);
  const outage = log.filter((e) => e.phase === 'PostgreSQL restart');
  const outage500 = outage.filter((e) => e.status === 500 || e.status === 0 || (e.status >= 500 && e.status !== 503));
  const last5xx = outage.filter((e) => e.status >= 500 || e.status === 0).at(-1);
  const recoveryS = last5xx ? Math.max(0, (last5xx.at - results.outage.backAt) / 1000) : 0;
  const without503RetryAfter = outage.filter((e) => e.status === 503 && !e.retryAfter).length;

  const rows = [
    [
      `rolling restart (3 × SIGTERM, ${(DRAIN_MS / 1000).toFixed(1)} s drain, restart, back in rotation; ${results.rolling.seconds.toFixed(1)} s)`,
      String(rolling.length),
      String(rollingFailed.length),
      statuses(rolling),
      '—',
    ],
    [
      `PostgreSQL restart (\`pg_ctlcluster restart -m fast\`, ${(results.outage.downMs / 1000).toFixed(1)} s) and 10 s after`,
      String(outage.length),
      `${outage500.length} (500 or no answer)`,
      statuses(outage),
      `${recoveryS.toFixed(1)} s`,
    ],
  ];
  const table = markdownTable(['phase', 'requests:', 'failed:', 'status codes', 'recovery:'], rows);
  const writes = `acknowledged writes: ${acked.feedback.length} feedback, ${acked.views.length} saved views; lost: ${lost}`;
  console.log(`\n${table}\n\n${writes}`);
  if (without503RetryAfter) console.log(`503 answers without Retry-After: ${without503RetryAfter}`);
  const misses = [
    rollingFailed.length ? `${rollingFailed.length} failed requests in the rolling restart` : '',
    outage500.length ? `${outage500.length} answers of 500 or none during the outage` : '',
    recoveryS > 5 ? `recovery ${recoveryS.toFixed(1)} s > 5 s` : '',
    lost ? `${lost} acknowledged writes lost` : '',
  ].filter(Boolean);
  console.log(misses.length ? `targets missed: ${misses.join('; ')}` : 'every target met');
  writeBenchReport('restarts', {
    title: 'A rolling restart and a PostgreSQL restart behind HAProxy',
    command: benchCommand('npm run bench:load', ['RESTART_USERS'], []),
    body: [
      `Three instances over one PostgreSQL database behind Debian's HAProxy (round robin, \`option httpchk GET /readyz\`, checks every ${HEALTH_CHECK.interMs} ms, out after ${HEALTH_CHECK.fall} failures, back after ${HEALTH_CHECK.rise} successes, \`retries 2\` and \`option redispatch\` for connections that could not be made), \`SHUTDOWN_DRAIN_MS=${DRAIN_MS}\`; ${vus} virtual users of three tenants in a loop of menu, data page, key figures, feedback and a saved view. Failed: no answer, or a 5xx (a 503 counts during the rolling restart, where nothing is down). Recovery: from PostgreSQL being back to the last 5xx. Targets (issue 39 §4): 0 failed across the rolling restart, no 500 during the outage, recovery ≤ 5 s, 0 acknowledged writes lost.`,
      '',
      table,
      '',
      `${writes}. ${misses.length ? `Missed: ${misses.join('; ')}.` : 'Every target met.'}`,
      '',
      'The HAProxy configuration the bench used:',
      '',
      '```',
      lb.config.trim(),
      '```',
    ].join('\n'),
  });
  return misses.length ? 1 : 0;
}
