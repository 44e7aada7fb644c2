import type { CacheMetric } from '../metrics';
import { LruCache } from './lru';

interface Entry<V> {
  stamp: string;
  value: Promise<V>;
}

/**
 * Values built from the database, bounded (least recently used out first), each kept with the
 * `stamp` — the versions of the scopes it was built from — and answered only while the caller's
 * stamp is the same. A build that fails is not kept; concurrent callers of one key and stamp share
 * one build.
 */
export class VersionedCache<V> {
  private readonly entries: LruCache<string, Entry<V>>;
  /** Values built so far (tests and diagnostics). */
  builds = 0;

  /** `metric` counts each look-up as a hit or a miss (GET /metrics). */
  constructor(
    max: number,
    private readonly metric?: CacheMetric,
  ) {
    this.entries = new LruCache(max);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, stamp: string, build: () => Promise<V>): Promise<V> {
    const found = this.entries.get(key);
    if (found && found.stamp === stamp) {
      this.metric?.hit();
      return found.value;
    }
    this.metric?.miss();
    this.builds++;
    const entry: Entry<V> = { stamp, value: build() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}
