/**
 * The base datasets (core's `BASE_DATASETS` and `BASE_PAGES`: subscriptions, resources, FOCUS cost
 * rows, recommendations, licences, users, alerts, budgets, reservations, Secure Score, usage): their
 * SQL, here, and their seed in `seed.ts` beside it. One file each rather than one per dataset: the
 * seed writes several of their tables in one pass (a resource's daily cost rows are generated with
 * it), and five of them read the assistant's own tables (seed/chat.ts).
 */

import { BUDGET_NEAR_AT } from '@cloudportal/core/rules';
import { currencyOf, licensed, open } from '../../data/sqlParts';
import type { DatasetSql, RollupSql } from '../../data/types';

/** Text columns joined by the search separator E'\x1f', as an index expression over them is written. */
const searchHaystack = (columns: readonly string[]) => columns.join(` || E'\\x1f' || `);

/**
 * A user holding a licence who has not signed in for 30 days or more, or never ("Inactive 30 days or
 * more"): migration 020's `cp_inactive_licensed`, which the users roll-up counts by too, so the rule
 * is written once (an immutable SQL function: the planner inlines it).
 */
const INACTIVE_LICENSED = `cp_inactive_licensed(t."licences", t."daysInactive")`;

/** The FOCUS roll-ups' summed columns and key figures (migration 018: both roll-ups have the same sums). */
const FOCUS_SUMS = { billedCost: 'r.billed_cost', effectiveCost: 'r.effective_cost', consumedQuantity: 'r.quantity' };
const FOCUS_ROLLUP_KPIS = {
  rows: 'coalesce(sum(t."row:count"), 0)',
  billedCost: 'coalesce(sum(t."billedCost"), 0)',
  effectiveCost: 'coalesce(sum(t."effectiveCost"), 0)',
};

/**
 * The FOCUS roll-ups, smallest first: per day and service category (migration 018: the page's key
 * figures, count and both charts), per day and service (026: a chart by service, a service filter),
 * and per day and every low-cardinality dimension (018).
 */
const FOCUS_ROLLUPS: readonly RollupSql[] = [
  {
    from: (s) => `azure_daily_cost_category_rollup r where r.tenant_id = ${s.bind(s.tenantId)}`,
    dimensions: { chargePeriodStart: 'r.usage_date', serviceCategory: 'r.service_category' },
    sums: FOCUS_SUMS,
    count: 'r.row_count',
    kpis: FOCUS_ROLLUP_KPIS,
  },
  {
    // Migration 026: bounded by days × services at any tenant size (a chart by service, a service filter).
    from: (s) => `azure_daily_cost_service_rollup r where r.tenant_id = ${s.bind(s.tenantId)}`,
    dimensions: { chargePeriodStart: 'r.usage_date', serviceName: 'r.service', serviceCategory: 'r.service_category' },
    sums: FOCUS_SUMS,
    count: 'r.row_count',
    kpis: FOCUS_ROLLUP_KPIS,
  },
  {
    from: (s) => `azure_daily_cost_rollup r where r.tenant_id = ${s.bind(s.tenantId)}`,
    dimensions: {
      chargePeriodStart: 'r.usage_date',
      serviceName: 'r.service',
      serviceCategory: 'r.service_category',
      regionName: 'r.region',
      chargeCategory: 'r.charge_category',
      pricingCategory: 'r.pricing_category',
      billingCurrency: 'r.currency',
    },
    sums: FOCUS_SUMS,
    count: 'r.row_count',
    kpis: FOCUS_ROLLUP_KPIS,
  },
];

/**
 * Where the base datasets' rows come from (core's `featureDatasets/base.ts`; see `data/registry.ts`
 * for the contract): the datasets written first, over the assistant's tables and the core inventory.
 */
