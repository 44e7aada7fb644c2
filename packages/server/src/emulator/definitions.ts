import type { EmbeddedReportPage } from '@cloudportal/core';
import type {
  BasicFilter,
  AdvancedFilter,
  DatasetDefinition,
  PageDefinition,
  ReportDefinition,
  VisualDefinition,
} from '@cloudportal/testing';
import { periodLabel, periodOf } from '../chatbot/time';
import {
  azureBudgets,
  azureReservations,
  m365InactiveUsers,
  m365Licenses,
  m365Usage,
  recommendations,
  type ToolContext,
} from '../chatbot/tools';

/**
 * The demo reports' definitions for the Power BI embed emulator: each report's pages (the names and
 * display names its embed answer lists) with visuals over the caller's tenant data — the same rows
 * and tool functions the assistant's built-in engine answers from, so the numbers agree.
 */

/** A report to define: its id (demo or custom), entity id, name and the pages its embed answer lists. */
export interface DefinedReport {
  id: string;
  entityId: string;
  name: string;
  pages: EmbeddedReportPage[];
}

type Datasets = Record<string, DatasetDefinition>;
type Visuals = (months: Months) => VisualDefinition[];

/** The months the visuals are about: the last complete one (the assistant's default) and the current one. */
interface Months {
  last: string;
  current: string;
  lastLabel: string;
}

const basic = (table: string, column: string, values: (string | number)[]): BasicFilter => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table, column },
  filterType: 1,
  operator: 'In',
  values,
});

/** Whole months only: before the current (partial) month. */
const completeMonths = (current: string): AdvancedFilter => ({
  $schema: 'http://powerbi.com/product/schema#advanced',
  target: { table: 'Costs', column: 'Month' },
  filterType: 0,
  logicalOperator: 'And',
  conditions: [{ operator: 'LessThan', value: current }],
});

const lastMonth = (m: Months) => [basic('Costs', 'Month', [m.last])];

// ---------------------------------------------------------------------------------------------
// Datasets, read for one tenant

/** Resources the cost rows name one by one (the largest over all months); the rest are summed per subscription, resource group and service. */
export const COST_TOP_RESOURCES = 50;

async function costs(ctx: ToolContext): Promise<{ dataset: DatasetDefinition; currency: string }> {
  // The full demo data has thousands of resource-months: the frame gets the largest resources as they
  // are and the long tail summed, so the payload stays small while every total stays the same.
  const { rows } = await ctx.db.query<{
    period: string;
    subscription: string;
    resource_group: string;
    resource: string;
    service: string;
    amount: number;
    currency: string;
    location: string | null;
  }>(
    `with top as (
       select subscription_id, resource_group, resource_name from assistant_azure_costs where tenant_id = $1
        group by subscription_id, resource_group, resource_name order by sum(amount) desc, resource_name limit ${COST_TOP_RESOURCES}
     ), loc as (
       select distinct on (name, resource_group) name, resource_group, location from azure_resources where tenant_id = $1 order by name, resource_group, resource_id
     ), rows as (
       select c.period, c.subscription_name, c.resource_group, c.service, c.amount, c.currency,
              case when t.resource_name is null then 'Other resources' else c.resource_name end as resource, l.location
         from assistant_azure_costs c
         left join top t on t.subscription_id = c.subscription_id and t.resource_group = c.resource_group and t.resource_name = c.resource_name
         left join loc l on l.name = c.resource_name and l.resource_group = c.resource_group
        where c.tenant_id = $1
     )
     select period, subscription_name as subscription, resource_group, resource, service, sum(amount)::float8 as amount, max(currency) as currency,
            case when count(distinct coalesce(location, '')) = 1 then max(location) else 'Several regions' end as location
       from rows group by period, subscription_name, resource_group, resource, service
      order by period, subscription_name, resource_group, resource, service`,
    [ctx.tenantId],
  );
  return {
    currency: rows[0]?.currency ?? 'USD',
    dataset: {
      columns: ['Month', 'Subscription', 'Resource group', 'Resource', 'Service', 'Region', 'Cost'],
      formats: { Cost: 'currency' },
      // A resource the inventory does not list has no known region.
      rows: rows.map((r) => [
        r.period,
        r.subscription,
        r.resource_group,
        r.resource,
        r.service,
        r.location ?? 'Not in inventory',
        Number(r.amount),
      ]),
    },
  };
}

