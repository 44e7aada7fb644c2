import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The SQL the server runs: the same statements on embedded PGlite and on PostgreSQL. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  query<T extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
  /** Runs several statements (no parameters), e.g. a migration file. */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Where the data lives: a PostgreSQL URL, or a folder (or `memory://`) for embedded PGlite. */
export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** For `memory://`: start from this dumped PGlite data folder (a seeded test template) instead of an empty one. */
  loadDataDir?: Blob;
}

type PgQueryable = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };

function postgresFacade(client: PgQueryable, pool?: pg.Pool): Database {
  return {
    kind: 'postgres',
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, [...params]);
      return { rows: result.rows as T[] };
    },
    async exec(sql) {
      await client.query(sql);
    },
    async transaction(fn) {
      if (!pool) return fn(this);
      const conn = await pool.connect();
      try {
        await conn.query('begin');
        const value = await fn(postgresFacade(conn));
        await conn.query('commit');
        return value;
      } catch (error) {
        await conn.query('rollback');
        throw error;
      } finally {
        conn.release();
      }
    },
    async close() {
      await pool?.end();
    },
  };
}

type PgliteLike = Pick<PGlite, 'query' | 'exec'>;

function pgliteFacade(db: PgliteLike, owner?: PGlite): Database & { dump?: () => Promise<Blob> } {
  return {
    kind: 'pglite',
    ...(owner ? { dump: () => owner.dumpDataDir('none') } : {}),
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<T>(sql, [...params]);
      return { rows: result.rows };
    },
    async exec(sql) {
      await db.exec(sql);
    },
    async transaction(fn) {
      if (!owner) return fn(this);
      return owner.transaction((tx) => fn(pgliteFacade(tx)));
    },
    async close() {
      if (owner && !owner.closed) await owner.close();
    },
  };
}

/** Opens PostgreSQL when a URL is given, otherwise embedded PGlite (persisted in `dataDir/pglite`). */
export async function openDatabase({ databaseUrl, dataDir, loadDataDir }: DatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection that the server ends (restart, admin command, dropped test database) is
    // replaced on next use; without a listener its 'error' event would crash the process.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') console.warn(`PostgreSQL connection lost: ${error.message}`);
    });
    // Fail at start, with the driver's own message, rather than on the first request.
    await pool.query('select 1');
    return postgresFacade(pool, pool);
  }
  if (dataDir === 'memory://') {
    const db = await PGlite.create(loadDataDir ? { loadDataDir } : {});
    return pgliteFacade(db, db);
  }
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // PGlite flushes to disk after every statement by default, so an acknowledged write survives a crash.
  const db = await PGlite.create(dir);
  return pgliteFacade(db, db);
}

/** The data folder of an embedded in-memory PGlite database, for {@link DatabaseOptions.loadDataDir} (test templates). */
export function dumpPglite(db: Database): Promise<Blob> {
  const dump = (db as { dump?: () => Promise<Blob> }).dump;
  if (!dump) throw new Error('Only an embedded PGlite database can be dumped.');
  return dump();
}
