/**
 * The assistant's data query tools: plain async functions over the tenant's Azure and Microsoft 365
 * data, each with a name, a description and a JSON schema of its parameters. The built-in engine
 * calls them directly; the OpenAI-compatible provider (openai.ts) offers the same list to its model (function
 * calling) and runs the calls it asks for through `callTool`, which validates the arguments first.
 * Every tool reads the tenant of its context only — the verified caller's, never a parameter.
 */
import type { Database } from '../db/database';
import { cents } from './format';
import { addMonths, isPeriod, PERIOD_PATTERN, periodOf, type Period } from './time';

/** What every tool runs with: the caller's tenant and the current time. */
export interface ToolContext {
  db: Database;
  tenantId: string;
  now: Date;
}

/** The JSON schema of one parameter (the subset the tools use). */
export type ToolParameterSchema =
  | { type: 'string'; description: string; enum?: readonly string[]; pattern?: string; maxLength?: number }
  | { type: 'integer'; description: string; minimum?: number; maximum?: number };

/** The JSON schema of a tool's parameters: an object without other properties. */
export interface ToolParameters {
  type: 'object';
  properties: Readonly<Record<string, ToolParameterSchema>>;
  required?: readonly string[];
  additionalProperties: false;
}

/** A data query tool. `pages` are the menu items (by name) whose pages show the tool's data. */
export interface AssistantTool<Args extends object = Record<string, unknown>, Result = unknown> {
  name: string;
  description: string;
  /** The dataset the tool reads (spec §5 "Dataset availability"). */
  dataset: 'azure' | 'm365' | 'both';
  parameters: ToolParameters;
  pages: (args: Args) => readonly string[];
  run: (ctx: ToolContext, args: Args) => Promise<Result>;
}

/** Arguments a tool refused, with a message naming the parameter. */
export class ToolArgumentError extends Error {}

// ---------------------------------------------------------------------------------------------
// Azure

/** Parameters of `azure_costs`. */
export interface AzureCostsArgs {
  groupBy: 'service' | 'subscription' | 'resourceGroup' | 'resource' | 'month';
  /** First month, 'YYYY-MM'; default: the last complete month (the last 6 for groupBy month). */
  from?: Period;
  /** Last month, 'YYYY-MM', included; default: the last complete month. */
  to?: Period;
  /** Only this service (e.g. 'Virtual Machines'). */
  service?: string;
  /** Only this subscription, by name. */
  subscription?: string;
  /** At most this many rows, largest first (not for groupBy month). */
  top?: number;
}

/** One group of `azure_costs`. */
export interface AzureCostRow {
  /** The service, subscription, resource group, resource or month ('YYYY-MM'). */
  name: string;
  amount: number;
  /** Of the total of the range, 0–1. */
  share: number;
  /** For groupBy resource: where the resource is. */
  service?: string;
  subscription?: string;
  resourceGroup?: string;
}

/** Result of `azure_costs`. */
export interface AzureCostsResult {
  currency: string;
  groupBy: AzureCostsArgs['groupBy'];
  from: Period;
  to: Period;
  service: string | null;
  subscription: string | null;
  /** All groups, also those past `top`. */
  total: number;
  rows: AzureCostRow[];
  /** How many groups there are in all. */
  groups: number;
  /** The months the tenant has cost data for; null when it has none. */
  coverage: { from: Period; to: Period } | null;
}

const GROUP_COLUMN: Readonly<Record<AzureCostsArgs['groupBy'], string>> = {
  service: 'service',
  subscription: 'subscription_name',
  resourceGroup: 'resource_group',
  resource: 'resource_name',
  month: 'period',
};

