import type { Database } from '../db/database';
import { TENANT } from './tenants';

/**
 * The demo tenants' Azure and Microsoft 365 data that the built-in assistant engine answers from
 * (spec §5 "Dataset availability": Contoso has both datasets, Fabrikam M365, Northwind and Wingtip
 * Azure; Litware and Tailspin have none). Every value is fixed, so answers can be asserted. Months are
 * counted back from the first start: six complete months and the month to date of the first start.
 * Amounts are in USD.
 */

/** One Azure resource's cost in the last complete month before the first start; earlier months scale it by `MONTH_FACTORS`. */
export interface DemoAzureResourceCost {
  subscriptionId: string;
  subscriptionName: string;
  resourceGroup: string;
  resourceName: string;
  service: string;
  /** USD, last complete month. */
  lastMonth: number;
}

/** Months ago (0 = the month to date of the first start) → factor of the last complete month's amount. */
export const MONTH_FACTORS: readonly number[] = [0.52, 1, 0.97, 0.95, 0.93, 0.89, 0.86];

/**
 * The full demo data's 13 months (the month to date and twelve complete ones): the first seven are
 * {@link MONTH_FACTORS}, so the anchor amounts of the months both seeds have are the same.
 */
export const FULL_MONTH_FACTORS: readonly number[] = [...MONTH_FACTORS, 0.84, 0.83, 0.81, 0.8, 0.78, 0.77];