async function budgets(ctx: ToolContext): Promise<DatasetDefinition> {
  const r = await azureBudgets(ctx, {});
  return {
    columns: ['Budget', 'Scope', 'Month', 'Budgeted', 'Actual', 'Remaining', 'Status'],
    formats: { Budgeted: 'currency', Actual: 'currency', Remaining: 'currency' },
    rows: r.budgets.map((b) => [
      b.name,
      b.scope,
      r.period,
      b.amount,
      b.actual,
      b.remaining,
      b.status === 'over' ? 'Over budget' : 'Under budget',
    ]),
  };
}

async function reservations(ctx: ToolContext): Promise<DatasetDefinition> {
  const r = await azureReservations(ctx);
  return {
    columns: ['Reservation', 'SKU', 'Quantity', 'Term', 'Utilisation', 'Monthly cost', 'Monthly savings', 'Expires on'],
    formats: { Quantity: 'integer', Utilisation: 'percent', 'Monthly cost': 'currency', 'Monthly savings': 'currency' },
    rows: r.reservations.map((x) => [
      x.name,
      x.sku,
      x.quantity,
      x.term,
      x.utilisation,
      x.monthlyCost,
      x.monthlySavings,
      x.expiresOn,
    ]),
  };
}

async function licenses(ctx: ToolContext): Promise<DatasetDefinition> {
  const r = await m365Licenses(ctx, {});
  return {
    columns: [
      'Licence',
      'Part number',
      'Purchased',
      'Assigned',
      'Unassigned',
      'Unit price',
      'Monthly cost',
      'Unassigned monthly cost',
    ],
    formats: {
      Purchased: 'integer',
      Assigned: 'integer',
      Unassigned: 'integer',
      'Unit price': 'currency',
      'Monthly cost': 'currency',
      'Unassigned monthly cost': 'currency',
    },
    rows: r.licenses.map((l) => [
      l.sku,
      l.skuPartNumber,
      l.available,
      l.assigned,
      l.unassigned,
      l.unitPrice,
      l.monthlyCost,
      l.unassignedMonthlyCost,
    ]),
  };
}

async function inactiveUsers(ctx: ToolContext): Promise<DatasetDefinition> {
  const r = await m365InactiveUsers(ctx, {});
  return {
    columns: ['User', 'UPN', 'Department', 'Licences', 'Days since sign-in', 'Last sign-in'],
    formats: { 'Days since sign-in': 'integer' },
    rows: r.users.map((u) => [
      u.displayName,
      u.upn,
      u.department,
      u.licenses.join(', '),
      u.daysSinceSignIn,
      u.daysSinceSignIn === null ? 'Never' : `${u.daysSinceSignIn} days ago`,
    ]),
  };
}

async function usage(ctx: ToolContext): Promise<DatasetDefinition> {
  const r = await m365Usage(ctx, {});
  const names = { teams: 'Teams', mail: 'Mail', sharepoint: 'SharePoint' } as const;
  return {
    columns: ['Workload', 'Metric', 'Value'],
    formats: { Value: 'integer' },
    rows: r.workloads.flatMap((w) => w.metrics.map((m) => [names[w.workload], m.name, m.value])),
  };
}

async function openRecommendations(ctx: ToolContext): Promise<DatasetDefinition> {
  const r = await recommendations(ctx, { dataset: 'all' });
  return {
    columns: ['Recommendation', 'Dataset', 'Category', 'Impact', 'Resource', 'Monthly savings'],
    formats: { 'Monthly savings': 'currency' },
    rows: r.recommendations.map((x) => [
      x.title,
      x.dataset === 'azure' ? 'Azure' : 'Microsoft 365',
      x.category,
      x.impact,
      x.resource ?? '',
      x.monthlySavings,
    ]),
  };
}

// ---------------------------------------------------------------------------------------------
// Page layouts, by display name

