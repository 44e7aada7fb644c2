/**
 * The Azure estate datasets (core's `ESTATE_DATASETS` and `ESTATE_PAGES`), one file per dataset with
 * its SQL and its seed side by side. This index lists them: their SQL for `data/registry.ts`, and
 * their seeds in the order the demo seed runs them.
 *
 * The demo data of the Azure estate's pages (migration 013). What can be read from the inventory
 * and the cost roll-up is read from them (`azure_resources`, `azure_subscriptions`,
 * `assistant_m365_licenses`), so the pages agree with the resources and subscriptions pages: the
 * workspaces are the inventory's Log Analytics resources, the EA accounts own the tenant's
 * subscriptions, the bill of materials counts the inventory's resources by SKU and region.
 */

import type { ESTATE_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import type { SeedData } from '../../seed/seedData';
import { BOM_LINES_SQL, seedBomLines } from './bomLines';
import { ENROLLMENT_ACCOUNTS_SQL, seedEaAccounts } from './enrollmentAccounts';
import { LOG_WORKSPACES_SQL, seedLogWorkspaces } from './logWorkspaces';
import { AZURE_TENANTS } from './shared';
import { seedRequiredTags, TAG_VALUES_SQL } from './tagValues';

/** Where the datasets of core's `ESTATE_DATASETS` come from (see `data/registry.ts` for the contract). */
export const ESTATE_SQL: Readonly<Record<keyof typeof ESTATE_DATASETS, DatasetSql>> = {
  logWorkspaces: LOG_WORKSPACES_SQL,
  enrollmentAccounts: ENROLLMENT_ACCOUNTS_SQL,
  tagValues: TAG_VALUES_SQL,
  bomLines: BOM_LINES_SQL,
};

/**
 * Seeds the tables of the Azure estate's feature pages (core's `ESTATE_DATASETS`): deterministic,
 * written once per tenant, in the full seed only (after the inventory, the cost roll-up and the
 * subscriptions, which it reads).
 */
export async function seedEstate(tx: Database, data: SeedData, now: Date): Promise<void> {
  if (data !== 'full') return;
  for (const tenantId of AZURE_TENANTS) {
    await seedLogWorkspaces(tx, tenantId);
    await seedEaAccounts(tx, tenantId, now);
    await seedRequiredTags(tx, tenantId);
    await seedBomLines(tx, tenantId);
  }
}
