import type { Database } from '../../db/database';
import { DEMO_AZURE_COSTS, DEMO_INACTIVE_USERS, DEMO_M365_LICENSES } from '../../seed/chat';
import { DEMO_RESOURCES, resourceIdOf } from '../../seed/inventory';
import { DAY, hasRows, insertJson, isoDay, monthStart, withIndexesDeferred } from '../../seed/bulk';
import { random, type Random } from '../../seed/random';
import { TENANT } from '../../seed/tenants';
import type { SeedData } from '../../seed/seedData';

/**
 * The base datasets' demo data (core's `featureDatasets/base.ts`; their SQL is `sql.ts` beside this
 * file; migration 011), deterministic: dimension rows (subscriptions, resources, users, alerts,
 * recommendations) come from a seeded PRNG per tenant and table; fact
 * rows (daily costs) are generated in SQL with generate_series and integer arithmetic, which is
 * fast and gives the same rows on PGlite and PostgreSQL.
 *
 * Two sizes:
 * - `anchors` — the hand-written rows only (the assistant's, seed/chat.ts): their monthly amounts
 *   spread over the days, the anchor subscriptions, every Microsoft 365 user behind the licence
 *   counts, the alerts. What the server tests start with: their exact figures stay.
 * - `full` — the anchors plus a long tail at realistic scale: thousands of resources, 13 months of
 *   daily cost rows (over 100,000 for Contoso), recommendations for Azure, Microsoft 365 and AWS.
 *
 * One data set: the assistant's monthly roll-up `assistant_azure_costs` is the sum of the daily rows
 * (the anchor months are spread over their days with largest-remainder cents, so their sums stay
 * exact); the licences' assigned counts equal the users holding them; the users inactive for 30 days
 * or more are exactly the assistant's inactive users.
 */

// ---------------------------------------------------------------------------------------------
// Azure: services, subscriptions, resources

/** An Azure service as the cost rows name it, with the resource type and meter behind it. */
interface ServiceDef {
  service: string;
  type: string;
  prefix: string;
  category: string;
  meter: string;
  unit: string;
  /** Price of one unit in cents: the consumed quantity is the cost divided by it. */
  unitCents: number;
  skus: readonly string[];
  kind?: string;
  /** The range of a resource's daily cost, in cents. */
  cost: readonly [number, number];
  /** Cheaper on weekends (shut down outside working days). */
  weekdayDip?: boolean;
}

const SERVICES: readonly ServiceDef[] = [
  {
    service: 'Virtual Machines',
    type: 'Microsoft.Compute/virtualMachines',
    prefix: 'vm',
    category: 'Compute',
    meter: 'D4s v5',
    unit: 'Hours',
    unitCents: 19,
    skus: [
      'Standard_D2s_v5',
      'Standard_D4s_v5',
      'Standard_D8s_v5',
      'Standard_B2ms',
      'Standard_E4s_v5',
      'Standard_F4s_v2',
    ],
    kind: 'linux',
    cost: [150, 6000],
    weekdayDip: true,
  },
  {
    service: 'Storage',
    type: 'Microsoft.Storage/storageAccounts',
    prefix: 'st',
    category: 'Storage',
    meter: 'Hot LRS Data Stored',
    unit: 'GB/Month',
    unitCents: 2,
    skus: ['Standard_LRS', 'Standard_GRS', 'Standard_ZRS', 'Premium_LRS'],
    kind: 'StorageV2',
    cost: [10, 1500],
  },
  {
    service: 'Storage',
    type: 'Microsoft.Compute/disks',
    prefix: 'disk',
    category: 'Storage',
    meter: 'P10 LRS Disk',
    unit: 'Disk/Month',
    unitCents: 64,
    skus: ['Premium_LRS', 'StandardSSD_LRS', 'Standard_LRS'],
    cost: [15, 400],
  },
  {
    service: 'SQL Database',
    type: 'Microsoft.Sql/servers/databases',
    prefix: 'sqldb',
    category: 'Databases',
    meter: 'vCore',
    unit: 'Hours',
    unitCents: 21,
    skus: ['GP_Gen5_2', 'GP_Gen5_4', 'BC_Gen5_4', 'S3', 'P1'],
    cost: [200, 8000],
  },
  {
    service: 'App Service',
    type: 'Microsoft.Web/sites',
    prefix: 'app',
    category: 'Web',
    meter: 'P1v3 App Service Plan',
    unit: 'Hours',
    unitCents: 17,
    skus: ['P1v3', 'P2v3', 'S1', 'B1'],
    kind: 'app',
    cost: [40, 2500],
  },
  {
    service: 'Functions',
    type: 'Microsoft.Web/sites',
    prefix: 'func',
    category: 'Compute',
    meter: 'Execution Time',
    unit: 'GB Seconds',
    unitCents: 1,
    skus: ['Y1', 'EP1'],
    kind: 'functionapp',
    cost: [5, 400],
  },
  {
    service: 'Virtual Network',
    type: 'Microsoft.Network/virtualNetworks',
    prefix: 'vnet',
    category: 'Networking',
    meter: 'Intra-Region Data Transfer',
    unit: 'GB',
    unitCents: 1,
    skus: [''],
    cost: [5, 900],
  },
  {
    service: 'Load Balancer',
    type: 'Microsoft.Network/loadBalancers',
    prefix: 'lb',
    category: 'Networking',
    meter: 'Standard Data Processed',
    unit: 'GB',
    unitCents: 1,
    skus: ['Standard'],
    cost: [20, 300],
  },
  {
    service: 'Application Gateway',
    type: 'Microsoft.Network/applicationGateways',
    prefix: 'agw',
    category: 'Networking',
    meter: 'Standard_v2 Fixed Cost',
    unit: 'Hours',
    unitCents: 25,
    skus: ['Standard_v2', 'WAF_v2'],
    cost: [300, 2000],
  },
  {
    service: 'Key Vault',
    type: 'Microsoft.KeyVault/vaults',
    prefix: 'kv',
    category: 'Security',
    meter: 'Operations',
    unit: '10K Operations',
    unitCents: 3,
    skus: ['standard', 'premium'],
    cost: [1, 80],
  },
  {
    service: 'Log Analytics',
    type: 'Microsoft.OperationalInsights/workspaces',
    prefix: 'law',
    category: 'Management and Governance',
    meter: 'Data Ingestion',
    unit: 'GB',
    unitCents: 276,
    skus: ['PerGB2018'],
    cost: [100, 4000],
  },
  {
    service: 'Azure Kubernetes Service',
    type: 'Microsoft.ContainerService/managedClusters',
    prefix: 'aks',
    category: 'Containers',
    meter: 'Standard Uptime SLA',
    unit: 'Hours',
    unitCents: 10,
    skus: ['Standard', 'Free'],
    cost: [300, 7000],
    weekdayDip: true,
  },
  {
    service: 'Container Registry',
    type: 'Microsoft.ContainerRegistry/registries',
    prefix: 'acr',
    category: 'Containers',
    meter: 'Standard Registry Unit',
    unit: 'Days',
    unitCents: 67,
    skus: ['Basic', 'Standard', 'Premium'],
    cost: [17, 170],
  },
  {
    service: 'Azure Cosmos DB',
    type: 'Microsoft.DocumentDB/databaseAccounts',
    prefix: 'cosmos',
    category: 'Databases',
    meter: '100 RU/s',
    unit: 'Hours',
    unitCents: 1,
    skus: ['Standard'],
    cost: [100, 5000],
  },
  {
    service: 'Redis Cache',
    type: 'Microsoft.Cache/Redis',
    prefix: 'redis',
    category: 'Databases',
    meter: 'C1 Cache',
    unit: 'Hours',
    unitCents: 7,
    skus: ['Basic C1', 'Standard C1', 'Premium P1'],
    cost: [50, 1500],
  },
  {
    service: 'Azure Synapse Analytics',
    type: 'Microsoft.Synapse/workspaces',
    prefix: 'synw',
    category: 'Analytics',
    meter: 'vCore',
    unit: 'Hours',
    unitCents: 30,
    skus: ['DW100c', 'DW200c'],
    cost: [500, 6000],
  },
];

