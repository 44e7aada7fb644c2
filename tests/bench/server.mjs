// `npm run bench:server`: requests/s and p99 latency of the API's hot reads — menu, search and the
// bookmark list — with a signed app token, next to a bare route on the same server in the same run.
// The server runs as `npm start` runs it (the built bundle, embedded PGlite in a scratch folder).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchCommand, markdownTable, writeBenchReport } from './report.mjs';
import { freePort, signIn, startServer } from './serverProcess.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-'));
const server = startServer(await freePort(), {
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  APP_TOKEN_SECRET: process.env.APP_TOKEN_SECRET || 'bench-app-token-secret-at-least-32-characters',
});
await server.ready;
const base = server.base;
const post = (path, body, headers = {}) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const { auth } = await signIn(base, 'ada@contoso.example');

const portal = '/services/api-portal-customer';
const bookmarksQuery = JSON.stringify({
  query: 'query($p: String!, $t: String!) { getPbiBookmarks(pageName: $p, tabName: $t) { entryId name state } }',
  variables: { p: 'billing-overview', t: 'Overview' },
});
// A few saved views so the list has rows to read.
for (const name of ['Q1', 'Q2', 'Q3', 'By service', 'By subscription']) {
  await post(
    `${portal}/graphql`,
    {
      query: 'mutation($i: PbiBookmarkInput!) { addPbiBookmark(input: $i) { success } }',
      variables: { i: { pageName: 'billing-overview', tabName: 'Overview', name, state: 'bench-state' } },
    },
    auth,
  );
}

const targets = [
  { name: 'bare route (GET /api/auth/config)', method: 'GET', path: '/api/auth/config' },
  {
    name: 'menu (GET …/api/portal/menu)',
    method: 'GET',
    path: `${portal}/api/portal/menu?personas=Finance&personas=IT`,
    headers: auth,
  },
  {
    name: 'search (GET …/api/portal/menu/index)',
    method: 'GET',
    path: `${portal}/api/portal/menu/index?query=cost&personas=Finance`,
    headers: auth,
  },
  {
    name: 'bookmark list (POST …/graphql)',
    method: 'POST',
    path: `${portal}/graphql`,
    headers: { ...auth, 'content-type': 'application/json' },
    body: bookmarksQuery,
  },
];

const rows = [];
try {
  for (const t of targets) {
    const probe = await fetch(base + t.path, { method: t.method, headers: t.headers, body: t.body });
    if (!probe.ok) throw new Error(`${t.name} answered ${probe.status}: ${await probe.text()}`);
    const result = await autocannon({
      url: base + t.path,
      method: t.method,
      headers: t.headers,
      body: t.body,
      connections,
      duration: seconds,
    });
    if (result.non2xx || result.errors)
      throw new Error(`${t.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    rows.push({ name: t.name, rps: result.requests.average, p99: result.latency.p99 });
  }
} finally {
  server.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const bare = rows[0].rps;
console.log(`\nserver benchmark: ${connections} connections, ${seconds} s each, one process on this machine\n`);
console.log(`${'route'.padEnd(42)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'vs bare'.padStart(8)}`);
for (const r of rows)
  console.log(
    `${r.name.padEnd(42)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p99).padStart(8)} ${(r.rps / bare).toFixed(2).padStart(8)}`,
  );

writeBenchReport('server', {
  title: 'API hot reads next to a bare route',
  command: benchCommand('npm run bench:server', ['BENCH_SECONDS', 'BENCH_CONNECTIONS'], ['BENCH_DATABASE_URL']),
  body: [
    `${connections} connections, ${seconds} s per route, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}; target for the three hot reads: ≥ 0.33 of the bare route (issue 22 §1).`,
    '',
    markdownTable(
      ['route', 'req/s:', 'p99 ms:', 'vs bare:'],
      rows.map((r) => [r.name, r.rps.toFixed(0), r.p99, (r.rps / bare).toFixed(2)]),
    ),
  ].join('\n'),
});
