import type { Database } from '../db/database';

/** The menu tree, page descriptions and navigation history of the demo tenants. Idempotent like the rest of the seed. */
export async function seedPortal(tx: Database): Promise<void> {
  void tx;
}
