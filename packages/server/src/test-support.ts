import { ApiError, createFeatureDataApi, createHttp, type FeatureDataApi, type HttpConfig } from '@cloudportal/core';
import { build, type BuildOptions } from 'esbuild';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp, type AppOptions } from './app';
import { dumpPglite, openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { seedDemo, type SeedOptions } from './seed';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { databasePreparedStatements, loadConfig, type ServerConfig } from './config';

/** A scratch folder with a fake built host, partner page and SDK bundle, removed by `cleanup()`. */
export function scratchSite() {
  const dir = mkdtempSync(join(tmpdir(), 'cp-server-test-'));
  const hostDist = join(dir, 'host');
  const partnerDir = join(dir, 'partner');
  const sdkDir = join(dir, 'sdk');
  for (const d of [hostDist, join(hostDist, 'assets'), partnerDir, sdkDir]) mkdirSync(d, { recursive: true });
  writeFileSync(join(hostDist, 'index.html'), '<!doctype html><title>host</title><div id="root"></div>');
  writeFileSync(join(hostDist, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(partnerDir, 'index.html'), '<!doctype html><title>partner</title>');
  writeFileSync(join(sdkDir, 'cloudportal-elements.js'), 'export const x = 1;');
  return { dir, hostDist, partnerDir, sdkDir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Which database this run of the server suite uses. `npm test` runs the suite twice: on PGlite, then
 * with CP_SERVER_DB=postgres and TEST_DATABASE_URL on PostgreSQL, when one is available.
 */
const onPostgres = process.env.CP_SERVER_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

/**
 * Named statements or none (DATABASE_PREPARED_STATEMENTS=off), as the server would: the suite's
 * PgBouncer pass runs through a pooler in transaction mode.
 */
const preparedStatements = databasePreparedStatements();

/** The databases the database tests run on in this run. */
export const databases: { name: string; databaseUrl?: string }[] = onPostgres
  ? [{ name: 'postgres', databaseUrl: process.env.TEST_DATABASE_URL }]
  : [{ name: 'pglite' }];

/**
 * A fresh, empty database for one test server: in-memory PGlite, or a new PostgreSQL database
 * (created from TEST_DATABASE_URL, dropped on close) so parallel test files never share rows.
 */
export async function freshDatabase(
  template?: string,
  { toDump = false } = {},
): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!onPostgres) {
    const db = await openDatabase({ dataDir: 'memory://', toDump });
    return { db, drop: () => db.close() };
  }
  const admin = await openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL,
    dataDir: 'memory://',
    preparedStatements,
  });
  const name = `cp_test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.exec(template ? `create database ${name} template ${template}` : `create database ${name}`);
      break;
    } catch (error) {
      // 55006: another clone of the template is being made this instant; try again shortly.
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await sleep(100 * attempt);
    }
  }
  // The server's own connections go through the pooler in the suite's PgBouncer pass
  // (TEST_DATABASE_POOLER_URL, transaction pooling); the database is made and dropped directly.
  const url = new URL(process.env.TEST_DATABASE_POOLER_URL || process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', preparedStatements });
  return {
    db,
    async drop() {
      await db.close();
      try {
        // The server connections a pooler still holds to it (the PgBouncer pass) are ours to end.
        if (process.env.TEST_DATABASE_POOLER_URL)
          await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and usename = current_user and pid <> pg_backend_pid()',
            [name],
          );
        // A plain drop stops an autovacuum worker on the database itself; WITH (FORCE) would have to
        // terminate it and needs pg_signal_backend for that, which a test role may lack.
        await admin.exec(`drop database if exists ${name}`);
      } catch {
        // A connection of ours still open (a pool closing late): terminate it.
        await admin.exec(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.close();
      }
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder of seeded database templates (tests/setup/server-templates.mjs). */
    dbTemplateDir: string;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes `file` once per run, across the test workers: the first to take the lock builds it (to a
 * temporary name, renamed when whole), the others wait for it; a builder that fails frees the lock.
 */
async function buildOnce(file: string, build: (tmp: string) => Promise<void>): Promise<void> {
  for (;;) {
    if (existsSync(file)) return;
    let lock: number;
    try {
      lock = openSync(`${file}.lock`, 'wx');
    } catch {
      await sleep(100);
      continue;
    }
    try {
      if (existsSync(file)) return;
      const tmp = `${file}.${process.pid}.tmp`;
      await build(tmp);
      renameSync(tmp, file);
      return;
    } finally {
      closeSync(lock);
      rmSync(`${file}.lock`, { force: true });
    }
  }
}

/** A migrated and seeded database built from scratch (what each template holds). */
async function seedFromScratch(seed: SeedOptions): Promise<{ db: Database; drop: () => Promise<void> }> {
  const fresh = await freshDatabase();
  await migrate(fresh.db);
  await seedDemo(fresh.db, seed);
  return fresh;
}

/**
 * A migrated, seeded database of its own for one test server. The seed of a kind (`anchors`, `full`)
 * is built once per run and cloned — a PGlite data-folder dump loaded in memory, or a PostgreSQL
 * database created from a template database — which is what starting a server per test file costs
 * (PGlite's initdb alone takes seconds). A seed at a chosen moment (`now`) is built from scratch.
 */
export async function seededDatabase(seed: SeedOptions = {}): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (seed.now || !inject('dbTemplateDir')) return seedFromScratch(seed);
  return cloneTemplate(seed.data ?? 'anchors', (db) => seedDemo(db, seed));
}

/**
 * How long a suite's set-up may take to open a seeded database: a first full seed builds the run's
 * template, 1–2 minutes on a quiet 2-core machine and over 3 minutes at load 12. A timeout catches a
 * hang, not a slow machine.
 */
export const SEED_HOOK_TIMEOUT = 600_000;

/**
 * For the enclosing `describe`: a seeded database of its own (`seededDatabase`), opened before its
 * tests and dropped after them. The answer gives the database once its tests run.
 */
export function seededDatabaseForSuite(seed: SeedOptions = {}): () => Database {
  let opened: { db: Database; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    opened = await seededDatabase(seed);
  }, SEED_HOOK_TIMEOUT);
  afterAll(() => opened?.drop());
  return () => opened!.db;
}

/**
 * A migrated database with no rows of the seed, of its own: a clone of the run's migrated template
 * (built once, as `seededDatabase` does), for tests that write their own rows.
 */
export async function migratedDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!inject('dbTemplateDir')) {
    const fresh = await freshDatabase();
    await migrate(fresh.db);
    return fresh;
  }
  return cloneTemplate('migrated', async () => undefined);
}

/** A clone of this run's template `kind`: migrated, then `fill`ed, once per run across the workers. */
async function cloneTemplate(
  kind: string,
  fill: (db: Database) => Promise<unknown>,
): Promise<{ db: Database; drop: () => Promise<void> }> {
  const dir = inject('dbTemplateDir');
  if (!onPostgres) {
    const file = join(dir, `${kind}.pglite`);
    await buildOnce(file, async (tmp) => {
      const built = await freshDatabase(undefined, { toDump: true });
      await migrate(built.db);
      await fill(built.db);
      // The write-ahead log down to its 64 MB before the dump (openDatabase's toDump).
      await built.db.exec('checkpoint');
      writeFileSync(tmp, new Uint8Array(await (await dumpPglite(built.db)).arrayBuffer()));
      await built.drop();
    });
    const db = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(file)]) });
    return { db, drop: () => db.close() };
  }
  const template = `cp_tpl_${basename(dir)
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()}_${kind}`;
  await buildOnce(join(dir, `${template}.pgtemplate`), async (tmp) => {
    const admin = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      dataDir: 'memory://',
      preparedStatements,
    });
    try {
      await admin.exec(`drop database if exists ${template}`);
      await admin.exec(`create database ${template}`);
    } finally {
      await admin.close();
    }
    const db = await openDatabase({ databaseUrl: databaseUrlOf(template), dataDir: 'memory://', preparedStatements });
    try {
      await migrate(db);
      await fill(db);
    } finally {
      await db.close();
    }
    writeFileSync(tmp, template);
  });
  return freshDatabase(template);
}

const databaseUrlOf = (name: string) => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A full server configuration for tests: in-memory database, quiet logs, the given site folders. */
export function testConfig(over: Partial<ServerConfig> = {}, env: NodeJS.ProcessEnv = {}): ServerConfig {
  return { ...loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', ...env }), ...over };
}

/**
 * A browser's cookie jar at the network edge, for contract tests: Node's fetch keeps no cookies,
 * but the refresh credential is an httpOnly cookie the browser would send back.
 */
export function cookieJarFetch(): typeof fetch & { cookies: Map<string, string> } {
  const cookies = new Map<string, string>();
  const jarFetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (init.credentials === 'include' && cookies.size)
      headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name!.trim());
      else cookies.set(name!.trim(), value);
    }
    return response;
  }) as typeof fetch & { cookies: Map<string, string> };
  jarFetch.cookies = cookies;
  return jarFetch;
}

/**
 * A real, listening, migrated and seeded server on a free port, on PGlite or the given PostgreSQL.
 * `seed` chooses the demo data: the hand-written anchors (default, whose figures tests assert) or
 * the full generated set (`{ data: 'full' }`, seconds to seed: keep such servers few).
 */
export async function startTestServer(
  options: { env?: NodeJS.ProcessEnv; seed?: SeedOptions; logStream?: AppOptions['logStream'] } = {},
) {
  const site = scratchSite();
  const { db, drop } = await seededDatabase(options.seed);
  const config = testConfig(site, options.env);
  const app = await buildApp({ config, db, logStream: options.logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    db,
    config,
    baseUrl,
    site,
    /** An http helper against this server with its own cookie jar and token slot. */
    client(extra: Partial<HttpConfig> = {}) {
      let token: string | undefined;
      const fetchWithJar = cookieJarFetch();
      const http = createHttp({ baseUrl, fetch: fetchWithJar, getAppToken: () => token, ...extra });
      return {
        http,
        cookies: fetchWithJar.cookies,
        setToken: (t: string | undefined) => (token = t),
        getToken: () => token,
      };
    },
    async close() {
      await app.close();
      await drop();
      site.cleanup();
    },
  };
}

/** Signs a demo account in through the real sign-in endpoint; returns an http client holding its app token. */
export async function signInAs(server: Awaited<ReturnType<typeof startTestServer>>, email: string, tenantId?: string) {
  const c = server.client();
  const { id_token } = await c.http.request<{ id_token: string }>('POST', '/api/dev/identity-token', {
    auth: false,
    json: { email },
  });
  const claims = JSON.parse(Buffer.from(id_token.split('.')[1]!, 'base64url').toString()) as {
    oid: string;
    tid: string;
  };
  const payload = { id: claims.oid, tenantId: tenantId ?? claims.tid, upn: email, preview: false, token: id_token };
  const { body } = await c.http.exchange<{ access_token: string }>(
    'POST',
    tenantId ? '/api/auth/azure/tenant/token' : '/api/auth/azure/token',
    {
      json: payload,
      headers: { 'X-Authorization': `Bearer ${id_token}` },
      credentials: true,
    },
  );
  c.setToken(body.access_token);
  return c;
}

/**
 * The app over a migrated database without the demo seed, not listening: for a suite that injects
 * requests, or adds a test route of its own before the first (`app.get(…)`, then `app.inject`).
 */
export async function migratedApp(): Promise<{
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Database;
  site: ReturnType<typeof scratchSite>;
  close(): Promise<void>;
}> {
  const site = scratchSite();
  const { db, drop } = await migratedDatabase();
  const app = await buildApp({ config: testConfig(site), db });
  return {
    app,
    db,
    site,
    async close() {
      await app.close();
      await drop();
      site.cleanup();
    },
  };
}

/** A running test server, as `startTestServer()` answers it. */
export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const sharedServers = new Map<string, Promise<TestServer>>();

/**
 * One server of the given seed for every suite of a test file that gathers several (e.g.
 * data/fullDemo.test.ts): started by the first suite that asks, closed by the file's
 * `closeSharedTestServers` in its `afterAll`. Loading a full seed's clone costs ~13 s on PGlite;
 * suites that only read it, or write rows no later suite reads, need not pay it each.
 */
export function sharedTestServer(seed: SeedOptions = {}): Promise<TestServer> {
  const key = JSON.stringify(seed);
  let server = sharedServers.get(key);
  if (!server) sharedServers.set(key, (server = startTestServer({ seed })));
  return server;
}

/** The demo accounts the full-demo suites read as (DESIGN.md's demo accounts), by first name. */
const DEMO_READERS = {
  ada: 'ada@contoso.example',
  max: 'max@fabrikam.example',
  eve: 'eve@northwind.example',
  sam: 'sam@litware.example',
} as const;

/**
 * The shared full-demo server (see {@link sharedTestServer}) and a feature-data client signed in as
 * each of `readers`, for a data/*.suite.ts's `beforeAll`: `({ server, ada } = await fullDemoAs('ada'))`.
 */
export async function fullDemoAs<R extends keyof typeof DEMO_READERS>(
  ...readers: R[]
): Promise<{ server: TestServer } & Record<R, FeatureDataApi>> {
  const server = await sharedTestServer({ data: 'full' });
  const apis = {} as Record<R, FeatureDataApi>;
  for (const reader of readers)
    apis[reader] = createFeatureDataApi((await signInAs(server, DEMO_READERS[reader])).http);
  return { server, ...apis };
}

/** Closes the servers `sharedTestServer` started. */
export async function closeSharedTestServers(): Promise<void> {
  const servers = [...sharedServers.values()];
  sharedServers.clear();
  for (const server of servers) await (await server).close();
}

/** The `ApiError` a call must fail with; the test fails when the call succeeds or fails another way. */
export async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/**
 * Asserts a call fails with `status` and a readable `{message}` — exactly `message` when a string is
 * given, matching it when a pattern is — and answers the error for further checks.
 */
export async function expectStatus(
  promise: Promise<unknown>,
  status: number,
  message?: string | RegExp,
): Promise<ApiError> {
  const error = await refusal(promise);
  expect(error.status).toBe(status);
  const body = error.body as { message?: unknown };
  expect(typeof body?.message).toBe('string');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return error;
}

/** The server package's folder. */
export const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles the server into one file as `npm start` runs it (dependencies from node_modules): from
 * `entryPoints` (main.ts) or from a `stdin` entry over its sources. For tests that start a real
 * server process.
 */
export async function bundleServer(outfile: string, entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>): Promise<void> {
  const { dependencies } = JSON.parse(readFileSync(join(SERVER_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  await build({
    ...entry,
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    external: Object.keys(dependencies),
    logLevel: 'silent',
  });
}

/** A port nothing listens on now (for a server process a test starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
