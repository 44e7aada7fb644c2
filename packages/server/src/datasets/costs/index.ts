/**
 * The cost management datasets (core's `COST_DATASETS` and `COST_PAGES`), one file per dataset with
 * its SQL and its seed side by side. This index lists them: their SQL for `data/registry.ts`, and
 * their seeds in the order the demo seed runs them.
 */

import type { COST_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows } from '../../seed/bulk';
import type { SeedData } from '../../seed/seedData';
import { ANOMALIES_SQL, seedAnomalies } from './anomalies';
import { INVOICES_SQL, seedInvoices } from './invoices';
import { MACC_SQL, seedMacc } from './macc';
import { PROJECT_COSTS_SQL, seedProjectBudgets } from './projectCosts';
import { COST_TENANTS } from './shared';
import { SHARED_COSTS_SQL, seedSharedRules } from './sharedCosts';

/** Where the datasets of core's `COST_DATASETS` come from (see `data/registry.ts` for the contract). */
export const COST_SQL: Readonly<Record<keyof typeof COST_DATASETS, DatasetSql>> = {
  macc: MACC_SQL,
  anomalies: ANOMALIES_SQL,
  invoices: INVOICES_SQL,
  sharedCosts: SHARED_COSTS_SQL,
  projectCosts: PROJECT_COSTS_SQL,
};

/**
 * Seeds the cost management feature pages' tables (core's `COST_DATASETS`): deterministic, written once
 * per tenant, derived from the daily cost rows and their monthly roll-up (seeded before), so every
 * page reads one data set. Full seed only.
 */
export async function seedCosts(tx: Database, data: SeedData, now: Date): Promise<void> {
  if (data !== 'full') return;
  for (const t of COST_TENANTS) {
    if (!(await hasRows(tx, 'azure_daily_costs', t.tenantId))) continue;
    await seedMacc(tx, t.tenantId, t.company, now);
    await seedAnomalies(tx, t.tenantId, now);
    await seedInvoices(tx, t.tenantId, now);
    await seedSharedRules(tx, t.tenantId);
    await seedProjectBudgets(tx, t.tenantId, t.domain, now);
  }
}
