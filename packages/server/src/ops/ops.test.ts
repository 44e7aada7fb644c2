import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { dumpPglite, openDatabase, type Database } from '../db/database';
import { migrate, readMigrations, defaultMigrationsDir } from '../db/migrate';
import { cacheMetric } from '../metrics';
import {
  bundleServer,
  databases,
  freePort,
  freshDatabase,
  scratchSite,
  SERVER_DIR,
  seededDatabase,
  testConfig,
} from '../test-support';
import { createReadiness } from './readiness';
import { seedOnce, settleAfterSeed } from './seed';
import { startServer, type RunningServer } from './start';

const onPostgres = databases[0]!.name === 'postgres';
const SECRET = 'ops-test-app-token-secret-0123456789abcdef';
const METRICS_TOKEN = 'ops-test-metrics-token-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('configuration of several instances', () => {
  it('refuses DATABASE_URL without APP_TOKEN_SECRET, naming the variable; PGlite keeps generating one', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/db' })).toThrow(
      /^APP_TOKEN_SECRET must be set .* when DATABASE_URL is set$/,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/db', APP_TOKEN_SECRET: SECRET }).appTokenSecret).toBe(
      SECRET,
    );
    expect(loadConfig({}).appTokenSecret).toBeUndefined();
  });

  it('reads SHUTDOWN_GRACE_MS, SHUTDOWN_DRAIN_MS, DATABASE_PREPARED_STATEMENTS and METRICS_TOKEN, and names them when bad (never echoing the token)', () => {
    expect(loadConfig({})).toMatchObject({
      shutdownGraceMs: 10_000,
      shutdownDrainMs: 5_000,
      preparedStatements: true,
      metricsToken: undefined,
    });
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '0', SHUTDOWN_DRAIN_MS: '0', METRICS_TOKEN })).toMatchObject({
      shutdownGraceMs: 0,
      shutdownDrainMs: 0,
      metricsToken: METRICS_TOKEN,
    });
    for (const name of ['SHUTDOWN_GRACE_MS', 'SHUTDOWN_DRAIN_MS'])
      for (const bad of ['-1', '1.5', 'ten', '600001'])
        expect(() => loadConfig({ [name]: bad })).toThrow(
          `${name} must be a whole number of milliseconds from 0 to 600000, got "${bad}"`,
        );
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).preparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'on' }).preparedStatements).toBe(true);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(
      'DATABASE_PREPARED_STATEMENTS must be on or off, got "no"',
    );
    for (const bad of ['short-token', 'has a space in it, long enough']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(
        /^METRICS_TOKEN must be 16 to 500 printable ASCII characters without spaces$/,
      );
    }
  });
});

describe('readiness of the database', () => {
  it('counts a database that does not answer within the time limit as unreachable, and checks at most once per cacheMs', async () => {
    let calls = 0;
    const hung = { kind: 'pglite', query: () => (calls++, new Promise<never>(() => undefined)) } as unknown as Database;
    const readiness = createReadiness(hung, { timeoutMs: 50, cacheMs: 60_000 });
    expect(await Promise.all([readiness.check(), readiness.check()])).toEqual([
      { ready: false, status: 'database unreachable' },
      { ready: false, status: 'database unreachable' },
    ]);
    await readiness.check();
    expect(calls).toBe(1);
  });
});

