// What the server benches share: a free port, the built server started as `npm start` runs it, and
// a demo account signed in through the dev identity issuer.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => resolve(p));
    });
  });

/**
 * Starts `packages/server/dist/main.js` on `port` with `env` over the process's environment.
 * Answers `{ base, child, tail, exit, ready }`: `ready` resolves (with the seconds it took) when the
 * server says it is ready, and rejects with the last lines of its output when it exits first;
 * `exit` resolves with `{ code, signal }`.
 */
export function startServer(port, env, label = 'server') {
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
    // No load balancer to drain for (SHUTDOWN_DRAIN_MS=0), unless the bench says so.
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { label, port, base: `http://127.0.0.1:${port}`, child, tail: [] };
  const keep = (c) => {
    server.tail.push(...String(c).split('\n').filter(Boolean));
    if (server.tail.length > 40) server.tail.splice(0, server.tail.length - 40);
  };
  child.stderr.on('data', (c) => {
    keep(c);
    process.stderr.write(c);
  });
  server.exit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  server.ready = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      keep(c);
      out += c;
      if (out.includes('Cloud Portal ready at')) {
        out = '';
        resolve((Date.now() - started) / 1000);
      }
    });
    server.exit.then(({ code, signal }) =>
      reject(
        new Error(
          `${label} exited (${code ?? signal}) before it was ready; run npm run build:packages first\n${server.tail.join('\n')}`,
        ),
      ),
    );
  });
  return server;
}

const post = (base, path, body, headers = {}) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** POSTs through a Playwright browser context (its cookies kept there), answered like `fetch`'s `status`, `json()`, `text()`. */
export const contextPost =
  (context) =>
  async (base, path, body, headers = {}) => {
    const res = await context.request.post(base + path, { data: body, headers });
    return { status: res.status(), json: () => res.json(), text: () => res.text() };
  };

/**
 * Signs a demo account in on the server at `base` (for an account of several tenants, into its home
 * tenant); answers `{ email, tenantId, auth }` with `auth` the Authorization header of its app token.
 * `send` makes the POSTs (`fetch` by default; a browser context's requests with `contextPost`, so its
 * refresh cookie lands in that context).
 */
export async function signIn(base, email, send = post) {
  const { id_token } = await (await send(base, '/api/dev/identity-token', { email })).json();
  const claims = JSON.parse(Buffer.from(id_token.split('.')[1], 'base64url').toString());
  const body = { id: claims.oid, tenantId: claims.tid, upn: email, preview: false, token: id_token };
  const idHeader = { 'x-authorization': `Bearer ${id_token}` };
  let res = await send(base, '/api/auth/azure/token', body, idHeader);
  if (res.status === 300) res = await send(base, '/api/auth/azure/tenant/token', body, idHeader);
  if (res.status !== 200) throw new Error(`${email} could not sign in: ${res.status} ${await res.text()}`);
  const { access_token } = await res.json();
  return { email, tenantId: claims.tid, auth: { authorization: `Bearer ${access_token}` } };
}

/**
 * A fresh PostgreSQL database `name` for a bench's server, as a partner's portal runs: the server's
 * `DATABASE_URL` and `APP_TOKEN_SECRET`, over BENCH_DATABASE_URL or the PostgreSQL
 * tests/tools/postgres.mjs finds or installs; undefined when there is none (the bench then runs on
 * the embedded PGlite, as `npm start` does).
 */
export async function postgresEnv(name) {
  const { ensurePostgres } = await import('../tools/postgres.mjs');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? ensurePostgres();
  if (!adminUrl) return undefined;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), APP_TOKEN_SECRET: 'bench-secret-0123456789abcdef0123456789' };
}