/** Azure cost grouped by service, subscription, resource group, resource or month, over a range of months. */
export async function azureCosts(ctx: ToolContext, args: AzureCostsArgs): Promise<AzureCostsResult> {
  const to = args.to ?? periodOf(ctx.now, -1);
  const from = args.from ?? (args.groupBy === 'month' ? addMonths(to, -5) : to);
  const column = GROUP_COLUMN[args.groupBy];
  const params: unknown[] = [ctx.tenantId, from, to];
  let where = 'tenant_id = $1 and period between $2 and $3';
  if (args.service) {
    params.push(args.service);
    where += ` and lower(service) = lower($${params.length})`;
  }
  if (args.subscription) {
    params.push(args.subscription);
    where += ` and lower(subscription_name) = lower($${params.length})`;
  }
  const { rows } = await ctx.db.query<{
    name: string;
    amount: number;
    currency: string;
    service: string;
    subscription: string;
    resource_group: string;
  }>(
    `select ${column} as name, sum(amount)::float8 as amount, max(currency) as currency,
            max(service) as service, max(subscription_name) as subscription, max(resource_group) as resource_group
       from assistant_azure_costs where ${where} group by ${column}`,
    params,
  );
  const { rows: range } = await ctx.db.query<{ first: string | null; last: string | null; currency: string | null }>(
    'select min(period) as first, max(period) as last, max(currency) as currency from assistant_azure_costs where tenant_id = $1',
    [ctx.tenantId],
  );
  const total = cents(rows.reduce((sum, r) => sum + Number(r.amount), 0));
  const sorted = [...rows].sort((a, b) =>
    args.groupBy === 'month'
      ? a.name.localeCompare(b.name)
      : Number(b.amount) - Number(a.amount) || a.name.localeCompare(b.name),
  );
  const limited = args.groupBy !== 'month' && args.top ? sorted.slice(0, args.top) : sorted;
  return {
    currency: rows[0]?.currency ?? range[0]?.currency ?? 'USD',
    groupBy: args.groupBy,
    from,
    to,
    service: args.service ?? null,
    subscription: args.subscription ?? null,
    total,
    groups: rows.length,
    rows: limited.map((r) => ({
      name: r.name,
      amount: cents(Number(r.amount)),
      share: total ? Number(r.amount) / total : 0,
      ...(args.groupBy === 'resource'
        ? { service: r.service, subscription: r.subscription, resourceGroup: r.resource_group }
        : {}),
    })),
    coverage: range[0]?.first && range[0].last ? { from: range[0].first, to: range[0].last } : null,
  };
}

/** One budget of `azure_budgets`. */
export interface BudgetStatus {
  name: string;
  /** The subscription's name, or 'All subscriptions'. */
  scope: string;
  amount: number;
  actual: number;
  /** amount - actual; negative when over. */
  remaining: number;
  /** actual / amount, 0–n. */
  used: number;
  status: 'over' | 'under';
}

/** Result of `azure_budgets`. */
export interface AzureBudgetsResult {
  period: Period;
  currency: string;
  budgets: BudgetStatus[];
  /** Whether there is cost data for the month at all. */
  hasCosts: boolean;
}

/** Monthly budgets against the actual cost of one month (default: the last complete month). */
export async function azureBudgets(ctx: ToolContext, args: { month?: Period }): Promise<AzureBudgetsResult> {
  const period = args.month ?? periodOf(ctx.now, -1);
  const { rows } = await ctx.db.query<{
    name: string;
    scope: string | null;
    amount: number;
    actual: number;
    currency: string;
  }>(
    `select b.name, (select max(c.subscription_name) from assistant_azure_costs c where c.tenant_id = b.tenant_id and c.subscription_id = b.subscription_id) as scope,
            b.amount::float8 as amount, b.currency,
            coalesce((select sum(c.amount) from assistant_azure_costs c
                       where c.tenant_id = b.tenant_id and c.period = $2 and (b.subscription_id is null or c.subscription_id = b.subscription_id)), 0)::float8 as actual
       from assistant_azure_budgets b where b.tenant_id = $1 order by b.name`,
    [ctx.tenantId, period],
  );
  const { rows: any } = await ctx.db.query(
    'select 1 from assistant_azure_costs where tenant_id = $1 and period = $2 limit 1',
    [ctx.tenantId, period],
  );
  return {
    period,
    currency: rows[0]?.currency ?? 'USD',
    hasCosts: any.length > 0,
    budgets: rows.map((r) => {
      const amount = Number(r.amount);
      const actual = cents(Number(r.actual));
      return {
        name: r.name,
        scope: r.scope ?? 'All subscriptions',
        amount,
        actual,
        remaining: cents(amount - actual),
        used: actual / amount,
        status: actual > amount ? 'over' : 'under',
      };
    }),
  };
}

