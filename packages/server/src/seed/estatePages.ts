import type { Database } from '../db/database';
import { AZURE_PRICES, AZURE_REGIONS } from './azurePrices';
import { DAY, hasRows, insertJson, isoDay } from './bulk';
import type { SeedData } from './seedData';
import { random } from './random';
import { TENANT } from './tenants';

/**
 * The demo data of the Azure estate's pages (migration 013). What can be read from the inventory
 * and the cost roll-up is read from them here (`azure_resources`, `azure_subscriptions`,
 * `assistant_m365_licenses`), so the pages agree with the resources and subscriptions pages: the
 * workspaces are the inventory's Log Analytics resources, the EA accounts own the tenant's
 * subscriptions, the bill of materials counts the inventory's resources by SKU and region.
 */

/** The Azure tenants whose estate pages have rows. */
const AZURE_TENANTS = [TENANT.contoso, TENANT.northwind, TENANT.litware, TENANT.wingtip] as const;

// ---------------------------------------------------------------------------------------------
// Log Analytics workspaces

const RETENTIONS = [30, 30, 30, 30, 60, 90, 90, 90, 180, 365, 730] as const;

/**
 * Each workspace's settings. The tier follows what the workspace ingests (its daily cost rows'
 * GB of the last 30 days): a commitment tier only from 100 GB a day, where it is cheaper than
 * pay-as-you-go; the demo's workspaces ingest less, so they are pay-as-you-go, as their cost rows
 * (the 'Data Ingestion' meter, billed per GB) say.
 */
