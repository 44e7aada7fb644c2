import type { Database } from '../db/database';
import { TENANT } from './tenants';

/** A demo Azure resource: `tags` empty means untagged. */
interface DemoResource {
  tenantId: string;
  subscriptionId: string;
  resourceGroup: string;
  provider: string;
  name: string;
  location: string;
  tags: Record<string, string>;
}

const CONTOSO_SUB = '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a01';
const NORTHWIND_SUB = '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a03';
const LITWARE_SUB = '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a04';
const WINGTIP_SUB = '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a06';

/**
 * The demo tenants' Azure inventory (GET /api/test/tag and /api/test/tag/tagged read it). Contoso
 * has tagged and untagged resources; Fabrikam (Office 365 only) and Tailspin have none; Litware has
 * tagged resources but no active Azure licence.
 */
export const DEMO_RESOURCES: readonly DemoResource[] = [
  {
    tenantId: TENANT.contoso,
    subscriptionId: CONTOSO_SUB,
    resourceGroup: 'rg-finance',
    provider: 'Microsoft.Compute/virtualMachines',
    name: 'vm-finance-01',
    location: 'westeurope',
    tags: { costCenter: 'FIN-100', owner: 'ada@contoso.example', environment: 'production' },
  },
  {
    tenantId: TENANT.contoso,
    subscriptionId: CONTOSO_SUB,
    resourceGroup: 'rg-finance',
    provider: 'Microsoft.Storage/storageAccounts',
    name: 'stfinance01',
    location: 'westeurope',
    tags: { costCenter: 'FIN-100', environment: 'production' },
  },
  {
    tenantId: TENANT.contoso,
    subscriptionId: CONTOSO_SUB,
    resourceGroup: 'rg-it',
    provider: 'Microsoft.Web/sites',
    name: 'app-intranet',
    location: 'northeurope',
    tags: { owner: 'it@contoso.example' },
  },
  {
    tenantId: TENANT.contoso,
    subscriptionId: CONTOSO_SUB,
    resourceGroup: 'rg-it',
    provider: 'Microsoft.Network/virtualNetworks',
    name: 'vnet-hub',
    location: 'northeurope',
    tags: {},
  },
  {
    tenantId: TENANT.contoso,
    subscriptionId: CONTOSO_SUB,
    resourceGroup: 'rg-sandbox',
    provider: 'Microsoft.Compute/disks',
    name: 'disk-orphan-07',
    location: 'westeurope',
    tags: {},
  },
  {
    tenantId: TENANT.northwind,
    subscriptionId: NORTHWIND_SUB,
    resourceGroup: 'rg-shop',
    provider: 'Microsoft.Web/sites',
    name: 'app-shop',
    location: 'eastus',
    tags: { costCenter: 'NW-SALES' },
  },
  {
    tenantId: TENANT.northwind,
    subscriptionId: NORTHWIND_SUB,
    resourceGroup: 'rg-shop',
    provider: 'Microsoft.Sql/servers',
    name: 'sql-shop',
    location: 'eastus',
    tags: {},
  },
  {
    tenantId: TENANT.litware,
    subscriptionId: LITWARE_SUB,
    resourceGroup: 'rg-ea',
    provider: 'Microsoft.Compute/virtualMachines',
    name: 'vm-build',
    location: 'uksouth',
    tags: { owner: 'sam@litware.example' },
  },
  {
    tenantId: TENANT.wingtip,
    subscriptionId: WINGTIP_SUB,
    resourceGroup: 'rg-poc',
    provider: 'Microsoft.ContainerService/managedClusters',
    name: 'aks-poc',
    location: 'westus2',
    tags: {},
  },
];

/** The `/subscriptions/…/resourceGroups/…/providers/…/{name}` id Azure gives a resource. */
export const resourceIdOf = (r: DemoResource) =>
  `/subscriptions/${r.subscriptionId}/resourceGroups/${r.resourceGroup}/providers/${r.provider}/${r.name}`;

/** `YYYY-MM` of the month `monthsAgo` before `now` (UTC). */
function period(now: Date, monthsAgo: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Seeds the rows of migration 007 for the demo tenants; idempotent (`on conflict do nothing`).
 * Northwind, the CSP customer, gets invoiced lines for the two months before the first start and
 * unbilled lines for the month of the first start, so it has unbilled invoice data.
 */
export async function seedInventory(tx: Database, now: Date = new Date()): Promise<void> {
  for (const r of DEMO_RESOURCES) {
    await tx.query(
      `insert into azure_resources (tenant_id, resource_id, name, type, resource_group, subscription_id, location, tags)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing`,
      [
        r.tenantId,
        resourceIdOf(r),
        r.name,
        r.provider,
        r.resourceGroup,
        r.subscriptionId,
        r.location,
        JSON.stringify(r.tags),
      ],
    );
  }
  const lines = [
    { id: 'nw-line-1', invoiceId: 'G000000101', monthsAgo: 2, description: 'Azure plan usage', amount: '1840.25' },
    { id: 'nw-line-2', invoiceId: 'G000000102', monthsAgo: 1, description: 'Azure plan usage', amount: '1912.70' },
    { id: 'nw-line-3', invoiceId: null, monthsAgo: 0, description: 'Azure plan usage (unbilled)', amount: '633.10' },
    {
      id: 'nw-line-4',
      invoiceId: null,
      monthsAgo: 0,
      description: 'Microsoft 365 Business Premium (unbilled)',
      amount: '220.00',
    },
  ];
  for (const l of lines) {
    await tx.query(
      `insert into csp_invoice_lines (tenant_id, id, invoice_id, period, description, amount, currency) values ($1, $2, $3, $4, $5, $6, 'USD')
       on conflict do nothing`,
      [TENANT.northwind, l.id, l.invoiceId, period(now, l.monthsAgo), l.description, l.amount],
    );
  }
}