/** Resources that cost nothing by themselves (they make up most of an inventory). */
const FREE_TYPES: readonly { type: string; prefix: string }[] = [
  { type: 'Microsoft.Network/networkInterfaces', prefix: 'nic' },
  { type: 'Microsoft.Network/networkSecurityGroups', prefix: 'nsg' },
  { type: 'Microsoft.Network/routeTables', prefix: 'rt' },
  { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', prefix: 'id' },
  { type: 'Microsoft.Insights/actionGroups', prefix: 'ag' },
  { type: 'Microsoft.Compute/availabilitySets', prefix: 'avail' },
  { type: 'Microsoft.Insights/components', prefix: 'appi' },
];

const serviceDef = (service: string) => SERVICES.find((s) => s.service === service) ?? SERVICES[0]!;

/** A subscription as seeded. */
interface DemoSubscription {
  subscriptionId: string;
  name: string;
  offer: 'Pay-As-You-Go' | 'Enterprise Agreement' | 'CSP' | 'Dev/Test';
  state: 'Enabled' | 'Warned' | 'Disabled';
  owner: string;
  createdDaysAgo: number;
}

/** Each Azure tenant's anchor subscriptions (those of the inventory and the assistant) and its size in the full seed. */
const AZURE_TENANTS: readonly {
  tenantId: string;
  domain: string;
  regions: readonly string[];
  subscriptions: readonly DemoSubscription[];
  /** Further subscriptions of the full seed: [name, offer, state]. */
  extraSubscriptions: readonly (readonly [string, DemoSubscription['offer'], DemoSubscription['state']])[];
  resources: number;
  billed: number;
}[] = [
  {
    tenantId: TENANT.contoso,
    domain: 'contoso.example',
    regions: ['westeurope', 'westeurope', 'northeurope', 'northeurope', 'uksouth', 'swedencentral', 'eastus'],
    subscriptions: [
      {
        subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a01',
        name: 'Contoso Production',
        offer: 'Enterprise Agreement',
        state: 'Enabled',
        owner: 'ada@contoso.example',
        createdDaysAgo: 1460,
      },
      {
        subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a11',
        name: 'Contoso Dev/Test',
        offer: 'Dev/Test',
        state: 'Enabled',
        owner: 'farid.khan@contoso.example',
        createdDaysAgo: 1100,
      },
      {
        subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a21',
        name: 'Contoso Data Platform',
        offer: 'Enterprise Agreement',
        state: 'Enabled',
        owner: 'jonas.weber@contoso.example',
        createdDaysAgo: 820,
      },
    ],
    extraSubscriptions: [
      ['Contoso Web EU', 'Enterprise Agreement', 'Enabled'],
      ['Contoso Analytics', 'Enterprise Agreement', 'Enabled'],
      ['Contoso Identity', 'Enterprise Agreement', 'Enabled'],
      ['Contoso Connectivity', 'Enterprise Agreement', 'Enabled'],
      ['Contoso Backup', 'Pay-As-You-Go', 'Enabled'],
      ['Contoso Sandbox', 'Pay-As-You-Go', 'Enabled'],
      ['Contoso Research', 'Pay-As-You-Go', 'Warned'],
      ['Contoso Marketing Sites', 'Pay-As-You-Go', 'Enabled'],
      ['Contoso Legacy', 'Enterprise Agreement', 'Disabled'],
    ],
    resources: 3000,
    billed: 340,
  },
  {
    tenantId: TENANT.northwind,
    domain: 'northwind.example',
    regions: ['eastus', 'eastus', 'eastus2', 'centralus'],
    subscriptions: [
      {
        subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a03',
        name: 'Northwind Production',
        offer: 'CSP',
        state: 'Enabled',
        owner: 'eve@northwind.example',
        createdDaysAgo: 900,
      },
    ],
    extraSubscriptions: [
      ['Northwind Staging', 'CSP', 'Enabled'],
      ['Northwind Analytics', 'CSP', 'Enabled'],
    ],
    resources: 400,
    billed: 60,
  },
  {
    tenantId: TENANT.litware,
    domain: 'litware.example',
    regions: ['uksouth', 'ukwest'],
    subscriptions: [
      {
        subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a04',
        name: 'Litware Build',
        offer: 'Enterprise Agreement',
        state: 'Enabled',
        owner: 'sam@litware.example',
        createdDaysAgo: 1300,
      },
    ],
    extraSubscriptions: [
      ['Litware Engineering', 'Enterprise Agreement', 'Enabled'],
      ['Litware Test', 'Dev/Test', 'Enabled'],
    ],
    resources: 300,
    billed: 40,
  },
  {
    tenantId: TENANT.wingtip,
    domain: 'wingtip.example',
    regions: ['westus2', 'westus2', 'westus3'],
    subscriptions: [
      {
        subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a06',
        name: 'Wingtip PoC',
        offer: 'Pay-As-You-Go',
        state: 'Enabled',
        owner: 'multi@wingtip.example',
        createdDaysAgo: 200,
      },
    ],
    extraSubscriptions: [['Wingtip Sandbox', 'Pay-As-You-Go', 'Enabled']],
    resources: 150,
    billed: 30,
  },
];

const RG_STEMS = [
  'web',
  'api',
  'data',
  'shared',
  'network',
  'monitor',
  'identity',
  'backup',
  'integration',
  'analytics',
  'batch',
  'crm',
  'erp',
  'hr',
  'sales',
  'marketing',
  'iot',
  'ml',
  'edge',
  'portal',
  'search',
  'payments',
  'reporting',
  'archive',
];
const ENVIRONMENTS = ['production', 'production', 'staging', 'development', 'test'];
const PROJECTS = ['atlas', 'borealis', 'cobalt', 'delta', 'ember', 'falcon', 'granite', 'harbor'];

/** A generated (or anchor) resource with what its daily cost rows need. */
export interface GeneratedResource {
  /**
   * The resource's number within its tenant, the last five digits of its cost rows' ids: anchors
   * below 1000, the long tail from 1000, DEMO_SCALE's copies from 4000 (their resources without cost
   * rows have -1). Unique among the billed resources and below {@link MAX_RESOURCE_NUMBER}.
   */
  k: number;
  resourceId: string;
  name: string;
  type: string;
  kind: string;
  sku: string;
  resourceGroup: string;
  subscriptionId: string;
  subscriptionName: string;
  location: string;
  tags: Record<string, string>;
  createdOn: string;
  /** Cost rows: null for a resource that costs nothing. */
  billing: { service: ServiceDef; baseCents: number; growth: number; committed: boolean } | null;
}

// ---------------------------------------------------------------------------------------------
// DEMO_SCALE (seed/scale.ts): Contoso, `scale` times over

/** The tenant DEMO_SCALE multiplies: Contoso, the main demo tenant. */
export const SCALED_TENANT = TENANT.contoso;

/** How many copies of the tenant's generated estate the seed makes: `scale` for Contoso, else 1. */
export const copiesOf = (tenantId: string, scale: number) => (tenantId === SCALED_TENANT ? scale : 1);

/**
 * A cost row's id is `(day - 2000-01-01) * 100000 + k` (migration 011, `dayKeyed` in
 * data/registry.ts), so every billed resource's `k` must stay below this.
 */
export const MAX_RESOURCE_NUMBER = 100_000;

/** The first resource number of copy 2's billed resources (copy 1's tail ends below 4000). */
const COPY_K_BASE = 4000;

/** The name of subscription `name` in copy `copy` (2, 3, …): a numbered business unit, "Contoso Production 02". */
const copyName = (name: string, copy: number) => `${name} ${String(copy).padStart(2, '0')}`;

/** The subscriptions of a tenant: the anchors, and in the full seed the generated ones (with `scale`, Contoso's once per copy). */
export function demoSubscriptions(tenantId: string, data: SeedData, scale = 1): DemoSubscription[] {
  const t = AZURE_TENANTS.find((x) => x.tenantId === tenantId);
  if (!t) return [];
  if (data === 'anchors') return [...t.subscriptions];
  const rnd = random(`${tenantId}:subscriptions`);
  const first = [
    ...t.subscriptions,
    ...t.extraSubscriptions.map(([name, offer, state]) => ({
      subscriptionId: `7c1e2a34-${rnd.hex(4)}-4${rnd.hex(3)}-8${rnd.hex(3)}-${rnd.hex(12)}`,
      name,
      offer,
      state,
      owner: `${rnd.pick(['ada', 'farid.khan', 'jonas.weber', 'mona.patel', 'grace.liu'])}@${t.domain}`,
      createdDaysAgo: rnd.int(420, 1800),
    })),
  ];
  const out = [...first];
  for (let copy = 2; copy <= copiesOf(tenantId, scale); copy++)
    out.push(...copySubscriptions(t.domain, tenantId, first, copy));
  return out;
}

/** Copy `copy`'s subscriptions: one per subscription of the first, numbered; the copy number is in the id, so ids never collide. */
function copySubscriptions(
  domain: string,
  tenantId: string,
  first: readonly DemoSubscription[],
  copy: number,
): DemoSubscription[] {
  const rnd = random(`${tenantId}:subscriptions:${copy}`);
  return first.map((s) => ({
    subscriptionId: `7c1e2a34-${copy.toString(16).padStart(4, '0')}-4${rnd.hex(3)}-9${rnd.hex(3)}-${rnd.hex(12)}`,
    name: copyName(s.name, copy),
    offer: s.offer,
    state: s.state,
    owner: `${rnd.pick(['ada', 'farid.khan', 'jonas.weber', 'mona.patel', 'grace.liu', 'liam.walsh'])}@${domain}`,
    createdDaysAgo: rnd.int(420, 1800),
  }));
}

/**
 * The long tail of a tenant's resources (full seed only): `resources` in all, `billed` of them with
 * cost rows. With `scale`, Contoso's copies 2… follow, each a whole estate of its own (the same
 * number of resources, of which `billed` plus the anchors' count have cost rows) over its own
 * subscriptions, so the tenant has `scale` times the resources and billed resources.
 */
export function demoResources(tenantId: string, now: Date, scale = 1): GeneratedResource[] {
  const t = AZURE_TENANTS.find((x) => x.tenantId === tenantId);
  if (!t) return [];
  const rnd = random(`${tenantId}:resources`);
  const all = demoSubscriptions(tenantId, 'full', scale);
  const first = all.slice(0, t.subscriptions.length + t.extraSubscriptions.length);
  const anchorCount = DEMO_AZURE_COSTS[tenantId]?.length ?? 0;
  const out = generateResources(
    t,
    rnd,
    first,
    now,
    t.resources - anchorCount,
    t.billed,
    (i) => String(i + 1).padStart(4, '0'),
    (i) => 1000 + i,
  );
  const billed = t.billed + anchorCount;
  for (let copy = 2; copy <= copiesOf(tenantId, scale); copy++) {
    const subs = all.slice((copy - 1) * first.length, copy * first.length);
    const base = COPY_K_BASE + (copy - 2) * billed;
    out.push(
      ...generateResources(
        t,
        random(`${tenantId}:resources:${copy}`),
        subs,
        now,
        t.resources,
        billed,
        (i) => String((copy - 1) * 10000 + i + 1),
        (i) => (i < billed ? base + i : -1),
      ),
    );
  }
  return out;
}

/**
 * `count` resources over the enabled subscriptions of `subs`, the first `billedCount` with cost rows.
 * `seq` numbers a resource's name; `k` is its resource number (-1: no cost rows, so none).
 */
function generateResources(
  t: (typeof AZURE_TENANTS)[number],
  rnd: Random,
  subs: readonly DemoSubscription[],
  now: Date,
  count: number,
  billedCount: number,
  seqOf: (i: number) => string,
  kOf: (i: number) => number,
): GeneratedResource[] {
  const enabled = subs.filter((s) => s.state !== 'Disabled');
  const groups = enabled.flatMap((s) =>
    rnd
      .shuffle(RG_STEMS)
      .slice(0, rnd.int(3, 7))
      .map((stem) => ({ sub: s, rg: `rg-${stem}`, stem })),
  );
  const out: GeneratedResource[] = [];
  for (let i = 0; i < count; i++) {
    const g = rnd.pick(groups);
    const billed = i < billedCount;
    const seq = seqOf(i);
    const def = billed || rnd.chance(0.3) ? rnd.pick(SERVICES) : null;
    const free = def ? null : rnd.pick(FREE_TYPES);
    const prefix = def?.prefix ?? free!.prefix;
    const name = prefix === 'st' ? `st${g.stem}${seq}` : `${prefix}-${g.stem}-${seq}`;
    const type = def?.type ?? free!.type;
    const tags: Record<string, string> = {};
    if (rnd.chance(0.72)) {
      tags.environment = rnd.pick(ENVIRONMENTS);
      if (rnd.chance(0.8)) tags.costCenter = `CC-${rnd.int(100, 140)}`;
      if (rnd.chance(0.6))
        tags.owner = `${rnd.pick(['ada', 'farid.khan', 'jonas.weber', 'mona.patel', 'grace.liu', 'liam.walsh'])}@${t.domain}`;
      if (rnd.chance(0.5)) tags.project = rnd.pick(PROJECTS);
    }
    // Most billed resources are older than the 13 months of cost rows; some were created within them.
    const createdDaysAgo = billed && rnd.chance(0.15) ? rnd.int(5, 380) : rnd.int(400, 1500);
    const min = def?.cost[0] ?? 0;
    const max = def?.cost[1] ?? 0;
    // Log-uniform: many small resources, a few large ones.
    const baseCents = billed ? Math.round(min * Math.pow(max / min, rnd.next() * rnd.next())) : 0;
    out.push({
      k: kOf(i),
      resourceId: `/subscriptions/${g.sub.subscriptionId}/resourceGroups/${g.rg}/providers/${type}/${name}`,
      name,
      type,
      kind: def?.kind ?? '',
      sku: def ? rnd.pick(def.skus) : '',
      resourceGroup: g.rg,
      subscriptionId: g.sub.subscriptionId,
      subscriptionName: g.sub.name,
      location: rnd.pick(t.regions),
      tags,
      createdOn: isoDay(now, -createdDaysAgo),
      billing:
        billed && def
          ? {
              service: def,
              baseCents,
              growth: rnd.int(0, 15),
              committed: def.service === 'Virtual Machines' && rnd.chance(0.25),
            }
          : null,
    });
  }
  return out;
}

/** The anchor resources (those with hand-written monthly amounts), as resources of the inventory. */
export function anchorResources(tenantId: string, now: Date): GeneratedResource[] {
  const t = AZURE_TENANTS.find((x) => x.tenantId === tenantId);
  const costs = DEMO_AZURE_COSTS[tenantId] ?? [];
  const rnd = random(`${tenantId}:anchors`);
  return costs.map((c, k) => {
    const def = serviceDef(c.service);
    const known = DEMO_RESOURCES.find(
      (r) => r.tenantId === tenantId && r.name === c.resourceName && r.resourceGroup === c.resourceGroup,
    );
    return {
      k,
      resourceId: known
        ? resourceIdOf(known)
        : `/subscriptions/${c.subscriptionId}/resourceGroups/${c.resourceGroup}/providers/${def.type}/${c.resourceName}`,
      name: c.resourceName,
      type: known?.provider ?? def.type,
      kind: def.kind ?? '',
      sku: rnd.pick(def.skus),
      resourceGroup: c.resourceGroup,
      subscriptionId: c.subscriptionId,
      subscriptionName: c.subscriptionName,
      location: known?.location ?? t?.regions[0] ?? 'westeurope',
      tags:
        known?.tags ??
        (rnd.chance(0.7)
          ? {
              environment: c.subscriptionName.includes('Dev') ? 'development' : 'production',
              costCenter: `CC-${rnd.int(100, 140)}`,
            }
          : {}),
      createdOn: isoDay(now, -rnd.int(420, 1400)),
      billing: {
        service: def,
        baseCents: 0,
        growth: 0,
        committed: c.service === 'Virtual Machines' && c.resourceName.startsWith('vmss'),
      },
    };
  });
}

const resourceRow = (tenantId: string, r: GeneratedResource) => ({
  tenant_id: tenantId,
  resource_id: r.resourceId,
  name: r.name,
  type: r.type,
  resource_group: r.resourceGroup,
  subscription_id: r.subscriptionId,
  location: r.location,
  tags: r.tags,
  sku: r.sku,
  kind: r.kind,
  created_on: r.createdOn,
});

const DAILY_COLUMNS = `tenant_id, id, usage_date, subscription_id, subscription_name, resource_group, resource_id, resource_name, service, service_category, meter, region,
  charge_category, pricing_category, quantity, unit, billed_cost, effective_cost, currency`;

/**
 * Spreads the tenant's monthly anchor amounts (assistant_azure_costs) over the days of each month,
 * up to yesterday: day weights from integer noise, cents by largest remainder, so each month's days
 * add up to its amount exactly.
 */
async function spreadAnchorMonths(
  tx: Database,
  tenantId: string,
  anchors: readonly GeneratedResource[],
  yesterday: string,
): Promise<void> {
  const json = anchors.map((a) => ({
    k: a.k,
    subscription_id: a.subscriptionId,
    resource_group: a.resourceGroup,
    resource_name: a.name,
    resource_id: a.resourceId,
    region: a.location,
    category: a.billing!.service.category,
    meter: a.billing!.service.meter,
    unit: a.billing!.service.unit,
    unit_cents: a.billing!.service.unitCents,
    committed: a.billing!.committed,
  }));
  await tx.query(
    `insert into azure_daily_costs (${DAILY_COLUMNS})
     with a as (
       select * from jsonb_to_recordset($2::jsonb) as x(k int, subscription_id text, resource_group text, resource_name text, resource_id text, region text,
                                                        category text, meter text, unit text, unit_cents int, committed boolean)
     ), m as (
       select c.period, c.subscription_id, c.subscription_name, c.resource_group, c.resource_name, c.service, c.currency, round(c.amount * 100)::bigint as total,
              a.k, a.resource_id, a.region, a.category, a.meter, a.unit, a.unit_cents, a.committed, to_date(c.period || '-01', 'YYYY-MM-DD') as first_day
         from assistant_azure_costs c
         join a on a.subscription_id = c.subscription_id and a.resource_group = c.resource_group and a.resource_name = c.resource_name
        where c.tenant_id = $1
     ), d as (
       select m.*, g::date as day
         from m cross join lateral generate_series(m.first_day, least((m.first_day + interval '1 month' - interval '1 day')::date, greatest(m.first_day, $3::date)), interval '1 day') as g
     ), w as (
       select d.*, (60 + ((d.k * 37 + extract(day from d.day)::int * 11 + extract(month from d.day)::int * 5) % 41))::bigint as w from d
     ), s as (
       select w.*, (sum(w.w) over (partition by w.k, w.period))::bigint as wt from w
     ), b as (
       select s.*, (s.total * s.w) / s.wt as base, (s.total * s.w) % s.wt as rem from s
     ), r as (
       select b.*, b.total - (sum(b.base) over (partition by b.k, b.period))::bigint as leftover,
              row_number() over (partition by b.k, b.period order by b.rem desc, b.day) as rn
         from b
     ), c as (
       select r.*, r.base + case when r.rn <= r.leftover then 1 else 0 end as cents from r
     )
     select $1, (c.day - date '2000-01-01')::bigint * 100000 + c.k, c.day, c.subscription_id, c.subscription_name, c.resource_group, c.resource_id, c.resource_name,
            c.service, c.category, c.meter, c.region, 'Usage', case when c.committed then 'Committed' else 'Standard' end,
            round(c.cents::numeric / c.unit_cents, 4), c.unit, c.cents / 100.0,
            case when c.committed then (c.cents * 62 / 100) / 100.0 else c.cents / 100.0 end, c.currency
       from c`,
    [tenantId, JSON.stringify(json), yesterday],
  );
}

/** The long tail's daily cost rows, from each billed resource's base cost with integer noise, weekend dips and growth. */
async function generateTailDays(
  tx: Database,
  tenantId: string,
  resources: readonly GeneratedResource[],
  windowStart: string,
  yesterday: string,
): Promise<void> {
  const billed = resources.filter((r) => r.billing);
  for (let i = 0; i < billed.length; i += 250) {
    const json = billed.slice(i, i + 250).map((r) => ({
      k: r.k,
      subscription_id: r.subscriptionId,
      subscription_name: r.subscriptionName,
      resource_group: r.resourceGroup,
      resource_id: r.resourceId,
      resource_name: r.name,
      service: r.billing!.service.service,
      category: r.billing!.service.category,
      meter: r.billing!.service.meter,
      unit: r.billing!.service.unit,
      unit_cents: r.billing!.service.unitCents,
      region: r.location,
      base: r.billing!.baseCents,
      dip: !!r.billing!.service.weekdayDip,
      committed: r.billing!.committed,
      growth: r.billing!.growth,
      start_day: r.createdOn > windowStart ? r.createdOn : windowStart,
    }));
    await tx.query(
      `insert into azure_daily_costs (${DAILY_COLUMNS})
       with t as (
         select * from jsonb_to_recordset($2::jsonb) as x(k int, subscription_id text, subscription_name text, resource_group text, resource_id text, resource_name text,
                                                          service text, category text, meter text, unit text, unit_cents int, region text, base int, dip boolean,
                                                          committed boolean, growth int, start_day date)
       ), d as (
         select t.*, g::date as day from t cross join lateral generate_series(t.start_day, $3::date, interval '1 day') as g
       ), c as (
         select d.*,
                greatest(1, d.base::bigint * (85 + ((d.k::bigint * 7919 + (d.day - date '2000-01-01')::bigint * 104729) % 31))
                            * (1000 + d.growth * ((d.day - $4::date) / 30)) / 100000
                            * (case when d.dip and extract(isodow from d.day) > 5 then 55 else 100 end) / 100
                            -- A cost spike on about one resource-day in 1,500 (a runaway scale-out, a data export): the
                            -- anomalies page detects them (datasets/costs/anomalies.ts). Tail resources only; anchors are untouched.
                            * (case when (d.k::bigint * 7211 + (d.day - date '2000-01-01')::bigint * 3163) % 1499 = 0 then 5 + d.k % 6 else 1 end)) as cents
           from d
       )
       select $1, (c.day - date '2000-01-01')::bigint * 100000 + c.k, c.day, c.subscription_id, c.subscription_name, c.resource_group, c.resource_id, c.resource_name,
              c.service, c.category, c.meter, c.region, 'Usage', case when c.committed then 'Committed' else 'Standard' end,
              round(c.cents::numeric / c.unit_cents, 4), c.unit, c.cents / 100.0,
              case when c.committed then (c.cents * 62 / 100) / 100.0 else c.cents / 100.0 end, 'USD'
         from c
       on conflict do nothing`,
      [tenantId, JSON.stringify(json), yesterday, windowStart],
    );
  }
}

/** The assistant's monthly roll-up of the daily rows it does not have yet (the anchor months it has are equal by construction). */
async function rollUpMonths(tx: Database, tenantId: string): Promise<void> {
  await tx.query(
    `insert into assistant_azure_costs (tenant_id, period, subscription_id, subscription_name, resource_group, resource_name, service, amount, currency)
     select tenant_id, to_char(usage_date, 'YYYY-MM'), subscription_id, max(subscription_name), resource_group, resource_name, max(service), sum(billed_cost), max(currency)
       from azure_daily_costs where tenant_id = $1
      group by tenant_id, to_char(usage_date, 'YYYY-MM'), subscription_id, resource_group, resource_name
     on conflict do nothing`,
    [tenantId],
  );
}

/** Seeds the Azure tenants' rows; answers whether it wrote daily cost rows. */
async function seedAzure(
  tx: Database,
  data: SeedData,
  now: Date,
  scale: number,
  only?: readonly string[],
): Promise<boolean> {
  let wrote = false;
  const yesterday = isoDay(now, -1);
  const windowStart = monthStart(now, 12);
  for (const t of AZURE_TENANTS.filter((x) => !only || only.includes(x.tenantId))) {
    const subs = demoSubscriptions(t.tenantId, data);
    const insertSubscriptions = (rows: readonly DemoSubscription[]) =>
      insertJson(
        tx,
        'azure_subscriptions',
        'tenant_id, subscription_id, name, offer, state, owner, created_on',
        'tenant_id text, subscription_id text, name text, offer text, state text, owner text, created_on date',
        rows.map((s) => ({
          tenant_id: t.tenantId,
          subscription_id: s.subscriptionId,
          name: s.name,
          offer: s.offer,
          state: s.state,
          owner: s.owner,
          created_on: isoDay(now, -s.createdDaysAgo),
        })),
      );
    await insertSubscriptions(subs);
    // The inventory's own rows get what migration 011 added (only where still unset).
    const anchors = anchorResources(t.tenantId, now);
    for (const a of anchors.filter((x) =>
      DEMO_RESOURCES.some((r) => r.tenantId === t.tenantId && resourceIdOf(r) === x.resourceId),
    )) {
      await tx.query(
        'update azure_resources set sku = $3, kind = $4, created_on = $5 where tenant_id = $1 and resource_id = $2 and created_on is null',
        [t.tenantId, a.resourceId, a.sku, a.kind, a.createdOn],
      );
    }
    await tx.query(`update azure_resources set created_on = $2 where tenant_id = $1 and created_on is null`, [
      t.tenantId,
      isoDay(now, -700),
    ]);
    if (await hasRows(tx, 'azure_daily_costs', t.tenantId)) continue;
    const copies = data === 'full' ? copiesOf(t.tenantId, scale) : 1;
    // DEMO_SCALE's further subscriptions come with their resources and costs, on the first start only
    // (a later start with another DEMO_SCALE leaves the tenant as it was seeded).
    if (copies > 1) await insertSubscriptions(demoSubscriptions(t.tenantId, data, scale).slice(subs.length));
    const tail = data === 'full' ? demoResources(t.tenantId, now, scale) : [];
    const topK = [...anchors, ...tail].reduce((top, r) => (r.billing && r.k > top ? r.k : top), -1);
    if (topK >= MAX_RESOURCE_NUMBER)
      throw new Error(
        `The demo seed's resource numbers reach ${topK}: a cost row's id keeps them below ${MAX_RESOURCE_NUMBER} (DEMO_SCALE ${scale} is too large).`,
      );
    if (data === 'full') {
      // The inventory lists every resource the costs name (in anchors mode it keeps its nine rows, which the tag tests count).
      await insertJson(
        tx,
        'azure_resources',
        'tenant_id, resource_id, name, type, resource_group, subscription_id, location, tags, sku, kind, created_on',
        'tenant_id text, resource_id text, name text, type text, resource_group text, subscription_id text, location text, tags jsonb, sku text, kind text, created_on date',
        [...anchors, ...tail].map((r) => resourceRow(t.tenantId, r)),
      );
    }
    wrote = true;
    if (anchors.length) await spreadAnchorMonths(tx, t.tenantId, anchors, yesterday);
    if (tail.length) {
      await generateTailDays(tx, t.tenantId, tail, windowStart, yesterday);
      await rollUpMonths(tx, t.tenantId);
    }
  }
  return wrote;
}

// ---------------------------------------------------------------------------------------------
// Microsoft 365 users

const FIRST = [
  'Aaron',
  'Abby',
  'Adrian',
  'Aisha',
  'Alan',
  'Alice',
  'Amir',
  'Ana',
  'Andre',
  'Anna',
  'Ben',
  'Bianca',
  'Carl',
  'Carmen',
  'Chen',
  'Chris',
  'Clara',
  'Dana',
  'David',
  'Diego',
  'Dora',
  'Eli',
  'Emma',
  'Eric',
  'Eva',
  'Felix',
  'Fiona',
  'Frank',
  'Gina',
  'Hana',
  'Harry',
  'Ian',
  'Ines',
  'Ivan',
  'Jack',
  'Jade',
  'James',
  'Jana',
  'Joel',
  'Julia',
  'Kai',
  'Kate',
  'Ken',
  'Lara',
  'Leo',
  'Lena',
  'Lucas',
  'Luis',
  'Maya',
  'Mark',
  'Marta',
  'Milo',
  'Nadia',
  'Nils',
  'Noah',
  'Olga',
  'Omar',
  'Owen',
  'Pablo',
  'Petra',
  'Raj',
  'Rosa',
  'Ruth',
  'Sara',
  'Sean',
  'Sofia',
  'Tara',
  'Theo',
  'Tom',
  'Uma',
  'Vera',
  'Victor',
  'Wei',
  'Yara',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Adler',
  'Alvarez',
  'Bauer',
  'Becker',
  'Brown',
  'Carter',
  'Chen',
  'Costa',
  'Dubois',
  'Evans',
  'Fischer',
  'Fox',
  'Garcia',
  'Gray',
  'Hall',
  'Hansen',
  'Ito',
  'Jensen',
  'Kim',
  'Klein',
  'Kowalski',
  'Lee',
  'Lopez',
  'Meyer',
  'Moreau',
  'Murphy',
  'Nguyen',
  'Novak',
  'Olsen',
  'Park',
  'Perez',
  'Quinn',
  'Reyes',
  'Rossi',
  'Sato',
  'Silva',
  'Smith',
  'Stone',
  'Tanaka',
  'Torres',
  'Vogel',
  'Wagner',
  'Walker',
  'Wang',
  'Young',
  'Zimmer',
];
const DEPARTMENTS = ['Sales', 'Marketing', 'Finance', 'HR', 'IT', 'Engineering', 'Operations', 'Support', 'Legal'];
const TITLES: Readonly<Record<string, readonly string[]>> = {
  Sales: ['Account Executive', 'Sales Manager', 'Sales Representative'],
  Marketing: ['Marketing Specialist', 'Content Manager', 'Brand Manager'],
  Finance: ['Accountant', 'Financial Analyst', 'Controller'],
  HR: ['HR Generalist', 'Recruiter', 'HR Business Partner'],
  IT: ['Systems Administrator', 'Service Desk Analyst', 'Cloud Engineer'],
  Engineering: ['Software Engineer', 'Senior Software Engineer', 'Engineering Manager'],
  Operations: ['Operations Coordinator', 'Logistics Planner', 'Operations Manager'],
  Support: ['Support Engineer', 'Customer Success Manager', 'Support Lead'],
  Legal: ['Counsel', 'Paralegal', 'Compliance Officer'],
  Warehouse: ['Warehouse Associate', 'Shift Lead'],
};

/** The Microsoft 365 tenants: the base licences (one each per user) and how many unlicensed accounts they also have. */
const M365_TENANTS: readonly {
  tenantId: string;
  domain: string;
  base: readonly string[];
  unlicensed: number;
  demoUser: { name: string; upn: string; department: string; licenses: readonly string[] };
}[] = [
  {
    tenantId: TENANT.contoso,
    domain: 'contoso.example',
    base: ['Microsoft 365 E3', 'Microsoft 365 E5', 'Office 365 E1'],
    unlicensed: 104,
    demoUser: {
      name: 'Ada Lovelace',
      upn: 'ada@contoso.example',
      department: 'IT',
      licenses: ['Microsoft 365 E5', 'Power BI Pro'],
    },
  },
  {
    tenantId: TENANT.fabrikam,
    domain: 'fabrikam.example',
    base: ['Microsoft 365 Business Premium', 'Microsoft 365 Business Basic', 'Microsoft 365 Apps for business'],
    unlicensed: 9,
    demoUser: {
      name: 'Max Mustermann',
      upn: 'max@fabrikam.example',
      department: 'IT',
      licenses: ['Microsoft 365 Business Premium'],
    },
  },
];

/** A generated Microsoft 365 user. */
export interface GeneratedUser {
  id: string;
  upn: string;
  displayName: string;
  department: string;
  jobTitle: string;
  enabled: boolean;
  mfaRegistered: boolean;
  /** Days before the snapshot day; null = never signed in. */
  daysSinceSignIn: number | null;
  createdDaysAgo: number;
  licenses: string[];
}

const guid = (rnd: Random) =>
  `${rnd.hex(8)}-${rnd.hex(4)}-4${rnd.hex(3)}-${rnd.pick(['8', '9', 'a', 'b'])}${rnd.hex(3)}-${rnd.hex(12)}`;

/**
 * A tenant's users: the assistant's inactive users as they are, then enough licensed users that
 * each licence's holders equal its assigned count, all of them active within 30 days (so the
 * inactive ones stay exactly the assistant's), then unlicensed accounts (leavers, rooms, new hires).
 */
export function demoUsers(tenantId: string, scale = 1): GeneratedUser[] {
  const t = M365_TENANTS.find((x) => x.tenantId === tenantId);
  const licenses = DEMO_M365_LICENSES[tenantId];
  if (!t || !licenses) return [];
  const users = firstUsers(t, licenses, tenantId);
  for (let copy = 2; copy <= copiesOf(tenantId, scale); copy++) users.push(...copyUsers(t, licenses, tenantId, copy));
  return users;
}

function firstUsers(
  t: (typeof M365_TENANTS)[number],
  licenses: NonNullable<(typeof DEMO_M365_LICENSES)[string]>,
  tenantId: string,
): GeneratedUser[] {
  const rnd = random(`${tenantId}:users`);
  const users: GeneratedUser[] = [];
  const taken = new Set<string>();
  const add = (u: Omit<GeneratedUser, 'id'>) => {
    taken.add(u.upn);
    users.push({ id: guid(rnd), ...u });
  };
  for (const a of DEMO_INACTIVE_USERS[tenantId] ?? []) {
    add({
      upn: a.upn,
      displayName: a.name,
      department: a.department,
      jobTitle: rnd.pick(TITLES[a.department] ?? TITLES.Operations!),
      enabled: true,
      mfaRegistered: rnd.chance(0.6),
      daysSinceSignIn: a.days,
      createdDaysAgo: rnd.int(200, 2000),
      licenses: [...a.licenses],
    });
  }
  const active = (licenses: string[], over: Partial<GeneratedUser> = {}) => {
    let first: string, last: string, upn: string;
    do {
      first = rnd.pick(FIRST);
      last = rnd.pick(LAST);
      upn = `${first}.${last}@${t.domain}`.toLowerCase();
    } while (taken.has(upn));
    const department = rnd.pick(DEPARTMENTS);
    add({
      upn,
      displayName: `${first} ${last}`,
      department,
      jobTitle: rnd.pick(TITLES[department]!),
      enabled: true,
      mfaRegistered: rnd.chance(0.86),
      daysSinceSignIn: rnd.int(0, 29),
      createdDaysAgo: rnd.int(30, 2400),
      licenses,
      ...over,
    });
  };
  add({
    upn: t.demoUser.upn,
    displayName: t.demoUser.name,
    department: t.demoUser.department,
    jobTitle: 'IT Manager',
    enabled: true,
    mfaRegistered: true,
    daysSinceSignIn: 0,
    createdDaysAgo: 1500,
    licenses: [...t.demoUser.licenses],
  });
  licensedAndUnlicensed(users, rnd, t, licenses, active);
  return users;
}

/**
 * What a tenant's first users and each DEMO_SCALE copy add alike, after the inactive and the demo
 * user: enough licensed users that each base licence's holders equal its assigned count, add-on
 * licences on them, the unlicensed accounts, the recent leavers, and licences in the page's order.
 * The random draws come in the order the first copy always drew them, so its rows stay as they were.
 */
function licensedAndUnlicensed(
  users: GeneratedUser[],
  rnd: ReturnType<typeof random>,
  t: (typeof M365_TENANTS)[number],
  licenses: NonNullable<(typeof DEMO_M365_LICENSES)[string]>,
  active: (licenses: string[], over?: Partial<GeneratedUser>) => void,
): void {
  const held = (sku: string) => users.filter((u) => u.licenses.includes(sku)).length;
  const licensedStart = users.length;
  for (const sku of t.base) {
    const need = (licenses.find((l) => l.sku === sku)?.assigned ?? 0) - held(sku);
    for (let i = 0; i < need; i++) active([sku]);
  }
  // Add-on licences go to active users who hold a base licence.
  const pool = users.slice(licensedStart);
  for (const l of licenses.filter((x) => !t.base.includes(x.sku))) {
    const need = l.assigned - held(l.sku);
    for (const u of rnd.shuffle(pool).slice(0, Math.max(0, need))) u.licenses.push(l.sku);
  }
  for (let i = 0; i < t.unlicensed; i++) {
    const kind = rnd.next();
    if (kind < 0.45) active([], { enabled: false, daysSinceSignIn: rnd.int(40, 400), mfaRegistered: rnd.chance(0.5) });
    else if (kind < 0.6) active([], { daysSinceSignIn: null, createdDaysAgo: rnd.int(1, 20), mfaRegistered: false });
    else active([]);
  }
  // A few people left in the last weeks and their accounts are disabled, but their licences are not
  // reclaimed yet (the leavers page's reclaimable cost). They signed in less than 30 days ago, so
  // they are not among the assistant's inactive users. Picked by position: the generator's random
  // sequence, and so every other generated row, stays as it was.
  users.slice(licensedStart).forEach((u, i) => {
    if (i % 40 === 11 && u.daysSinceSignIn !== null && u.daysSinceSignIn >= 3) u.enabled = false;
  });
  const order = new Map(licenses.map((l, i) => [l.sku, i]));
  for (const u of users) u.licenses.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/**
 * DEMO_SCALE's copy `copy` (2, 3, …) of a tenant's users, built like the first: as many inactive
 * users as the assistant's (other people, the same departments, licences and days), a stand-in for
 * the demo user, enough licensed users that each licence's holders equal its assigned count, then the
 * unlicensed accounts. Their mail names end in the copy number (`anna.becker2@…`), so they never
 * collide with the first copy's or another's.
 */
function copyUsers(
  t: (typeof M365_TENANTS)[number],
  licenses: NonNullable<(typeof DEMO_M365_LICENSES)[string]>,
  tenantId: string,
  copy: number,
): GeneratedUser[] {
  const rnd = random(`${tenantId}:users:${copy}`);
  const users: GeneratedUser[] = [];
  const taken = new Set<string>();
  const person = () => {
    let first: string, last: string, upn: string;
    do {
      first = rnd.pick(FIRST);
      last = rnd.pick(LAST);
      upn = `${first}.${last}${copy}@${t.domain}`.toLowerCase();
    } while (taken.has(upn));
    taken.add(upn);
    return { upn, displayName: `${first} ${last}` };
  };
  for (const a of DEMO_INACTIVE_USERS[tenantId] ?? []) {
    const p = person();
    users.push({
      id: guid(rnd),
      ...p,
      department: a.department,
      jobTitle: rnd.pick(TITLES[a.department] ?? TITLES.Operations!),
      enabled: true,
      mfaRegistered: rnd.chance(0.6),
      daysSinceSignIn: a.days,
      createdDaysAgo: rnd.int(200, 2000),
      licenses: [...a.licenses],
    });
  }
  const active = (licenses: string[], over: Partial<GeneratedUser> = {}) => {
    const p = person();
    const department = rnd.pick(DEPARTMENTS);
    users.push({
      id: guid(rnd),
      ...p,
      department,
      jobTitle: rnd.pick(TITLES[department]!),
      enabled: true,
      mfaRegistered: rnd.chance(0.86),
      daysSinceSignIn: rnd.int(0, 29),
      createdDaysAgo: rnd.int(30, 2400),
      licenses,
      ...over,
    });
  };
  active([...t.demoUser.licenses], { department: t.demoUser.department, jobTitle: 'IT Manager', mfaRegistered: true });
  licensedAndUnlicensed(users, rnd, t, licenses, active);
  return users;
}

/** Licensed users without a sign-in in 30 days or more: the assistant's inactive users. */
const isInactive = (u: GeneratedUser) =>
  u.licenses.length > 0 && (u.daysSinceSignIn === null || u.daysSinceSignIn >= 30);

async function seedUsers(tx: Database, now: Date, scale: number, only?: readonly string[]): Promise<void> {
  const asOf = isoDay(now);
  for (const t of M365_TENANTS.filter((x) => !only || only.includes(x.tenantId))) {
    if (await hasRows(tx, 'm365_users', t.tenantId)) continue;
    const users = demoUsers(t.tenantId, scale);
    // DEMO_SCALE's copies have inactive users of their own: the assistant lists them too (seed/chat.ts
    // wrote the first copy's), so its inactive users stay exactly the directory's.
    const firstCount = copiesOf(t.tenantId, scale) > 1 ? demoUsers(t.tenantId).length : users.length;
    await insertJson(
      tx,
      'assistant_m365_inactive_users',
      'tenant_id, upn, display_name, department, licenses, days_since_sign_in, as_of',
      'tenant_id text, upn text, display_name text, department text, licenses text[], days_since_sign_in integer, as_of date',
      users
        .slice(firstCount)
        .filter(isInactive)
        .map((u) => ({
          tenant_id: t.tenantId,
          upn: u.upn,
          display_name: u.displayName,
          department: u.department,
          licenses: u.licenses,
          days_since_sign_in: u.daysSinceSignIn,
          as_of: asOf,
        })),
    );
    await insertJson(
      tx,
      'm365_users',
      'tenant_id, id, upn, display_name, department, job_title, enabled, mfa_registered, last_sign_in, created_on, as_of',
      'tenant_id text, id text, upn text, display_name text, department text, job_title text, enabled boolean, mfa_registered boolean, last_sign_in date, created_on date, as_of date',
      users.map((u) => ({
        tenant_id: t.tenantId,
        id: u.id,
        upn: u.upn,
        display_name: u.displayName,
        department: u.department,
        job_title: u.jobTitle,
        enabled: u.enabled,
        mfa_registered: u.mfaRegistered,
        last_sign_in: u.daysSinceSignIn === null ? null : isoDay(now, -u.daysSinceSignIn),
        created_on: isoDay(now, -Math.max(u.createdDaysAgo, u.daysSinceSignIn ?? 0)),
        as_of: asOf,
      })),
    );
    await insertJson(
      tx,
      'm365_user_licenses',
      'tenant_id, user_id, sku',
      'tenant_id text, user_id text, sku text',
      users.flatMap((u) => u.licenses.map((sku) => ({ tenant_id: t.tenantId, user_id: u.id, sku }))),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Alerts

const AZURE_ALERTS: readonly {
  name: string;
  severity: string;
  scope: 'vm' | 'sub' | 'storage' | 'sql' | 'app' | 'aks' | 'region';
  condition: string;
}[] = [
  { name: 'CPU above 90%', severity: 'Warning', scope: 'vm', condition: 'Percentage CPU > 90 for 15 minutes' },
  {
    name: 'Budget threshold reached',
    severity: 'Error',
    scope: 'sub',
    condition: 'Actual cost > 90% of the monthly budget',
  },
  {
    name: 'Storage availability dropped',
    severity: 'Critical',
    scope: 'storage',
    condition: 'Availability < 99.9% for 5 minutes',
  },
  { name: 'SQL CPU above 95%', severity: 'Error', scope: 'sql', condition: 'CPU percentage > 95 for 10 minutes' },
  { name: 'Cost anomaly detected', severity: 'Warning', scope: 'sub', condition: 'Daily cost 40% above the forecast' },
  { name: 'HTTP 5xx errors', severity: 'Error', scope: 'app', condition: 'Http5xx > 50 in 5 minutes' },
  { name: 'Disk space low', severity: 'Informational', scope: 'vm', condition: 'Free space < 10%' },
  { name: 'Node not ready', severity: 'Critical', scope: 'aks', condition: 'Node condition NotReady for 5 minutes' },
  {
    name: 'Service health incident',
    severity: 'Informational',
    scope: 'region',
    condition: 'Service issue reported for the region',
  },
];
const M365_ALERTS: readonly { name: string; severity: string; scope: 'user' | 'sku' | 'site'; condition: string }[] = [
  {
    name: 'Impossible travel activity',
    severity: 'Error',
    scope: 'user',
    condition: 'Sign-ins from two countries within one hour',
  },
  {
    name: 'Forwarding rule created',
    severity: 'Warning',
    scope: 'user',
    condition: 'A new inbox rule forwards mail to an external address',
  },
  {
    name: 'Licence pool nearly exhausted',
    severity: 'Warning',
    scope: 'sku',
    condition: 'Fewer than 5% of the licences unassigned',
  },
  {
    name: 'Mass file deletion',
    severity: 'Critical',
    scope: 'site',
    condition: 'More than 500 files deleted in 10 minutes',
  },
  {
    name: 'Admin role assigned',
    severity: 'Informational',
    scope: 'user',
    condition: 'Global Administrator role assigned',
  },
];

const ALERT_TENANTS: readonly {
  tenantId: string;
  count: number;
  azure: boolean;
  m365: boolean;
  people: readonly string[];
}[] = [
  {
    tenantId: TENANT.contoso,
    count: 240,
    azure: true,
    m365: true,
    people: ['Ada Lovelace', 'Farid Khan', 'Jonas Weber', 'Mona Patel'],
  },
  { tenantId: TENANT.fabrikam, count: 60, azure: false, m365: true, people: ['Max Mustermann', 'Paula Schmidt'] },
  { tenantId: TENANT.northwind, count: 50, azure: true, m365: false, people: ['Eve Adams'] },
  { tenantId: TENANT.wingtip, count: 24, azure: true, m365: false, people: ['Mia Multi'] },
];

/** One generated alert and its history. */
export interface GeneratedAlert {
  id: string;
  name: string;
  severity: string;
  scope: string;
  condition: string;
  firedAt: string;
  status: 'Fired' | 'Acknowledged' | 'Resolved';
  statusBy: string | null;
  statusAt: string | null;
  history: { status: string; at: string; by: string | null; note: string | null }[];
}

/** A tenant's alerts of the last 90 days before `now`: older ones mostly resolved, recent ones mostly open. */
export function demoAlerts(tenantId: string, now: Date, scale = 1): GeneratedAlert[] {
  const t = ALERT_TENANTS.find((x) => x.tenantId === tenantId);
  if (!t) return [];
  const rnd = random(`${tenantId}:alerts`);
  const costs = DEMO_AZURE_COSTS[tenantId] ?? [];
  const named = (prefix: string) => costs.filter((c) => c.resourceName.startsWith(prefix)).map((c) => c.resourceName);
  const scopes = {
    vm: [...named('vm'), ...named('vmss')],
    sub: [...new Set(costs.map((c) => c.subscriptionName))],
    storage: named('st'),
    sql: named('sql'),
    app: named('app'),
    aks: named('aks'),
    region: ['westeurope', 'northeurope', 'eastus', 'westus2'],
    user: [
      ...(DEMO_INACTIVE_USERS[tenantId] ?? []).map((u) => u.upn),
      ...(M365_TENANTS.find((m) => m.tenantId === tenantId)
        ? [M365_TENANTS.find((m) => m.tenantId === tenantId)!.demoUser.upn]
        : []),
    ],
    sku: (DEMO_M365_LICENSES[tenantId] ?? []).map((l) => l.sku),
    site: ['Finance', 'Projects', 'HR', 'Intranet'].map((s) => `SharePoint site ${s}`),
  } as Record<string, string[]>;
  const templates = [...(t.azure ? AZURE_ALERTS : []), ...(t.m365 ? M365_ALERTS : [])].filter(
    (a) => (scopes[a.scope] ?? []).length > 0,
  );
  const nowMs = Math.floor(now.getTime() / 60_000) * 60_000;
  const alerts: GeneratedAlert[] = [];
  // With DEMO_SCALE, Contoso's alerts are `scale` times as many (the first `count` are those of scale 1).
  for (let i = 0; i < t.count * copiesOf(tenantId, scale); i++) {
    const tpl = rnd.pick(templates);
    const ageMinutes = rnd.int(30, 90 * 24 * 60);
    const fired = nowMs - ageMinutes * 60_000;
    const iso = (ms: number) => new Date(Math.min(ms, nowMs)).toISOString();
    const recent = ageMinutes < 7 * 24 * 60;
    const roll = rnd.next();
    const status: GeneratedAlert['status'] = recent
      ? roll < 0.5
        ? 'Fired'
        : roll < 0.8
          ? 'Acknowledged'
          : 'Resolved'
      : roll < 0.85
        ? 'Resolved'
        : roll < 0.95
          ? 'Acknowledged'
          : 'Fired';
    const history: GeneratedAlert['history'] = [{ status: 'Fired', at: iso(fired), by: null, note: tpl.condition }];
    let statusBy: string | null = null;
    let statusAt: string | null = null;
    let at = fired;
    if (status === 'Acknowledged' || (status === 'Resolved' && rnd.chance(0.5))) {
      at += rnd.int(5, Math.max(6, Math.min(ageMinutes - 1, 600))) * 60_000;
      statusBy = rnd.pick(t.people);
      statusAt = iso(at);
      history.push({ status: 'Acknowledged', at: statusAt, by: statusBy, note: null });
    }
    if (status === 'Resolved') {
      at += rnd.int(1, Math.max(2, Math.min(Math.floor((nowMs - at) / 60_000), 2880))) * 60_000;
      const auto = rnd.chance(0.6);
      statusBy = auto ? 'Azure Monitor' : rnd.pick(t.people);
      statusAt = iso(at);
      history.push({
        status: 'Resolved',
        at: statusAt,
        by: statusBy,
        note: auto ? 'The condition is no longer met.' : 'Fixed.',
      });
    }
    alerts.push({
      id: '',
      name: tpl.name,
      severity: tpl.severity,
      scope: rnd.pick(scopes[tpl.scope]!),
      condition: tpl.condition,
      firedAt: iso(fired),
      status,
      statusBy,
      statusAt,
      history,
    });
  }
  alerts.sort((a, b) => a.firedAt.localeCompare(b.firedAt));
  alerts.forEach((a, i) => (a.id = `al-${String(i + 1).padStart(5, '0')}`));
  return alerts;
}

async function seedAlerts(tx: Database, now: Date, scale: number): Promise<void> {
  for (const t of ALERT_TENANTS) {
    if (await hasRows(tx, 'alerts', t.tenantId)) continue;
    const alerts = demoAlerts(t.tenantId, now, scale);
    await insertJson(
      tx,
      'alerts',
      'tenant_id, id, name, severity, scope, condition, fired_at, status, status_by, status_at',
      'tenant_id text, id text, name text, severity text, scope text, condition text, fired_at timestamptz, status text, status_by text, status_at timestamptz',
      alerts.map((a) => ({
        tenant_id: t.tenantId,
        id: a.id,
        name: a.name,
        severity: a.severity,
        scope: a.scope,
        condition: a.condition,
        fired_at: a.firedAt,
        status: a.status,
        status_by: a.statusBy,
        status_at: a.statusAt,
      })),
    );
    await insertJson(
      tx,
      'alert_history',
      'tenant_id, alert_id, seq, at, status, by_name, note',
      'tenant_id text, alert_id text, seq integer, at timestamptz, status text, by_name text, note text',
      alerts.flatMap((a) =>
        a.history.map((h, seq) => ({
          tenant_id: t.tenantId,
          alert_id: a.id,
          seq: seq + 1,
          at: h.at,
          status: h.status,
          by_name: h.by,
          note: h.note,
        })),
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Recommendations of the full seed

const DISMISS_REASONS = [
  'Needed for the quarter-end close',
  'Owned by another team',
  'Planned for decommissioning next quarter',
  'Accepted risk',
  'Already covered by a reservation',
];
const AWS_REGIONS = ['us-east-1', 'eu-west-1', 'eu-central-1'];
const EC2_TYPES: readonly [string, string][] = [
  ['m5.2xlarge', 'm5.xlarge'],
  ['c5.4xlarge', 'c5.2xlarge'],
  ['r5.xlarge', 'r5.large'],
  ['t3.xlarge', 't3.large'],
];

/** One generated recommendation (full seed). */
export interface GeneratedRecommendation {
  id: string;
  provider: 'azure' | 'aws';
  category: string;
  impact: 'High' | 'Medium' | 'Low';
  title: string;
  resource: string | null;
  monthlySavings: number;
  status: 'open' | 'dismissed' | 'done';
  statusReason: string | null;
  statusBy: string | null;
  statusDaysAgo: number | null;
}

/** Recommendations over the long tail's resources, and AWS ones for the tenants with AWS accounts. */
// eslint-disable-next-line max-lines-per-function -- a data table: one recommendation template per kind of resource
export function demoRecommendations(tenantId: string, tail: readonly GeneratedResource[]): GeneratedRecommendation[] {
  const rnd = random(`${tenantId}:recommendations`);
  const people = ALERT_TENANTS.find((t) => t.tenantId === tenantId)?.people ?? ['Administrator'];
  const out: GeneratedRecommendation[] = [];
  const impact = (savings: number): GeneratedRecommendation['impact'] =>
    savings >= 300 ? 'High' : savings >= 60 ? 'Medium' : 'Low';
  const push = (r: Omit<GeneratedRecommendation, 'status' | 'statusReason' | 'statusBy' | 'statusDaysAgo'>) => {
    const roll = rnd.next();
    const status = roll < 0.8 ? 'open' : roll < 0.92 ? 'dismissed' : 'done';
    out.push({
      ...r,
      status,
      statusReason: status === 'dismissed' ? rnd.pick(DISMISS_REASONS) : null,
      statusBy: status === 'open' ? null : rnd.pick(people),
      statusDaysAgo: status === 'open' ? null : rnd.int(1, 120),
    });
  };
  const monthly = (r: GeneratedResource) => (r.billing!.baseCents * 30) / 100;
  for (const r of tail.filter((x) => x.billing)) {
    const svc = r.billing!.service.service;
    const m = monthly(r);
    const chance = rnd.next();
    if (svc === 'Virtual Machines' && m > 300 && chance < 0.45) {
      const s = Math.round(m * 0.35);
      push({
        id: `az-rightsize-${r.name}`,
        provider: 'azure',
        category: 'Cost',
        impact: impact(s),
        title: `Right-size the underused virtual machine ${r.name}`,
        resource: r.name,
        monthlySavings: s,
      });
    } else if (r.type === 'Microsoft.Compute/disks' && chance < 0.3) {
      push({
        id: `az-delete-${r.name}`,
        provider: 'azure',
        category: 'Cost',
        impact: impact(m),
        title: `Delete the unattached disk ${r.name}`,
        resource: r.name,
        monthlySavings: Math.round(m),
      });
    } else if (r.type === 'Microsoft.Storage/storageAccounts' && chance < 0.25) {
      const s = Math.round(m * 0.4);
      push({
        id: `az-cool-${r.name}`,
        provider: 'azure',
        category: 'Cost',
        impact: impact(s),
        title: `Move cold data in ${r.name} to the cool tier`,
        resource: r.name,
        monthlySavings: s,
      });
    } else if (svc === 'SQL Database' && m > 500 && chance < 0.35) {
      const s = Math.round(m * 0.28);
      push({
        id: `az-ri-${r.name}`,
        provider: 'azure',
        category: 'Cost',
        impact: impact(s),
        title: `Buy a 1-year reservation for ${r.name}`,
        resource: r.name,
        monthlySavings: s,
      });
    } else if (svc === 'Virtual Machines' && chance > 0.9) {
      push({
        id: `az-backup-${r.name}`,
        provider: 'azure',
        category: 'Reliability',
        impact: 'Medium',
        title: `Enable Azure Backup for ${r.name}`,
        resource: r.name,
        monthlySavings: 0,
      });
    } else if (r.type === 'Microsoft.KeyVault/vaults' && chance < 0.4) {
      push({
        id: `az-purge-${r.name}`,
        provider: 'azure',
        category: 'Security',
        impact: 'Low',
        title: `Turn on purge protection for ${r.name}`,
        resource: r.name,
        monthlySavings: 0,
      });
    }
  }
  const aws = tenantId === TENANT.contoso ? 28 : tenantId === TENANT.northwind ? 8 : 0;
  for (let i = 0; i < aws; i++) {
    const kind = rnd.int(0, 4);
    const region = rnd.pick(AWS_REGIONS);
    if (kind === 0) {
      const [from, to] = rnd.pick(EC2_TYPES);
      const id = `i-0${rnd.hex(16)}`;
      const s = rnd.int(40, 420);
      push({
        id: `aws-rightsize-${id}`,
        provider: 'aws',
        category: 'Cost',
        impact: impact(s),
        title: `Right-size EC2 instance ${id} from ${from} to ${to} (${region})`,
        resource: id,
        monthlySavings: s,
      });
    } else if (kind === 1) {
      const id = `vol-0${rnd.hex(16)}`;
      const s = rnd.int(5, 90);
      push({
        id: `aws-delete-${id}`,
        provider: 'aws',
        category: 'Cost',
        impact: impact(s),
        title: `Delete the unattached EBS volume ${id} (${region})`,
        resource: id,
        monthlySavings: s,
      });
    } else if (kind === 2) {
      const bucket = `${rnd.pick(PROJECTS)}-logs-${rnd.hex(4)}`;
      const s = rnd.int(20, 260);
      push({
        id: `aws-s3-${bucket}`,
        provider: 'aws',
        category: 'Cost',
        impact: impact(s),
        title: `Move S3 bucket ${bucket} to S3 Glacier Instant Retrieval`,
        resource: bucket,
        monthlySavings: s,
      });
    } else if (kind === 3) {
      const db = `rds-${rnd.pick(PROJECTS)}-${rnd.int(1, 9)}`;
      const s = rnd.int(80, 600);
      push({
        id: `aws-rds-${db}-${i}`,
        provider: 'aws',
        category: 'Cost',
        impact: impact(s),
        title: `Stop the idle RDS instance ${db} (${region})`,
        resource: db,
        monthlySavings: s,
      });
    } else {
      push({
        id: `aws-mfa-root-${i}`,
        provider: 'aws',
        category: 'Security',
        impact: 'High',
        title: `Turn on MFA for the root user of account ${rnd.int(1e11, 9e11)}`,
        resource: null,
        monthlySavings: 0,
      });
    }
  }
  return out;
}

async function seedRecommendations(tx: Database, now: Date, scale: number): Promise<void> {
  for (const t of AZURE_TENANTS) {
    // Written once, like the daily costs (the generated ones are at position 100 and after): a later
    // start neither regenerates the estate nor adds another DEMO_SCALE's recommendations.
    const { rows: seeded } = await tx.query(
      'select 1 from assistant_recommendations where tenant_id = $1 and position >= 100 limit 1',
      [t.tenantId],
    );
    if (seeded.length) continue;
    const recs = demoRecommendations(t.tenantId, demoResources(t.tenantId, now, scale));
    await insertJson(
      tx,
      'assistant_recommendations',
      'tenant_id, id, dataset, provider, category, impact, title, resource, monthly_savings, position, status, status_reason, status_by, status_at',
      'tenant_id text, id text, dataset text, provider text, category text, impact text, title text, resource text, monthly_savings numeric, position integer, status text, status_reason text, status_by text, status_at timestamptz',
      recs.map((r, i) => ({
        tenant_id: t.tenantId,
        id: r.id,
        dataset: 'azure',
        provider: r.provider,
        category: r.category,
        impact: r.impact,
        title: r.title,
        resource: r.resource,
        monthly_savings: r.monthlySavings,
        position: 100 + i,
        status: r.status,
        status_reason: r.statusReason,
        status_by: r.statusBy,
        status_at:
          r.statusDaysAgo === null
            ? null
            : new Date(Math.floor(now.getTime() / 60_000) * 60_000 - r.statusDaysAgo * DAY).toISOString(),
      })),
    );
  }
}

/**
 * Only what DEMO_SCALE multiplies at the root, for one tenant: its subscriptions, resources, daily
 * cost rows and their monthly roll-up, and its Microsoft 365 users, as the full seed writes them
 * (needs the tenant and its assistant rows, seed/chat.ts). The scale tests use it to check a scaled
 * tenant in seconds rather than seeding every page's tables.
 */
export async function seedScaledCore(
  tx: Database,
  now: Date,
  scale: number,
  tenantId: string = SCALED_TENANT,
): Promise<void> {
  await seedAzure(tx, 'full', now, scale, [tenantId]);
  await seedUsers(tx, now, scale, [tenantId]);
}

/**
 * Seeds the base datasets' own rows (subscriptions, resources and their daily cost rows, then
 * recommendations in the full seed, Microsoft 365 users and alerts; the licences, budgets,
 * reservations, Secure Score and usage are the assistant's rows, seed/chat.ts). Idempotent: a
 * tenant's daily costs, users and alerts are written once (a later start, in another month, neither
 * adds rows nor changes what users did with them); subscriptions and recommendations are `on
 * conflict do nothing`. `copies` is DEMO_SCALE's (1 in the anchors seed). Answers whether it wrote
 * daily cost rows.
 */
export async function seedBase(tx: Database, data: SeedData, now: Date, copies: number): Promise<boolean> {
  const wrote = await withIndexesDeferred(tx, 'azure_daily_costs', () => seedAzure(tx, data, now, copies));
  if (data === 'full') await seedRecommendations(tx, now, copies);
  await seedUsers(tx, now, copies);
  await seedAlerts(tx, now, copies);
  return wrote;
}
