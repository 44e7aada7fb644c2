/**
 * The Microsoft 365 adoption datasets (core's `ADOPTION_DATASETS` and `ADOPTION_PAGES`), one file per
 * dataset with its SQL and its seed side by side. This index lists them: their SQL for
 * `data/registry.ts`, and their seeds in the order the demo seed runs them.
 */

import type { ADOPTION_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import type { SeedData } from '../../seed/seedData';
import { ADOPTION_CHECKS_SQL, seedChecks } from './adoptionChecks';
import { m365Tenants } from './shared';
import { SHAREPOINT_SETTINGS_SQL, seedSettings } from './sharepointSettings';
import { seedTeamsDays, TEAMS_CALL_DAYS_SQL } from './teamsCallDays';
import { seedApps, THIRD_PARTY_APPS_SQL } from './thirdPartyApps';

/** Where the datasets of core's `ADOPTION_DATASETS` come from (see `data/registry.ts` for the contract). */
export const ADOPTION_SQL: Readonly<Record<keyof typeof ADOPTION_DATASETS, DatasetSql>> = {
  thirdPartyApps: THIRD_PARTY_APPS_SQL,
  sharepointSettings: SHAREPOINT_SETTINGS_SQL,
  teamsCallDays: TEAMS_CALL_DAYS_SQL,
  adoptionChecks: ADOPTION_CHECKS_SQL,
};

/**
 * Seeds the tables of Microsoft 365 adoption's feature pages (core's `ADOPTION_DATASETS`): deterministic,
 * written once per tenant.
 *
 * One data set: every tenant with Microsoft 365 usage in the assistant's `assistant_m365_usage` (the
 * m365 tenants) gets rows, sized by that usage and by its users in `m365_users`. The last 30 Teams days
 * add up exactly to the assistant's Teams 'Calls' and 'Meetings'; the usage score's Communication,
 * Meetings and Content collaboration points are the workloads' active shares of the same table; the
 * Copilot readiness MFA check is the share of enabled users registered for MFA.
 */
export async function seedAdoption(tx: Database, data: SeedData, now: Date): Promise<void> {
  if (data !== 'full') return;
  for (const tenant of await m365Tenants(tx)) {
    await seedApps(tx, tenant, now);
    await seedSettings(tx, tenant);
    await seedTeamsDays(tx, tenant);
    await seedChecks(tx, tenant);
  }
}
