// `npm run bench:load` (issue 22 §5; a benchmark that prints numbers, not a test): two instances of
// the built server over one PostgreSQL database, a bounded mixed workload of signed-in users of four
// tenants, one instance killed with SIGKILL half-way, and afterwards every acknowledged write read
// back through the survivor.
//
//   1. PostgreSQL: BENCH_DATABASE_URL, or the one tests/tools/postgres.mjs finds or installs (none:
//      the reason is printed and the script exits 0). A fresh database cp_bench_load, dropped at the end.
//   2. Two instances of packages/server/dist/main.js started at the same moment on the same
//      DATABASE_URL and APP_TOKEN_SECRET (they migrate and seed once, under the advisory lock).
//   3. ada@contoso, max@fabrikam, eve@northwind and multi@wingtip (a 300 answer, then the Wingtip
//      tenant) sign in on instance A; every token is used on both instances.
//   4. LOAD_USERS virtual users (default 8) loop for LOAD_SECONDS (default 60) over menu, search,
//      data pages (a first page, a sorted one, key figures; the dataset the tenant is licensed for),
//      saved-view writes (GraphQL addPbiBookmark) and chat (create a chat, ask the built-in engine
//      one question, within the assistant's 2 questions a minute per user), alternating instances
//      request by request.
//   5. At half time instance A is killed with SIGKILL; from then on only B is asked. A request in
//      flight to A that fails with a network error is "lost in flight", not an error; a write whose
//      answer never arrived is not acknowledged.
//   6. Every acknowledged write (saved view that answered success, question that answered 200) is
//      read back through B: `acknowledged writes lost: N`. Exit code 1 when errors > 0 or lost > 0.
//   7. B gets SIGTERM (its exit code is printed), the database is dropped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';
import { freePort, signIn, startServer } from './serverProcess.mjs';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const vus = Number(process.env.LOAD_USERS ?? 8);
const DB_NAME = 'cp_bench_load';
const SECRET =
  process.env.APP_TOKEN_SECRET && process.env.APP_TOKEN_SECRET.length >= 32
    ? process.env.APP_TOKEN_SECRET
    : 'bench-load-app-token-secret-0123456789abcdef';
const portal = '/services/api-portal-customer';
const chatbot = '/services/ai-chatbot/api/chat';
const ACCOUNTS = ['ada@contoso.example', 'max@fabrikam.example', 'eve@northwind.example', 'multi@wingtip.example'];
/** multi@wingtip has two tenants (a 300 answer): the load signs in to Wingtip, its home tenant. */
const CHAT_PER_MINUTE = 2;
const SAVED_VIEWS_PER_TAB = 16;