const costVisuals = {
  lastMonthKpi: (m: Months): VisualDefinition => ({
    type: 'kpi',
    title: `Cost in ${m.lastLabel}`,
    dataset: 'Costs',
    y: 'Cost',
    filters: lastMonth(m),
  }),
  byService: (m: Months): VisualDefinition => ({
    type: 'bar',
    title: `Cost by service, ${m.lastLabel}`,
    dataset: 'Costs',
    x: 'Service',
    y: 'Cost',
    filters: lastMonth(m),
  }),
  bySubscription: (m: Months): VisualDefinition => ({
    type: 'donut',
    title: `Cost by subscription, ${m.lastLabel}`,
    dataset: 'Costs',
    x: 'Subscription',
    y: 'Cost',
    filters: lastMonth(m),
  }),
  trend: (m: Months): VisualDefinition => ({
    type: 'line',
    title: 'Monthly cost',
    dataset: 'Costs',
    x: 'Month',
    y: 'Cost',
    filters: [completeMonths(m.current)],
  }),
};

/** Each page's visuals by its display name; a page not listed gets the cost overview. */
const LAYOUTS: Readonly<Record<string, Visuals>> = {
  // billing-overview
  Overview: (m) => [
    costVisuals.lastMonthKpi(m),
    {
      type: 'kpi',
      title: 'Cost this month to date',
      dataset: 'Costs',
      y: 'Cost',
      filters: [basic('Costs', 'Month', [m.current])],
    },
    costVisuals.byService(m),
    costVisuals.bySubscription(m),
    costVisuals.trend(m),
    {
      type: 'table',
      title: `Top resources, ${m.lastLabel}`,
      dataset: 'Costs',
      x: ['Resource', 'Service', 'Subscription'],
      y: 'Cost',
      sort: 'value',
      limit: 10,
      filters: lastMonth(m),
    },
  ],
  'Cost by Service': (m) => [
    costVisuals.byService(m),
    {
      type: 'line',
      title: 'Monthly cost by service',
      dataset: 'Costs',
      x: 'Month',
      y: 'Cost',
      series: 'Service',
      filters: [completeMonths(m.current)],
    },
    {
      type: 'table',
      title: `Services by cost, ${m.lastLabel}`,
      dataset: 'Costs',
      x: 'Service',
      y: 'Cost',
      sort: 'value',
      filters: lastMonth(m),
    },
  ],
  'Cost by Subscription': (m) => [
    costVisuals.bySubscription(m),
    {
      type: 'bar',
      title: `Cost by resource group, ${m.lastLabel}`,
      dataset: 'Costs',
      x: 'Resource group',
      y: 'Cost',
      filters: lastMonth(m),
    },
    {
      type: 'table',
      title: `Cost by subscription and resource group, ${m.lastLabel}`,
      dataset: 'Costs',
      x: ['Subscription', 'Resource group'],
      y: 'Cost',
      filters: lastMonth(m),
    },
  ],
  'Monthly Trend': (m) => [
    costVisuals.trend(m),
    {
      type: 'line',
      title: 'Monthly cost by subscription',
      dataset: 'Costs',
      x: 'Month',
      y: 'Cost',
      series: 'Subscription',
      filters: [completeMonths(m.current)],
    },
    { type: 'table', title: 'Cost by month', dataset: 'Costs', x: 'Month', y: 'Cost' },
  ],
  // azure-cost-analysis
  'Cost by Resource Group': (m) => [
    costVisuals.lastMonthKpi(m),
    {
      type: 'bar',
      title: `Cost by resource group, ${m.lastLabel}`,
      dataset: 'Costs',
      x: 'Resource group',
      y: 'Cost',
      filters: lastMonth(m),
    },
    {
      type: 'table',
      title: `Resource groups, ${m.lastLabel}`,
      dataset: 'Costs',
      x: ['Resource group', 'Subscription'],
      y: 'Cost',
      sort: 'value',
      filters: lastMonth(m),
    },
  ],
  'Cost by Region': (m) => [
    {
      type: 'bar',
      title: `Cost by region, ${m.lastLabel}`,
      dataset: 'Costs',
      x: 'Region',
      y: 'Cost',
      filters: lastMonth(m),
    },
    {
      type: 'table',
      title: `Resources by region, ${m.lastLabel}`,
      dataset: 'Costs',
      x: ['Region', 'Resource'],
      y: 'Cost',
      filters: lastMonth(m),
    },
  ],
  Reservations: () => [
    { type: 'kpi', title: 'Monthly savings', dataset: 'Reservations', y: 'Monthly savings' },
    { type: 'kpi', title: 'Average utilisation', dataset: 'Reservations', y: 'Utilisation', aggregate: 'avg' },
    { type: 'bar', title: 'Utilisation by reservation', dataset: 'Reservations', x: 'Reservation', y: 'Utilisation' },
    { type: 'table', title: 'Reservations and savings plans', dataset: 'Reservations' },
  ],
  // m365-license-usage
  'Licence Summary': () => [
    { type: 'kpi', title: 'Licences purchased', dataset: 'Licences', y: 'Purchased' },
    { type: 'kpi', title: 'Licences assigned', dataset: 'Licences', y: 'Assigned' },
    { type: 'kpi', title: 'Unassigned licences a month', dataset: 'Licences', y: 'Unassigned monthly cost' },
    {
      type: 'bar',
      title: 'Assigned and unassigned by licence',
      dataset: 'Licences',
      x: 'Licence',
      y: ['Assigned', 'Unassigned'],
      stacked: true,
    },
    {
      type: 'table',
      title: 'Licences',
      dataset: 'Licences',
      columns: ['Licence', 'Purchased', 'Assigned', 'Unassigned', 'Unit price', 'Unassigned monthly cost'],
    },
  ],
  'Inactive Users': () => [
    { type: 'kpi', title: 'Inactive users (30 days or more)', dataset: 'InactiveUsers', aggregate: 'count' },
    {
      type: 'bar',
      title: 'Inactive users by department',
      dataset: 'InactiveUsers',
      x: 'Department',
      aggregate: 'count',
    },
    {
      type: 'table',
      title: 'Inactive users',
      dataset: 'InactiveUsers',
      columns: ['User', 'Department', 'Licences', 'Last sign-in'],
    },
  ],
  Assignments: () => [
    { type: 'donut', title: 'Assigned licences', dataset: 'Licences', x: 'Licence', y: 'Assigned' },
    {
      type: 'table',
      title: 'Assignments by licence',
      dataset: 'Licences',
      columns: ['Licence', 'Part number', 'Assigned', 'Purchased'],
    },
  ],
  // usage-legacy
  'Usage Summary': () => [
    {
      type: 'bar',
      title: 'Active users by workload, last 30 days',
      dataset: 'Usage',
      x: 'Workload',
      y: 'Value',
      filters: [basic('Usage', 'Metric', ['Active users'])],
      sort: 'category',
    },
    { type: 'table', title: 'Usage, last 30 days', dataset: 'Usage', columns: ['Workload', 'Metric', 'Value'] },
  ],
  'Usage by Service': () => [
    {
      type: 'bar',
      title: 'Enabled and active users by workload',
      dataset: 'Usage',
      x: 'Workload',
      y: 'Value',
      series: 'Metric',
      filters: [basic('Usage', 'Metric', ['Enabled users', 'Active users'])],
      sort: 'category',
    },
    { type: 'table', title: 'Activity by workload', dataset: 'Usage', x: ['Workload', 'Metric'], y: 'Value' },
  ],
  'Usage by User': () => [
    {
      type: 'bar',
      title: 'Inactive users by department',
      dataset: 'InactiveUsers',
      x: 'Department',
      aggregate: 'count',
    },
    {
      type: 'table',
      title: 'Users without a recent sign-in',
      dataset: 'InactiveUsers',
      columns: ['User', 'UPN', 'Department', 'Last sign-in'],
    },
  ],
  // savings-forecast
  Forecast: (m) => [
    costVisuals.trend(m),
    {
      type: 'kpi',
      title: 'Savings a month if every recommendation is done',
      dataset: 'Recommendations',
      y: 'Monthly savings',
    },
  ],
  'Savings Opportunities': () => [
    {
      type: 'bar',
      title: 'Monthly savings by category',
      dataset: 'Recommendations',
      x: 'Category',
      y: 'Monthly savings',
    },
    {
      type: 'table',
      title: 'Recommendations',
      dataset: 'Recommendations',
      columns: ['Recommendation', 'Dataset', 'Impact', 'Monthly savings'],
    },
  ],
  // Contoso's custom reports
  Summary: (m) => [costVisuals.lastMonthKpi(m), costVisuals.trend(m), costVisuals.bySubscription(m)],
  'By Cost Centre': (m) => [
    {
      type: 'bar',
      title: `Cost by subscription, ${m.lastLabel}`,
      dataset: 'Costs',
      x: 'Subscription',
      y: 'Cost',
      filters: lastMonth(m),
    },
    {
      type: 'table',
      title: `Cost by subscription and resource group, ${m.lastLabel}`,
      dataset: 'Costs',
      x: ['Subscription', 'Resource group'],
      y: 'Cost',
      filters: lastMonth(m),
    },
  ],
  Variance: () => [
    {
      type: 'bar',
      title: 'Budget and actual',
      dataset: 'Budgets',
      x: 'Budget',
      y: ['Budgeted', 'Actual'],
      sort: 'category',
    },
    {
      type: 'table',
      title: 'Budgets',
      dataset: 'Budgets',
      columns: ['Budget', 'Scope', 'Month', 'Budgeted', 'Actual', 'Remaining', 'Status'],
    },
  ],
  'Cost Centre Detail': (m) => [
    {
      type: 'table',
      title: `Resources, ${m.lastLabel}`,
      dataset: 'Costs',
      columns: ['Subscription', 'Resource group', 'Resource', 'Service', 'Cost'],
      filters: lastMonth(m),
    },
  ],
  Utilisation: () => [
    {
      type: 'bar',
      title: 'Assigned and unassigned by licence',
      dataset: 'Licences',
      x: 'Licence',
      y: ['Assigned', 'Unassigned'],
      stacked: true,
    },
    { type: 'kpi', title: 'Unassigned licences a month', dataset: 'Licences', y: 'Unassigned monthly cost' },
  ],
  'By Department': () => [
    {
      type: 'bar',
      title: 'Inactive users by department',
      dataset: 'InactiveUsers',
      x: 'Department',
      aggregate: 'count',
    },
    {
      type: 'table',
      title: 'Inactive users',
      dataset: 'InactiveUsers',
      columns: ['User', 'Department', 'Licences', 'Last sign-in'],
    },
  ],
};

