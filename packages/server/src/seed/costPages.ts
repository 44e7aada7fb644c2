import type { Database } from '../db/database';
import { hasRows, insertJson, isoDay, monthStart } from './bulk';
import type { SeedData } from './seedData';
import { random } from './random';
import { TENANT } from './tenants';

/** The Azure tenants whose cost pages have data, with what their commitment and rules are called. */
const COST_TENANTS: readonly { tenantId: string; company: string; domain: string }[] = [
  { tenantId: TENANT.contoso, company: 'Contoso', domain: 'contoso.example' },
  { tenantId: TENANT.northwind, company: 'Northwind', domain: 'northwind.example' },
  { tenantId: TENANT.litware, company: 'Litware', domain: 'litware.example' },
  { tenantId: TENANT.wingtip, company: 'Wingtip', domain: 'wingtip.example' },
];

/** The resource groups whose cost is shared (stems of the generator's `RG_STEMS`). */
export const SHARED_RESOURCE_GROUPS = ['rg-shared', 'rg-network', 'rg-monitor', 'rg-identity'] as const;

/** Cost centres (the `costCenter` tag's CC-1xx numbers) with the department behind them and how their share is set. */
const COST_CENTRES: readonly (readonly [string, string])[] = [
  ['CC-104 Finance', 'Headcount share of the shared platform'],
  ['CC-112 Sales', 'Headcount share of the shared platform'],
  ['CC-118 Marketing', 'Headcount share of the shared platform'],
  ['CC-121 Engineering', 'Usage share of the shared network (egress GB)'],
  ['CC-127 Operations', 'Usage share of the shared monitoring (GB ingested)'],
  ['CC-133 Customer Support', 'Headcount share of the shared platform'],
  ['CC-138 Data & Analytics', 'Usage share of the shared network (egress GB)'],
];

/** Who owns a project (a project is a value of the generator's `project` tag). */
const PROJECT_OWNERS = ['ada', 'farid.khan', 'jonas.weber', 'mona.patel', 'grace.liu', 'liam.walsh'];

/** Anomaly thresholds: a day counts when its cost is 50 % above the mean of the 14 days before and at least this many dollars more. */
const ANOMALY_MIN_RISE = 0.5;
const ANOMALY_MIN_AMOUNT = 20;

async function seedMacc(tx: Database, tenantId: string, company: string, now: Date): Promise<void> {
  if (await hasRows(tx, 'cost_maccs', tenantId)) return;
  const start = monthStart(now, 12);
  const { rows } = await tx.query<{ total: string | null; currency: string | null }>(
    `select sum(amount) as total, max(currency) as currency from assistant_azure_costs where tenant_id = $1 and period >= $2 and period < $3`,
    [tenantId, start.slice(0, 7), monthStart(now, 0).slice(0, 7)],
  );
  const yearly = Number(rows[0]?.total ?? 0);
  if (yearly <= 0) return;
  // A three-year commitment a little above the run rate of the last year (rounded as contracts are).
  const step = yearly > 200_000 ? 50_000 : 5_000;
  const amount = Math.max(step, Math.round((yearly * 3 * 1.05) / step) * step);
  const end = new Date(Date.UTC(Number(start.slice(0, 4)) + 3, Number(start.slice(5, 7)) - 1, 1));
  await insertJson(
    tx,
    'cost_maccs',
    'tenant_id, id, name, amount, start_date, end_date, currency',
    'tenant_id text, id text, name text, amount numeric, start_date date, end_date date, currency text',
    [
      {
        tenant_id: tenantId,
        id: 'macc-1',
        name: `${company} MACC ${start.slice(0, 4)}–${end.getUTCFullYear()}`,
        amount,
        start_date: start,
        end_date: isoDay(end, -1),
        currency: rows[0]?.currency ?? 'USD',
      },
    ],
  );
}

/**
 * The anomalies: days on which a subscription's cost of a service rose well above the mean of the 14
 * days before, detected over the daily cost rows (the FOCUS rows), so actual spend is their sum.
 * Anomalies older than a month have mostly been worked through.
 */