// Contoso's production subscription and Northwind's and Wingtip's are those of the inventory seed.
const CONTOSO_PROD = { subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a01', subscriptionName: 'Contoso Production' };
const CONTOSO_DEV = { subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a11', subscriptionName: 'Contoso Dev/Test' };
const CONTOSO_DATA = {
  subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a21',
  subscriptionName: 'Contoso Data Platform',
};
const NORTHWIND = { subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a03', subscriptionName: 'Northwind Production' };
const WINGTIP = { subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a06', subscriptionName: 'Wingtip PoC' };

/** Azure resources and their cost last month, per tenant. */
export const DEMO_AZURE_COSTS: Readonly<Record<string, readonly DemoAzureResourceCost[]>> = {
  [TENANT.contoso]: [
    {
      ...CONTOSO_PROD,
      resourceGroup: 'rg-web',
      resourceName: 'vmss-web',
      service: 'Virtual Machines',
      lastMonth: 3860,
    },
    { ...CONTOSO_PROD, resourceGroup: 'rg-finance', resourceName: 'sql-erp', service: 'SQL Database', lastMonth: 2710 },
    {
      ...CONTOSO_PROD,
      resourceGroup: 'rg-finance',
      resourceName: 'vm-finance-01',
      service: 'Virtual Machines',
      lastMonth: 2140,
    },
    { ...CONTOSO_PROD, resourceGroup: 'rg-it', resourceName: 'app-intranet', service: 'App Service', lastMonth: 688 },
    {
      ...CONTOSO_PROD,
      resourceGroup: 'rg-web',
      resourceName: 'agw-web',
      service: 'Application Gateway',
      lastMonth: 520,
    },
    { ...CONTOSO_PROD, resourceGroup: 'rg-finance', resourceName: 'stfinance01', service: 'Storage', lastMonth: 412.5 },
    { ...CONTOSO_PROD, resourceGroup: 'rg-it', resourceName: 'vnet-hub', service: 'Virtual Network', lastMonth: 265.4 },
    { ...CONTOSO_PROD, resourceGroup: 'rg-sandbox', resourceName: 'disk-orphan-07', service: 'Storage', lastMonth: 96 },
    {
      ...CONTOSO_DEV,
      resourceGroup: 'rg-dev',
      resourceName: 'aks-dev',
      service: 'Azure Kubernetes Service',
      lastMonth: 1180,
    },
    {
      ...CONTOSO_DEV,
      resourceGroup: 'rg-dev',
      resourceName: 'vm-dev-build',
      service: 'Virtual Machines',
      lastMonth: 940,
    },
    { ...CONTOSO_DEV, resourceGroup: 'rg-dev', resourceName: 'sql-dev', service: 'SQL Database', lastMonth: 340 },
    {
      ...CONTOSO_DATA,
      resourceGroup: 'rg-data',
      resourceName: 'synw-analytics',
      service: 'Azure Synapse Analytics',
      lastMonth: 1950,
    },
    { ...CONTOSO_DATA, resourceGroup: 'rg-data', resourceName: 'st-datalake', service: 'Storage', lastMonth: 735 },
    {
      ...CONTOSO_DATA,
      resourceGroup: 'rg-monitor',
      resourceName: 'law-central',
      service: 'Log Analytics',
      lastMonth: 610,
    },
    { ...CONTOSO_DATA, resourceGroup: 'rg-data', resourceName: 'kv-platform', service: 'Key Vault', lastMonth: 18.2 },
  ],
  [TENANT.northwind]: [
    { ...NORTHWIND, resourceGroup: 'rg-shop', resourceName: 'sql-shop', service: 'SQL Database', lastMonth: 1034.5 },
    { ...NORTHWIND, resourceGroup: 'rg-shop', resourceName: 'app-shop', service: 'App Service', lastMonth: 452.2 },
    { ...NORTHWIND, resourceGroup: 'rg-pos', resourceName: 'vm-pos-01', service: 'Virtual Machines', lastMonth: 348 },
    { ...NORTHWIND, resourceGroup: 'rg-shop', resourceName: 'st-shop', service: 'Storage', lastMonth: 78 },
  ],
  [TENANT.wingtip]: [
    {
      ...WINGTIP,
      resourceGroup: 'rg-poc',
      resourceName: 'aks-poc',
      service: 'Azure Kubernetes Service',
      lastMonth: 860,
    },
    { ...WINGTIP, resourceGroup: 'rg-poc', resourceName: 'law-poc', service: 'Log Analytics', lastMonth: 140 },
    { ...WINGTIP, resourceGroup: 'rg-poc', resourceName: 'st-poc', service: 'Storage', lastMonth: 35.4 },
    { ...WINGTIP, resourceGroup: 'rg-poc', resourceName: 'acr-poc', service: 'Container Registry', lastMonth: 20 },
  ],
};

/** Monthly budgets: a subscription's, or the tenant's (no subscription). */
const BUDGETS: Readonly<Record<string, readonly { name: string; subscriptionId: string | null; amount: number }[]>> = {
  [TENANT.contoso]: [
    { name: 'Production monthly', subscriptionId: CONTOSO_PROD.subscriptionId, amount: 10000 },
    { name: 'Dev/Test monthly', subscriptionId: CONTOSO_DEV.subscriptionId, amount: 3000 },
    { name: 'Data Platform monthly', subscriptionId: CONTOSO_DATA.subscriptionId, amount: 3500 },
  ],
  [TENANT.northwind]: [{ name: 'Shop monthly', subscriptionId: null, amount: 2000 }],
  [TENANT.wingtip]: [{ name: 'PoC monthly', subscriptionId: WINGTIP.subscriptionId, amount: 1000 }],
};

/** Reservations and savings plans; `expiresInDays` counts from the first start. */
const RESERVATIONS: Readonly<
  Record<
    string,
    readonly {
      name: string;
      sku: string;
      quantity: number;
      term: string;
      utilisation: number;
      monthlyCost: number;
      monthlySavings: number;
      expiresInDays: number;
    }[]
  >
> = {
  [TENANT.contoso]: [
    {
      name: 'VM D4s v5 reservation',
      sku: 'Standard_D4s_v5',
      quantity: 4,
      term: '3 years',
      utilisation: 96.5,
      monthlyCost: 412,
      monthlySavings: 486,
      expiresInDays: 700,
    },
    {
      name: 'SQL Database vCore reservation',
      sku: 'SQL Database General Purpose Gen5, 8 vCores',
      quantity: 1,
      term: '1 year',
      utilisation: 71.2,
      monthlyCost: 640,
      monthlySavings: 210,
      expiresInDays: 45,
    },
    {
      name: 'Compute savings plan',
      sku: 'Savings plan for compute',
      quantity: 1,
      term: '1 year',
      utilisation: 88,
      monthlyCost: 500,
      monthlySavings: 140,
      expiresInDays: 220,
    },
  ],
};

/** Microsoft 365 licences per SKU: available (purchased), assigned, monthly unit price in USD. */
export const DEMO_M365_LICENSES: Readonly<
  Record<string, readonly { sku: string; part: string; available: number; assigned: number; unitPrice: number }[]>
> = {
  [TENANT.contoso]: [
    { sku: 'Microsoft 365 E3', part: 'SPE_E3', available: 250, assigned: 231, unitPrice: 36 },
    { sku: 'Microsoft 365 E5', part: 'SPE_E5', available: 40, assigned: 38, unitPrice: 57 },
    { sku: 'Office 365 E1', part: 'STANDARDPACK', available: 120, assigned: 96, unitPrice: 10 },
    { sku: 'Teams Phone Standard', part: 'MCOEV', available: 80, assigned: 74, unitPrice: 8 },
    { sku: 'Power BI Pro', part: 'POWER_BI_PRO', available: 60, assigned: 41, unitPrice: 10 },
    { sku: 'Visio Plan 2', part: 'VISIOCLIENT', available: 25, assigned: 12, unitPrice: 15 },
  ],
  [TENANT.fabrikam]: [
    { sku: 'Microsoft 365 Business Premium', part: 'SPB', available: 75, assigned: 68, unitPrice: 22 },
    {
      sku: 'Microsoft 365 Business Basic',
      part: 'O365_BUSINESS_ESSENTIALS',
      available: 40,
      assigned: 29,
      unitPrice: 6,
    },
    { sku: 'Microsoft 365 Apps for business', part: 'O365_BUSINESS', available: 15, assigned: 15, unitPrice: 8.25 },
    { sku: 'Power BI Pro', part: 'POWER_BI_PRO', available: 10, assigned: 4, unitPrice: 10 },
  ],
};

/** Licensed users without a recent sign-in: days since the last one as of the first start (null = never). */
export const DEMO_INACTIVE_USERS: Readonly<
  Record<string, readonly { name: string; upn: string; department: string; licenses: string[]; days: number | null }[]>
> = {
  [TENANT.contoso]: [
    {
      name: 'Brian Cole',
      upn: 'brian.cole@contoso.example',
      department: 'Sales',
      licenses: ['Microsoft 365 E3'],
      days: 34,
    },
    {
      name: 'Chloe Baker',
      upn: 'chloe.baker@contoso.example',
      department: 'Marketing',
      licenses: ['Microsoft 365 E3'],
      days: 41,
    },
    {
      name: 'Daniel Hughes',
      upn: 'daniel.hughes@contoso.example',
      department: 'Finance',
      licenses: ['Microsoft 365 E5'],
      days: 95,
    },
    {
      name: 'Elena Rossi',
      upn: 'elena.rossi@contoso.example',
      department: 'HR',
      licenses: ['Microsoft 365 E3'],
      days: 62,
    },
    {
      name: 'Farid Khan',
      upn: 'farid.khan@contoso.example',
      department: 'IT',
      licenses: ['Microsoft 365 E3', 'Visio Plan 2'],
      days: 120,
    },
    { name: 'Grace Liu', upn: 'grace.liu@contoso.example', department: 'Sales', licenses: ['Office 365 E1'], days: 47 },
    {
      name: 'Hugo Martin',
      upn: 'hugo.martin@contoso.example',
      department: 'Operations',
      licenses: ['Office 365 E1'],
      days: null,
    },
    {
      name: 'Isla Novak',
      upn: 'isla.novak@contoso.example',
      department: 'Sales',
      licenses: ['Microsoft 365 E3'],
      days: 73,
    },
    {
      name: 'Jonas Weber',
      upn: 'jonas.weber@contoso.example',
      department: 'Engineering',
      licenses: ['Microsoft 365 E3', 'Power BI Pro'],
      days: 38,
    },
    {
      name: 'Kara Singh',
      upn: 'kara.singh@contoso.example',
      department: 'Finance',
      licenses: ['Power BI Pro'],
      days: 150,
    },
    {
      name: 'Liam Walsh',
      upn: 'liam.walsh@contoso.example',
      department: 'Support',
      licenses: ['Office 365 E1'],
      days: 66,
    },
    {
      name: 'Mona Patel',
      upn: 'mona.patel@contoso.example',
      department: 'Legal',
      licenses: ['Microsoft 365 E5'],
      days: 31,
    },
  ],
  [TENANT.fabrikam]: [
    {
      name: 'Nora Berg',
      upn: 'nora.berg@fabrikam.example',
      department: 'Sales',
      licenses: ['Microsoft 365 Business Premium'],
      days: 45,
    },
    {
      name: 'Oscar Diaz',
      upn: 'oscar.diaz@fabrikam.example',
      department: 'Warehouse',
      licenses: ['Microsoft 365 Business Basic'],
      days: null,
    },
    {
      name: 'Paula Schmidt',
      upn: 'paula.schmidt@fabrikam.example',
      department: 'Marketing',
      licenses: ['Microsoft 365 Business Premium'],
      days: 88,
    },
    {
      name: 'Quentin Roy',
      upn: 'quentin.roy@fabrikam.example',
      department: 'Finance',
      licenses: ['Power BI Pro'],
      days: 33,
    },
    {
      name: 'Rita Gomez',
      upn: 'rita.gomez@fabrikam.example',
      department: 'Support',
      licenses: ['Microsoft 365 Business Basic'],
      days: 130,
    },
  ],
};

/** A SKU of a tenant's demo licences. */
function demoLicense(tenantId: string, sku: string) {
  return DEMO_M365_LICENSES[tenantId]!.find((l) => l.sku === sku)!;
}

/** A SKU's unassigned licences, and what they cost a month. */
function unassigned(tenantId: string, sku: string): { count: number; cost: number } {
  const l = demoLicense(tenantId, sku);
  return { count: l.available - l.assigned, cost: (l.available - l.assigned) * l.unitPrice };
}

/** The tenant's inactive licensed users, and what their licences cost a month. */
function inactive(tenantId: string): { count: number; cost: number } {
  const users = DEMO_INACTIVE_USERS[tenantId]!;
  const cost = users.flatMap((u) => u.licenses).reduce((sum, sku) => sum + demoLicense(tenantId, sku).unitPrice, 0);
  return { count: users.length, cost };
}

const c = TENANT.contoso;
const f = TENANT.fabrikam;

/**
 * An anchor recommendation. One about counts of users or licences grows with DEMO_SCALE's copies of
 * Contoso (each copy has its users, licences and inactive users): its title is then a function of the
 * copies, and its savings are per copy. The licence recommendations' counts and savings come from
 * the licences and inactive users below, so the pages, the assistant and the recommendations agree.
 */
type Recommendation = {
  id: string;
  dataset: 'azure' | 'm365';
  category: string;
  impact: 'High' | 'Medium' | 'Low';
  title: string | ((copies: number) => string);
  resource: string | null;
  monthlySavings: number;
};

const RECOMMENDATIONS: Readonly<Record<string, readonly Recommendation[]>> = {
  [c]: [
    {
      id: 'az-ri-vmss-web',
      dataset: 'azure',
      category: 'Cost',
      impact: 'High',
      title: 'Buy a 3-year reservation for the vmss-web scale set',
      resource: 'vmss-web',
      monthlySavings: 820,
    },
    {
      id: 'az-aks-dev-hours',
      dataset: 'azure',
      category: 'Cost',
      impact: 'Medium',
      title: 'Stop aks-dev outside working hours',
      resource: 'aks-dev',
      monthlySavings: 390,
    },
    {
      id: 'az-rightsize-vm-dev-build',
      dataset: 'azure',
      category: 'Cost',
      impact: 'High',
      title: 'Right-size the underused virtual machine vm-dev-build',
      resource: 'vm-dev-build',
      monthlySavings: 310,
    },
    {
      id: 'az-archive-datalake',
      dataset: 'azure',
      category: 'Cost',
      impact: 'Low',
      title: 'Move cold data in st-datalake to the archive tier',
      resource: 'st-datalake',
      monthlySavings: 145,
    },
    {
      id: 'az-delete-disk-orphan-07',
      dataset: 'azure',
      category: 'Cost',
      impact: 'Medium',
      title: 'Delete the unattached disk disk-orphan-07',
      resource: 'disk-orphan-07',
      monthlySavings: 96,
    },
    {
      id: 'az-backup-vm-finance-01',
      dataset: 'azure',
      category: 'Reliability',
      impact: 'Medium',
      title: 'Enable Azure Backup for vm-finance-01',
      resource: 'vm-finance-01',
      monthlySavings: 0,
    },
    {
      id: 'm365-e3-unassigned',
      dataset: 'm365',
      category: 'Licences',
      impact: 'High',
      title: (n) =>
        `Reduce Microsoft 365 E3 by the ${unassigned(c, 'Microsoft 365 E3').count * n} unassigned licences at renewal`,
      resource: 'Microsoft 365 E3',
      monthlySavings: unassigned(c, 'Microsoft 365 E3').cost,
    },
    {
      id: 'm365-inactive-users',
      dataset: 'm365',
      category: 'Licences',
      impact: 'High',
      title: (n) => `Reclaim the licences of ${inactive(c).count * n} users inactive for 30 days or more`,
      resource: null,
      monthlySavings: inactive(c).cost,
    },
    {
      id: 'm365-visio-unassigned',
      dataset: 'm365',
      category: 'Licences',
      impact: 'Medium',
      title: (n) => `Reduce Visio Plan 2 to the ${demoLicense(c, 'Visio Plan 2').assigned * n} assigned licences`,
      resource: 'Visio Plan 2',
      monthlySavings: unassigned(c, 'Visio Plan 2').cost,
    },
    {
      id: 'm365-powerbi-unassigned',
      dataset: 'm365',
      category: 'Licences',
      impact: 'Medium',
      title: (n) => `Cancel the ${unassigned(c, 'Power BI Pro').count * n} unassigned Power BI Pro licences`,
      resource: 'Power BI Pro',
      monthlySavings: unassigned(c, 'Power BI Pro').cost,
    },
    {
      id: 'm365-admin-mfa',
      dataset: 'm365',
      category: 'Security',
      impact: 'High',
      title: 'Require multifactor authentication for all administrators',
      resource: null,
      monthlySavings: 0,
    },
  ],
  [f]: [
    {
      id: 'm365-premium-unassigned',
      dataset: 'm365',
      category: 'Licences',
      impact: 'High',
      title: `Reduce Microsoft 365 Business Premium by the ${unassigned(f, 'Microsoft 365 Business Premium').count} unassigned licences`,
      resource: 'Microsoft 365 Business Premium',
      monthlySavings: unassigned(f, 'Microsoft 365 Business Premium').cost,
    },
    {
      id: 'm365-inactive-users',
      dataset: 'm365',
      category: 'Licences',
      impact: 'Medium',
      title: `Reclaim the licences of ${inactive(f).count} users inactive for 30 days or more`,
      resource: null,
      monthlySavings: inactive(f).cost,
    },
    {
      id: 'm365-basic-unassigned',
      dataset: 'm365',
      category: 'Licences',
      impact: 'Medium',
      title: `Reduce Microsoft 365 Business Basic by the ${unassigned(f, 'Microsoft 365 Business Basic').count} unassigned licences`,
      resource: 'Microsoft 365 Business Basic',
      monthlySavings: unassigned(f, 'Microsoft 365 Business Basic').cost,
    },
    {
      id: 'm365-powerbi-unassigned',
      dataset: 'm365',
      category: 'Licences',
      impact: 'Low',
      title: `Cancel the ${unassigned(f, 'Power BI Pro').count} unassigned Power BI Pro licences`,
      resource: 'Power BI Pro',
      monthlySavings: unassigned(f, 'Power BI Pro').cost,
    },
    {
      id: 'm365-legacy-auth',
      dataset: 'm365',
      category: 'Security',
      impact: 'High',
      title: 'Block legacy authentication',
      resource: null,
      monthlySavings: 0,
    },
  ],
  [TENANT.northwind]: [
    {
      id: 'az-ri-sql-shop',
      dataset: 'azure',
      category: 'Cost',
      impact: 'High',
      title: 'Buy a 1-year reservation for sql-shop',
      resource: 'sql-shop',
      monthlySavings: 210,
    },
    {
      id: 'az-rightsize-vm-pos-01',
      dataset: 'azure',
      category: 'Cost',
      impact: 'Medium',
      title: 'Right-size the underused virtual machine vm-pos-01',
      resource: 'vm-pos-01',
      monthlySavings: 120,
    },
  ],
  [TENANT.wingtip]: [
    {
      id: 'az-aks-poc-nodes',
      dataset: 'azure',
      category: 'Cost',
      impact: 'High',
      title: 'Scale the aks-poc node pool down to 2 nodes',
      resource: 'aks-poc',
      monthlySavings: 280,
    },
  ],
};

/** Usage of the last 30 days per workload, in display order. */
const USAGE: Readonly<Record<string, Readonly<Record<'teams' | 'mail' | 'sharepoint', readonly [string, number][]>>>> =
  {
    [TENANT.contoso]: {
      teams: [
        ['Enabled users', 450],
        ['Active users', 402],
        ['Meetings', 3840],
        ['Chat messages', 61200],
        ['Calls', 2950],
      ],
      mail: [
        ['Enabled users', 460],
        ['Active users', 436],
        ['Emails sent', 48900],
        ['Emails received', 162300],
      ],
      sharepoint: [
        ['Enabled users', 450],
        ['Active users', 311],
        ['Active sites', 84],
        ['Files viewed or edited', 27450],
        ['Storage used (GB)', 1820],
      ],
    },
    [TENANT.fabrikam]: {
      teams: [
        ['Enabled users', 112],
        ['Active users', 87],
        ['Meetings', 610],
        ['Chat messages', 9400],
        ['Calls', 380],
      ],
      mail: [
        ['Enabled users', 112],
        ['Active users', 104],
        ['Emails sent', 7200],
        ['Emails received', 25100],
      ],
      sharepoint: [
        ['Enabled users', 97],
        ['Active users', 41],
        ['Active sites', 12],
        ['Files viewed or edited', 2310],
        ['Storage used (GB)', 214],
      ],
    },
  };

const SECURE_SCORES: Readonly<
  Record<string, { current: number; max: number; similar: number; actions: readonly [string, string, number][] }>
> = {
  [TENANT.contoso]: {
    current: 562,
    max: 846,
    similar: 54.2,
    actions: [
      ['Require multifactor authentication for administrative roles', 'Identity', 10],
      ['Turn on Safe Links in Microsoft Defender for Office 365', 'Apps', 9],
      ['Block legacy authentication', 'Identity', 8],
      ['Turn on the sign-in risk policy', 'Identity', 7],
      ['Enable self-service password reset', 'Identity', 1],
    ],
  },
  [TENANT.fabrikam]: {
    current: 318,
    max: 720,
    similar: 49.6,
    actions: [
      ['Block legacy authentication', 'Identity', 8],
      ['Require multifactor authentication for all users', 'Identity', 9],
      ['Turn on audit log search', 'Data', 5],
      ['Set outbound spam notifications', 'Apps', 3],
    ],
  },
};

/** `YYYY-MM` of the month `monthsAgo` before `now` (UTC). */
export function periodMonthsAgo(now: Date, monthsAgo: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Cost of a resource `monthsAgo` months before the first start, to the cent. */
export const demoMonthAmount = (lastMonth: number, monthsAgo: number) =>
  Math.round(lastMonth * MONTH_FACTORS[monthsAgo]! * 100) / 100;

const isoDate = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Inserts many rows at once: `rows` become a JSON array read with jsonb_to_recordset (same SQL on PGlite and PostgreSQL). */
async function insertRows(
  tx: Database,
  table: string,
  columns: string,
  types: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `insert into ${table} (${columns}) select ${columns} from jsonb_to_recordset($1::jsonb) as x(${types}) on conflict do nothing`,
    [JSON.stringify(rows)],
  );
}

async function hasRows(tx: Database, table: string, tenantId: string): Promise<boolean> {
  const { rows } = await tx.query(`select 1 from ${table} where tenant_id = $1 limit 1`, [tenantId]);
  return rows.length > 0;
}

/**
 * The demo tenants' Azure and Microsoft 365 data the built-in assistant engine answers from.
 * Idempotent like the rest of the seed; a tenant's data is written once, on the first start, so a
 * later start in another month neither adds months nor changes the amounts seen so far.
 */
export async function seedChatData(
  tx: Database,
  now: Date = new Date(),
  factors: readonly number[] = MONTH_FACTORS,
  scale = 1,
): Promise<void> {
  // DEMO_SCALE (seed/scale.ts) makes Contoso `scale` times larger: its licence pools and usage counts
  // grow with its users (datasets/base/seed.ts); its anchor resources and their amounts stay as they are.
  const times = (tenantId: string) => (tenantId === TENANT.contoso ? scale : 1);
  await seedAzureChatData(tx, now, factors, times);
  await seedM365ChatData(tx, now, times);
}

/** The Azure side of the assistant's data: monthly costs, budgets, reservations and recommendations. */
async function seedAzureChatData(
  tx: Database,
  now: Date,
  factors: readonly number[],
  times: (tenantId: string) => number,
): Promise<void> {
  for (const [tenantId, resources] of Object.entries(DEMO_AZURE_COSTS)) {
    if (await hasRows(tx, 'assistant_azure_costs', tenantId)) continue;
    const rows = resources.flatMap((r) =>
      factors.map((factor, monthsAgo) => ({
        tenant_id: tenantId,
        period: periodMonthsAgo(now, monthsAgo),
        subscription_id: r.subscriptionId,
        subscription_name: r.subscriptionName,
        resource_group: r.resourceGroup,
        resource_name: r.resourceName,
        service: r.service,
        amount: Math.round(r.lastMonth * factor * 100) / 100,
      })),
    );
    await insertRows(
      tx,
      'assistant_azure_costs',
      'tenant_id, period, subscription_id, subscription_name, resource_group, resource_name, service, amount',
      'tenant_id text, period text, subscription_id text, subscription_name text, resource_group text, resource_name text, service text, amount numeric',
      rows,
    );
  }
  for (const [tenantId, budgets] of Object.entries(BUDGETS)) {
    await insertRows(
      tx,
      'assistant_azure_budgets',
      'tenant_id, name, subscription_id, amount',
      'tenant_id text, name text, subscription_id text, amount numeric',
      budgets.map((b) => ({ tenant_id: tenantId, name: b.name, subscription_id: b.subscriptionId, amount: b.amount })),
    );
  }
  for (const [tenantId, reservations] of Object.entries(RESERVATIONS)) {
    if (await hasRows(tx, 'assistant_azure_reservations', tenantId)) continue;
    await insertRows(
      tx,
      'assistant_azure_reservations',
      'tenant_id, name, sku, quantity, term, utilisation, monthly_cost, monthly_savings, expires_on',
      'tenant_id text, name text, sku text, quantity integer, term text, utilisation numeric, monthly_cost numeric, monthly_savings numeric, expires_on date',
      reservations.map((r) => ({
        tenant_id: tenantId,
        name: r.name,
        sku: r.sku,
        quantity: r.quantity,
        term: r.term,
        utilisation: r.utilisation,
        monthly_cost: r.monthlyCost,
        monthly_savings: r.monthlySavings,
        expires_on: isoDate(now, r.expiresInDays),
      })),
    );
  }
  for (const [tenantId, recommendations] of Object.entries(RECOMMENDATIONS)) {
    await insertRows(
      tx,
      'assistant_recommendations',
      'tenant_id, id, dataset, provider, category, impact, title, resource, monthly_savings, position',
      'tenant_id text, id text, dataset text, provider text, category text, impact text, title text, resource text, monthly_savings numeric, position integer',
      recommendations.map((r, position) => ({
        tenant_id: tenantId,
        id: r.id,
        dataset: r.dataset,
        provider: r.dataset,
        category: r.category,
        impact: r.impact,
        title: typeof r.title === 'function' ? r.title(times(tenantId)) : r.title,
        resource: r.resource,
        monthly_savings: typeof r.title === 'function' ? r.monthlySavings * times(tenantId) : r.monthlySavings,
        position,
      })),
    );
  }
}

/** The Microsoft 365 side of the assistant's data: licences, inactive users, usage and Secure Score. */
async function seedM365ChatData(tx: Database, now: Date, times: (tenantId: string) => number): Promise<void> {
  for (const [tenantId, licenses] of Object.entries(DEMO_M365_LICENSES)) {
    await insertRows(
      tx,
      'assistant_m365_licenses',
      'tenant_id, sku, sku_part_number, available, assigned, unit_price, position',
      'tenant_id text, sku text, sku_part_number text, available integer, assigned integer, unit_price numeric, position integer',
      licenses.map((l, position) => ({
        tenant_id: tenantId,
        sku: l.sku,
        sku_part_number: l.part,
        available: l.available * times(tenantId),
        assigned: l.assigned * times(tenantId),
        unit_price: l.unitPrice,
        position,
      })),
    );
  }
  for (const [tenantId, users] of Object.entries(DEMO_INACTIVE_USERS)) {
    if (await hasRows(tx, 'assistant_m365_inactive_users', tenantId)) continue;
    await insertRows(
      tx,
      'assistant_m365_inactive_users',
      'tenant_id, upn, display_name, department, licenses, days_since_sign_in, as_of',
      'tenant_id text, upn text, display_name text, department text, licenses text[], days_since_sign_in integer, as_of date',
      users.map((u) => ({
        tenant_id: tenantId,
        upn: u.upn,
        display_name: u.name,
        department: u.department,
        licenses: u.licenses,
        days_since_sign_in: u.days,
        as_of: isoDate(now, 0),
      })),
    );
  }
  for (const [tenantId, workloads] of Object.entries(USAGE)) {
    if (await hasRows(tx, 'assistant_m365_usage', tenantId)) continue;
    await insertRows(
      tx,
      'assistant_m365_usage',
      'tenant_id, workload, metric, value, position, as_of',
      'tenant_id text, workload text, metric text, value numeric, position integer, as_of date',
      Object.entries(workloads).flatMap(([workload, metrics]) =>
        metrics.map(([metric, value], position) => ({
          tenant_id: tenantId,
          workload,
          metric,
          value: value * times(tenantId),
          position,
          as_of: isoDate(now, 0),
        })),
      ),
    );
  }
  for (const [tenantId, score] of Object.entries(SECURE_SCORES)) {
    await insertRows(
      tx,
      'assistant_secure_scores',
      'tenant_id, current_score, max_score, similar_organisations_pct, as_of',
      'tenant_id text, current_score numeric, max_score numeric, similar_organisations_pct numeric, as_of date',
      [
        {
          tenant_id: tenantId,
          current_score: score.current,
          max_score: score.max,
          similar_organisations_pct: score.similar,
          as_of: isoDate(now, 0),
        },
      ],
    );
    await insertRows(
      tx,
      'assistant_secure_score_actions',
      'tenant_id, title, category, points, position',
      'tenant_id text, title text, category text, points numeric, position integer',
      score.actions.map(([title, category, points], position) => ({
        tenant_id: tenantId,
        title,
        category,
        points,
        position,
      })),
    );
  }
}
