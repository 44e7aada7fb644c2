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
 * no lock. After a full seed on PostgreSQL it vacuums the database before the server says it is ready
 * ({@link settleAfterSeed}).
 */
export async function seedOnce(db: Database, options: SeedOptions = {}): Promise<SeedOutcome> {
  const outcome = await seedInTransaction(db, options);
  if (outcome === 'seeded' && options.data === 'full') await settleAfterSeed(db);
  return outcome;
}

/**
 * A bulk-loaded table is slow until it is first vacuumed: every first read of a row sets its hint
 * bits (writing the page again), and no page is marked all-visible, so an index-only walk — a deep
 * page, a count — reads the heap row by row. Autovacuum gets there minutes later, competing with the
 * first readers (measured on a fresh DEMO_SCALE=20 seed: a filtered FOCUS page took 877 ms p95
 * while it ran, 8 ms after). So a full seed vacuums and analyses the database itself, once, after
 * its transaction commits (VACUUM cannot run inside one). PGlite, one process, seeds 1× only.
 */
export async function settleAfterSeed(db: Database): Promise<void> {
  if (db.kind !== 'postgres') return;
  // Its own tables only: a database-wide VACUUM warns for every shared catalog a non-superuser may not touch.
  const { rows } = await db.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where tableowner = current_user and schemaname = current_schema() order by tablename",
  );
  if (rows.length) await db.exec(`vacuum (analyze) ${rows.map((r) => r.name).join(', ')}`);
}

function seedInTransaction(db: Database, options: SeedOptions): Promise<SeedOutcome> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    // The seed's own bookkeeping, as schema_migrations is the migration runner's.
    await tx.exec(
      'create table if not exists seed_runs (name text primary key, fingerprint text not null, seeded_at timestamptz not null default now())',
    );
    const latest = await tx.query<{ version: string | null }>('select max(version) as version from schema_migrations');
    // The demo scale, when not given, is read from DEMO_SCALE by the seed: a change of it seeds again.
    const scale = options.scale ?? process.env.DEMO_SCALE ?? null;
    const fingerprint = JSON.stringify({
      revision: SEED_REVISION,
      migration: latest.rows[0]?.version ?? null,
      data: options.data ?? 'anchors',
      scale,
    });
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
