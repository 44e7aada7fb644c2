import type { Database } from '../db/database';

/** The demo reports. Idempotent like the rest of the seed. */
export async function seedReports(tx: Database): Promise<void> {
  void tx;
}