async function seedAnomalies(tx: Database, tenantId: string, now: Date): Promise<void> {
  if (await hasRows(tx, 'cost_anomalies', tenantId)) return;
  await tx.query(
    `insert into cost_anomalies (tenant_id, id, day, subscription_id, subscription_name, service, expected, actual, currency, status, status_reason, status_by, status_at)
     with d as (
       select subscription_id, max(subscription_name) as subscription_name, service, usage_date as day, sum(billed_cost) as actual, max(currency) as currency
         from azure_daily_costs where tenant_id = $1 group by subscription_id, service, usage_date
     ), w as (
       select d.*, avg(d.actual) over p as expected, count(*) over p as n
         from d window p as (partition by d.subscription_id, d.service order by d.day rows between 14 preceding and 1 preceding)
     ), a as (
       select w.*, 'an-' || left(md5(w.subscription_id || ':' || w.service || ':' || w.day::text), 12) as id,
              row_number() over (order by w.day, w.subscription_id, w.service) as seq
         from w where w.n = 14 and w.expected > 0 and w.actual >= w.expected * (1 + $2::numeric) and w.actual - w.expected >= $3::numeric
     )
     select $1, a.id, a.day, a.subscription_id, a.subscription_name, a.service, round(a.expected, 2), a.actual, a.currency,
            case when a.day >= $4::date then 'Open' when a.seq % 3 = 0 then 'Dismissed' when a.seq % 3 = 1 then 'Acknowledged' else 'Open' end,
            case when a.day < $4::date and a.seq % 3 = 0 then (array['Planned load test before the release', 'One-off data migration', 'Month-end batch run, expected'])[1 + (a.seq / 3) % 3] end,
            case when a.day < $4::date and a.seq % 3 <> 2 then (array['Ada Lovelace', 'Farid Khan', 'Jonas Weber'])[1 + a.seq % 3] end,
            case when a.day < $4::date and a.seq % 3 <> 2 then a.day + interval '1 day 9 hours' + (a.seq % 7) * interval '1 hour' end
       from a
     on conflict do nothing`,
    [tenantId, ANOMALY_MIN_RISE, ANOMALY_MIN_AMOUNT, isoDay(now, -30)],
  );
}

/**
 * Invoices of the complete months of cost rows: Azure is the month's roll-up, Microsoft 365 the
 * licences' cost a month (tenants with licences), Marketplace the month's third-party purchases.
 * Issued on the 10th of the next month, due 30 days later; the last month's are due, one older
 * Marketplace invoice is overdue.
 */
async function seedInvoices(tx: Database, tenantId: string, now: Date): Promise<void> {
  if (await hasRows(tx, 'cost_invoices', tenantId)) return;
  const rnd = random(`${tenantId}:cost_invoices`);
  const { rows: azure } = await tx.query<{ period: string; amount: string; currency: string }>(
    `select period, sum(amount)::text as amount, max(currency) as currency from assistant_azure_costs where tenant_id = $1 and period < $2 group by period order by period`,
    [tenantId, monthStart(now, 0).slice(0, 7)],
  );
  const { rows: m365 } = await tx.query<{ amount: string | null }>(
    `select sum(available * unit_price)::text as amount from assistant_m365_licenses where tenant_id = $1`,
    [tenantId],
  );
  const licences = Number(m365[0]?.amount ?? 0);
  const today = isoDay(now);
  const out: object[] = [];
  const marketplaceBase = rnd.int(800, 4000);
  azure.forEach((a, i) => {
    const period = `${a.period}-01`;
    const [y, m] = a.period.split('-').map(Number) as [number, number];
    const issued = new Date(Date.UTC(y, m, 10));
    const due = isoDay(issued, 30);
    const months = azure.length - i;
    const status = (provider: string) =>
      due >= today ? 'Due' : provider === 'Marketplace' && months === 2 ? 'Overdue' : 'Paid';
    const number = (prefix: string) =>
      `${prefix}${String(y).slice(2)}${String(m).padStart(2, '0')}${String(rnd.int(100000, 999999))}`;
    const row = (provider: string, prefix: string, amount: number) => ({
      tenant_id: tenantId,
      invoice_number: number(prefix),
      period,
      provider,
      amount: Math.round(amount * 100) / 100,
      status: status(provider),
      due_date: due,
      currency: a.currency,
    });
    out.push(row('Azure', 'E0', Number(a.amount)));
    if (licences > 0) out.push(row('Microsoft 365', 'G0', licences));
    out.push(
      row(
        'Marketplace',
        'M0',
        marketplaceBase * (0.8 + rnd.next() * 0.5) + (rnd.chance(0.2) ? rnd.int(1000, 6000) : 0),
      ),
    );
  });
  await insertJson(
    tx,
    'cost_invoices',
    'tenant_id, invoice_number, period, provider, amount, status, due_date, currency',
    'tenant_id text, invoice_number text, period date, provider text, amount numeric, status text, due_date date, currency text',
    out,
  );
}

