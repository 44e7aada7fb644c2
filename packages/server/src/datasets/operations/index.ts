/**
 * The operations datasets (core's `OPERATIONS_DATASETS` and `OPERATIONS_PAGES`), one file per dataset
 * with its SQL and its seed side by side. This index lists them: their SQL for `data/registry.ts`, and
 * their seeds in the order the demo seed runs them.
 */

import type { OPERATIONS_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import type { SeedData } from '../../seed/seedData';
import { ALERT_DEFINITIONS_SQL, seedAlertDefinitions } from './alertDefinitions';
import { METRIC_ALERTS_SQL, seedMetricAlerts } from './metricAlerts';
import { PIPELINES_SQL, seedPipelines } from './pipelines';
import { RELEASE_NOTES_SQL, seedReleaseNotes } from './releaseNotes';
import { RULES_SQL, seedRules } from './rules';
import { SECURITY_ALERTS_SQL, seedSecurityAlerts } from './securityAlerts';
import { SERVICE_HEALTH_SQL, seedServiceHealth } from './serviceHealth';
import { MINUTE, opsTenants } from './shared';

/** Where the datasets of core's `OPERATIONS_DATASETS` come from (see `data/registry.ts` for the contract). */
export const OPERATIONS_SQL: Readonly<Record<keyof typeof OPERATIONS_DATASETS, DatasetSql>> = {
  pipelines: PIPELINES_SQL,
  rules: RULES_SQL,
  serviceHealth: SERVICE_HEALTH_SQL,
  alertDefinitions: ALERT_DEFINITIONS_SQL,
  metricAlerts: METRIC_ALERTS_SQL,
  securityAlerts: SECURITY_ALERTS_SQL,
  releaseNotes: RELEASE_NOTES_SQL,
};

/**
 * Seeds the operations feature pages' tables (core's `OPERATIONS_DATASETS`, migration 016):
 * deterministic (a PRNG per tenant and table), written once per tenant, in the full seed only. Rows
 * that name resources or users read them from `azure_resources` and `m365_users`, which the base
 * datasets' seed wrote before; the alert definitions carry the names of the alerts it generated. The
 * anchors seed writes none of them, which keeps the other server tests fast.
 */
export async function seedOperations(tx: Database, data: SeedData, now: Date): Promise<void> {
  if (data !== 'full') return;
  const nowMs = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const tenants = opsTenants();
  await seedPipelines(tx, tenants, nowMs);
  await seedRules(tx, tenants, nowMs);
  await seedServiceHealth(tx, tenants, nowMs);
  await seedAlertDefinitions(tx, tenants);
  await seedMetricAlerts(tx, tenants, nowMs);
  await seedSecurityAlerts(tx, tenants, nowMs);
  await seedReleaseNotes(tx, now);
}
