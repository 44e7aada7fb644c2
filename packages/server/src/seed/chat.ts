import type { Database } from '../db/database';

/** The demo tenants' Azure and Microsoft 365 data the built-in assistant engine answers from. Idempotent like the rest of the seed. */
export async function seedChatData(tx: Database): Promise<void> {
  void tx;
}