describe('a starting server: listening while it seeds, then ready; metrics behind METRICS_TOKEN', () => {
  let server: RunningServer;
  let drop: () => Promise<void>;
  let site: ReturnType<typeof scratchSite>;
  let baseUrl: string;
  let openGate!: () => void;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  let outcome: string | undefined;

  beforeAll(async () => {
    site = scratchSite();
    const seeded = await seededDatabase();
    // The last test closes the database; the drop closes it again (a pg.Pool ends once).
    const close = seeded.db.close.bind(seeded.db);
    let closed: Promise<void> | undefined;
    seeded.db.close = () => (closed ??= close());
    drop = seeded.drop;
    const config = testConfig({ ...site, port: 0, host: '127.0.0.1' }, { METRICS_TOKEN });
    server = await startServer({
      config,
      seed: {},
      db: seeded.db,
      // Held until the test opens the gate: the time a first start spends writing the demo data.
      prepare: async (db) => {
        await gate;
        outcome = await seedOnce(db);
      },
    });
    const address = server.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 60_000);

  afterAll(async () => {
    openGate();
    await server?.prepared.catch(() => undefined);
    await server?.app.close();
    await drop?.();
    site?.cleanup();
  });

  it('answers /readyz 503 starting, /healthz 200 and every other route 503 problem+json until seeded; then 200', async () => {
    const readyz = await fetch(`${baseUrl}/readyz`);
    expect([readyz.status, await readyz.json()]).toEqual([503, { status: 'starting' }]);
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    const api = await fetch(`${baseUrl}/api/auth/config`);
    expect(api.status).toBe(503);
    expect(api.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toMatchObject({
      title: 'Starting',
      status: 503,
      error: 'Service Unavailable',
      message: expect.stringMatching(/starting/),
    });

    openGate();
    await server.prepared;
    // The template was seeded without the seed's record: this start seeded (idempotently) and recorded it.
    expect(outcome).toBe('seeded');
    const ready = await fetch(`${baseUrl}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready' }]);
    expect((await fetch(`${baseUrl}/api/auth/config`)).status).toBe(200);
    // A later start finds the same seed and does not write it again.
    expect(await seedOnce(server.db)).toBe('present');
  });

  it('answers /metrics only to its bearer token: Prometheus text with requests by route pattern, status and cache', async () => {
    cacheMetric('ops-test').hit();
    await fetch(`${baseUrl}/videos/embed/no-such-video`);
    const refused = await fetch(`${baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);

    const answer = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    expect(text).toContain('# TYPE cloudportal_http_requests_total counter');
    expect(text).toMatch(/^cloudportal_http_requests_total\{method="GET",route="\/readyz",status="503"\} 1$/m);
    expect(text).toMatch(
      /^cloudportal_http_requests_total\{method="GET",route="\/videos\/embed\/:id",status="404"\} 1$/m,
    );
    expect(text).not.toContain('no-such-video');
    expect(text).toMatch(
      /^cloudportal_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/healthz",status="200"\} 1$/m,
    );
    expect(text).toMatch(/^cloudportal_cache_requests_total\{cache="ops-test",result="hit"\} 1$/m);
    expect(text).toMatch(/^cloudportal_cache_requests_total\{cache="ops-test",result="miss"\} 0$/m);
    expect(text).toMatch(/^cloudportal_process_resident_memory_bytes \d+/m);
  });

  it('answers /metrics 404 when METRICS_TOKEN is not set', async () => {
    const app = await buildApp({ config: testConfig(site), db: server.db });
    try {
      const answer = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect([answer.statusCode, answer.json()]).toEqual([
        404,
        { error: 'Not Found', message: 'Route GET /metrics not found' },
      ]);
    } finally {
      await app.close();
    }
  });

  it('answers /readyz 503 database unreachable once its database is closed (checked at most once a second)', async () => {
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    await server.db.close();
    await sleep(1100);
    const answer = await fetch(`${baseUrl}/readyz`);
    expect([answer.status, await answer.json()]).toEqual([503, { status: 'database unreachable' }]);
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(503);
  });
});

const serverDir = SERVER_DIR;

describe('the server process', () => {
  const outDir = join(serverDir, '.test-build');
  const outfile = join(outDir, `ops-main-${process.pid}.mjs`);
  const scratch = mkdtempSync(join(tmpdir(), 'cp-ops-'));
  let seeded: Awaited<ReturnType<typeof seededDatabase>>;
  const dump = join(scratch, 'anchors.tar');

  beforeAll(async () => {
    seeded = await seededDatabase();
    // Recorded here, so the process finds the seed present and starts at once.
    await seedOnce(seeded.db);
    if (!onPostgres) writeFileSync(dump, new Uint8Array(await (await dumpPglite(seeded.db)).arrayBuffer()));
    mkdirSync(outDir, { recursive: true });
    // main.ts's runMain, over the seeded test template (a PGlite dump or a PostgreSQL clone) and the anchors seed.
    await bundleServer(outfile, {
      stdin: {
        contents: `import { readFileSync } from 'node:fs';
import { openDatabase } from './db/database';
import { runMain } from './ops/start';
const dump = process.env.CP_TEST_PGLITE_DUMP;
void runMain({ seed: {}, openDb: dump ? () => openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(dump)]) }) : undefined });`,
        resolveDir: join(serverDir, 'src'),
        loader: 'ts',
      },
    });
  }, 90_000);

  const children: ChildProcess[] = [];

  afterAll(async () => {
    // A test that failed midway leaves no server behind.
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await seeded?.drop();
    rmSync(outfile, { force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  const run = (env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, [outfile], {
      env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', APP_TOKEN_SECRET: '', ...env },
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => out.includes('Cloud Portal ready at') && resolve());
      void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready: ${out}`)));
    });
    ready.catch(() => undefined); // awaited by the tests that expect a start
    return { child, exited, ready, output: () => out };
  };

  it('refuses to start with DATABASE_URL and no APP_TOKEN_SECRET: one line naming the variable, exit 1', async () => {
    const server = run({ DATABASE_URL: 'postgres://cloudportal:secret@127.0.0.1:1/cloudportal' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toMatch(/^APP_TOKEN_SECRET must be set [^\n]*$/);
  });

  it('on SIGTERM drains (readyz 503 at once, every route still answered, each answer closing its connection), then stops listening, lets the request in flight finish, closes the database and exits 0', async () => {
    const env: NodeJS.ProcessEnv = {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      FAULTS: 'on',
      SHUTDOWN_GRACE_MS: '5000',
      SHUTDOWN_DRAIN_MS: '1500',
    };
    if (onPostgres) {
      const { rows } = await seeded.db.query<{ name: string }>('select current_database() as name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      Object.assign(env, { DATABASE_URL: url.toString(), APP_TOKEN_SECRET: SECRET });
    } else {
      env.CP_TEST_PGLITE_DUMP = dump;
    }
    const server = run(env);
    await server.ready;
    const baseUrl = `http://127.0.0.1:${env.PORT}`;
    const rule = await fetch(`${baseUrl}/api/test/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/healthz', delayMs: 1000 }),
    });
    expect(rule.status).toBe(201);
    const started = performance.now();
    const inFlight = fetch(`${baseUrl}/healthz`);
    await sleep(200);
    server.child.kill('SIGTERM');
    const signalled = performance.now();
    // Draining: the load balancer's health check sees 503 at once, while requests are still answered.
    await sleep(200);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([503, { status: 'stopping' }]);
    const config = await fetch(`${baseUrl}/api/auth/config`);
    expect(config.status).toBe(200);
    expect(config.headers.get('connection')).toBe('close');
    const answer = await inFlight;
    expect([answer.status, await answer.json()]).toMatchObject([200, { status: 'ok' }]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await server.exited).toBe(0);
    // It listened for the whole drain before closing.
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(1500);
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
    // A process boots PGlite's WebAssembly: seconds on a busy 2-core machine.
  }, 60_000);
});

describe.skipIf(!onPostgres)('a full seed on PostgreSQL', () => {
  it('given freshly written tables, when the seed settles, then every table of the server has been vacuumed and analysed before the server is ready', async () => {
    const { db, drop } = await seededDatabase();
    try {
      const unvacuumed =
        'select relname from pg_stat_user_tables where schemaname = current_schema() and (last_vacuum is null or last_analyze is null) order by relname';
      expect((await db.query<{ relname: string }>(unvacuumed)).rows.map((r) => r.relname)).toContain(
        'azure_daily_costs',
      );
      await settleAfterSeed(db);
      expect((await db.query<{ relname: string }>(unvacuumed)).rows).toEqual([]);
    } finally {
      await drop();
    }
  });
});

describe.skipIf(!onPostgres)('servers started together on an empty PostgreSQL database', () => {
  it('migrate and seed it exactly once: the same rows as one start, one seed record, and the other start finds it', async () => {
    const reference = await seededDatabase();
    const fresh = await freshDatabase();
    const { rows } = await fresh.db.query<{ name: string }>('select current_database() as name');
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const second = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    try {
      const start = async (db: Database) => {
        const applied = await migrate(db);
        return { applied, seed: await seedOnce(db) };
      };
      const [a, b] = await Promise.all([start(fresh.db), start(second)]);
      const versions = readMigrations(defaultMigrationsDir()).map((m) => m.version);
      expect([...a.applied, ...b.applied].sort()).toEqual(versions);
      expect([a.seed, b.seed].sort()).toEqual(['present', 'seeded']);
      expect((await fresh.db.query('select * from seed_runs')).rows).toHaveLength(1);

      const counts = async (db: Database) => {
        const tables = await db.query<{ name: string }>(
          "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('seed_runs', 'schema_migrations', 'server_keys') order by 1",
        );
        const result: Record<string, number> = {};
        for (const { name } of tables.rows)
          result[name] = (await db.query<{ n: number }>(`select count(*)::int as n from ${name}`)).rows[0]!.n;
        return result;
      };
      expect(await counts(fresh.db)).toEqual(await counts(reference.db));
      expect((await fresh.db.query<{ n: number }>('select count(*)::int as n from schema_migrations')).rows[0]!.n).toBe(
        versions.length,
      );
    } finally {
      await second.close();
      await fresh.drop();
      await reference.drop();
    }
    // Two migrations and a seed on PostgreSQL.
  }, 60_000);
});
