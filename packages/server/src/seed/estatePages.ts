import type { Database } from '../db/database';
import { DAY, hasRows, insertJson, isoDay } from './bulk';
import type { SeedData } from './featureData';
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
      pricing_tier: Number(r.gb) >= 200 ? 'Commitment tier 200 GB/day' : Number(r.gb) >= 100 ? 'Commitment tier 100 GB/day' : 'Pay-as-you-go',
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

const EA_ENROLMENTS: Readonly<Record<string, { number: string; startedDaysAgo: number; accounts: readonly EaAccountDef[] }>> = {
  [TENANT.contoso]: {
    number: '61846203',
    startedDaysAgo: 940,
    accounts: [
      { subscription: 'Contoso Production', department: 'IT Operations', account: 'Contoso IT Production', owner: 'ada@contoso.example', status: 'Active' },
      { subscription: 'Contoso Identity', department: 'IT Operations', account: 'Contoso Identity Services', owner: 'mona.patel@contoso.example', status: 'Active' },
      { subscription: 'Contoso Connectivity', department: 'IT Operations', account: 'Contoso Network Hub', owner: 'mona.patel@contoso.example', status: 'Active' },
      { subscription: 'Contoso Backup', department: 'IT Operations', account: 'Contoso Backup and Recovery', owner: 'farid.khan@contoso.example', status: 'Active' },
      { subscription: 'Contoso Dev/Test', department: 'Engineering', account: 'Contoso Engineering Dev/Test', owner: 'farid.khan@contoso.example', status: 'Active' },
      { subscription: 'Contoso Sandbox', department: 'Engineering', account: 'Contoso Engineering Sandbox', owner: 'grace.liu@contoso.example', status: 'Active' },
      { subscription: 'Contoso Data Platform', department: 'Data and Analytics', account: 'Contoso Data Platform', owner: 'jonas.weber@contoso.example', status: 'Active' },
      { subscription: 'Contoso Analytics', department: 'Data and Analytics', account: 'Contoso BI and Reporting', owner: 'jonas.weber@contoso.example', status: 'Active' },
      { subscription: 'Contoso Web EU', department: 'Digital', account: 'Contoso Digital Channels', owner: 'liam.walsh@contoso.example', status: 'Active' },
      { subscription: 'Contoso Marketing Sites', department: 'Marketing', account: 'Contoso Marketing Web', owner: 'liam.walsh@contoso.example', status: 'Active' },
      { subscription: 'Contoso Research', department: 'Research and Development', account: 'Contoso Research Lab', owner: 'grace.liu@contoso.example', status: 'Active' },
      { subscription: 'Contoso Legacy', department: 'Finance', account: 'Contoso Legacy ERP', owner: 'ada@contoso.example', status: 'Disabled' },
      { subscription: null, department: 'Human Resources', account: 'Contoso HR Systems', owner: 'mona.patel@contoso.example', status: 'Pending' },
      { subscription: null, department: 'Sales', account: 'Contoso Sales Platform', owner: 'liam.walsh@contoso.example', status: 'Pending' },
    ],
  },
  [TENANT.litware]: {
    number: '58210937',
    startedDaysAgo: 610,
    accounts: [
      { subscription: 'Litware Build', department: 'Engineering', account: 'Litware Build Services', owner: 'sam@litware.example', status: 'Active' },
      { subscription: 'Litware Engineering', department: 'Engineering', account: 'Litware Product Engineering', owner: 'sam@litware.example', status: 'Active' },
      { subscription: 'Litware Test', department: 'Quality Assurance', account: 'Litware Test Labs', owner: 'sam@litware.example', status: 'Active' },
      { subscription: null, department: 'Operations', account: 'Litware Operations', owner: 'sam@litware.example', status: 'Pending' },
    ],
  },
};