/** The shared cost rules: a share per cost centre, four decimals, adding up to exactly 1. */
async function seedSharedRules(tx: Database, tenantId: string): Promise<void> {
  if (await hasRows(tx, 'cost_shared_rules', tenantId)) return;
  const rnd = random(`${tenantId}:cost_shared_rules`);
  const centres = rnd.shuffle(COST_CENTRES).slice(0, rnd.int(5, COST_CENTRES.length));
  const weights = centres.map(() => rnd.int(5, 30));
  const total = weights.reduce((s, w) => s + w, 0);
  const shares = weights.map((w) => Math.floor((w * 10000) / total));
  shares[0] = (shares[0] ?? 0) + 10000 - shares.reduce((s, w) => s + w, 0);
  await insertJson(
    tx,
    'cost_shared_rules',
    'tenant_id, cost_centre, rule, share',
    'tenant_id text, cost_centre text, rule text, share numeric',
    centres.map(([centre, rule], i) => ({ tenant_id: tenantId, cost_centre: centre, rule, share: shares[i]! / 10000 })),
  );
}

/** The projects of the tenant's `project` tags, with an owner and a budget a month near their cost. */
async function seedProjectBudgets(tx: Database, tenantId: string, domain: string, now: Date): Promise<void> {
  if (await hasRows(tx, 'cost_project_budgets', tenantId)) return;
  const rnd = random(`${tenantId}:cost_project_budgets`);
  const { rows } = await tx.query<{ project: string; cost: string | null }>(
    `select r.tags->>'project' as project, sum(c.amount)::text as cost
       from azure_resources r
       left join assistant_azure_costs c on c.tenant_id = r.tenant_id and c.subscription_id = r.subscription_id and c.resource_group = r.resource_group
                                         and c.resource_name = r.name and c.period = $2
      where r.tenant_id = $1 and r.tags ? 'project' group by 1 order by 1`,
    [tenantId, monthStart(now, 1).slice(0, 7)],
  );
  await insertJson(
    tx,
    'cost_project_budgets',
    'tenant_id, project, owner, budget',
    'tenant_id text, project text, owner text, budget numeric',
    rows.map((r) => ({
      tenant_id: tenantId,
      project: r.project,
      owner: `${rnd.pick(PROJECT_OWNERS)}@${domain}`,
      // Most projects budget a little above their cost; some have been outgrowing their budget.
      budget: Math.max(500, Math.round((Number(r.cost ?? 0) * (0.85 + rnd.next() * 0.5)) / 100) * 100),
    })),
  );
}

/**
 * Seeds the cost management feature pages' tables (core's `COST_DATASETS`): deterministic, written once
 * per tenant, derived from the daily cost rows and their monthly roll-up (seeded before), so every
 * page reads one data set. Full seed only.
 */
export async function seedCostPages(tx: Database, data: SeedData, now: Date): Promise<void> {
  if (data !== 'full') return;
  for (const t of COST_TENANTS) {
    if (!(await hasRows(tx, 'azure_daily_costs', t.tenantId))) continue;
    await seedMacc(tx, t.tenantId, t.company, now);
    await seedAnomalies(tx, t.tenantId, now);
    await seedInvoices(tx, t.tenantId, now);
    await seedSharedRules(tx, t.tenantId);
    await seedProjectBudgets(tx, t.tenantId, t.domain, now);
  }
}
