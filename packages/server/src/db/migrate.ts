import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database';

/** The migrations folder of the server package, found from this module whether it runs from src/ or dist/. */
export function defaultMigrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'migrations')) && existsSync(join(dir, 'package.json'))) return join(dir, 'migrations');
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the server migrations folder');
    dir = parent;
  }
}

const FILE = /^(\d{3,})_([\w-]+)\.sql$/;

/** A migration on disk. */
export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** The migration files of `dir`, ordered by version; a badly named .sql file is an error, not a silent skip. */
export function readMigrations(dir: string): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return files.map((file) => {
    const match = FILE.exec(file);
    if (!match) throw new Error(`Migration file "${file}" must be named NNN_name.sql`);
    return { version: match[1]!, name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') };
  });
}

/** The PostgreSQL advisory lock key migrations are applied under (see {@link migrate}). */
export const MIGRATION_LOCK_KEY = 7410001;

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction, in order.
 * Returns the versions applied. On PostgreSQL every step (creating `schema_migrations` too: two
 * concurrent `create table if not exists` can both try) runs under a transaction-level advisory
 * lock, and reads what is applied only once it holds it, so servers starting together on an empty
 * database apply each migration exactly once.
 */
export async function migrate(db: Database, dir: string = defaultMigrationsDir()): Promise<string[]> {
  const lock = (tx: Database) =>
    db.kind === 'postgres' ? tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]) : undefined;
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`create table if not exists schema_migrations (
    version text primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`);
  });
  const applied: string[] = [];
  for (const migration of readMigrations(dir)) {
    const done = await db.transaction(async (tx) => {
      await lock(tx);
      const { rows } = await tx.query('select 1 from schema_migrations where version = $1', [migration.version]);
      if (rows.length > 0) return false;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`, {
          cause: error,
        });
      }
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
