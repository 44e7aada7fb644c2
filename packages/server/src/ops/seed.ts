import type { Database } from '../db/database';
import { seedDemo, type SeedOptions } from '../seed';

/** The PostgreSQL advisory lock key the demo seed is written under (the migrations' is 7410001). */
export const SEED_LOCK_KEY = 7410002;

/**
 * Bump when the seed modules change rows that databases seeded before must receive (a change that
 * comes with a migration needs no bump: the latest migration is part of the fingerprint).
 */
export const SEED_REVISION = 1;

/** What a start found: it wrote the demo data, or the same seed was already there. */
export type SeedOutcome = 'seeded' | 'present';

/**
 * Seeds the demo data once per database: in one transaction, under a transaction-level advisory
 * lock on PostgreSQL (servers started together on an empty database seed it exactly once; the
 * others wait, then find it), it reads the fingerprint of the last seed from `seed_runs` and
 * returns at once when it equals this one (revision, latest migration, data kind, scale);
 * otherwise runs the idempotent {@link seedDemo} and records the fingerprint. PGlite is one process:
 * no lock.
 */
export async function seedOnce(db: Database, options: SeedOptions = {}): Promise<SeedOutcome> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    // The seed's own bookkeeping, as schema_migrations is the migration runner's.
    await tx.exec('create table if not exists seed_runs (name text primary key, fingerprint text not null, seeded_at timestamptz not null default now())');
    const latest = await tx.query<{ version: string | null }>('select max(version) as version from schema_migrations');
    // The demo scale, when not given, is read from DEMO_SCALE by the seed: a change of it seeds again.
    const scale = options.scale ?? process.env.DEMO_SCALE ?? null;
    const fingerprint = JSON.stringify({ revision: SEED_REVISION, migration: latest.rows[0]?.version ?? null, data: options.data ?? 'anchors', scale });
    const found = await tx.query<{ fingerprint: string }>("select fingerprint from seed_runs where name = 'demo'");
    if (found.rows[0]?.fingerprint === fingerprint) return 'present';
    await seedDemo(tx, options);
    await tx.query(
      "insert into seed_runs (name, fingerprint) values ('demo', $1) on conflict (name) do update set fingerprint = excluded.fingerprint, seeded_at = now()",
      [fingerprint],
    );
    return 'seeded';
  });
}
