import type { DatasetId } from '@cloudportal/core/rules';
import { VersionedCache } from '../cache/versioned';
import { CacheVersions } from '../cache/versions';
import type { Database } from '../db/database';
import { cacheMetric } from '../metrics';
import { DATASET_SQL } from './registry';

/** Every how many rows a sample keeps the sort keys: a jump walks fewer index entries than this. */
export const JUMP_EVERY = 1000;
/** How many (tenant, dataset, sort) samples a server keeps. */
const SAMPLES_KEPT = 500;

/** The sort keys' values (as text) of the rows at positions 0, `every`, 2 × `every` … of a sort ({@link RowJumps.every}). */
export type JumpSample = readonly (readonly (string | null)[])[];

/**
 * Samples of a dataset's sort keys, so that a page at any offset of an unfiltered sort walks at most
 * {@link JUMP_EVERY} index entries from the nearest sample instead of every row before it (a jump
 * into the middle of 60,000 resources walked 30,000). A sample is read once — one walk of the sort
 * — and kept under the version of the rows it was read from: migration 024's triggers move
 * `rows:{table}:{tenant}` in the transaction of every statement that writes them, so a write through
 * any server is seen by every server's next jump (see {@link CacheVersions}). Only datasets whose
 * rows and order come from one table (`DatasetSql.rowsTable`) have samples.
 */
export class RowJumps {
  private readonly samples = new VersionedCache<JumpSample>(SAMPLES_KEPT, cacheMetric('data_jumps'));

  /**
   * `every`: the sample's spacing (tests take a small one to sample a small tenant). The versions
   * reader may be shared with other caches of the same database.
   */
  constructor(
    db: Database,
    readonly every = JUMP_EVERY,
    private readonly versions = new CacheVersions(db),
  ) {
    if (!Number.isInteger(every) || every < 2) throw new RangeError('A jump sample keeps every n-th row, n ≥ 2.');
  }

  /** Samples read so far (tests). */
  get builds(): number {
    return this.samples.builds;
  }

  /** The sample of `ds`'s rows of `tenantId` in the sort `sort` (its signature), read by `read` when the rows moved. */
  async sample(
    ds: DatasetId,
    tenantId: string,
    sort: string,
    read: () => Promise<JumpSample>,
  ): Promise<JumpSample | null> {
    const table = DATASET_SQL[ds].rowsTable;
    if (!table) return null;
    const scopes = [`rows:${table}:${tenantId}`, `rows:${table}`];
    const versions = await this.versions.read(scopes);
    const stamp = scopes.map((s) => versions.get(s)).join('/');
    return this.samples.get(`${ds}\u0000${tenantId}\u0000${sort}`, stamp, read);
  }
}