async function seedLogWorkspaces(tx: Database, tenantId: string): Promise<void> {
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

// ---------------------------------------------------------------------------------------------
// Enterprise Agreement enrolment accounts

/** An EA account: the subscription it owns by name (null: none yet), its department and owner. */
interface EaAccountDef {
  subscription: string | null;
  department: string;
  account: string;
  owner: string;
  status: 'Active' | 'Pending' | 'Disabled';
}

const EA_ENROLMENTS: Readonly<
  Record<string, { number: string; startedDaysAgo: number; accounts: readonly EaAccountDef[] }>
> = {
  [TENANT.contoso]: {
    number: '61846203',
    startedDaysAgo: 940,
    accounts: [
      {
        subscription: 'Contoso Production',
        department: 'IT Operations',
        account: 'Contoso IT Production',
        owner: 'ada@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Identity',
        department: 'IT Operations',
        account: 'Contoso Identity Services',
        owner: 'mona.patel@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Connectivity',
        department: 'IT Operations',
        account: 'Contoso Network Hub',
        owner: 'mona.patel@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Backup',
        department: 'IT Operations',
        account: 'Contoso Backup and Recovery',
        owner: 'farid.khan@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Dev/Test',
        department: 'Engineering',
        account: 'Contoso Engineering Dev/Test',
        owner: 'farid.khan@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Sandbox',
        department: 'Engineering',
        account: 'Contoso Engineering Sandbox',
        owner: 'grace.liu@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Data Platform',
        department: 'Data and Analytics',
        account: 'Contoso Data Platform',
        owner: 'jonas.weber@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Analytics',
        department: 'Data and Analytics',
        account: 'Contoso BI and Reporting',
        owner: 'jonas.weber@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Web EU',
        department: 'Digital',
        account: 'Contoso Digital Channels',
        owner: 'liam.walsh@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Marketing Sites',
        department: 'Marketing',
        account: 'Contoso Marketing Web',
        owner: 'liam.walsh@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Research',
        department: 'Research and Development',
        account: 'Contoso Research Lab',
        owner: 'grace.liu@contoso.example',
        status: 'Active',
      },
      {
        subscription: 'Contoso Legacy',
        department: 'Finance',
        account: 'Contoso Legacy ERP',
        owner: 'ada@contoso.example',
        status: 'Disabled',
      },
      {
        subscription: null,
        department: 'Human Resources',
        account: 'Contoso HR Systems',
        owner: 'mona.patel@contoso.example',
        status: 'Pending',
      },
      {
        subscription: null,
        department: 'Sales',
        account: 'Contoso Sales Platform',
        owner: 'liam.walsh@contoso.example',
        status: 'Pending',
      },
    ],
  },
  [TENANT.litware]: {
    number: '58210937',
    startedDaysAgo: 610,
    accounts: [
      {
        subscription: 'Litware Build',
        department: 'Engineering',
        account: 'Litware Build Services',
        owner: 'sam@litware.example',
        status: 'Active',
      },
      {
        subscription: 'Litware Engineering',
        department: 'Engineering',
        account: 'Litware Product Engineering',
        owner: 'sam@litware.example',
        status: 'Active',
      },
      {
        subscription: 'Litware Test',
        department: 'Quality Assurance',
        account: 'Litware Test Labs',
        owner: 'sam@litware.example',
        status: 'Active',
      },
      {
        subscription: null,
        department: 'Operations',
        account: 'Litware Operations',
        owner: 'sam@litware.example',
        status: 'Pending',
      },
    ],
  },
};

async function seedEaAccounts(tx: Database, tenantId: string, now: Date): Promise<void> {
  const enrolment = EA_ENROLMENTS[tenantId];
  if (!enrolment || (await hasRows(tx, 'estate_ea_accounts', tenantId))) return;
  const { rows: subs } = await tx.query<{ subscription_id: string; name: string }>(
    `select subscription_id, name from azure_subscriptions where tenant_id = $1`,
    [tenantId],
  );
  const rnd = random(`${tenantId}:estate_ea_accounts`);
  // An EA enrolment runs three years; accounts join it over its first year, pending ones lately.
  const start = now.getTime() - enrolment.startedDaysAgo * DAY;
  const end = isoDay(new Date(start), 3 * 365);
  await insertJson(
    tx,
    'estate_ea_accounts',
    'tenant_id, account_id, enrollment_number, department, account_name, owner, status, start_date, end_date, commitment_balance, subscription_id',
    'tenant_id text, account_id text, enrollment_number text, department text, account_name text, owner text, status text, start_date date, end_date date, commitment_balance numeric, subscription_id text',
    enrolment.accounts.map((a, i) => ({
      tenant_id: tenantId,
      account_id: `${enrolment.number}-${String(i + 1).padStart(3, '0')}`,
      enrollment_number: enrolment.number,
      department: a.department,
      account_name: a.account,
      owner: a.owner,
      status: a.status,
      start_date:
        a.status === 'Pending' ? isoDay(now, -rnd.int(3, 20)) : isoDay(new Date(start), i === 0 ? 0 : rnd.int(0, 365)),
      end_date: end,
      commitment_balance: a.status === 'Disabled' ? 0 : rnd.int(40, 900) * 100,
      subscription_id: a.subscription ? (subs.find((s) => s.name === a.subscription)?.subscription_id ?? null) : null,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Required tags

const REQUIRED_TAGS: Readonly<Record<string, readonly string[]>> = {
  [TENANT.contoso]: ['environment', 'costCenter', 'owner'],
  [TENANT.northwind]: ['costCenter', 'environment'],
  [TENANT.litware]: ['owner'],
  [TENANT.wingtip]: ['environment', 'owner'],
};

// ---------------------------------------------------------------------------------------------
// Bill of materials

const cents = (n: number) => Math.round(n * 100) / 100;

async function seedBomLines(tx: Database, tenantId: string): Promise<void> {
  if (await hasRows(tx, 'estate_bom_lines', tenantId)) return;
  // Web apps only: function apps run on a consumption or elastic plan, not an App Service plan.
  const { rows: counts } = await tx.query<{ type: string; sku: string; location: string; n: number }>(
    `select type, sku, location, count(*)::int as n from azure_resources
      where tenant_id = $1 and (type in ('Microsoft.Compute/virtualMachines', 'Microsoft.Sql/servers/databases') or (type = 'Microsoft.Web/sites' and kind = 'app'))
      group by type, sku, location order by type, sku, location`,
    [tenantId],
  );
  const rows: object[] = [];
  for (const c of counts) {
    const price = AZURE_PRICES[`${c.type}|${c.sku}`];
    const region = AZURE_REGIONS[c.location];
    if (!price || !region) continue;
    const lineId = `${c.type.split('/').pop()}:${c.sku}:${c.location}`;
    const line = `${price.line} (${region.name})`;
    const unit = cents(price.monthly * region.factor);
    const base = { tenant_id: tenantId, line_id: lineId, line, category: price.category, quantity: c.n };
    rows.push({ ...base, model: 'Current', model_name: 'Pay-As-You-Go', unit_price: unit });
    rows.push({
      ...base,
      model: 'Alternative',
      model_name: price.alternativeName,
      unit_price: cents(unit * price.alternative),
    });
  }
  // Microsoft 365 on a monthly term costs a fifth more than on an annual one (New Commerce Experience).
  const { rows: licences } = await tx.query<{
    sku: string;
    sku_part_number: string;
    available: number;
    unit_price: string;
  }>(
    `select sku, sku_part_number, available, unit_price from assistant_m365_licenses where tenant_id = $1 and available > 0 order by position`,
    [tenantId],
  );
  for (const l of licences) {
    const base = {
      tenant_id: tenantId,
      line_id: `licence:${l.sku_part_number}`,
      line: l.sku,
      category: 'Microsoft 365',
      quantity: l.available,
    };
    rows.push({ ...base, model: 'Current', model_name: 'CSP monthly term', unit_price: Number(l.unit_price) });
    rows.push({
      ...base,
      model: 'Alternative',
      model_name: 'CSP annual term',
      unit_price: cents(Number(l.unit_price) / 1.2),
    });
  }
  await insertJson(
    tx,
    'estate_bom_lines',
    'tenant_id, line_id, model, line, category, model_name, quantity, unit_price',
    'tenant_id text, line_id text, model text, line text, category text, model_name text, quantity integer, unit_price numeric',
    rows,
  );
}

/**
 * Seeds the tables of the Azure estate's feature pages (core's `ESTATE_DATASETS`): deterministic,
 * written once per tenant, in the full seed only (after the inventory, the cost roll-up and the
 * subscriptions, which it reads).
 */
export async function seedEstatePages(tx: Database, data: SeedData, now: Date): Promise<void> {
  if (data !== 'full') return;
  for (const tenantId of AZURE_TENANTS) {
    await seedLogWorkspaces(tx, tenantId);
    await seedEaAccounts(tx, tenantId, now);
    await insertJson(
      tx,
      'estate_required_tags',
      'tenant_id, tag_name',
      'tenant_id text, tag_name text',
      (REQUIRED_TAGS[tenantId] ?? []).map((tag) => ({ tenant_id: tenantId, tag_name: tag })),
    );
    await seedBomLines(tx, tenantId);
  }
}
