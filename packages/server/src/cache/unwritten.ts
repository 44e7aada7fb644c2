import type { Database } from '../db/database';
import { LruCache } from './lru';

/**
 * Values read from a database that one process owns (embedded PGlite), kept while no statement has
 * written since they were read (`Database.changes`): the first read after any write forgets them
 * all. PostgreSQL has other writers, so there nothing is kept ({@link stamp} is undefined).
 */
export class KeptWhileUnwritten<V> {
  private changes = -1;
  private readonly kept: LruCache<string, V>;

  constructor(
    private readonly db: Database,
    max: number,
  ) {
    this.kept = new LruCache(max);
  }

  /** The database's write count now (forgetting every value kept under another), or undefined when nothing may be kept. */
  stamp(): number | undefined {
    const changes = this.db.changes?.();
    if (changes !== undefined && changes !== this.changes) {
      this.kept.clear();
      this.changes = changes;
    }
    return changes;
  }

  /** The value kept for `key`, if nothing was written since it was read. */
  get(key: string): V | undefined {
    return this.stamp() === undefined ? undefined : this.kept.get(key);
  }

  /** Keeps `value` for `key`, read while the write count was `stamp` — unless a write came since. */
  set(key: string, stamp: number | undefined, value: V): void {
    if (stamp !== undefined && stamp === this.stamp()) this.kept.set(key, value);
  }

  delete(key: string): void {
    this.kept.delete(key);
  }
}