async function seedEaAccounts(tx: Database, tenantId: string, now: Date): Promise<void> {
  const enrolment = EA_ENROLMENTS[tenantId];
  if (!enrolment || (await hasRows(tx, 'estate_ea_accounts', tenantId))) return;
  const { rows: subs } = await tx.query<{ subscription_id: string; name: string }>(`select subscription_id, name from azure_subscriptions where tenant_id = $1`, [tenantId]);
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
      start_date: a.status === 'Pending' ? isoDay(now, -rnd.int(3, 20)) : isoDay(new Date(start), i === 0 ? 0 : rnd.int(0, 365)),
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

/** Azure's region names, and list prices relative to East US. */
const REGIONS: Readonly<Record<string, { name: string; factor: number }>> = {
  eastus: { name: 'East US', factor: 1 },
  eastus2: { name: 'East US 2', factor: 1 },
  centralus: { name: 'Central US', factor: 1.09 },
  westus2: { name: 'West US 2', factor: 1 },
  westus3: { name: 'West US 3', factor: 0.98 },
  westeurope: { name: 'West Europe', factor: 1.12 },
  northeurope: { name: 'North Europe', factor: 1.06 },
  uksouth: { name: 'UK South', factor: 1.12 },
  ukwest: { name: 'UK West', factor: 1.15 },
  swedencentral: { name: 'Sweden Central', factor: 1.08 },
};

/**
 * A priced SKU: the line's name, a month's pay-as-you-go list price in East US (730 hours), and
 * the alternative's price as a fraction of it (a 3-year reservation; 1 where the SKU cannot be
 * reserved).
 */
interface PricedSku {
  category: string;
  line: string;
  monthly: number;
  alternative: number;
  alternativeName: string;
}

const RESERVED_3Y = 'Reserved 3 years';
const NOT_RESERVABLE = 'Pay-As-You-Go (no reservation for this SKU)';

/** Keyed by resource type and SKU. */
const PRICES: Readonly<Record<string, PricedSku>> = {
  'Microsoft.Compute/virtualMachines|Standard_D2s_v5': { category: 'Compute', line: 'D2s v5 Linux VM', monthly: 70.08, alternative: 0.38, alternativeName: RESERVED_3Y },
  'Microsoft.Compute/virtualMachines|Standard_D4s_v5': { category: 'Compute', line: 'D4s v5 Linux VM', monthly: 140.16, alternative: 0.38, alternativeName: RESERVED_3Y },
  'Microsoft.Compute/virtualMachines|Standard_D8s_v5': { category: 'Compute', line: 'D8s v5 Linux VM', monthly: 280.32, alternative: 0.38, alternativeName: RESERVED_3Y },
  'Microsoft.Compute/virtualMachines|Standard_B2ms': { category: 'Compute', line: 'B2ms Linux VM', monthly: 60.74, alternative: 0.39, alternativeName: RESERVED_3Y },
  'Microsoft.Compute/virtualMachines|Standard_E4s_v5': { category: 'Compute', line: 'E4s v5 Linux VM', monthly: 183.96, alternative: 0.38, alternativeName: RESERVED_3Y },
  'Microsoft.Compute/virtualMachines|Standard_F4s_v2': { category: 'Compute', line: 'F4s v2 Linux VM', monthly: 123.37, alternative: 0.41, alternativeName: RESERVED_3Y },
  'Microsoft.Sql/servers/databases|GP_Gen5_2': { category: 'Databases', line: 'Azure SQL Database General Purpose 2 vCores', monthly: 370.04, alternative: 0.67, alternativeName: RESERVED_3Y },
  'Microsoft.Sql/servers/databases|GP_Gen5_4': { category: 'Databases', line: 'Azure SQL Database General Purpose 4 vCores', monthly: 740.08, alternative: 0.67, alternativeName: RESERVED_3Y },
  'Microsoft.Sql/servers/databases|BC_Gen5_4': { category: 'Databases', line: 'Azure SQL Database Business Critical 4 vCores', monthly: 1992.64, alternative: 0.67, alternativeName: RESERVED_3Y },
  'Microsoft.Sql/servers/databases|S3': { category: 'Databases', line: 'Azure SQL Database S3', monthly: 147.19, alternative: 1, alternativeName: NOT_RESERVABLE },
  'Microsoft.Sql/servers/databases|P1': { category: 'Databases', line: 'Azure SQL Database P1', monthly: 456.25, alternative: 1, alternativeName: NOT_RESERVABLE },
  'Microsoft.Web/sites|P1v3': { category: 'Web', line: 'App Service P1v3 plan', monthly: 124.1, alternative: 0.45, alternativeName: RESERVED_3Y },
  'Microsoft.Web/sites|P2v3': { category: 'Web', line: 'App Service P2v3 plan', monthly: 248.2, alternative: 0.45, alternativeName: RESERVED_3Y },
  'Microsoft.Web/sites|S1': { category: 'Web', line: 'App Service S1 plan', monthly: 69.35, alternative: 1, alternativeName: NOT_RESERVABLE },
  'Microsoft.Web/sites|B1': { category: 'Web', line: 'App Service B1 plan', monthly: 13.14, alternative: 1, alternativeName: NOT_RESERVABLE },
};

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
    const price = PRICES[`${c.type}|${c.sku}`];
    const region = REGIONS[c.location];
    if (!price || !region) continue;
    const lineId = `${c.type.split('/').pop()}:${c.sku}:${c.location}`;
    const line = `${price.line} (${region.name})`;
    const unit = cents(price.monthly * region.factor);
    const base = { tenant_id: tenantId, line_id: lineId, line, category: price.category, quantity: c.n };
    rows.push({ ...base, model: 'Current', model_name: 'Pay-As-You-Go', unit_price: unit });
    rows.push({ ...base, model: 'Alternative', model_name: price.alternativeName, unit_price: cents(unit * price.alternative) });
  }
  // Microsoft 365 on a monthly term costs a fifth more than on an annual one (New Commerce Experience).
  const { rows: licences } = await tx.query<{ sku: string; sku_part_number: string; available: number; unit_price: string }>(
    `select sku, sku_part_number, available, unit_price from assistant_m365_licenses where tenant_id = $1 and available > 0 order by position`,
    [tenantId],
  );
  for (const l of licences) {
    const base = { tenant_id: tenantId, line_id: `licence:${l.sku_part_number}`, line: l.sku, category: 'Microsoft 365', quantity: l.available };
    rows.push({ ...base, model: 'Current', model_name: 'CSP monthly term', unit_price: Number(l.unit_price) });
    rows.push({ ...base, model: 'Alternative', model_name: 'CSP annual term', unit_price: cents(Number(l.unit_price) / 1.2) });
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