// ---------------------------------------------------------------- PostgreSQL
const { ensurePostgres } = await import('../tools/postgres.mjs');
const adminUrl = process.env.BENCH_DATABASE_URL ?? ensurePostgres();
if (!adminUrl) {
  console.log('bench:load skipped: no PostgreSQL (set BENCH_DATABASE_URL to a URL whose role may create databases).');
  process.exit(0);
}
const { default: pg } = await import('pg');
async function admin(sql) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
const dropDatabase = () => admin(`drop database if exists ${DB_NAME} with (force)`);
await dropDatabase();
await admin(`create database ${DB_NAME}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${DB_NAME}`;

// ---------------------------------------------------------------- GraphQL of the saved views
const gql = (query, variables) => ({ method: 'POST', body: JSON.stringify({ query, variables }) });
const ADD = 'mutation($i: PbiBookmarkInput!) { addPbiBookmark(input: $i) { success errors result { entryId name } } }';
const LIST = 'query($p: String!, $t: String!) { getPbiBookmarks(pageName: $p, tabName: $t) { entryId name state } }';
const graphqlOk = (field) => (status, body) => {
  if (status !== 200) return false;
  try {
    const parsed = JSON.parse(body);
    return (
      !parsed.errors &&
      parsed.data?.[field] != null &&
      (field !== 'addPbiBookmark' || parsed.data[field].success === true)
    );
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------- servers
const dataDirs = [];
/** Starts one instance; `ready` resolves when it prints that it is ready. */
function startInstance(label, port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-load-'));
  dataDirs.push(dataDir);
  const server = startServer(
    port,
    { DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), APP_TOKEN_SECRET: SECRET },
    `instance ${label}`,
  );
  Object.assign(server, { label, exited: null, killed: false, killedAt: Infinity });
  server.exit.then((exited) => (server.exited = exited));
  server.ready = server.ready.then((seconds) => (server.startSeconds = seconds));
  return server;
}

const [portA, portB] = [await freePort(), await freePort()];
const servers = [startInstance('A', portA), startInstance('B', portB)];
const [A, B] = servers;
let exitCode = 0;
try {
  await Promise.all(servers.map((s) => s.ready));
  for (const s of servers) {
    const r = await fetch(`${s.base}/readyz`);
    if (r.status !== 200) throw new Error(`instance ${s.label}: /readyz answered ${r.status}`);
  }
  console.log(
    `bench:load — PostgreSQL database ${DB_NAME}; instance A ready in ${A.startSeconds.toFixed(1)} s, B in ${B.startSeconds.toFixed(1)} s (started together, /readyz 200 on both)`,
  );
  exitCode = await run();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  for (const s of servers)
    if (s.tail.length) console.error(`--- instance ${s.label}, last output:\n${s.tail.join('\n')}`);
  exitCode = 1;
} finally {
  for (const s of servers) {
    if (s.exited) continue;
    s.child.kill('SIGTERM');
    const timer = setTimeout(() => s.child.kill('SIGKILL'), 10_000);
    const { code, signal } = await s.exit;
    clearTimeout(timer);
    console.log(`instance ${s.label} stopped with SIGTERM: exit code ${code ?? signal}`);
    if (code !== 0) exitCode = 1;
  }
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  try {
    await dropDatabase();
    console.log(`database ${DB_NAME} dropped`);
  } catch (error) {
    console.log(`could not drop ${DB_NAME}: ${error.message}`);
  }
}
process.exit(exitCode);

// ---------------------------------------------------------------- the run
async function run() {
  const { users, crossFailures } = await signInUsers();
  const recorder = createRecorder();
  const { elapsed, killedAfter } = await runLoad(users, recorder);
  await A.exit.catch(() => {});
  const { lost, lostSamples } = await readBack(recorder.acked);
  const errors = report({ recorder, crossFailures, elapsed, killedAfter, lost, lostSamples });
  return errors > 0 || lost > 0 ? 1 : 0;
}

/**
 * Signs the accounts in on A and uses each token on both instances; picks the dataset each tenant
 * is licensed for. Answers the users and how many tokens of A an instance refused.
 */
async function signInUsers() {
  // Sign in on A; a token of A is then used on both.
  const users = [];
  for (const email of ACCOUNTS) users.push(await signIn(A.base, email));

  // A token of A used on B (and on A), before the load starts.
  let crossFailures = 0;
  for (const u of users) {
    for (const s of servers) {
      const r = await fetch(`${s.base}${portal}/api/portal/menu?personas=Finance`, { headers: u.auth });
      await r.arrayBuffer();
      if (r.status !== 200) {
        crossFailures++;
        console.log(`  token of ${u.email} from A answered ${r.status} on ${s.label}`);
      }
    }
  }

  // The dataset each tenant is licensed for: FOCUS costs (azure), else users (m365); else a 403 is expected.
  for (const u of users) {
    u.data = { id: 'focus', sort: 'billedCost:desc', expect403: true };
    for (const [id, sort] of [
      ['focus', 'billedCost:desc'],
      ['users', 'displayName:asc'],
    ]) {
      const r = await fetch(`${B.base}${portal}/api/data/${id}?limit=1`, { headers: u.auth });
      await r.arrayBuffer();
      if (r.status === 200) {
        u.data = { id, sort, expect403: false };
        break;
      }
    }
    u.chatSlots = [];
  }
  console.log(
    `signed in on A: ${users.map((u) => `${u.email} (data: ${u.data.id}${u.data.expect403 ? ', 403 expected' : ''})`).join(', ')}`,
  );
  console.log(
    `tokens of A used on A and B before the load: ${users.length * 2 - crossFailures}/${users.length * 2} answered 200\n`,
  );
  return { users, crossFailures };
}

/**
 * The run's bookkeeping: per kind of request its count, times, errors and requests lost in flight;
 * per instance what it answered before and after the kill; the acknowledged writes. `call` makes
 * one request, timed and classified.
 */
function createRecorder() {
  const KINDS = [
    'menu',
    'search',
    'data page',
    'data page, sorted',
    'key figures',
    'saved view write',
    'chat create',
    'chat question',
  ];
  const stats = Object.fromEntries(KINDS.map((k) => [k, { count: 0, times: [], errors: 0, expected403: 0, lost: 0 }]));
  const perInstance = Object.fromEntries(
    servers.map((s) => [s.label, { before: 0, after: 0, errorsBefore: 0, errorsAfter: 0, lost: 0 }]),
  );
  const errorSamples = [];
  const acked = { views: [], questions: [] };
  let unackedWrites = 0;
  let killAt = Infinity;

  /** One request: timed and classified. Answers { ok, status, body } or null when it did not complete. */
  async function call(kind, server, user, path, init = {}, accept = (status) => status >= 200 && status < 300) {
    const s = stats[kind];
    const inst = perInstance[server.label];
    const startedAt = performance.now();
    const afterKill = startedAt >= killAt;
    let res;
    let body;
    try {
      res = await fetch(server.base + path, {
        ...init,
        headers: { ...user.auth, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      });
      body = await res.text();
    } catch (error) {
      if (server.killed && startedAt < server.killedAt + 1) {
        s.lost++;
        inst.lost++;
        return null;
      }
      s.errors++;
      if (afterKill) inst.errorsAfter++;
      else inst.errorsBefore++;
      if (errorSamples.length < 10)
        errorSamples.push(`${kind} on ${server.label}: ${error.cause?.code ?? error.message}`);
      return null;
    }
    const ms = performance.now() - startedAt;
    if (afterKill) inst.after++;
    else inst.before++;
    s.count++;
    if (res.status === 403 && user.data.expect403 && (kind.startsWith('data') || kind === 'key figures')) {
      s.expected403++;
      s.times.push(ms);
      return { ok: false, status: res.status, body };
    }
    if (!accept(res.status, body)) {
      s.errors++;
      if (afterKill) inst.errorsAfter++;
      else inst.errorsBefore++;
      if (errorSamples.length < 10)
        errorSamples.push(`${kind} on ${server.label} for ${user.email}: ${res.status} ${body.slice(0, 200)}`);
      return { ok: false, status: res.status, body };
    }
    s.times.push(ms);
    return { ok: true, status: res.status, body };
  }
  return {
    stats,
    perInstance,
    errorSamples,
    acked,
    call,
    get unackedWrites() {
      return unackedWrites;
    },
    notAcknowledged: () => unackedWrites++,
    get killAt() {
      return killAt;
    },
    set killAt(at) {
      killAt = at;
    },
  };
}

/** LOAD_USERS virtual users for LOAD_SECONDS; instance A killed with SIGKILL half-way. */
async function runLoad(users, recorder) {
  const { call, acked } = recorder;
  const startedAt = performance.now();
  const endAt = startedAt + seconds * 1000;
  let stopped = false;
  const killTimer = setTimeout(
    () => {
      const killAt = performance.now();
      recorder.killAt = killAt;
      A.killed = true;
      A.killedAt = killAt;
      A.child.kill('SIGKILL');
      console.log(
        `t=${((killAt - startedAt) / 1000).toFixed(1)} s: instance A (pid ${A.child.pid}) killed with SIGKILL; the load goes on against B only`,
      );
    },
    (seconds * 1000) / 2,
  );

  async function virtualUser(vu) {
    const user = users[vu % users.length];
    let turn = vu; // which instance: alternates request by request
    let writes = 0;
    const next = () => (A.killed ? B : servers[turn++ % 2]);
    const q = (params) => new URLSearchParams(params).toString();
    while (!stopped && performance.now() < endAt) {
      await call('menu', next(), user, `${portal}/api/portal/menu?personas=Finance`);
      await call(
        'search',
        next(),
        user,
        `${portal}/api/portal/menu/index?${q({ query: 'cost', personas: 'Finance' })}`,
      );
      await call('data page', next(), user, `${portal}/api/data/${user.data.id}?limit=100`);
      await call(
        'data page, sorted',
        next(),
        user,
        `${portal}/api/data/${user.data.id}?${q({ limit: '100', sort: user.data.sort })}`,
      );
      await call('key figures', next(), user, `${portal}/api/data/${user.data.id}/summary`);

      // A saved view: at most 16 attempts per tab, so the 17-view limit is never what answers.
      const tabName = `vu${vu}-${Math.floor(writes / SAVED_VIEWS_PER_TAB)}`;
      const name = `v${vu}-${writes++}`;
      const server = next();
      const added = await call(
        'saved view write',
        server,
        user,
        `${portal}/graphql`,
        gql(ADD, { i: { pageName: 'bench-load', tabName, name, state: `bench-state-${name}` } }),
        graphqlOk('addPbiBookmark'),
      );
      if (added?.ok) {
        const { entryId, name: saved } = JSON.parse(added.body).data.addPbiBookmark.result;
        acked.views.push({ entryId, name: saved, email: user.email, user, tabName, instance: server.label });
      } else recorder.notAcknowledged();

      // Chat: a new chat and one question, when the user has one of its 2 questions a minute left
      // (counted from the moment a question is sent, a little over a minute, so no 429 is earned).
      const now = Date.now();
      user.chatSlots = user.chatSlots.filter((t) => now - t < 62_000);
      if (user.chatSlots.length < CHAT_PER_MINUTE) {
        user.chatSlots.push(now);
        const chatServer = next();
        const created = await call('chat create', chatServer, user, `${chatbot}/create`, {
          method: 'POST',
          body: '{}',
        });
        if (created?.ok) {
          const { chatId, chat_dataset } = JSON.parse(created.body);
          const question = `Which services cost the most? (bench ${vu}-${writes})`;
          const askServer = next();
          const asked = await call('chat question', askServer, user, `${chatbot}/generate`, {
            method: 'POST',
            body: JSON.stringify({ chatId, question, chat_dataset }),
          });
          if (asked?.ok) acked.questions.push({ chatId, question, email: user.email, user, instance: askServer.label });
          else recorder.notAcknowledged();
        } else user.chatSlots.pop();
      }
    }
  }
  await Promise.all(Array.from({ length: vus }, (_, i) => virtualUser(i)));
  stopped = true;
  clearTimeout(killTimer);
  const elapsed = (performance.now() - startedAt) / 1000;
  const killedAfter = recorder.killAt === Infinity ? null : (recorder.killAt - startedAt) / 1000;
  await A.exit.catch(() => {});
  return { elapsed, killedAfter };
}

/** Reads every acknowledged write back through B: answers how many are lost, and a few of them. */
async function readBack(acked) {
  let lost = 0;
  const lostSamples = [];
  const groups = new Map();
  for (const v of acked.views) {
    const key = `${v.email}|${v.tabName}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(v);
  }
  for (const views of groups.values()) {
    const { user, tabName } = views[0];
    const res = await fetch(`${B.base}${portal}/graphql`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      ...gql(LIST, { p: 'bench-load', t: tabName }),
    });
    const list = res.status === 200 ? ((await res.json()).data?.getPbiBookmarks ?? []) : [];
    const found = new Map(list.map((b) => [b.entryId, b.name]));
    for (const v of views) {
      if (found.get(v.entryId) !== v.name) {
        lost++;
        if (lostSamples.length < 10)
          lostSamples.push(`saved view ${v.name} (${v.entryId}) of ${v.email}, acknowledged by ${v.instance}`);
      }
    }
  }
  for (const c of acked.questions) {
    const res = await fetch(`${B.base}${chatbot}/history/${encodeURIComponent(c.chatId)}`, { headers: c.user.auth });
    const chat = res.status === 200 ? await res.json() : null;
    const messages = chat?.messages ?? [];
    const i = messages.findIndex((m) => m.sender === 'user' && m.message === c.question);
    if (i < 0 || messages[i + 1]?.sender !== 'assistant') {
      lost++;
      if (lostSamples.length < 10)
        lostSamples.push(`question "${c.question}" in chat ${c.chatId} of ${c.email}, acknowledged by ${c.instance}`);
    }
  }
  return { lost, lostSamples };
}

/** Prints the figures and writes them to docs/benchmarks.md; answers the count of errors. */
function report({ recorder, crossFailures, elapsed, killedAfter, lost, lostSamples }) {
  const { stats, perInstance, errorSamples, acked, unackedWrites } = recorder;
  const pct = (sorted, p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : undefined;
  const fmt = (v) => (v === undefined ? '–' : v.toFixed(1));
  const all = Object.values(stats);
  const total = all.reduce((n, s) => n + s.count, 0);
  const errors = all.reduce((n, s) => n + s.errors, 0) + crossFailures;
  console.log(
    `\n${vus} virtual users, 4 tenants, ${elapsed.toFixed(1)} s, two instances on one PostgreSQL database (2-core machine shared with PostgreSQL and this client)`,
  );
  console.log(`requests answered: ${total}, ${(total / elapsed).toFixed(0)} req/s overall`);
  console.log(
    `\n${'kind'.padEnd(20)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'lost in flight'.padStart(15)}  notes`,
  );
  for (const [kind, s] of Object.entries(stats)) {
    const sorted = s.times.sort((a, b) => a - b);
    const note = s.expected403 ? `${s.expected403} × 403 expected (unlicensed tenant)` : '';
    console.log(
      `${kind.padEnd(20)} ${String(s.count).padStart(7)} ${fmt(pct(sorted, 50)).padStart(8)} ${fmt(pct(sorted, 99)).padStart(8)} ${String(s.errors).padStart(7)} ${String(s.lost).padStart(15)}  ${note}`,
    );
  }
  console.log(`\ntoken of instance A refused by an instance: ${crossFailures}`);
  if (killedAfter !== null) {
    const b = perInstance.B;
    console.log(
      `instance A killed (SIGKILL) at t=${killedAfter.toFixed(1)} s: ${perInstance.A.before} requests answered before, ${perInstance.A.lost} lost in flight (killed instance)`,
    );
    console.log(
      `instance B kept serving: ${b.after} requests answered after the kill, ${b.errorsAfter} errors after the kill (${b.before} answered, ${b.errorsBefore} errors before)`,
    );
  }
  console.log(`errors: ${errors}${errorSamples.length ? `\n  ${errorSamples.join('\n  ')}` : ''}`);
  console.log(
    `writes acknowledged: ${acked.views.length} saved views, ${acked.questions.length} chat questions (${unackedWrites} writes not acknowledged)`,
  );
  console.log(`acknowledged writes lost: ${lost}${lostSamples.length ? `\n  ${lostSamples.join('\n  ')}` : ''}`);

  const killLine =
    killedAfter === null
      ? 'Instance A was not killed (the load ended first).'
      : `Instance A killed (SIGKILL) at ${killedAfter.toFixed(1)} s: ${perInstance.A.before} requests answered before, ${perInstance.A.lost} lost in flight; instance B answered ${perInstance.B.after} requests after the kill with ${perInstance.B.errorsAfter} errors.`;
  writeBenchReport('load', {
    title: 'Two instances under a mixed load, one killed half-way',
    command: benchCommand('npm run bench:load', ['LOAD_USERS', 'LOAD_SECONDS'], ['BENCH_DATABASE_URL']),
    body: [
      `${vus} virtual users of 4 tenants for ${elapsed.toFixed(1)} s, two instances on one PostgreSQL database; ${total} requests answered, ${(total / elapsed).toFixed(0)} req/s overall. ${killLine} A token of instance A refused by an instance: ${crossFailures}.`,
      '',
      markdownTable(
        ['kind', 'count:', 'p50 ms:', 'p99 ms:', 'errors:', 'lost in flight:'],
        [
          ...Object.entries(stats).map(([kind, s]) => [
            kind,
            s.count.toLocaleString('en'),
            fmt(pct(s.times, 50)),
            fmt(pct(s.times, 99)),
            s.errors,
            s.lost,
          ]),
          [
            `**acknowledged writes lost** (${acked.views.length.toLocaleString('en')} saved views, ${acked.questions.length} questions read back)`,
            '',
            '',
            '',
            '',
            `**${lost}**`,
          ],
        ],
      ),
      '',
      `Errors: ${errors}; writes not acknowledged: ${unackedWrites}.`,
    ].join('\n'),
  });
  return errors;
}
