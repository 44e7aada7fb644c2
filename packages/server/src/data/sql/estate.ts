import type { ESTATE_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql, SourceScope } from '../types';
import { currencyOf } from '../sqlParts';

/**
 * Each resource's cost of the last complete month, keyed as the resources page keys it
 * (subscription, resource group, resource name over the monthly roll-up), so the estate pages and
 * the resources page give one figure for a resource.
 */
const lastMonthByResource = (s: SourceScope, tenant: string) =>
  `(select subscription_id, resource_group, resource_name, sum(amount) as lm from assistant_azure_costs
     where tenant_id = ${tenant} and period = ${s.bind(s.lastPeriod)} group by subscription_id, resource_group, resource_name)`;

/** Where the datasets of core's `ESTATE_DATASETS` come from (see `../registry.ts` for the contract). */
export const ESTATE_SQL: Readonly<Record<keyof typeof ESTATE_DATASETS, DatasetSql>> = {
  logWorkspaces: {
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
  },

  enrollmentAccounts: {
    from: (s) => {
      const tenant = s.bind(s.tenantId);
      return `estate_ea_accounts a
        left join azure_subscriptions s on s.tenant_id = a.tenant_id and s.subscription_id = a.subscription_id
        left join (select subscription_id, sum(amount) as lm from assistant_azure_costs
                    where tenant_id = ${tenant} and period = ${s.bind(s.lastPeriod)} group by subscription_id) c on c.subscription_id = a.subscription_id
        where a.tenant_id = ${tenant}`;
    },
    id: 'a.account_id',
    idType: 'text',
    columns: {
      enrollmentNumber: { sql: 'a.enrollment_number' },
      department: { sql: 'a.department' },
      accountName: { sql: 'a.account_name' },
      owner: { sql: 'a.owner' },
      status: { sql: 'a.status' },
      subscription: { sql: 'coalesce(s.name, a.subscription_id)', nullable: true },
      startDate: { sql: 'a.start_date' },
      endDate: { sql: 'a.end_date' },
      balance: { sql: 'a.commitment_balance' },
      spendLastMonth: { sql: 'coalesce(c.lm, 0)' },
    },
    kpis: {
      accounts: 'count(*)',
      active: `count(*) filter (where t."status" = 'Active')`,
      spendLastMonth: 'coalesce(sum(t."spendLastMonth"), 0)',
      balance: 'coalesce(sum(t."balance"), 0)',
    },
    currency: currencyOf('estate_ea_accounts'),
  },

  tagValues: {
    // One group per (name, value) over the resources carrying it; the tenant-wide counts once.
    from: (s) => {
      const tenant = s.bind(s.tenantId);
      return `(select e.key as tag, e.value as value, count(*) as n, sum(coalesce(c.lm, 0)) as cost
                 from azure_resources r
                 cross join lateral jsonb_each_text(r.tags) e
                 left join ${lastMonthByResource(s, tenant)} c
                        on c.subscription_id = r.subscription_id and c.resource_group = r.resource_group and c.resource_name = r.name
                where r.tenant_id = ${tenant}
                group by e.key, e.value) g
        cross join (select count(*) as total,
                           count(*) filter (where r.tags = '{}'::jsonb) as untagged,
                           count(*) filter (where exists (select 1 from estate_required_tags q where q.tenant_id = r.tenant_id and not jsonb_exists(r.tags, q.tag_name))) as missing
                      from azure_resources r where r.tenant_id = ${tenant}) a
        left join estate_required_tags q on q.tenant_id = ${tenant} and q.tag_name = g.tag`;
    },
    id: `g.tag || '=' || g.value`,
    idType: 'text',
    columns: {
      tag: { sql: 'g.tag' },
      value: { sql: 'g.value' },
      pair: { sql: `g.tag || '=' || g.value` },
      resources: { sql: 'g.n' },
      share: { sql: 'round(g.n::numeric / nullif(a.total, 0), 4)' },
      costLastMonth: { sql: 'g.cost' },
      required: { sql: 'q.tag_name is not null' },
      untaggedShare: { sql: 'round(a.untagged::numeric / nullif(a.total, 0), 4)' },
      missingRequired: { sql: 'a.missing' },
    },
    kpis: {
      tagNames: 'count(distinct t."tag")',
      untaggedShare: 'coalesce(max(t."untaggedShare"), 0)',
      missingRequired: 'coalesce(max(t."missingRequired"), 0)',
    },
    currency: currencyOf('assistant_azure_costs'),
  },

  bomLines: {
    from: (s) => `estate_bom_lines b where b.tenant_id = ${s.bind(s.tenantId)}`,
    id: `b.line_id || ':' || b.model`,
    idType: 'text',
    columns: {
      line: { sql: 'b.line' },
      category: { sql: 'b.category' },
      model: { sql: 'b.model' },
      modelName: { sql: 'b.model_name' },
      quantity: { sql: 'b.quantity' },
      unitPrice: { sql: 'b.unit_price' },
      monthlyCost: { sql: 'round(b.quantity * b.unit_price, 2)' },
    },
    kpis: {
      currentCost: `coalesce(sum(t."monthlyCost") filter (where t."model" = 'Current'), 0)`,
      alternativeCost: `coalesce(sum(t."monthlyCost") filter (where t."model" = 'Alternative'), 0)`,
      saving: `coalesce(sum(t."monthlyCost") filter (where t."model" = 'Current'), 0) - coalesce(sum(t."monthlyCost") filter (where t."model" = 'Alternative'), 0)`,
    },
    currency: currencyOf('estate_bom_lines'),
  },
};