export const BASE_SQL = {
  subscriptions: {
    // Migration 021: the resource count kept on the row, the cost per subscription and month in a roll-up.
    from: (s) => {
      const tenant = s.bind(s.tenantId);
      return `azure_subscriptions s
        left join azure_subscription_month_costs m on m.tenant_id = s.tenant_id and m.subscription_id = s.subscription_id and m.period = ${s.bind(s.currentPeriod)}
        left join azure_subscription_month_costs l on l.tenant_id = s.tenant_id and l.subscription_id = s.subscription_id and l.period = ${s.bind(s.lastPeriod)}
        where s.tenant_id = ${tenant}`;
    },
    id: 's.subscription_id',
    idType: 'text',
    columns: {
      name: { sql: 's.name' },
      subscriptionId: { sql: 's.subscription_id' },
      offer: { sql: 's.offer' },
      state: { sql: 's.state' },
      owner: { sql: 's.owner' },
      resources: { sql: 's.resource_count' },
      costMonthToDate: { sql: 'coalesce(m.amount, 0)' },
      costLastMonth: { sql: 'coalesce(l.amount, 0)' },
      createdOn: { sql: 's.created_on' },
    },
    kpis: {
      subscriptions: 'count(*)',
      costMonthToDate: 'coalesce(sum(t."costMonthToDate"), 0)',
      costLastMonth: 'coalesce(sum(t."costLastMonth"), 0)',
    },
    currency: currencyOf('azure_subscriptions'),
  },

  resources: {
    // Migration 020: subscription name, tags text and last month's cost kept on the row.
    from: (s) => `azure_resources r where r.tenant_id = ${s.bind(s.tenantId)}`,
    rowsTable: 'azure_resources',
    id: 'r.resource_id',
    idType: 'text',
    columns: {
      name: { sql: 'r.name' },
      type: { sql: 'r.type' },
      resourceGroup: { sql: 'r.resource_group' },
      subscription: { sql: 'r.subscription_name' },
      region: { sql: 'r.location' },
      sku: { sql: 'r.sku' },
      // "key=value; key=value", keys in order: searchable and sortable as text.
      tags: { sql: 'r.tags_text' },
      costLastMonth: { sql: 'r.cost_last_month' },
      createdOn: { sql: 'r.created_on', nullable: true },
    },
    kpis: {
      resources: 'count(*)',
      untaggedShare: `coalesce(avg(case when t."tags" = '' then 1.0 else 0.0 end), 0)`,
      regions: 'count(distinct t."region")',
      costLastMonth: 'coalesce(sum(t."costLastMonth"), 0)',
    },
    currency: currencyOf('assistant_azure_costs'),
    // As migration 020's azure_resources_search index expression.
    search: {
      haystack: searchHaystack([
        'r.name',
        'r.type',
        'r.resource_group',
        'r.subscription_name',
        'r.location',
        'r.sku',
        'r.tags_text',
      ]),
    },
    rollups: [
      {
        from: (s) => `azure_resource_rollup r where r.tenant_id = ${s.bind(s.tenantId)}`,
        dimensions: { region: 'r.region', type: 'r.type' },
        sums: { costLastMonth: 'r.cost_last_month' },
        extras: { 'row:untagged': 'r.untagged' },
        count: 'r.row_count',
        kpis: {
          resources: 'coalesce(sum(t."row:count"), 0)',
          untaggedShare: 'coalesce(sum(t."row:untagged")::numeric / nullif(sum(t."row:count"), 0), 0)',
          regions: 'count(distinct t."region")',
          costLastMonth: 'coalesce(sum(t."costLastMonth"), 0)',
        },
      },
    ],
    // The month the row's cost is of: brought to the read's last complete month first (once per month).
    prepare: (s) => `select azure_resource_costs_as_of(${s.bind(s.tenantId)}, ${s.bind(s.lastPeriod)})`,
  },

  focus: {
    from: (s) => `focus_costs f where f.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'f.id',
    idType: 'bigint',
    columns: {
      // The id is (day - 2000-01-01) * 100000 + resource number: it orders like the day, and the primary key serves it.
      chargePeriodStart: { sql: 'f.charge_period_start', sort: 'f.id', sortType: 'bigint', dayKeyed: true },
      billedCost: { sql: 'f.billed_cost' },
      effectiveCost: { sql: 'f.effective_cost' },
      billingCurrency: { sql: 'f.billing_currency' },
      serviceName: { sql: 'f.service_name' },
      serviceCategory: { sql: 'f.service_category' },
      resourceName: { sql: 'f.resource_name' },
      resourceId: { sql: 'f.resource_id' },
      regionName: { sql: 'f.region_name' },
      subAccountName: { sql: 'f.sub_account_name' },
      chargeCategory: { sql: 'f.charge_category' },
      pricingCategory: { sql: 'f.pricing_category' },
      consumedQuantity: { sql: 'f.consumed_quantity' },
      consumedUnit: { sql: 'f.consumed_unit' },
    },
    kpis: {
      rows: 'count(*)',
      billedCost: 'coalesce(sum(t."billedCost"), 0)',
      effectiveCost: 'coalesce(sum(t."effectiveCost"), 0)',
    },
    // The tenant's currency from the currency index: one entry read, not a scan (codes are A–Z, so "C" order is max()'s).
    currency: (s) =>
      `select currency from azure_daily_costs where tenant_id = ${s.bind(s.tenantId)} order by currency collate "C" desc limit 1`,
    // As migration 018's azure_daily_costs_haystack index expression (over the view's names).
    search: {
      haystack: searchHaystack(
        [
          'billing_currency',
          'service_name',
          'service_category',
          'resource_name',
          'resource_id',
          'region_name',
          'sub_account_name',
          'consumed_unit',
        ].map((c) => `f.${c}`),
      ),
      hashes: (s, pattern) =>
        `select hashtext(x.haystack) from azure_daily_cost_terms x where x.tenant_id = ${s.bind(s.tenantId)} and x.haystack ilike ${pattern}`,
      count: (s, pattern) =>
        `select coalesce(sum(x.row_count), 0) from azure_daily_cost_terms x where x.tenant_id = ${s.bind(s.tenantId)} and x.haystack ilike ${pattern}`,
    },
    rollups: FOCUS_ROLLUPS,
    narrowFirst: true,
  },

  recommendations: {
    from: (s) =>
      `assistant_recommendations r where r.tenant_id = ${s.bind(s.tenantId)} and ${licensed(s, 'r.dataset')}`,
    id: 'r.id',
    idType: 'text',
    columns: {
      title: { sql: 'r.title' },
      provider: { sql: 'r.provider' },
      category: { sql: 'r.category' },
      impact: { sql: 'r.impact' },
      resource: { sql: 'r.resource', nullable: true },
      monthlySavings: { sql: 'r.monthly_savings' },
      status: { sql: 'r.status' },
      statusReason: { sql: 'r.status_reason', nullable: true },
      statusBy: { sql: 'r.status_by', nullable: true },
      statusAt: { sql: 'r.status_at', nullable: true },
    },
    kpis: {
      open: `count(*) filter (where ${open('t')})`,
      monthlySavings: `coalesce(sum(t."monthlySavings") filter (where ${open('t')}), 0)`,
      highImpact: `count(*) filter (where ${open('t')} and t."impact" = 'High')`,
    },
    currency: currencyOf('assistant_recommendations'),
    actions: {
      table: 'assistant_recommendations',
      key: 'id',
      reasonColumn: 'status_reason',
      history: false,
      verbs: {
        dismiss: { status: 'dismissed', from: ['open', 'done'] },
        done: { status: 'done', from: ['open', 'dismissed'] },
        restore: { status: 'open', from: ['dismissed', 'done'] },
      },
    },
  },

  licenses: {
    from: (s) => `assistant_m365_licenses l where l.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'l.sku',
    idType: 'text',
    columns: {
      sku: { sql: 'l.sku' },
      skuPartNumber: { sql: 'l.sku_part_number' },
      purchased: { sql: 'l.available' },
      assigned: { sql: 'l.assigned' },
      unassigned: { sql: 'greatest(0, l.available - l.assigned)' },
      unitPrice: { sql: 'l.unit_price' },
      monthlyCost: { sql: 'l.available * l.unit_price' },
      unassignedCost: { sql: 'greatest(0, l.available - l.assigned) * l.unit_price' },
    },
    kpis: {
      purchased: 'coalesce(sum(t."purchased"), 0)',
      unassigned: 'coalesce(sum(t."unassigned"), 0)',
      unassignedCost: 'coalesce(sum(t."unassignedCost"), 0)',
    },
    currency: currencyOf('assistant_m365_licenses'),
  },

  users: {
    // Migration 020: the licences' names and cost kept on the row, days inactive a stored column.
    from: (s) => `m365_users u where u.tenant_id = ${s.bind(s.tenantId)}`,
    rowsTable: 'm365_users',
    id: 'u.id',
    idType: 'text',
    columns: {
      displayName: { sql: 'u.display_name' },
      upn: { sql: 'u.upn' },
      department: { sql: 'u.department' },
      jobTitle: { sql: 'u.job_title' },
      enabled: { sql: 'u.enabled' },
      mfaRegistered: { sql: 'u.mfa_registered' },
      licences: { sql: 'u.licenses' },
      lastSignIn: { sql: 'u.last_sign_in', nullable: true },
      // Days from the last sign-in to the day the activity was read (the assistant counts the same way).
      daysInactive: { sql: 'u.days_inactive', nullable: true },
      licenceCost: { sql: 'u.license_cost' },
      createdOn: { sql: 'u.created_on' },
    },
    kpis: {
      users: 'count(*)',
      inactive: `count(*) filter (where ${INACTIVE_LICENSED})`,
      reclaimable: `coalesce(sum(t."licenceCost") filter (where ${INACTIVE_LICENSED}), 0)`,
    },
    currency: currencyOf('assistant_m365_licenses'),
    // As migration 020's m365_users_search index expression.
    search: { haystack: searchHaystack(['u.display_name', 'u.upn', 'u.department', 'u.job_title', 'u.licenses']) },
    rollups: [
      {
        from: (s) => `m365_user_rollup r where r.tenant_id = ${s.bind(s.tenantId)}`,
        dimensions: { department: 'r.department' },
        sums: { licenceCost: 'r.license_cost' },
        extras: { 'row:inactive': 'r.inactive', 'row:reclaimable': 'r.reclaimable' },
        count: 'r.row_count',
        kpis: {
          users: 'coalesce(sum(t."row:count"), 0)',
          inactive: 'coalesce(sum(t."row:inactive"), 0)',
          reclaimable: 'coalesce(sum(t."row:reclaimable"), 0)',
        },
      },
    ],
  },

  alerts: {
    from: (s) => `alerts a where a.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'a.id',
    idType: 'text',
    columns: {
      name: { sql: 'a.name' },
      severity: { sql: 'a.severity' },
      scope: { sql: 'a.scope' },
      condition: { sql: 'a.condition' },
      firedAt: { sql: 'a.fired_at' },
      status: { sql: 'a.status' },
      statusBy: { sql: 'a.status_by', nullable: true },
    },
    kpis: {
      open: `count(*) filter (where t."status" <> 'Resolved')`,
      critical: `count(*) filter (where t."status" <> 'Resolved' and t."severity" = 'Critical')`,
      acknowledged: `count(*) filter (where t."status" = 'Acknowledged')`,
    },
    currency: () => `select 'USD' as currency`,
    actions: {
      table: 'alerts',
      key: 'id',
      reasonColumn: null,
      history: true,
      verbs: { acknowledge: { status: 'Acknowledged', from: ['Fired'] } },
    },
  },

  budgets: {
    // actual: the assistant's azure_budgets for the current month (assistant_azure_costs, the monthly
    // roll-up of azure_daily_costs); the forecast scales it by days in month / last day with cost rows.
    from: (s) => {
      const tenant = s.bind(s.tenantId);
      const current = s.bind(s.currentPeriod);
      return `assistant_azure_budgets b
        left join (select subscription_id, max(subscription_name) as name from assistant_azure_costs where tenant_id = ${tenant} group by subscription_id) n
               on n.subscription_id = b.subscription_id
        cross join lateral (select coalesce(sum(c.amount), 0) as actual from assistant_azure_costs c
                             where c.tenant_id = b.tenant_id and c.period = ${current} and (b.subscription_id is null or c.subscription_id = b.subscription_id)) a
        cross join (select extract(day from max(d.usage_date))::numeric as elapsed,
                           extract(day from (to_date(${current}, 'YYYY-MM') + interval '1 month' - interval '1 day'))::numeric as days
                      from azure_daily_costs d where d.tenant_id = ${tenant} and d.usage_date >= to_date(${current}, 'YYYY-MM') and d.usage_date < to_date(${current}, 'YYYY-MM') + interval '1 month') p
        where b.tenant_id = ${tenant}`;
    },
    id: 'b.name',
    idType: 'text',
    columns: {
      name: { sql: 'b.name' },
      scope: {
        sql: `coalesce(n.name, case when b.subscription_id is null then 'All subscriptions' else b.subscription_id end)`,
      },
      amount: { sql: 'b.amount' },
      actual: { sql: 'a.actual' },
      forecast: { sql: 'round(case when p.elapsed > 0 then a.actual * p.days / p.elapsed else a.actual end, 2)' },
      used: { sql: 'round(a.actual / b.amount, 4)' },
      status: {
        sql: `case when a.actual > b.amount then 'Over budget'
                   when a.actual >= ${BUDGET_NEAR_AT} * b.amount or (p.elapsed > 0 and a.actual * p.days / p.elapsed > b.amount) then 'Near budget'
                   else 'Under budget' end`,
      },
    },
    kpis: {
      budgets: 'count(*)',
      overBudget: `count(*) filter (where t."status" = 'Over budget')`,
      amount: 'coalesce(sum(t."amount"), 0)',
    },
    currency: currencyOf('assistant_azure_budgets'),
  },

  reservations: {
    from: (s) => `assistant_azure_reservations r where r.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'r.name',
    idType: 'text',
    columns: {
      name: { sql: 'r.name' },
      sku: { sql: 'r.sku' },
      kind: { sql: `case when r.sku ilike 'savings plan%' then 'Savings plan' else 'Reservation' end` },
      quantity: { sql: 'r.quantity' },
      term: { sql: 'r.term' },
      utilisation: { sql: 'r.utilisation / 100' },
      monthlyCost: { sql: 'r.monthly_cost' },
      monthlySavings: { sql: 'r.monthly_savings' },
      expiresOn: { sql: 'r.expires_on' },
    },
    kpis: {
      contracts: 'count(*)',
      utilisation: 'coalesce(avg(t."utilisation"), 0)',
      monthlySavings: 'coalesce(sum(t."monthlySavings"), 0)',
    },
    currency: currencyOf('assistant_azure_reservations'),
  },

  securityControls: {
    from: (s) =>
      `assistant_secure_score_actions a join assistant_secure_scores sc on sc.tenant_id = a.tenant_id where a.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'a.title',
    idType: 'text',
    columns: {
      control: { sql: 'a.title' },
      category: { sql: 'a.category' },
      points: { sql: 'a.points' },
      share: { sql: 'round(a.points / sc.max_score, 4)' },
      currentScore: { sql: 'sc.current_score' },
      maxScore: { sql: 'sc.max_score' },
    },
    kpis: {
      currentScore: 'coalesce(max(t."currentScore"), 0)',
      maxScore: 'coalesce(max(t."maxScore"), 0)',
      percent: 'coalesce(max(t."currentScore") / nullif(max(t."maxScore"), 0), 0)',
      points: 'coalesce(sum(t."points"), 0)',
    },
    currency: currencyOf('assistant_azure_costs'),
  },

  usage: {
    from: (s) => `assistant_m365_usage u where u.tenant_id = ${s.bind(s.tenantId)}`,
    id: `u.workload || ':' || u.metric`,
    idType: 'text',
    columns: {
      workload: { sql: `case u.workload when 'teams' then 'Teams' when 'mail' then 'Mail' else 'SharePoint' end` },
      metric: { sql: 'u.metric' },
      value: { sql: 'u.value' },
      asOf: { sql: 'u.as_of' },
    },
    kpis: {
      enabledUsers: `coalesce(max(t."value") filter (where t."metric" = 'Enabled users'), 0)`,
      activeUsers: `coalesce(max(t."value") filter (where t."metric" = 'Active users'), 0)`,
      activeShare: `coalesce(max(t."value") filter (where t."metric" = 'Active users') / nullif(max(t."value") filter (where t."metric" = 'Enabled users'), 0), 0)`,
    },
    currency: currencyOf('assistant_m365_licenses'),
  },
} satisfies Readonly<Record<string, DatasetSql>>;