/** One reservation or savings plan. */
export interface Reservation {
  name: string;
  sku: string;
  quantity: number;
  term: string;
  /** Percent, 0–100. */
  utilisation: number;
  monthlyCost: number;
  monthlySavings: number;
  expiresOn: string;
  daysToExpiry: number;
}

/** Result of `azure_reservations`. */
export interface AzureReservationsResult {
  currency: string;
  reservations: Reservation[];
  totalMonthlySavings: number;
  /** Mean utilisation in percent; null without reservations. */
  averageUtilisation: number | null;
}

/** Reservations and savings plans with utilisation, savings and expiry. */
export async function azureReservations(ctx: ToolContext): Promise<AzureReservationsResult> {
  const { rows } = await ctx.db.query<{
    name: string;
    sku: string;
    quantity: number;
    term: string;
    utilisation: number;
    monthly_cost: number;
    monthly_savings: number;
    currency: string;
    expires_on: string;
  }>(
    `select name, sku, quantity, term, utilisation::float8 as utilisation, monthly_cost::float8 as monthly_cost, monthly_savings::float8 as monthly_savings, currency,
            to_char(expires_on, 'YYYY-MM-DD') as expires_on
       from assistant_azure_reservations where tenant_id = $1 order by monthly_savings desc, name`,
    [ctx.tenantId],
  );
  const today = Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), ctx.now.getUTCDate());
  const reservations = rows.map((r) => ({
    name: r.name,
    sku: r.sku,
    quantity: r.quantity,
    term: r.term,
    utilisation: Number(r.utilisation),
    monthlyCost: Number(r.monthly_cost),
    monthlySavings: Number(r.monthly_savings),
    expiresOn: r.expires_on,
    daysToExpiry: Math.round((Date.parse(`${r.expires_on}T00:00:00Z`) - today) / 86_400_000),
  }));
  return {
    currency: rows[0]?.currency ?? 'USD',
    reservations,
    totalMonthlySavings: cents(reservations.reduce((s, r) => s + r.monthlySavings, 0)),
    averageUtilisation: reservations.length
      ? Math.round((reservations.reduce((s, r) => s + r.utilisation, 0) / reservations.length) * 10) / 10
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Both datasets

/** One open recommendation. */
export interface Recommendation {
  title: string;
  dataset: 'azure' | 'm365';
  category: string;
  impact: 'High' | 'Medium' | 'Low';
  resource: string | null;
  monthlySavings: number;
}

/** Result of `recommendations`. */
export interface RecommendationsResult {
  currency: string;
  dataset: 'azure' | 'm365' | 'all';
  recommendations: Recommendation[];
  totalMonthlySavings: number;
}

/** Open recommendations of a dataset (status open, Azure and Microsoft 365), largest estimated saving first. */
export async function recommendations(
  ctx: ToolContext,
  args: { dataset: 'azure' | 'm365' | 'all'; category?: string },
): Promise<RecommendationsResult> {
  const params: unknown[] = [ctx.tenantId, args.dataset];
  // Open ones only: a recommendation a user dismissed or marked done on its page leaves the answers too.
  // AWS recommendations (shown on the pages under the Azure licence) are not the assistant's datasets.
  let where = "tenant_id = $1 and ($2 = 'all' or dataset = $2) and status = 'open' and provider <> 'aws'";
  if (args.category) {
    params.push(args.category);
    where += ` and lower(category) = lower($${params.length})`;
  }
  const { rows } = await ctx.db.query<{
    title: string;
    dataset: 'azure' | 'm365';
    category: string;
    impact: Recommendation['impact'];
    resource: string | null;
    monthly_savings: number;
    currency: string;
  }>(
    `select title, dataset, category, impact, resource, monthly_savings::float8 as monthly_savings, currency
       from assistant_recommendations where ${where} order by monthly_savings desc, position`,
    params,
  );
  const list = rows.map((r) => ({
    title: r.title,
    dataset: r.dataset,
    category: r.category,
    impact: r.impact,
    resource: r.resource,
    monthlySavings: Number(r.monthly_savings),
  }));
  return {
    currency: rows[0]?.currency ?? 'USD',
    dataset: args.dataset,
    recommendations: list,
    totalMonthlySavings: cents(list.reduce((s, r) => s + r.monthlySavings, 0)),
  };
}

// ---------------------------------------------------------------------------------------------
// Microsoft 365

/** One licence SKU. */
export interface LicenseStatus {
  sku: string;
  skuPartNumber: string;
  /** Purchased. */
  available: number;
  assigned: number;
  unassigned: number;
  unitPrice: number;
  /** What all licences of the SKU cost a month. */
  monthlyCost: number;
  /** What the unassigned licences cost a month. */
  unassignedMonthlyCost: number;
}

/** Result of `m365_licenses`. */
export interface M365LicensesResult {
  currency: string;
  licenses: LicenseStatus[];
  totals: {
    available: number;
    assigned: number;
    unassigned: number;
    monthlyCost: number;
    unassignedMonthlyCost: number;
  };
}

/** Licences per SKU: available (purchased) against assigned, with the monthly cost of the unassigned ones. */
export async function m365Licenses(ctx: ToolContext, args: { sku?: string }): Promise<M365LicensesResult> {
  const params: unknown[] = [ctx.tenantId];
  let where = 'tenant_id = $1';
  if (args.sku) {
    params.push(args.sku);
    where += ' and (lower(sku) = lower($2) or lower(sku_part_number) = lower($2))';
  }
  const { rows } = await ctx.db.query<{
    sku: string;
    sku_part_number: string;
    available: number;
    assigned: number;
    unit_price: number;
    currency: string;
  }>(
    `select sku, sku_part_number, available, assigned, unit_price::float8 as unit_price, currency from assistant_m365_licenses where ${where} order by position`,
    params,
  );
  const licenses = rows.map((r) => {
    const unassigned = Math.max(0, r.available - r.assigned);
    return {
      sku: r.sku,
      skuPartNumber: r.sku_part_number,
      available: r.available,
      assigned: r.assigned,
      unassigned,
      unitPrice: Number(r.unit_price),
      monthlyCost: cents(r.available * Number(r.unit_price)),
      unassignedMonthlyCost: cents(unassigned * Number(r.unit_price)),
    };
  });
  const sum = (pick: (l: LicenseStatus) => number) => licenses.reduce((s, l) => s + pick(l), 0);
  return {
    currency: rows[0]?.currency ?? 'USD',
    licenses,
    totals: {
      available: sum((l) => l.available),
      assigned: sum((l) => l.assigned),
      unassigned: sum((l) => l.unassigned),
      monthlyCost: cents(sum((l) => l.monthlyCost)),
      unassignedMonthlyCost: cents(sum((l) => l.unassignedMonthlyCost)),
    },
  };
}

/** One inactive user. */
export interface InactiveUser {
  displayName: string;
  upn: string;
  department: string;
  licenses: string[];
  /** Null: never signed in. */
  daysSinceSignIn: number | null;
}

/** Result of `m365_inactive_users`. */
export interface M365InactiveUsersResult {
  asOf: string | null;
  days: number;
  count: number;
  neverSignedIn: number;
  users: InactiveUser[];
  /** What the licences these users hold cost a month. */
  licenseMonthlyCost: number;
  currency: string;
}

/** Licensed users who have not signed in for `days` days or more (default 30), longest first. */
export async function m365InactiveUsers(
  ctx: ToolContext,
  args: { days?: number; sku?: string },
): Promise<M365InactiveUsersResult> {
  const days = args.days ?? 30;
  const { rows } = await ctx.db.query<{
    display_name: string;
    upn: string;
    department: string;
    licenses: string[];
    days_since_sign_in: number | null;
    as_of: string;
  }>(
    `select display_name, upn, department, licenses, days_since_sign_in, to_char(as_of, 'YYYY-MM-DD') as as_of
       from assistant_m365_inactive_users
      where tenant_id = $1 and (days_since_sign_in is null or days_since_sign_in >= $2)
        and ($3::text is null or exists (select 1 from unnest(licenses) l where lower(l) = lower($3::text)))
      order by days_since_sign_in desc nulls first, display_name`,
    [ctx.tenantId, days, args.sku ?? null],
  );
  const { rows: prices } = await ctx.db.query<{ sku: string; unit_price: number; currency: string }>(
    'select sku, unit_price::float8 as unit_price, currency from assistant_m365_licenses where tenant_id = $1',
    [ctx.tenantId],
  );
  const price = new Map(prices.map((p) => [p.sku, Number(p.unit_price)]));
  const users = rows.map((r) => ({
    displayName: r.display_name,
    upn: r.upn,
    department: r.department,
    licenses: r.licenses,
    daysSinceSignIn: r.days_since_sign_in,
  }));
  return {
    asOf: rows[0]?.as_of ?? null,
    days,
    count: users.length,
    neverSignedIn: users.filter((u) => u.daysSinceSignIn === null).length,
    users,
    licenseMonthlyCost: cents(users.reduce((s, u) => s + u.licenses.reduce((t, l) => t + (price.get(l) ?? 0), 0), 0)),
    currency: prices[0]?.currency ?? 'USD',
  };
}

/** The workloads of `m365_usage`. */
export const WORKLOADS = ['teams', 'mail', 'sharepoint'] as const;
/** A Microsoft 365 workload. */
export type Workload = (typeof WORKLOADS)[number];

/** Usage of one workload. */
export interface WorkloadUsage {
  workload: Workload;
  metrics: { name: string; value: number }[];
  enabledUsers: number | null;
  activeUsers: number | null;
}

/** Result of `m365_usage`. */
export interface M365UsageResult {
  asOf: string | null;
  /** The usage covers the 30 days before asOf. */
  periodDays: 30;
  workloads: WorkloadUsage[];
}

/** Teams, mail and SharePoint usage of the last 30 days. */
export async function m365Usage(ctx: ToolContext, args: { workload?: Workload | 'all' }): Promise<M365UsageResult> {
  const workload = args.workload ?? 'all';
  const { rows } = await ctx.db.query<{ workload: Workload; metric: string; value: number; as_of: string }>(
    `select workload, metric, value::float8 as value, to_char(as_of, 'YYYY-MM-DD') as as_of from assistant_m365_usage
      where tenant_id = $1 and ($2 = 'all' or workload = $2) order by workload, position`,
    [ctx.tenantId, workload],
  );
  const workloads = WORKLOADS.filter((w) => rows.some((r) => r.workload === w)).map((w) => {
    const metrics = rows.filter((r) => r.workload === w).map((r) => ({ name: r.metric, value: Number(r.value) }));
    const find = (name: string) => metrics.find((m) => m.name === name)?.value ?? null;
    return { workload: w, metrics, enabledUsers: find('Enabled users'), activeUsers: find('Active users') };
  });
  return { asOf: rows[0]?.as_of ?? null, periodDays: 30, workloads };
}

/** Result of `secure_score`; null score when the tenant has none. */
export interface SecureScoreResult {
  asOf: string | null;
  current: number | null;
  max: number | null;
  similarOrganisationsPct: number | null;
  actions: { title: string; category: string; points: number }[];
}

/** Microsoft Secure Score, the average of similar organisations and the open improvement actions. */
export async function secureScore(ctx: ToolContext): Promise<SecureScoreResult> {
  const { rows } = await ctx.db.query<{ current_score: number; max_score: number; similar: number; as_of: string }>(
    `select current_score::float8 as current_score, max_score::float8 as max_score, similar_organisations_pct::float8 as similar, to_char(as_of, 'YYYY-MM-DD') as as_of
       from assistant_secure_scores where tenant_id = $1`,
    [ctx.tenantId],
  );
  const { rows: actions } = await ctx.db.query<{ title: string; category: string; points: number }>(
    'select title, category, points::float8 as points from assistant_secure_score_actions where tenant_id = $1 order by points desc, position',
    [ctx.tenantId],
  );
  const score = rows[0];
  return {
    asOf: score?.as_of ?? null,
    current: score ? Number(score.current_score) : null,
    max: score ? Number(score.max_score) : null,
    similarOrganisationsPct: score ? Number(score.similar) : null,
    actions: actions.map((a) => ({ title: a.title, category: a.category, points: Number(a.points) })),
  };
}

// ---------------------------------------------------------------------------------------------
// The list offered to an engine

/** Erases a tool's own argument type for the list (callTool validates arguments against the schema before running). */
function defineTool<Args extends object, Result>(tool: AssistantTool<Args, Result>): AssistantTool {
  return tool as unknown as AssistantTool;
}

const monthParam = (what: string): ToolParameterSchema => ({
  type: 'string',
  pattern: PERIOD_PATTERN,
  description: `${what}, as YYYY-MM.`,
});

/** Every tool, as a model would be offered them. */
export const ASSISTANT_TOOLS: readonly AssistantTool[] = [
  defineTool({
    name: 'azure_costs',
    description:
      'Azure cost of the tenant grouped by service, subscription, resource group, resource (the top cost drivers) or month, over a range of whole months. Without a range: the last complete month (the last 6 for groupBy month).',
    dataset: 'azure',
    parameters: {
      type: 'object',
      properties: {
        groupBy: {
          type: 'string',
          enum: ['service', 'subscription', 'resourceGroup', 'resource', 'month'],
          description: 'How to group the cost.',
        },
        from: monthParam('First month of the range'),
        to: monthParam('Last month of the range, included'),
        service: { type: 'string', maxLength: 100, description: "Only this Azure service, e.g. 'Virtual Machines'." },
        subscription: { type: 'string', maxLength: 100, description: 'Only this subscription, by name.' },
        top: { type: 'integer', minimum: 1, maximum: 50, description: 'At most this many groups, largest first.' },
      },
      required: ['groupBy'],
      additionalProperties: false,
    },
    pages: () => ['azure-cost-analysis', 'billing-report'],
    run: azureCosts,
  }),
  defineTool({
    name: 'azure_budgets',
    description:
      'Monthly Azure budgets against the actual cost of one month (default: the last complete month): amount, actual, remaining, over or under.',
    dataset: 'azure',
    parameters: { type: 'object', properties: { month: monthParam('The month') }, additionalProperties: false },
    pages: () => ['azure-budgets'],
    run: azureBudgets,
  }),
  defineTool({
    name: 'azure_reservations',
    description: 'Azure reservations and savings plans: utilisation, monthly cost, monthly savings and expiry.',
    dataset: 'azure',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    pages: () => ['azure-reservations'],
    run: (ctx) => azureReservations(ctx),
  }),
  defineTool({
    name: 'recommendations',
    description:
      'Open recommendations for Azure, Microsoft 365 or both, with category, impact and estimated monthly savings, largest saving first.',
    dataset: 'both',
    parameters: {
      type: 'object',
      properties: {
        dataset: { type: 'string', enum: ['azure', 'm365', 'all'], description: 'Which recommendations.' },
        category: {
          type: 'string',
          maxLength: 40,
          description: "Only this category, e.g. 'Cost', 'Licences', 'Security'.",
        },
      },
      required: ['dataset'],
      additionalProperties: false,
    },
    pages: () => ['recommendations'],
    run: recommendations,
  }),
  defineTool({
    name: 'm365_licenses',
    description:
      'Microsoft 365 licences per SKU: available (purchased), assigned and unassigned, with the monthly cost of the unassigned ones.',
    dataset: 'm365',
    parameters: {
      type: 'object',
      properties: {
        sku: {
          type: 'string',
          maxLength: 100,
          description: "Only this SKU, by name or part number, e.g. 'Microsoft 365 E3' or 'SPE_E3'.",
        },
      },
      additionalProperties: false,
    },
    pages: () => ['m365', 'm365-license-report'],
    run: m365Licenses,
  }),
  defineTool({
    name: 'm365_inactive_users',
    description:
      'Licensed Microsoft 365 users who have not signed in for a number of days (default 30), with the licences they hold and what those cost a month.',
    dataset: 'm365',
    parameters: {
      type: 'object',
      properties: {
        days: { type: 'integer', minimum: 1, maximum: 365, description: 'Days without a sign-in.' },
        sku: { type: 'string', maxLength: 100, description: 'Only users holding this SKU.' },
      },
      additionalProperties: false,
    },
    pages: () => ['m365-license-users', 'm365-license-report'],
    run: m365InactiveUsers,
  }),
  defineTool({
    name: 'm365_usage',
    description:
      'Microsoft Teams, mail (Exchange) and SharePoint usage of the last 30 days: enabled and active users and workload activity.',
    dataset: 'm365',
    parameters: {
      type: 'object',
      properties: {
        workload: { type: 'string', enum: ['teams', 'mail', 'sharepoint', 'all'], description: 'Which workload.' },
      },
      additionalProperties: false,
    },
    pages: (args) =>
      args.workload && args.workload !== 'all'
        ? [`usage-${args.workload}`]
        : ['usage-teams', 'usage-mail', 'usage-sharepoint'],
    run: m365Usage,
  }),
  defineTool({
    name: 'secure_score',
    description:
      'Microsoft Secure Score: current and maximum points, the average of similar organisations, and the open improvement actions.',
    dataset: 'm365',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    pages: () => ['security'],
    run: (ctx) => secureScore(ctx),
  }),
];

/** Checks `raw` against a tool's parameter schema; answers the arguments or throws a ToolArgumentError naming the parameter. */
export function validateToolArgs(
  tool: Pick<AssistantTool, 'name' | 'parameters'>,
  raw: unknown,
): Record<string, unknown> {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new ToolArgumentError(`${tool.name}: the arguments must be an object`);
  const args = raw as Record<string, unknown>;
  const { properties, required = [] } = tool.parameters;
  for (const key of Object.keys(args))
    if (!(key in properties)) throw new ToolArgumentError(`${tool.name}: unknown parameter "${key}"`);
  for (const key of required)
    if (args[key] === undefined) throw new ToolArgumentError(`${tool.name}: "${key}" is required`);
  for (const [key, schema] of Object.entries(properties)) {
    const value = args[key];
    if (value === undefined) continue;
    if (schema.type === 'integer') {
      if (typeof value !== 'number' || !Number.isInteger(value))
        throw new ToolArgumentError(`${tool.name}: "${key}" must be an integer`);
      if (
        (schema.minimum !== undefined && value < schema.minimum) ||
        (schema.maximum !== undefined && value > schema.maximum)
      ) {
        throw new ToolArgumentError(
          `${tool.name}: "${key}" must be between ${schema.minimum ?? '-∞'} and ${schema.maximum ?? '∞'}`,
        );
      }
      continue;
    }
    if (typeof value !== 'string') throw new ToolArgumentError(`${tool.name}: "${key}" must be a string`);
    if (schema.enum && !schema.enum.includes(value))
      throw new ToolArgumentError(`${tool.name}: "${key}" must be one of ${schema.enum.join(', ')}`);
    if (schema.pattern && !new RegExp(schema.pattern).test(value))
      throw new ToolArgumentError(`${tool.name}: "${key}" does not have the expected format`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      throw new ToolArgumentError(`${tool.name}: "${key}" is longer than ${schema.maxLength} characters`);
  }
  if (
    'from' in args &&
    'to' in args &&
    typeof args.from === 'string' &&
    typeof args.to === 'string' &&
    isPeriod(args.from) &&
    args.from > args.to
  ) {
    throw new ToolArgumentError(`${tool.name}: "from" must not be after "to"`);
  }
  return args;
}

/** Runs the tool `name` with arguments a model proposed: validated first, the tenant always the context's. */
export async function callTool(
  name: string,
  raw: unknown,
  ctx: ToolContext,
): Promise<{ result: unknown; pages: readonly string[] }> {
  const tool = ASSISTANT_TOOLS.find((t) => t.name === name);
  if (!tool) throw new ToolArgumentError(`There is no tool named "${name}"`);
  const args = validateToolArgs(tool, raw);
  return { result: await tool.run(ctx, args), pages: tool.pages(args) };
}
