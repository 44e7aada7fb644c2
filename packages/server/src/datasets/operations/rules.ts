/**
 * The `rules` dataset (core's `OPERATIONS_DATASETS.rules`, shown by `OPERATIONS_PAGES`): where its
 * rows come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { MINUTE, peopleOf, type OpsTenant, iso } from './shared';

/**
 * Where the rows of core's `OPERATIONS_DATASETS.rules` come from (see `data/registry.ts` for the
 * contract).
 */
export const RULES_SQL: DatasetSql = {
  from: (s) => `ops_rules r where r.tenant_id = ${s.bind(s.tenantId)}`,
  id: 'r.id',
  idType: 'text',
  columns: {
    rule: { sql: 'r.name' },
    kind: { sql: 'r.kind' },
    scope: { sql: 'r.scope' },
    condition: { sql: 'r.condition' },
    action: { sql: 'r.action' },
    enabled: { sql: 'r.enabled' },
    lastTriggered: { sql: 'r.last_triggered', nullable: true },
    createdBy: { sql: 'r.created_by' },
  },
  kpis: {
    rules: 'count(*)',
    enabled: 'count(*) filter (where t."enabled")',
    triggeredLast7Days: `count(*) filter (where t."lastTriggered" >= now() - interval '7 days')`,
  },
  currency: usd,
};

/** Seeds each tenant's rules (`ops_rules`), once per tenant with a licence module. */
// eslint-disable-next-line max-lines-per-function -- a data table: the demo rules, written out per module
export async function seedRules(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.length || (await hasRows(tx, 'ops_rules', t.tenantId))) continue;
    const rnd = random(`${t.tenantId}:ops_rules`);
    const people = peopleOf(t.tenantId);
    const { rows: subs } = await tx.query<{ name: string }>(
      'select name from azure_subscriptions where tenant_id = $1 order by name',
      [t.tenantId],
    );
    const rules: { name: string; kind: string; scope: string; condition: string; action: string }[] = [];
    if (t.modules.includes('azure')) {
      const all = 'All subscriptions';
      rules.push(
        {
          name: 'Allocate shared networking by compute cost',
          kind: 'Cost allocation',
          scope: all,
          condition: 'Service is Virtual Network, Load Balancer or Application Gateway',
          action: 'Split across subscriptions by their share of compute cost',
        },
        {
          name: 'Allocate Log Analytics to cost centres',
          kind: 'Cost allocation',
          scope: all,
          condition: 'Service is Log Analytics',
          action: "Charge by tag 'costCenter' of the workspace's resource group",
        },
        {
          name: 'Untagged cost to IT Platform',
          kind: 'Cost allocation',
          scope: all,
          condition: "Tag 'costCenter' is missing",
          action: "Charge to cost centre 'IT-Platform'",
        },
        {
          name: 'Daily cost spike',
          kind: 'Anomaly alert',
          scope: all,
          condition: 'Daily cost 40% above the forecast',
          action: `Email finops@${t.domain}`,
        },
        {
          name: 'New service in use',
          kind: 'Anomaly alert',
          scope: all,
          condition: 'A service without cost in the last 30 days has cost today',
          action: `Email finops@${t.domain}`,
        },
        {
          name: "Require tag 'costCenter'",
          kind: 'Tag policy',
          scope: all,
          condition: "Resource created without tag 'costCenter'",
          action: 'Deny the deployment',
        },
        {
          name: "Require tag 'owner'",
          kind: 'Tag policy',
          scope: all,
          condition: "Resource created without tag 'owner'",
          action: 'Audit and notify the subscription owner',
        },
        {
          name: "Inherit tag 'environment'",
          kind: 'Tag policy',
          scope: all,
          condition: "Resource without tag 'environment' in a tagged resource group",
          action: "Copy the resource group's tag",
        },
      );
      for (const s of subs.slice(0, t.large ? 8 : 3)) {
        rules.push({
          name: `${s.name} monthly budget 90%`,
          kind: 'Budget alert',
          scope: s.name,
          condition: 'Actual cost > 90% of the monthly budget',
          action: `Email the subscription owner and finops@${t.domain}`,
        });
        if (rnd.chance(0.5))
          rules.push({
            name: `${s.name} forecast over budget`,
            kind: 'Budget alert',
            scope: s.name,
            condition: 'Forecast cost > 100% of the monthly budget',
            action: 'Post to the Teams channel Cloud operations',
          });
      }
    }
    if (t.modules.includes('m365')) {
      const tenant = 'Microsoft 365 tenant';
      rules.push(
        {
          name: 'Allocate Microsoft 365 licences by department',
          kind: 'Cost allocation',
          scope: tenant,
          condition: 'Licence assigned to a user',
          action: "Charge to the user's department",
        },
        {
          name: 'Microsoft 365 licence spend',
          kind: 'Budget alert',
          scope: tenant,
          condition: 'Monthly licence cost > 95% of the budget',
          action: `Email it-procurement@${t.domain}`,
        },
        {
          name: 'Unassigned licences growing',
          kind: 'Anomaly alert',
          scope: tenant,
          condition: 'Unassigned licences up 20% in 7 days',
          action: `Email it-procurement@${t.domain}`,
        },
        {
          name: 'Inactive licensed users',
          kind: 'Anomaly alert',
          scope: tenant,
          condition: 'Licensed users inactive for 30 days or more',
          action: 'Weekly digest to the licence owners',
        },
      );
    }
    const rows = rules.map((r, i) => ({
      tenant_id: t.tenantId,
      id: `rule-${String(i + 1).padStart(3, '0')}`,
      ...r,
      enabled: rnd.chance(0.85),
      last_triggered: rnd.chance(0.3) ? null : iso(nowMs - rnd.int(10, 60 * 24 * 45) * MINUTE),
      created_by: rnd.pick(people),
    }));
    await insertJson(
      tx,
      'ops_rules',
      'tenant_id, id, name, kind, scope, condition, action, enabled, last_triggered, created_by',
      'tenant_id text, id text, name text, kind text, scope text, condition text, action text, enabled boolean, last_triggered timestamptz, created_by text',
      rows,
    );
  }
}
