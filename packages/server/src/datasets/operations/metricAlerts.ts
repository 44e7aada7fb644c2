/**
 * The `metricAlerts` dataset (core's `OPERATIONS_DATASETS.metricAlerts`, shown by `OPERATIONS_PAGES`):
 * where its rows come from (the SQL the query builder reads) and its demo rows (the seed), side by
 * side.
 */

import { usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { MINUTE, peopleOf, type OpsTenant, iso } from './shared';

/**
 * Where the rows of core's `OPERATIONS_DATASETS.metricAlerts` come from (see `data/registry.ts` for
 * the contract).
 */
export const METRIC_ALERTS_SQL: DatasetSql = {
  from: (s) => `ops_metric_alerts m where m.tenant_id = ${s.bind(s.tenantId)}`,
  id: 'm.id',
  idType: 'text',
  columns: {
    resource: { sql: 'm.resource_name' },
    resourceType: { sql: 'm.resource_type' },
    metric: { sql: 'm.metric' },
    operator: { sql: 'm.operator' },
    threshold: { sql: 'm.threshold' },
    currentValue: { sql: 'm.current_value' },
    severity: { sql: 'm.severity' },
    firedAt: { sql: 'm.fired_at' },
    status: { sql: 'm.status' },
    statusBy: { sql: 'm.status_by', nullable: true },
    statusAt: { sql: 'm.status_at', nullable: true },
  },
  kpis: {
    fired: `count(*) filter (where t."status" = 'Fired')`,
    critical: `count(*) filter (where t."status" <> 'Resolved' and t."severity" = 'Critical')`,
    acknowledged: `count(*) filter (where t."status" = 'Acknowledged')`,
  },
  currency: usd,
  actions: {
    table: 'ops_metric_alerts',
    key: 'id',
    reasonColumn: null,
    history: false,
    verbs: { acknowledge: { status: 'Acknowledged', from: ['Fired'] } },
  },
};

const METRICS: Readonly<
  Record<
    string,
    readonly { metric: string; operator: 'Greater than' | 'Less than'; threshold: number; spread: number }[]
  >
> = {
  'Microsoft.Compute/virtualMachines': [
    { metric: 'Percentage CPU', operator: 'Greater than', threshold: 90, spread: 9 },
    { metric: 'Available memory (GB)', operator: 'Less than', threshold: 1, spread: 0.8 },
  ],
  'Microsoft.Sql/servers/databases': [{ metric: 'DTU percentage', operator: 'Greater than', threshold: 90, spread: 9 }],
  'Microsoft.Web/sites': [{ metric: 'Http 5xx', operator: 'Greater than', threshold: 50, spread: 120 }],
  'Microsoft.Storage/storageAccounts': [
    { metric: 'Used capacity (TB)', operator: 'Greater than', threshold: 4, spread: 2 },
    { metric: 'Availability (%)', operator: 'Less than', threshold: 99.9, spread: 1.5 },
  ],
  'Microsoft.ContainerService/managedClusters': [
    { metric: 'Node CPU percentage', operator: 'Greater than', threshold: 85, spread: 14 },
  ],
  'Microsoft.Cache/Redis': [{ metric: 'Server load', operator: 'Greater than', threshold: 80, spread: 19 }],
  'Microsoft.DocumentDB/databaseAccounts': [
    { metric: 'Normalized RU consumption', operator: 'Greater than', threshold: 90, spread: 10 },
  ],
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Seeds each Azure tenant's metric alerts on its resources (`ops_metric_alerts`). */
export async function seedMetricAlerts(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.includes('azure') || (await hasRows(tx, 'ops_metric_alerts', t.tenantId))) continue;
    const rnd = random(`${t.tenantId}:ops_metric_alerts`);
    const people = peopleOf(t.tenantId);
    const { rows: resources } = await tx.query<{ name: string; type: string }>(
      'select name, type from azure_resources where tenant_id = $1 and type = any($2::text[]) order by name',
      [t.tenantId, Object.keys(METRICS)],
    );
    if (!resources.length) continue;
    const count = t.large ? 90 : 24;
    const rows = Array.from({ length: count }, () => {
      const r = rnd.pick(resources);
      const m = rnd.pick(METRICS[r.type]!);
      const ageMinutes = rnd.int(5, 7 * 24 * 60);
      const fired = nowMs - ageMinutes * MINUTE;
      const roll = rnd.next();
      const status = roll < 0.4 ? 'Fired' : roll < 0.65 ? 'Acknowledged' : 'Resolved';
      const beyond = rnd.next() * m.spread;
      const sign = m.operator === 'Greater than' ? 1 : -1;
      const current =
        status === 'Resolved' ? m.threshold - sign * beyond : m.threshold + sign * Math.max(beyond, m.spread * 0.05);
      const severity = rnd.pick(['Critical', 'Error', 'Error', 'Warning', 'Warning', 'Warning', 'Informational']);
      const acted = status !== 'Fired';
      return {
        tenant_id: t.tenantId,
        id: `ma-${rnd.hex(12)}`,
        resource_name: r.name,
        resource_type: r.type,
        metric: m.metric,
        operator: m.operator,
        threshold: m.threshold,
        current_value: round2(Math.max(0, current)),
        severity,
        fired_at: iso(fired),
        status,
        status_by: acted ? (status === 'Resolved' && rnd.chance(0.6) ? 'Azure Monitor' : rnd.pick(people)) : null,
        status_at: acted
          ? iso(Math.min(nowMs, fired + rnd.int(3, Math.max(4, Math.min(ageMinutes, 720))) * MINUTE))
          : null,
      };
    });
    await insertJson(
      tx,
      'ops_metric_alerts',
      'tenant_id, id, resource_name, resource_type, metric, operator, threshold, current_value, severity, fired_at, status, status_by, status_at',
      'tenant_id text, id text, resource_name text, resource_type text, metric text, operator text, threshold numeric, current_value numeric, severity text, fired_at timestamptz, status text, status_by text, status_at timestamptz',
      rows,
    );
  }
}
