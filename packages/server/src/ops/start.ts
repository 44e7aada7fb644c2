import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import type { SeedOptions } from '../seed';
import { createReadiness, type Readiness } from './readiness';
import { seedOnce } from './seed';

/** How to start a server. */
export interface StartOptions {
  config: ServerConfig;
  /** The demo data to seed once ({@link seedOnce}). */
  seed: SeedOptions;
  /** An open database. @default openDatabase(config) */
  db?: Database;
  /** Prepares the data after migrations. @default seedOnce(db, seed) */
  prepare?: (db: Database) => Promise<unknown>;
}

/** A started server: listening, seeding until `prepared` settles. */
export interface RunningServer {
  app: FastifyInstance;
  db: Database;
  readiness: Readiness;
  /** Settles when the data is prepared (readiness is then ready) or failed to be. */
  prepared: Promise<void>;
  /**
   * Stops: /readyz answers 503 'stopping' and every answer closes its connection at once; with
   * `drain`, the server keeps accepting and answering for SHUTDOWN_DRAIN_MS (a load balancer's health
   * check takes it out meanwhile); then the listener closes, in-flight requests get up to
   * SHUTDOWN_GRACE_MS to finish (then their connections are cut), the database closes. Resolves
   * with the exit code: 0, or 1 when requests had to be cut. Once; later calls answer the same.
   */
  stop(options?: { drain?: boolean }): Promise<number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a server: database → migrations (under an advisory lock on PostgreSQL) → app → listen →
 * seed (under another lock) → ready. It listens before seeding, so /healthz and /readyz answer while
 * a first start writes the demo data; every other route answers 503 'Starting' until then.
 */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { config } = options;
  const db = options.db ?? (await openDatabase(config));
  let app: FastifyInstance;
  const readiness = createReadiness(db, { phase: 'starting' });
  try {
    await migrate(db);
    app = await buildApp({ config, db, readiness });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await db.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new Error(`Port ${config.port} is already in use. Set PORT to another port.`);
    throw error;
  }
  const prepare = options.prepare ?? ((d: Database) => seedOnce(d, options.seed));
  const prepared = prepare(db).then(() => readiness.ready());

  let stopped: Promise<number> | undefined;
  const stop = ({ drain = false } = {}) =>
    (stopped ??= (async () => {
      readiness.stopping();
      if (drain && config.shutdownDrainMs > 0) {
        app.log.info(`draining for ${config.shutdownDrainMs} ms (SHUTDOWN_DRAIN_MS): /readyz answers 503`);
        await sleep(config.shutdownDrainMs);
      }
      const deadline = Date.now() + config.shutdownGraceMs;
      let cut = false;
      const timer = setTimeout(() => {
        cut = true;
        app.log.warn(`SHUTDOWN_GRACE_MS (${config.shutdownGraceMs} ms) elapsed: cutting the requests still in flight`);
        app.server.closeAllConnections();
      }, config.shutdownGraceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(timer);
      }
      // A first start stopped while seeding: its transaction is rolled back with the connection.
      await Promise.race([db.close(), sleep(Math.max(deadline - Date.now(), 1000))]);
      return cut ? 1 : 0;
    })());
  return { app, db, readiness, prepared, stop };
}

/**
 * The process: configuration (a bad value stops it with one line naming the variable), start,
 * SIGTERM (after draining, SHUTDOWN_DRAIN_MS) and SIGINT stop it gracefully (exit 0; a second signal
 * exits 1 at once), a failed seed exits 1. Prints 'Cloud Portal ready at …' once the data is prepared.
 */
export async function runMain(
  options: Omit<StartOptions, 'config' | 'db'> & { openDb?: (config: ServerConfig) => Promise<Database> },
): Promise<void> {
  let server: RunningServer | undefined;
  let signalled = false;
  const onSignal = (signal: string) => {
    if (signalled) process.exit(1); // a second Ctrl-C does not wait
    signalled = true;
    console.log(`${signal}: stopping`);
    // Before the server listens (migrations), there is nothing in flight: a migration's transaction is rolled back.
    if (!server) process.exit(0);
    // An orchestrator's SIGTERM drains first (a rolling restart behind a load balancer loses
    // nothing); a person's Ctrl-C stops at once.
    void server.stop({ drain: signal === 'SIGTERM' }).then((code) => process.exit(code));
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  try {
    const config = loadConfig();
    const db = options.openDb ? await options.openDb(config) : undefined;
    // DEMO_DATA=anchors narrows the full demo seed to its hand-written rows.
    const seed =
      options.seed.data === 'full' && config.demoData === 'anchors'
        ? { ...options.seed, data: 'anchors' as const }
        : options.seed;
    const started = await startServer({ ...options, seed, config, db });
    server = started;
    started.prepared.then(
      () => {
        if (started.readiness.phase === 'ready') console.log(`Cloud Portal ready at http://localhost:${config.port}`);
      },
      (error: unknown) => {
        if (signalled) return;
        console.error(`The demo data could not be prepared: ${error instanceof Error ? error.message : String(error)}`);
        void started.stop().then(() => process.exit(1));
      },
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
