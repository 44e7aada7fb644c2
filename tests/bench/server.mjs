// `npm run bench:server`: requests/s and p99 latency of the API's hot reads — menu, search and the
// bookmark list — with a signed app token, next to a bare route on the same server in the same run.
// The server runs as `npm start` runs it (the built bundle, embedded PGlite in a scratch folder).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('../..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'cp-bench-'));
const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  let out = '';
  server.stdout.on('data', (c) => {
    out += c;
    if (out.includes('Cloud Portal ready at')) resolve();
  });
  server.on('exit', (code) => reject(new Error(`server exited (${code}); run npm run build first`)));
});

const base = `http://127.0.0.1:${port}`;
const post = (path, body, headers = {}) => fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const { id_token } = await (await post('/api/dev/identity-token', { email: 'ada@contoso.example' })).json();
const claims = JSON.parse(Buffer.from(id_token.split('.')[1], 'base64url').toString());
const login = await post('/api/auth/azure/token', { id: claims.oid, tenantId: claims.tid, upn: 'ada@contoso.example', preview: false, token: id_token }, { 'x-authorization': `Bearer ${id_token}` });
const { access_token } = await login.json();
const auth = { authorization: `Bearer ${access_token}` };

const portal = '/services/api-portal-customer';
const bookmarksQuery = JSON.stringify({
  query: 'query($p: String!, $t: String!) { getPbiBookmarks(pageName: $p, tabName: $t) { entryId name state } }',
  variables: { p: 'billing-overview', t: 'Overview' },
});
// A few saved views so the list has rows to read.
for (const name of ['Q1', 'Q2', 'Q3', 'By service', 'By subscription']) {
  await post(`${portal}/graphql`, { query: 'mutation($i: PbiBookmarkInput!) { addPbiBookmark(input: $i) { success } }', variables: { i: { pageName: 'billing-overview', tabName: 'Overview', name, state: 'bench-state' } } }, auth);
}

const targets = [
  { name: 'bare route (GET /api/auth/config)', method: 'GET', path: '/api/auth/config' },
  { name: 'menu (GET …/api/portal/menu)', method: 'GET', path: `${portal}/api/portal/menu?personas=Finance&personas=IT`, headers: auth },
  { name: 'search (GET …/api/portal/menu/index)', method: 'GET', path: `${portal}/api/portal/menu/index?query=cost&personas=Finance`, headers: auth },
  { name: 'bookmark list (POST …/graphql)', method: 'POST', path: `${portal}/graphql`, headers: { ...auth, 'content-type': 'application/json' }, body: bookmarksQuery },
];

const rows = [];
try {
  for (const t of targets) {
    const probe = await fetch(base + t.path, { method: t.method, headers: t.headers, body: t.body });
    if (!probe.ok) throw new Error(`${t.name} answered ${probe.status}: ${await probe.text()}`);
    const result = await autocannon({ url: base + t.path, method: t.method, headers: t.headers, body: t.body, connections, duration: seconds });
    if (result.non2xx || result.errors) throw new Error(`${t.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    rows.push({ name: t.name, rps: result.requests.average, p99: result.latency.p99 });
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

const bare = rows[0].rps;
console.log(`\nserver benchmark: ${connections} connections, ${seconds} s each, one process on this machine\n`);
console.log(`${'route'.padEnd(42)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'vs bare'.padStart(8)}`);
for (const r of rows) console.log(`${r.name.padEnd(42)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p99).padStart(8)} ${(r.rps / bare).toFixed(2).padStart(8)}`);
