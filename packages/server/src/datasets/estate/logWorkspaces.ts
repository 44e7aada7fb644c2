/**
 * The `logWorkspaces` dataset (core's `ESTATE_DATASETS.logWorkspaces`, shown by `ESTATE_PAGES`): where
 * its rows come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { currencyOf } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { lastMonthByResource } from './shared';

/**
 * Where the rows of core's `ESTATE_DATASETS.logWorkspaces` come from (see `data/registry.ts` for the
 * contract).
 */
export const LOG_WORKSPACES_SQL: DatasetSql = {
  // The daily rows' ids are (day - 2000-01-01) * 100000 + resource number: the 30 days before
  // today are an id range, which the primary key serves.
  from: (s) => {
    const tenant = s.bind(s.tenantId);
    return `azure_resources r
      left join azure_subscriptions s on s.tenant_id = r.tenant_id and s.subscription_id = r.subscription_id
      left join estate_log_workspaces w on w.tenant_id = r.tenant_id and w.resource_id = r.resource_id
      left join ${lastMonthByResource(s, tenant)} c
             on c.subscription_id = r.subscription_id and c.resource_group = r.resource_group and c.resource_name = r.name
      left join (select resource_id, sum(quantity) as gb from azure_daily_costs
                  where tenant_id = ${tenant} and service = 'Log Analytics'
                    and id >= (current_date - 30 - date '2000-01-01')::bigint * 100000 and id < (current_date - date '2000-01-01')::bigint * 100000
                  group by resource_id) i on i.resource_id = r.resource_id
      where r.tenant_id = ${tenant} and r.type = 'Microsoft.OperationalInsights/workspaces'`;
  },
  id: 'r.resource_id',
  idType: 'text',
  columns: {
    workspace: { sql: 'r.name' },
    resourceGroup: { sql: 'r.resource_group' },
    subscription: { sql: 'coalesce(s.name, r.subscription_id)' },
    region: { sql: 'r.location' },
    pricingTier: { sql: `coalesce(w.pricing_tier, 'Pay-as-you-go')` },
    retentionDays: { sql: 'coalesce(w.retention_days, 30)' },
    ingestionGbPerDay: { sql: 'round(coalesce(i.gb, 0) / 30, 2)' },
    costLastMonth: { sql: 'coalesce(c.lm, 0)' },
  },
  kpis: {
    workspaces: 'count(*)',
    ingestionGbPerDay: 'coalesce(sum(t."ingestionGbPerDay"), 0)',
    costLastMonth: 'coalesce(sum(t."costLastMonth"), 0)',
  },
  currency: currencyOf('assistant_azure_costs'),
};

const RETENTIONS = [30, 30, 30, 30, 60, 90, 90, 90, 180, 365, 730] as const;

/**
 * Each workspace's settings. The tier follows what the workspace ingests (its daily cost rows'
 * GB of the last 30 days): a commitment tier only from 100 GB a day, where it is cheaper than
 * pay-as-you-go; the demo's workspaces ingest less, so they are pay-as-you-go, as their cost rows
 * (the 'Data Ingestion' meter, billed per GB) say.
 */
export async function seedLogWorkspaces(tx: Database, tenantId: string): Promise<void> {
  if (await hasRows(tx, 'estate_log_workspaces', tenantId)) return;
  const { rows } = await tx.query<{ resource_id: string; gb: string }>(
    `select r.resource_id, coalesce(d.gb, 0) as gb
       from azure_resources r
       left join (select resource_id, sum(quantity) / 30 as gb from azure_daily_costs
                   where tenant_id = $1 and service = 'Log Analytics' and usage_date >= current_date - 30 group by resource_id) d on d.resource_id = r.resource_id
      where r.tenant_id = $1 and r.type = 'Microsoft.OperationalInsights/workspaces' order by r.resource_id`,
    [tenantId],
  );
  const rnd = random(`${tenantId}:estate_log_workspaces`);
  await insertJson(
    tx,
    'estate_log_workspaces',
    'tenant_id, resource_id, pricing_tier, retention_days',
    'tenant_id text, resource_id text, pricing_tier text, retention_days integer',
    rows.map((r) => ({
      tenant_id: tenantId,
      resource_id: r.resource_id,
      pricing_tier:
        Number(r.gb) >= 200
          ? 'Commitment tier 200 GB/day'
          : Number(r.gb) >= 100
            ? 'Commitment tier 100 GB/day'
            : 'Pay-as-you-go',
      retention_days: rnd.pick(RETENTIONS),
    })),
  );
}
