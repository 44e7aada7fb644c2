import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** The SQL the server runs: the same statements on embedded PGlite and on PostgreSQL. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  query<T extends object = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: T[] }>;
  /**
   * PGlite only (one process owns its data, so every write goes through here): a number that moves
   * after every statement that may have written — anything but a plain `select` — and every
   * transaction. Caches use it to skip re-reading their versions while nothing was written.
   * Absent on PostgreSQL, where other servers write too.
   */
  changes?(): number;
  /** Runs several statements (no parameters), e.g. a migration file. */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** How to run one statement. */
export interface QueryOptions {
  /**
   * A hot statement's name: on PostgreSQL it is prepared once per connection under this name (a
   * named statement; one name, one SQL text, always). PGlite has no named statements and ignores it.
   */
  name?: string;
}

/** Where the data lives: a PostgreSQL URL, or a folder (or `memory://`) for embedded PGlite. */
export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** For `memory://`: start from this dumped PGlite data folder (a seeded test template) instead of an empty one. */
  loadDataDir?: Blob;
  /**
   * On PostgreSQL, whether a statement with a `name` is prepared under it (config
   * `preparedStatements`, DATABASE_PREPARED_STATEMENTS). @default true
   */
  preparedStatements?: boolean;
  /**
   * For `memory://`: a database that will be dumped (a seeded test template). PostgreSQL keeps up to
   * `max_wal_size` of write-ahead log (1 GB by default), and a dump carries all of it: kept at 64 MB,
   * a full demo seed's dump is the data alone, and every clone loads that much faster.
   */
  toDump?: boolean;
}

type PgQueryable = { query: (sql: string | pg.QueryConfig, params?: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * The Database over a node-postgres pool (or one of its connections in a transaction). Without
 * `named`, a statement's name is not sent: every statement is unnamed, as a pooler in transaction
 * mode needs (a named statement lives on one server connection, the next transaction may get another).
 */
function postgresFacade(client: PgQueryable, pool?: pg.Pool, named = true): Database & { pool?: pg.Pool } {
  let closed = false;
  return {
    kind: 'postgres',
    // For the metrics' connection gauges (see metrics.ts poolOf).
    ...(pool ? { pool } : {}),
    async query<T extends object>(sql: string, params: readonly unknown[] = [], options?: QueryOptions) {
      const result =
        named && options?.name
          ? await client.query({ name: options.name, text: sql, values: [...params] })
          : await client.query(sql, [...params]);
      return { rows: result.rows as T[] };
    },
    async exec(sql) {
      await client.query(sql);
    },
    async transaction(fn) {
      if (!pool) return fn(this);
      const conn = await pool.connect();
      // A connection the server ends while it is checked out (a restart, an administrator) says so
      // on the client, which the pool no longer listens to: unheard, that 'error' ends the process.
      // The statement in flight fails on its own; the connection is dropped, not given back.
      let broken = false;
      const lost = () => (broken = true);
      conn.on('error', lost);
      try {
        await conn.query('begin');
        const value = await fn(postgresFacade(conn, undefined, named));
        await conn.query('commit');
        return value;
      } catch (error) {
        // On a lost connection the rollback fails too: the first error is the one that counts.
        await conn.query('rollback').catch(lost);
        throw error;
      } finally {
        conn.off('error', lost);
        conn.release(broken);
      }
    },
    async close() {
      // Idempotent, as PGlite's is: a test or a shutdown path may close twice.
      if (closed) return;
      closed = true;
      await pool?.end();
    },
  };
}

type PgliteLike = Pick<PGlite, 'query' | 'exec'>;

/** A statement that cannot write (triggers fire on insert, update, delete and truncate only). */
const PLAIN_SELECT = /^\s*select\b/i;

function pgliteFacade(db: PgliteLike, owner?: PGlite, counter = { n: 0 }): Database & { dump?: () => Promise<Blob> } {
  return {
    kind: 'pglite',
    ...(owner ? { dump: () => owner.dumpDataDir('none') } : {}),
    changes: () => counter.n,
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      try {
        const result = await db.query<T>(sql, [...params]);
        return { rows: result.rows };
      } finally {
        if (!PLAIN_SELECT.test(sql)) counter.n++;
      }
    },
    async exec(sql) {
      try {
        await db.exec(sql);
      } finally {
        counter.n++;
      }
    },
    async transaction(fn) {
      if (!owner) return fn(this);
      try {
        return await owner.transaction((tx) => fn(pgliteFacade(tx, undefined, counter)));
      } finally {
        counter.n++;
      }
    },
    async close() {
      if (owner && !owner.closed) await owner.close();
    },
  };
}

/** The contrib extensions migration 018 creates (`pg_trgm`, `btree_gin`), loaded into embedded PGlite. */
const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite (persisted in `dataDir/pglite`). */
export async function openDatabase({
  databaseUrl,
  dataDir,
  loadDataDir,
  toDump,
  preparedStatements = true,
}: DatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection that the server ends (restart, admin command, dropped test database) is
    // replaced on next use; without a listener its 'error' event would crash the process.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
    // Fail at start, with the driver's own message, rather than on the first request.
    await pool.query('select 1');
    return postgresFacade(pool, pool, preparedStatements);
  }
  if (dataDir === 'memory://') {
    const startParams = toDump
      ? [...PGlite.defaultStartParams, '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=64MB']
      : undefined;
    const db = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(loadDataDir ? { loadDataDir } : {}),
      ...(startParams ? { startParams } : {}),
    });
    return pgliteFacade(db, db);
  }
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // PGlite flushes to disk after every statement by default, so an acknowledged write survives a crash.
  const db = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
  return pgliteFacade(db, db);
}

/** The data folder of an embedded in-memory PGlite database, for {@link DatabaseOptions.loadDataDir} (test templates). */
export function dumpPglite(db: Database): Promise<Blob> {
  const dump = (db as { dump?: () => Promise<Blob> }).dump;
  if (!dump) throw new Error('Only an embedded PGlite database can be dumped.');
  return dump();
}