const fallback: Visuals = (m) => [costVisuals.lastMonthKpi(m), costVisuals.byService(m), costVisuals.trend(m)];

/**
 * The filter-pane cards of a page, by the dataset its first visual reads: Power BI lists a card with
 * nothing selected as a basic filter with operator All, so the page "has filters" (spec §2 'Toggle
 * Filter') while every row still shows.
 */
const FILTER_CARDS: Readonly<Record<string, readonly string[]>> = {
  Costs: ['Service', 'Subscription'],
  Budgets: ['Scope'],
  Reservations: ['Term'],
  Licences: ['Licence'],
  InactiveUsers: ['Department'],
  Usage: ['Workload'],
  Recommendations: ['Category'],
};

const allOf = (table: string, column: string): BasicFilter => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table, column },
  filterType: 1,
  operator: 'All',
  values: [],
});

/** The report's definition for the caller's tenant (`ctx.tenantId`): its pages as listed, visuals over that tenant's data only. */
export async function reportDefinition(ctx: ToolContext, report: DefinedReport): Promise<ReportDefinition> {
  const last = periodOf(ctx.now, -1);
  const months: Months = { last, current: periodOf(ctx.now), lastLabel: periodLabel(last) };
  const pages: PageDefinition[] = report.pages.map((p) => {
    const visuals = (LAYOUTS[p.displayName] ?? fallback)(months);
    const table = visuals[0]!.dataset;
    return {
      name: p.name,
      displayName: p.displayName,
      visibility: p.visibility === 1 ? 1 : 0,
      visuals,
      filters: (FILTER_CARDS[table] ?? []).map((column) => allOf(table, column)),
    };
  });
  // Only the datasets the pages read are queried.
  const used = new Set(pages.flatMap((p) => p.visuals.map((v) => v.dataset)));
  const datasets: Datasets = {};
  let currency = 'USD';
  if (used.has('Costs')) {
    const c = await costs(ctx);
    datasets.Costs = c.dataset;
    currency = c.currency;
  }
  const loaders: Record<string, (ctx: ToolContext) => Promise<DatasetDefinition>> = {
    Budgets: budgets,
    Reservations: reservations,
    Licences: licenses,
    InactiveUsers: inactiveUsers,
    Usage: usage,
    Recommendations: openRecommendations,
  };
  for (const [name, load] of Object.entries(loaders)) if (used.has(name)) datasets[name] = await load(ctx);
  return { id: report.entityId, name: report.name, currency, pages, datasets };
}
