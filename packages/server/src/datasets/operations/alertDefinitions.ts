/**
 * The `alertDefinitions` dataset (core's `OPERATIONS_DATASETS.alertDefinitions`, shown by
 * `OPERATIONS_PAGES`): where its rows come from (the SQL the query builder reads) and its demo rows
 * (the seed), side by side.
 */

import { licensed, usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { type OpsTenant, slug } from './shared';

/**
 * Where the rows of core's `OPERATIONS_DATASETS.alertDefinitions` come from (see `data/registry.ts`
 * for the contract).
 */
export const ALERT_DEFINITIONS_SQL: DatasetSql = {
  // Fired in the last 30 days: the tenant's alerts of the definition's name fired since now - 30 days.
  from: (s) => `ops_alert_definitions d
    cross join lateral (select count(*) as n from alerts a where a.tenant_id = d.tenant_id and a.name = d.name and a.fired_at >= now() - interval '30 days') f
    where d.tenant_id = ${s.bind(s.tenantId)} and ${licensed(s, 'd.module')}`,
  id: 'd.id',
  idType: 'text',
  columns: {
    name: { sql: 'd.name' },
    signal: { sql: 'd.signal' },
    condition: { sql: 'd.condition' },
    threshold: { sql: 'd.threshold' },
    scope: { sql: 'd.scope' },
    severity: { sql: 'd.severity' },
    recipients: { sql: 'd.recipients' },
    enabled: { sql: 'd.enabled' },
    firedLast30Days: { sql: 'f.n' },
  },
  kpis: {
    definitions: 'count(*)',
    enabled: 'count(*) filter (where t."enabled")',
    firedLast30Days: 'coalesce(sum(t."firedLast30Days"), 0)',
  },
  currency: usd,
};

// Alert definitions: the names and severities of the alerts datasets/base/seed.ts generates (its
// AZURE_ALERTS and M365_ALERTS), plus rules that have not fired.

const ALERT_DEFINITIONS: readonly {
  module: 'azure' | 'm365';
  name: string;
  signal: string;
  condition: string;
  threshold: number;
  scope: string;
  severity: string;
  enabled?: boolean;
}[] = [
  {
    module: 'azure',
    name: 'CPU above 90%',
    signal: 'Metric',
    condition: 'Percentage CPU > 90 for 15 minutes',
    threshold: 90,
    scope: 'All virtual machines',
    severity: 'Warning',
  },
  {
    module: 'azure',
    name: 'Budget threshold reached',
    signal: 'Budget',
    condition: 'Actual cost > 90% of the monthly budget',
    threshold: 90,
    scope: 'All subscriptions',
    severity: 'Error',
  },
  {
    module: 'azure',
    name: 'Storage availability dropped',
    signal: 'Metric',
    condition: 'Availability < 99.9% for 5 minutes',
    threshold: 99.9,
    scope: 'All storage accounts',
    severity: 'Critical',
  },
  {
    module: 'azure',
    name: 'SQL CPU above 95%',
    signal: 'Metric',
    condition: 'CPU percentage > 95 for 10 minutes',
    threshold: 95,
    scope: 'All SQL databases',
    severity: 'Error',
  },
  {
    module: 'azure',
    name: 'Cost anomaly detected',
    signal: 'Budget',
    condition: 'Daily cost 40% above the forecast',
    threshold: 40,
    scope: 'All subscriptions',
    severity: 'Warning',
  },
  {
    module: 'azure',
    name: 'HTTP 5xx errors',
    signal: 'Metric',
    condition: 'Http5xx > 50 in 5 minutes',
    threshold: 50,
    scope: 'All app services',
    severity: 'Error',
  },
  {
    module: 'azure',
    name: 'Disk space low',
    signal: 'Log',
    condition: 'Free space < 10%',
    threshold: 10,
    scope: 'All virtual machines',
    severity: 'Informational',
  },
  {
    module: 'azure',
    name: 'Node not ready',
    signal: 'Metric',
    condition: 'Node condition NotReady for 5 minutes',
    threshold: 1,
    scope: 'All AKS clusters',
    severity: 'Critical',
  },
  {
    module: 'azure',
    name: 'Service health incident',
    signal: 'Service health',
    condition: 'Service issue reported for the region',
    threshold: 1,
    scope: 'All regions in use',
    severity: 'Informational',
  },
  {
    module: 'azure',
    name: 'Key Vault access denied',
    signal: 'Log',
    condition: 'Denied requests > 10 in 5 minutes',
    threshold: 10,
    scope: 'All key vaults',
    severity: 'Warning',
  },
  {
    module: 'azure',
    name: 'Resource group deleted',
    signal: 'Activity log',
    condition: 'Delete resource group succeeded',
    threshold: 1,
    scope: 'All subscriptions',
    severity: 'Warning',
  },
  {
    module: 'azure',
    name: 'VM availability lost',
    signal: 'Metric',
    condition: 'VM availability < 1 for 5 minutes',
    threshold: 1,
    scope: 'Production virtual machines',
    severity: 'Critical',
    enabled: false,
  },
  {
    module: 'm365',
    name: 'Impossible travel activity',
    signal: 'Log',
    condition: 'Sign-ins from two countries within one hour',
    threshold: 1,
    scope: 'All users',
    severity: 'Error',
  },
  {
    module: 'm365',
    name: 'Forwarding rule created',
    signal: 'Activity log',
    condition: 'A new inbox rule forwards mail to an external address',
    threshold: 1,
    scope: 'All mailboxes',
    severity: 'Warning',
  },
  {
    module: 'm365',
    name: 'Licence pool nearly exhausted',
    signal: 'Metric',
    condition: 'Fewer than 5% of the licences unassigned',
    threshold: 5,
    scope: 'All licences',
    severity: 'Warning',
  },
  {
    module: 'm365',
    name: 'Mass file deletion',
    signal: 'Activity log',
    condition: 'More than 500 files deleted in 10 minutes',
    threshold: 500,
    scope: 'All SharePoint sites',
    severity: 'Critical',
  },
  {
    module: 'm365',
    name: 'Admin role assigned',
    signal: 'Activity log',
    condition: 'Global Administrator role assigned',
    threshold: 1,
    scope: 'Directory roles',
    severity: 'Informational',
  },
  {
    module: 'm365',
    name: 'Exchange Online service incident',
    signal: 'Service health',
    condition: 'Incident reported for Exchange Online',
    threshold: 1,
    scope: 'Exchange Online',
    severity: 'Informational',
    enabled: false,
  },
];

/** Seeds each tenant's alert rules (`ops_alert_definitions`) of its licence modules. */
export async function seedAlertDefinitions(tx: Database, tenants: readonly OpsTenant[]): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.length || (await hasRows(tx, 'ops_alert_definitions', t.tenantId))) continue;
    const rows = ALERT_DEFINITIONS.filter((d) => t.modules.includes(d.module)).map((d) => ({
      tenant_id: t.tenantId,
      id: `ad-${slug(d.name)}`,
      module: d.module,
      name: d.name,
      signal: d.signal,
      condition: d.condition,
      threshold: d.threshold,
      scope: d.scope,
      severity: d.severity,
      recipients:
        d.severity === 'Critical'
          ? `oncall@${t.domain}; SMS to the on-call engineer`
          : `cloud-ops@${t.domain}; Teams channel Cloud operations`,
      enabled: d.enabled ?? true,
    }));
    await insertJson(
      tx,
      'ops_alert_definitions',
      'tenant_id, id, module, name, signal, condition, threshold, scope, severity, recipients, enabled',
      'tenant_id text, id text, module text, name text, signal text, condition text, threshold numeric, scope text, severity text, recipients text, enabled boolean',
      rows,
    );
  }
}
