/**
 * The Microsoft 365 directory datasets (core's `M365_DATASETS` and `M365_PAGES`), one file per dataset
 * with its SQL and its seed side by side. This index lists them: their SQL for `data/registry.ts`, and
 * their seeds in the order the demo seed runs them.
 *
 * The Microsoft 365 directory pages' demo data (migration 014; spec §2 "A loader opens feature
 * pages by component name", the columns are our choice): groups with their memberships, Intune
 * devices, first sign-ins, the leavers' offboarding and the worker profiles. Everything is drawn
 * from the tenant's m365_users as seeded before (datasets/base/seed.ts), so every member, device
 * owner, joiner, leaver and profile user is a user the users page lists.
 */

import type { M365_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import type { SeedData } from '../../seed/seedData';
import { JOINERS_SQL, seedFirstSignIns } from './joiners';
import { LEAVERS_SQL, seedLeavers } from './leavers';
import { M365_DEVICES_SQL, seedDevices } from './m365Devices';
import { M365_GROUPS_SQL, seedGroups } from './m365Groups';
import { directoryUsers } from './shared';
import { seedProfiles, WORKER_PROFILES_SQL } from './workerProfiles';

/** Where the datasets of core's `M365_DATASETS` come from (see `data/registry.ts` for the contract). */
export const M365_SQL: Readonly<Record<keyof typeof M365_DATASETS, DatasetSql>> = {
  m365Groups: M365_GROUPS_SQL,
  m365Devices: M365_DEVICES_SQL,
  joiners: JOINERS_SQL,
  leavers: LEAVERS_SQL,
  workerProfiles: WORKER_PROFILES_SQL,
};

/**
 * Seeds the Microsoft 365 feature pages' tables (core's `M365_DATASETS`): deterministic, written once
 * per tenant, for every tenant with directory users (Contoso and Fabrikam), in the full seed only.
 */
export async function seedM365(tx: Database, data: SeedData, now: Date): Promise<void> {
  void now;
  if (data !== 'full') return;
  const { rows: tenants } = await tx.query<{ tenant_id: string }>(
    'select distinct tenant_id from m365_users order by tenant_id',
  );
  for (const { tenant_id: tenantId } of tenants) {
    const users = await directoryUsers(tx, tenantId);
    if (users.length === 0) continue;
    const domain = users[0]!.upn.split('@')[1] ?? 'example';
    const stem = domain.split('.')[0]!;
    const brand = stem.charAt(0).toUpperCase() + stem.slice(1);
    await seedFirstSignIns(tx, tenantId, users);
    await seedLeavers(tx, tenantId, users);
    await seedGroups(tx, tenantId, brand, users);
    await seedDevices(tx, tenantId, stem.slice(0, 3).toUpperCase(), users);
    await seedProfiles(tx, tenantId, users);
  }
}
