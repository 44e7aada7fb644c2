import type { Database } from '../db/database';

/**
 * The scope of everything every tenant shares: the menu tables (`menu_items`, `menu_pages`,
 * `menu_page_tabs`) and system messages. Migration 019's triggers move it on any write to them.
 */
export const CATALOG_SCOPE = 'catalog';

/** A tenant's scope: its features, licences, activation, custom content and settings row. */
export const tenantScope = (tenantId: string) => `tenant:${tenantId}`;

/** A scope's version: opaque; a scope that was never written is `'0'`. */
export type Versions = ReadonlyMap<string, string>;

/** How many scopes' versions are remembered between writes (PGlite). */
const KNOWN_SCOPES_MAX = 10_000;

interface Batch {
  scopes: Set<string>;
  promise: Promise<Versions>;
}

/**
 * Reads `cache_versions` (migration 019): one row per scope whose version the database's own
 * triggers move, in the writing transaction, on every write that changes what a cache holds. So
 * every server on the database, whichever wrote, sees a change on its next read.
 *
 * Read-your-writes without a query per request: requests coalesce into batches (those that arrive
 * in one turn of the event loop, or while the previous batch's query runs), one query each,
 * and a request only ever joins a batch whose query has not started yet. So the answer a request
 * gets was read after the request arrived — any write committed before it is seen — while under
 * load many requests share one query. Stateless (no LISTEN, no session), so it works through
 * PgBouncer in transaction mode.
 */
export class CacheVersions {
  private running: Promise<unknown> = Promise.resolve();
  private next: Batch | null = null;

  constructor(private readonly db: Database) {}

  /** What the last query answered, and the database's change count when it started (PGlite only). */
  private known: { changes: number; versions: Map<string, string> } | null = null;

  /** The current versions of `scopes`, read after this call. */
  read(scopes: readonly string[]): Promise<Versions> {
    // PGlite: nothing was written since the last read, so nothing moved (see Database.changes).
    const known = this.known;
    if (known && known.changes === this.db.changes?.() && scopes.every((s) => known.versions.has(s)))
      return Promise.resolve(known.versions);
    if (this.next) {
      for (const s of scopes) this.next.scopes.add(s);
      return this.next.promise;
    }
    const batch: Batch = { scopes: new Set(scopes), promise: undefined as unknown as Promise<Versions> };
    // The batch starts after the running query, and not before the event loop's next check phase:
    // every request whose bytes arrived in this turn (each I/O callback drains its microtasks) joins it.
    batch.promise = this.running
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => {
        // From here on the batch is being read: later callers start the next one.
        if (this.next === batch) this.next = null;
        return this.query([...batch.scopes]);
      });
    this.next = batch;
    this.running = batch.promise.catch(() => undefined);
    return batch.promise;
  }

  private async query(scopes: string[]): Promise<Versions> {
    const changes = this.db.changes?.();
    const { rows } = await this.db.query<{ scope: string; version: string }>(
      'select scope, version::text as version from cache_versions where scope = any($1::text[])',
      [scopes],
      { name: 'cp_cache_versions' },
    );
    const versions = new Map(scopes.map((s) => [s, '0']));
    for (const r of rows) versions.set(r.scope, String(r.version));
    if (changes !== undefined) {
      // Remembered under the count read before the query: a write that ends later moves the count.
      const kept =
        this.known?.changes === changes && this.known.versions.size < KNOWN_SCOPES_MAX
          ? this.known.versions
          : new Map<string, string>();
      for (const [scope, version] of versions) kept.set(scope, version);
      this.known = { changes, versions: kept };
    }
    return versions;
  }
}
