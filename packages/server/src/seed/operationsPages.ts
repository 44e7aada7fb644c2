import type { Database } from '../db/database';
import type { SeedData } from './seedData';
import { DAY, hasRows, insertJson, isoDay } from './bulk';
import { random } from './random';
import { demoTenants, TENANT } from './tenants';

/**
 * Seeds the operations feature pages' tables (core's `OPERATIONS_DATASETS`, migration 016):
 * deterministic (a PRNG per tenant and table), written once per tenant, in the full seed only. Rows
 * that name resources or users read them from `azure_resources` and `m365_users`, which the feature
 * data seed wrote before; the alert definitions carry the names of the alerts it generated.
 */

const MINUTE = 60_000;

/** The people who act on a tenant's alerts and own its rules. */
const PEOPLE: Readonly<Record<string, readonly string[]>> = {
  [TENANT.contoso]: ['Ada Lovelace', 'Farid Khan', 'Jonas Weber', 'Mona Patel'],
  [TENANT.fabrikam]: ['Max Mustermann', 'Paula Schmidt'],
  [TENANT.northwind]: ['Eve Adams'],
  [TENANT.litware]: ['Sam Taylor'],
  [TENANT.wingtip]: ['Mia Multi'],
};
const peopleOf = (tenantId: string) => PEOPLE[tenantId] ?? ['Administrator'];

/** A tenant as the generators see it: its licence modules (active or not: the pages filter by licence) and mail domain. */
interface OpsTenant {
  tenantId: string;
  modules: readonly ('azure' | 'm365')[];
  domain: string;
  /** Contoso is the large tenant. */
  large: boolean;
}

const opsTenants = (): OpsTenant[] =>
  demoTenants.map((t) => ({
    tenantId: t.id,
    modules: [...new Set(t.licenses.map((l) => l.module))].filter(
      (m): m is 'azure' | 'm365' => m === 'azure' || m === 'm365',
    ),
    domain: `${t.displayName.split(' ')[0]!.toLowerCase()}.example`,
    large: t.id === TENANT.contoso,
  }));

const iso = (ms: number) => new Date(ms).toISOString();

// ---------------------------------------------------------------------------------------------
// Pipelines and their runs

interface PipelineDef {
  name: string;
  source: string;
  schedule: string;
  intervalMinutes: number;
  /** Minutes after midnight UTC of the first run of a day. */
  offsetMinutes: number;
  /** Rows a run reads for the large tenant. */
  rows: number;
  /** Seconds a run takes. */
  seconds: number;
  module: 'azure' | 'm365';
  /** Only these tenants (by default every tenant of the module). */
  only?: readonly string[];
}

const PIPELINES: readonly PipelineDef[] = [
  {
    name: 'Azure cost export (daily)',
    source: 'Cost Management',
    schedule: 'Daily 02:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 120,
    rows: 412_000,
    seconds: 1260,
    module: 'azure',
  },
  {
    name: 'Azure resource inventory',
    source: 'Azure Resource Manager',
    schedule: 'Every 6 hours',
    intervalMinutes: 360,
    offsetMinutes: 15,
    rows: 6_400,
    seconds: 240,
    module: 'azure',
  },
  {
    name: 'Azure Advisor recommendations',
    source: 'Azure Resource Manager',
    schedule: 'Daily 04:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 240,
    rows: 1_150,
    seconds: 95,
    module: 'azure',
  },
  {
    name: 'Azure budgets and forecasts',
    source: 'Cost Management',
    schedule: 'Every 4 hours',
    intervalMinutes: 240,
    offsetMinutes: 30,
    rows: 320,
    seconds: 40,
    module: 'azure',
  },
  {
    name: 'Azure reservation utilisation',
    source: 'Cost Management',
    schedule: 'Daily 05:30 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 330,
    rows: 2_900,
    seconds: 75,
    module: 'azure',
  },
  {
    name: 'EA usage',
    source: 'EA portal',
    schedule: 'Daily 03:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 180,
    rows: 185_000,
    seconds: 900,
    module: 'azure',
    only: [TENANT.contoso],
  },
  {
    name: 'CSP invoices',
    source: 'Partner Center',
    schedule: 'Daily 06:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 360,
    rows: 4_800,
    seconds: 130,
    module: 'azure',
    only: [TENANT.northwind, TENANT.wingtip],
  },
  {
    name: 'Microsoft Graph users',
    source: 'Microsoft Graph',
    schedule: 'Every 6 hours',
    intervalMinutes: 360,
    offsetMinutes: 45,
    rows: 2_350,
    seconds: 180,
    module: 'm365',
  },
  {
    name: 'Microsoft 365 licences',
    source: 'Microsoft Graph',
    schedule: 'Daily 01:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 60,
    rows: 2_900,
    seconds: 110,
    module: 'm365',
  },
  {
    name: 'Secure Score',
    source: 'Microsoft Graph',
    schedule: 'Daily 03:30 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 210,
    rows: 180,
    seconds: 35,
    module: 'm365',
  },
  {
    name: 'Microsoft 365 usage reports',
    source: 'Microsoft Graph',
    schedule: 'Daily 07:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 420,
    rows: 14_500,
    seconds: 420,
    module: 'm365',
  },
  {
    name: 'Sign-in logs',
    source: 'Microsoft Graph',
    schedule: 'Every 4 hours',
    intervalMinutes: 240,
    offsetMinutes: 20,
    rows: 38_000,
    seconds: 300,
    module: 'm365',
  },
  {
    name: 'Teams call records',
    source: 'Microsoft Graph',
    schedule: 'Hourly',
    intervalMinutes: 60,
    offsetMinutes: 5,
    rows: 1_700,
    seconds: 70,
    module: 'm365',
  },
];

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function seedPipelines(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.length || (await hasRows(tx, 'ops_pipelines', t.tenantId))) continue;
    const rnd = random(`${t.tenantId}:ops_pipelines`);
    const defs = PIPELINES.filter((p) => t.modules.includes(p.module) && (!p.only || p.only.includes(t.tenantId)));
    const scale = t.large ? 1 : 0.18;
    const pipelines = defs.map((p) => ({
      tenant_id: t.tenantId,
      id: slug(p.name),
      name: p.name,
      source: p.source,
      schedule: p.schedule,
      interval_minutes: p.intervalMinutes,
    }));
    const runs: object[] = [];
    for (const p of defs) {
      const step = p.intervalMinutes * MINUTE;
      const offset = p.offsetMinutes * MINUTE;
      const last = Math.floor((nowMs - offset) / step) * step + offset;
      const count = Math.floor((30 * DAY) / step);
      // The newest run: mostly succeeded; some failed, one running or queued now and then.
      const roll = rnd.next();
      const lastStatus = roll < 0.15 ? 'Failed' : roll < 0.23 ? 'Running' : roll < 0.28 ? 'Queued' : 'Succeeded';
      for (let k = count - 1; k >= 0; k--) {
        const started = last - k * step;
        const status = k === 0 ? lastStatus : rnd.chance(0.04) ? 'Failed' : 'Succeeded';
        const full = Math.round(p.rows * scale * (0.9 + rnd.next() * 0.2));
        const seconds = Math.max(5, Math.round(p.seconds * (t.large ? 1 : 0.4) * (0.8 + rnd.next() * 0.5)));
        const elapsed = Math.max(0, Math.floor((nowMs - started) / 1000));
        const [duration, rows] =
          status === 'Queued'
            ? [0, 0]
            : status === 'Running'
              ? [Math.min(elapsed, seconds), Math.round((full * Math.min(elapsed, seconds)) / (seconds * 2))]
              : status === 'Failed'
                ? [Math.round(seconds * 0.3), Math.round(full * 0.3 * rnd.next())]
                : [seconds, full];
        runs.push({
          tenant_id: t.tenantId,
          pipeline_id: slug(p.name),
          started_at: iso(started),
          status,
          duration_seconds: duration,
          rows_read: rows,
        });
      }
    }
    await insertJson(
      tx,
      'ops_pipelines',
      'tenant_id, id, name, source, schedule, interval_minutes',
      'tenant_id text, id text, name text, source text, schedule text, interval_minutes integer',
      pipelines,
    );
    await insertJson(
      tx,
      'ops_pipeline_runs',
      'tenant_id, pipeline_id, started_at, status, duration_seconds, rows_read',
      'tenant_id text, pipeline_id text, started_at timestamptz, status text, duration_seconds integer, rows_read bigint',
      runs,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Rules

async function seedRules(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.length || (await hasRows(tx, 'ops_rules', t.tenantId))) continue;
    const rnd = random(`${t.tenantId}:ops_rules`);
    const people = peopleOf(t.tenantId);
    const { rows: subs } = await tx.query<{ name: string }>(
      'select name from azure_subscriptions where tenant_id = $1 order by name',
      [t.tenantId],
    );
    const rules: { name: string; kind: string; scope: string; condition: string; action: string }[] = [];
    if (t.modules.includes('azure')) {
      const all = 'All subscriptions';
      rules.push(
        {
          name: 'Allocate shared networking by compute cost',
          kind: 'Cost allocation',
          scope: all,
          condition: 'Service is Virtual Network, Load Balancer or Application Gateway',
          action: 'Split across subscriptions by their share of compute cost',
        },
        {
          name: 'Allocate Log Analytics to cost centres',
          kind: 'Cost allocation',
          scope: all,
          condition: 'Service is Log Analytics',
          action: "Charge by tag 'costCenter' of the workspace's resource group",
        },
        {
          name: 'Untagged cost to IT Platform',
          kind: 'Cost allocation',
          scope: all,
          condition: "Tag 'costCenter' is missing",
          action: "Charge to cost centre 'IT-Platform'",
        },
        {
          name: 'Daily cost spike',
          kind: 'Anomaly alert',
          scope: all,
          condition: 'Daily cost 40% above the forecast',
          action: `Email finops@${t.domain}`,
        },
        {
          name: 'New service in use',
          kind: 'Anomaly alert',
          scope: all,
          condition: 'A service without cost in the last 30 days has cost today',
          action: `Email finops@${t.domain}`,
        },
        {
          name: "Require tag 'costCenter'",
          kind: 'Tag policy',
          scope: all,
          condition: "Resource created without tag 'costCenter'",
          action: 'Deny the deployment',
        },
        {
          name: "Require tag 'owner'",
          kind: 'Tag policy',
          scope: all,
          condition: "Resource created without tag 'owner'",
          action: 'Audit and notify the subscription owner',
        },
        {
          name: "Inherit tag 'environment'",
          kind: 'Tag policy',
          scope: all,
          condition: "Resource without tag 'environment' in a tagged resource group",
          action: "Copy the resource group's tag",
        },
      );
      for (const s of subs.slice(0, t.large ? 8 : 3)) {
        rules.push({
          name: `${s.name} monthly budget 90%`,
          kind: 'Budget alert',
          scope: s.name,
          condition: 'Actual cost > 90% of the monthly budget',
          action: `Email the subscription owner and finops@${t.domain}`,
        });
        if (rnd.chance(0.5))
          rules.push({
            name: `${s.name} forecast over budget`,
            kind: 'Budget alert',
            scope: s.name,
            condition: 'Forecast cost > 100% of the monthly budget',
            action: 'Post to the Teams channel Cloud operations',
          });
      }
    }
    if (t.modules.includes('m365')) {
      const tenant = 'Microsoft 365 tenant';
      rules.push(
        {
          name: 'Allocate Microsoft 365 licences by department',
          kind: 'Cost allocation',
          scope: tenant,
          condition: 'Licence assigned to a user',
          action: "Charge to the user's department",
        },
        {
          name: 'Microsoft 365 licence spend',
          kind: 'Budget alert',
          scope: tenant,
          condition: 'Monthly licence cost > 95% of the budget',
          action: `Email it-procurement@${t.domain}`,
        },
        {
          name: 'Unassigned licences growing',
          kind: 'Anomaly alert',
          scope: tenant,
          condition: 'Unassigned licences up 20% in 7 days',
          action: `Email it-procurement@${t.domain}`,
        },
        {
          name: 'Inactive licensed users',
          kind: 'Anomaly alert',
          scope: tenant,
          condition: 'Licensed users inactive for 30 days or more',
          action: 'Weekly digest to the licence owners',
        },
      );
    }
    const rows = rules.map((r, i) => ({
      tenant_id: t.tenantId,
      id: `rule-${String(i + 1).padStart(3, '0')}`,
      ...r,
      enabled: rnd.chance(0.85),
      last_triggered: rnd.chance(0.3) ? null : iso(nowMs - rnd.int(10, 60 * 24 * 45) * MINUTE),
      created_by: rnd.pick(people),
    }));
    await insertJson(
      tx,
      'ops_rules',
      'tenant_id, id, name, kind, scope, condition, action, enabled, last_triggered, created_by',
      'tenant_id text, id text, name text, kind text, scope text, condition text, action text, enabled boolean, last_triggered timestamptz, created_by text',
      rows,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Service health

const AZURE_HEALTH_SERVICES = [
  'Virtual Machines',
  'Storage',
  'SQL Database',
  'App Service',
  'Azure Kubernetes Service',
  'Azure Monitor',
  'Azure Cosmos DB',
  'Key Vault',
  'Azure Front Door',
];
const M365_HEALTH_SERVICES = ['Exchange Online', 'Microsoft Teams', 'SharePoint Online'];
const HEALTH_TITLES: Readonly<Record<'azure' | 'm365', Readonly<Record<string, readonly string[]>>>> = {
  azure: {
    Incident: [
      'Intermittent connectivity issues',
      'Degraded performance',
      'Increased latency and timeouts',
      'Failures when creating or updating resources',
      'Service management operations failing',
    ],
    Advisory: [
      'Action required: move to TLS 1.2 before the retirement date',
      'Retirement: classic deployment model',
      'Upcoming change to default outbound access',
      'Action recommended: update client SDKs before the API version retires',
    ],
    'Planned maintenance': [
      'Planned maintenance: host OS updates',
      'Planned maintenance: network infrastructure upgrade',
      'Planned maintenance: platform update',
    ],
  },
  m365: {
    Incident: [
      'Users may be unable to send or receive email',
      'Delays delivering email to external recipients',
      'Users may be unable to join meetings',
      'Chat messages may be delayed',
      'Users may see errors when opening files',
      'Search results may be incomplete',
    ],
    Advisory: [
      'Admin center usage reports may show outdated data',
      'Message trace results may be delayed',
      'Some users may see an outdated version of the client',
    ],
    'Planned maintenance': [
      'Planned maintenance: mailbox database upgrades',
      'Planned maintenance: service infrastructure update',
    ],
  },
};
const HEALTH_IMPACT: Readonly<Record<string, readonly string[]>> = {
  Incident: [
    'A subset of customers in the region saw errors or timeouts.',
    'Users may have noticed delays or failures.',
    'Some resources were unreachable for part of the event.',
  ],
  Advisory: [
    'No impact yet: action is needed before the date given.',
    'Informational: no action required.',
    'Reports may show data up to 48 hours old.',
  ],
  'Planned maintenance': [
    'Resources may restart once during the maintenance window.',
    'Brief connection drops of up to 30 seconds are possible.',
  ],
};
const CLASSIFICATIONS = ['Incident', 'Incident', 'Incident', 'Advisory', 'Advisory', 'Planned maintenance'] as const;
const REGION_NAMES: Readonly<Record<string, string>> = {
  westeurope: 'West Europe',
  northeurope: 'North Europe',
  uksouth: 'UK South',
  swedencentral: 'Sweden Central',
  eastus: 'East US',
  eastus2: 'East US 2',
  westus2: 'West US 2',
  centralus: 'Central US',
  germanywestcentral: 'Germany West Central',
};
const regionName = (r: string) => REGION_NAMES[r] ?? r;

async function seedServiceHealth(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.length || (await hasRows(tx, 'ops_service_health', t.tenantId))) continue;
    const rnd = random(`${t.tenantId}:ops_service_health`);
    const { rows: regionRows } = await tx.query<{ location: string }>(
      'select distinct location from azure_resources where tenant_id = $1 order by location',
      [t.tenantId],
    );
    const regions = regionRows.length ? regionRows.map((r) => r.location) : ['westeurope', 'northeurope'];
    const event = (
      module: 'azure' | 'm365',
      classification: (typeof CLASSIFICATIONS)[number],
      ageMinutes: number,
      active: boolean,
    ) => {
      const service = rnd.pick(module === 'azure' ? AZURE_HEALTH_SERVICES : M365_HEALTH_SERVICES);
      const region = module === 'azure' ? rnd.pick(regions) : null;
      const started = nowMs - ageMinutes * MINUTE;
      const updated = Math.min(nowMs, started + rnd.int(20, active ? Math.max(21, ageMinutes) : 2880) * MINUTE);
      const title = `${service}: ${rnd.pick(HEALTH_TITLES[module][classification]!)}${region ? ` in ${regionName(region)}` : ''}`;
      return {
        module,
        service,
        title,
        classification,
        status: active ? 'Active' : 'Resolved',
        impact: rnd.pick(HEALTH_IMPACT[classification]!),
        region,
        started_at: iso(started),
        updated_at: iso(updated),
        resolved_at: active ? null : iso(updated),
      };
    };
    const events: ReturnType<typeof event>[] = [];
    for (const module of t.modules) {
      const n =
        module === 'azure'
          ? rnd.int(t.large ? 34 : 24, t.large ? 42 : 32)
          : rnd.int(t.large ? 26 : 22, t.large ? 34 : 28);
      for (let i = 0; i < n; i++)
        events.push(event(module, rnd.pick(CLASSIFICATIONS), rnd.int(3 * 24 * 60, 90 * 24 * 60), false));
      // A few events still open: an incident and an advisory of the last days.
      events.push(
        event(module, 'Incident', rnd.int(40, 36 * 60), true),
        event(module, 'Advisory', rnd.int(60, 60 * 60), true),
      );
    }
    events.sort((a, b) => a.started_at.localeCompare(b.started_at));
    const prefix = rnd.hex(4).toUpperCase();
    await insertJson(
      tx,
      'ops_service_health',
      'tenant_id, id, module, service, title, classification, status, impact, region, started_at, updated_at, resolved_at',
      'tenant_id text, id text, module text, service text, title text, classification text, status text, impact text, region text, started_at timestamptz, updated_at timestamptz, resolved_at timestamptz',
      events.map((e, i) => ({
        tenant_id: t.tenantId,
        id: `${e.module === 'azure' ? 'AZ' : 'MO'}${prefix}${String(i + 1).padStart(4, '0')}`,
        ...e,
      })),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Alert definitions: the names and severities of the alerts seed/featureData.ts generates (its
// AZURE_ALERTS and M365_ALERTS), plus rules that have not fired.

const ALERT_DEFINITIONS: readonly {
  module: 'azure' | 'm365';
  name: string;
  signal: string;
  condition: string;
  threshold: number;
  scope: string;
  severity: string;
  enabled?: boolean;
}[] = [
  {
    module: 'azure',
    name: 'CPU above 90%',
    signal: 'Metric',
    condition: 'Percentage CPU > 90 for 15 minutes',
    threshold: 90,
    scope: 'All virtual machines',
    severity: 'Warning',
  },
  {
    module: 'azure',
    name: 'Budget threshold reached',
    signal: 'Budget',
    condition: 'Actual cost > 90% of the monthly budget',
    threshold: 90,
    scope: 'All subscriptions',
    severity: 'Error',
  },
  {
    module: 'azure',
    name: 'Storage availability dropped',
    signal: 'Metric',
    condition: 'Availability < 99.9% for 5 minutes',
    threshold: 99.9,
    scope: 'All storage accounts',
    severity: 'Critical',
  },
  {
    module: 'azure',
    name: 'SQL CPU above 95%',
    signal: 'Metric',
    condition: 'CPU percentage > 95 for 10 minutes',
    threshold: 95,
    scope: 'All SQL databases',
    severity: 'Error',
  },
  {
    module: 'azure',
    name: 'Cost anomaly detected',
    signal: 'Budget',
    condition: 'Daily cost 40% above the forecast',
    threshold: 40,
    scope: 'All subscriptions',
    severity: 'Warning',
  },
  {
    module: 'azure',
    name: 'HTTP 5xx errors',
    signal: 'Metric',
    condition: 'Http5xx > 50 in 5 minutes',
    threshold: 50,
    scope: 'All app services',
    severity: 'Error',
  },
  {
    module: 'azure',
    name: 'Disk space low',
    signal: 'Log',
    condition: 'Free space < 10%',
    threshold: 10,
    scope: 'All virtual machines',
    severity: 'Informational',
  },
  {
    module: 'azure',
    name: 'Node not ready',
    signal: 'Metric',
    condition: 'Node condition NotReady for 5 minutes',
    threshold: 1,
    scope: 'All AKS clusters',
    severity: 'Critical',
  },
  {
    module: 'azure',
    name: 'Service health incident',
    signal: 'Service health',
    condition: 'Service issue reported for the region',
    threshold: 1,
    scope: 'All regions in use',
    severity: 'Informational',
  },
  {
    module: 'azure',
    name: 'Key Vault access denied',
    signal: 'Log',
    condition: 'Denied requests > 10 in 5 minutes',
    threshold: 10,
    scope: 'All key vaults',
    severity: 'Warning',
  },
  {
    module: 'azure',
    name: 'Resource group deleted',
    signal: 'Activity log',
    condition: 'Delete resource group succeeded',
    threshold: 1,
    scope: 'All subscriptions',
    severity: 'Warning',
  },
  {
    module: 'azure',
    name: 'VM availability lost',
    signal: 'Metric',
    condition: 'VM availability < 1 for 5 minutes',
    threshold: 1,
    scope: 'Production virtual machines',
    severity: 'Critical',
    enabled: false,
  },
  {
    module: 'm365',
    name: 'Impossible travel activity',
    signal: 'Log',
    condition: 'Sign-ins from two countries within one hour',
    threshold: 1,
    scope: 'All users',
    severity: 'Error',
  },
  {
    module: 'm365',
    name: 'Forwarding rule created',
    signal: 'Activity log',
    condition: 'A new inbox rule forwards mail to an external address',
    threshold: 1,
    scope: 'All mailboxes',
    severity: 'Warning',
  },
  {
    module: 'm365',
    name: 'Licence pool nearly exhausted',
    signal: 'Metric',
    condition: 'Fewer than 5% of the licences unassigned',
    threshold: 5,
    scope: 'All licences',
    severity: 'Warning',
  },
  {
    module: 'm365',
    name: 'Mass file deletion',
    signal: 'Activity log',
    condition: 'More than 500 files deleted in 10 minutes',
    threshold: 500,
    scope: 'All SharePoint sites',
    severity: 'Critical',
  },
  {
    module: 'm365',
    name: 'Admin role assigned',
    signal: 'Activity log',
    condition: 'Global Administrator role assigned',
    threshold: 1,
    scope: 'Directory roles',
    severity: 'Informational',
  },
  {
    module: 'm365',
    name: 'Exchange Online service incident',
    signal: 'Service health',
    condition: 'Incident reported for Exchange Online',
    threshold: 1,
    scope: 'Exchange Online',
    severity: 'Informational',
    enabled: false,
  },
];

async function seedAlertDefinitions(tx: Database, tenants: readonly OpsTenant[]): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.length || (await hasRows(tx, 'ops_alert_definitions', t.tenantId))) continue;
    const rows = ALERT_DEFINITIONS.filter((d) => t.modules.includes(d.module)).map((d) => ({
      tenant_id: t.tenantId,
      id: `ad-${slug(d.name)}`,
      module: d.module,
      name: d.name,
      signal: d.signal,
      condition: d.condition,
      threshold: d.threshold,
      scope: d.scope,
      severity: d.severity,
      recipients:
        d.severity === 'Critical'
          ? `oncall@${t.domain}; SMS to the on-call engineer`
          : `cloud-ops@${t.domain}; Teams channel Cloud operations`,
      enabled: d.enabled ?? true,
    }));
    await insertJson(
      tx,
      'ops_alert_definitions',
      'tenant_id, id, module, name, signal, condition, threshold, scope, severity, recipients, enabled',
      'tenant_id text, id text, module text, name text, signal text, condition text, threshold numeric, scope text, severity text, recipients text, enabled boolean',
      rows,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Metric alerts on the tenant's resources

const METRICS: Readonly<
  Record<
    string,
    readonly { metric: string; operator: 'Greater than' | 'Less than'; threshold: number; spread: number }[]
  >
> = {
  'Microsoft.Compute/virtualMachines': [
    { metric: 'Percentage CPU', operator: 'Greater than', threshold: 90, spread: 9 },
    { metric: 'Available memory (GB)', operator: 'Less than', threshold: 1, spread: 0.8 },
  ],
  'Microsoft.Sql/servers/databases': [{ metric: 'DTU percentage', operator: 'Greater than', threshold: 90, spread: 9 }],
  'Microsoft.Web/sites': [{ metric: 'Http 5xx', operator: 'Greater than', threshold: 50, spread: 120 }],
  'Microsoft.Storage/storageAccounts': [
    { metric: 'Used capacity (TB)', operator: 'Greater than', threshold: 4, spread: 2 },
    { metric: 'Availability (%)', operator: 'Less than', threshold: 99.9, spread: 1.5 },
  ],
  'Microsoft.ContainerService/managedClusters': [
    { metric: 'Node CPU percentage', operator: 'Greater than', threshold: 85, spread: 14 },
  ],
  'Microsoft.Cache/Redis': [{ metric: 'Server load', operator: 'Greater than', threshold: 80, spread: 19 }],
  'Microsoft.DocumentDB/databaseAccounts': [
    { metric: 'Normalized RU consumption', operator: 'Greater than', threshold: 90, spread: 10 },
  ],
};

const round2 = (n: number) => Math.round(n * 100) / 100;

async function seedMetricAlerts(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.includes('azure') || (await hasRows(tx, 'ops_metric_alerts', t.tenantId))) continue;
    const rnd = random(`${t.tenantId}:ops_metric_alerts`);
    const people = peopleOf(t.tenantId);
    const { rows: resources } = await tx.query<{ name: string; type: string }>(
      'select name, type from azure_resources where tenant_id = $1 and type = any($2::text[]) order by name',
      [t.tenantId, Object.keys(METRICS)],
    );
    if (!resources.length) continue;
    const count = t.large ? 90 : 24;
    const rows = Array.from({ length: count }, () => {
      const r = rnd.pick(resources);
      const m = rnd.pick(METRICS[r.type]!);
      const ageMinutes = rnd.int(5, 7 * 24 * 60);
      const fired = nowMs - ageMinutes * MINUTE;
      const roll = rnd.next();
      const status = roll < 0.4 ? 'Fired' : roll < 0.65 ? 'Acknowledged' : 'Resolved';
      const beyond = rnd.next() * m.spread;
      const sign = m.operator === 'Greater than' ? 1 : -1;
      const current =
        status === 'Resolved' ? m.threshold - sign * beyond : m.threshold + sign * Math.max(beyond, m.spread * 0.05);
      const severity = rnd.pick(['Critical', 'Error', 'Error', 'Warning', 'Warning', 'Warning', 'Informational']);
      const acted = status !== 'Fired';
      return {
        tenant_id: t.tenantId,
        id: `ma-${rnd.hex(12)}`,
        resource_name: r.name,
        resource_type: r.type,
        metric: m.metric,
        operator: m.operator,
        threshold: m.threshold,
        current_value: round2(Math.max(0, current)),
        severity,
        fired_at: iso(fired),
        status,
        status_by: acted ? (status === 'Resolved' && rnd.chance(0.6) ? 'Azure Monitor' : rnd.pick(people)) : null,
        status_at: acted
          ? iso(Math.min(nowMs, fired + rnd.int(3, Math.max(4, Math.min(ageMinutes, 720))) * MINUTE))
          : null,
      };
    });
    await insertJson(
      tx,
      'ops_metric_alerts',
      'tenant_id, id, resource_name, resource_type, metric, operator, threshold, current_value, severity, fired_at, status, status_by, status_at',
      'tenant_id text, id text, resource_name text, resource_type text, metric text, operator text, threshold numeric, current_value numeric, severity text, fired_at timestamptz, status text, status_by text, status_at timestamptz',
      rows,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Security alerts

interface SecurityTemplate {
  title: string;
  severities: readonly string[];
  category: string;
  source: string;
  /** The resource types it concerns (Azure); users otherwise. */
  types?: readonly string[];
}

const M365_SECURITY: readonly SecurityTemplate[] = [
  {
    title: 'Impossible travel',
    severities: ['High', 'Medium'],
    category: 'Identity',
    source: 'Microsoft Entra ID Protection',
  },
  {
    title: 'Risky sign-in',
    severities: ['Medium', 'Low'],
    category: 'Identity',
    source: 'Microsoft Entra ID Protection',
  },
  { title: 'Leaked credentials', severities: ['High'], category: 'Identity', source: 'Microsoft Entra ID Protection' },
  {
    title: 'Sign-in from an anonymous IP address',
    severities: ['Medium', 'Low'],
    category: 'Identity',
    source: 'Microsoft Entra ID Protection',
  },
  {
    title: 'Suspicious inbox rule',
    severities: ['Medium', 'High'],
    category: 'Email',
    source: 'Microsoft Defender for Office 365',
  },
  {
    title: 'Email messages containing malware removed after delivery',
    severities: ['Informational', 'Low'],
    category: 'Email',
    source: 'Microsoft Defender for Office 365',
  },
  {
    title: 'Malware detected',
    severities: ['High', 'Medium'],
    category: 'Malware',
    source: 'Microsoft Defender for Endpoint',
  },
  {
    title: 'Mass download by a single user',
    severities: ['Medium'],
    category: 'Data exfiltration',
    source: 'Microsoft Defender for Cloud Apps',
  },
];
const AZURE_SECURITY: readonly SecurityTemplate[] = [
  {
    title: 'Malware detected',
    severities: ['High'],
    category: 'Malware',
    source: 'Microsoft Defender for Servers',
    types: ['Microsoft.Compute/virtualMachines'],
  },
  {
    title: 'Suspicious PowerShell script executed',
    severities: ['Medium', 'High'],
    category: 'Execution',
    source: 'Microsoft Defender for Servers',
    types: ['Microsoft.Compute/virtualMachines'],
  },
  {
    title: 'Brute force attack on RDP',
    severities: ['Medium', 'Low'],
    category: 'Credential access',
    source: 'Microsoft Defender for Servers',
    types: ['Microsoft.Compute/virtualMachines'],
  },
  {
    title: 'Access from a suspicious IP address to a storage account',
    severities: ['Medium', 'Low'],
    category: 'Data exfiltration',
    source: 'Microsoft Defender for Storage',
    types: ['Microsoft.Storage/storageAccounts'],
  },
  {
    title: 'Potential SQL injection',
    severities: ['High', 'Medium'],
    category: 'Initial access',
    source: 'Microsoft Defender for SQL',
    types: ['Microsoft.Sql/servers/databases'],
  },
  {
    title: 'Unusual secret access in a key vault',
    severities: ['Medium', 'Informational'],
    category: 'Credential access',
    source: 'Microsoft Defender for Key Vault',
    types: ['Microsoft.KeyVault/vaults'],
  },
];

async function seedSecurityAlerts(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.length || (await hasRows(tx, 'ops_security_alerts', t.tenantId))) continue;
    const rnd = random(`${t.tenantId}:ops_security_alerts`);
    const people = peopleOf(t.tenantId);
    const { rows: users } = await tx.query<{ upn: string }>(
      'select upn from m365_users where tenant_id = $1 and enabled order by upn',
      [t.tenantId],
    );
    const types = [...new Set(AZURE_SECURITY.flatMap((s) => s.types ?? []))];
    const { rows: resources } = await tx.query<{ name: string; type: string }>(
      'select name, type from azure_resources where tenant_id = $1 and type = any($2::text[]) order by name',
      [t.tenantId, types],
    );
    const pools: { module: 'azure' | 'm365'; templates: SecurityTemplate[] }[] = [];
    if (t.modules.includes('m365') && users.length) pools.push({ module: 'm365', templates: [...M365_SECURITY] });
    if (t.modules.includes('azure'))
      pools.push({
        module: 'azure',
        templates: AZURE_SECURITY.filter((s) => resources.some((r) => s.types!.includes(r.type))),
      });
    const usable = pools.filter((p) => p.templates.length);
    if (!usable.length) continue;
    const count = t.large ? 140 : 36;
    const rows = Array.from({ length: count }, () => {
      const pool = rnd.pick(usable);
      const tpl = rnd.pick(pool.templates);
      const entity =
        pool.module === 'm365'
          ? rnd.pick(users).upn
          : rnd.pick(resources.filter((r) => tpl.types!.includes(r.type))).name;
      const ageMinutes = rnd.int(10, 90 * 24 * 60);
      const detected = nowMs - ageMinutes * MINUTE;
      const recent = ageMinutes < 7 * 24 * 60;
      const roll = rnd.next();
      const status = recent
        ? roll < 0.5
          ? 'New'
          : roll < 0.8
            ? 'In progress'
            : 'Resolved'
        : roll < 0.85
          ? 'Resolved'
          : roll < 0.95
            ? 'In progress'
            : 'New';
      const acted = status !== 'New';
      return {
        tenant_id: t.tenantId,
        id: `sa-${rnd.hex(12)}`,
        module: pool.module,
        title: tpl.title,
        severity: rnd.pick(tpl.severities),
        category: tpl.category,
        entity,
        source: tpl.source,
        detected_at: iso(detected),
        status,
        status_by: acted ? rnd.pick(people) : null,
        status_at: acted
          ? iso(Math.min(nowMs, detected + rnd.int(5, Math.max(6, Math.min(ageMinutes, 4 * 24 * 60))) * MINUTE))
          : null,
      };
    });
    await insertJson(
      tx,
      'ops_security_alerts',
      'tenant_id, id, module, title, severity, category, entity, source, detected_at, status, status_by, status_at',
      'tenant_id text, id text, module text, title text, severity text, category text, entity text, source text, detected_at timestamptz, status text, status_by text, status_at timestamptz',
      rows,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Release notes: the portal's own, the same for every tenant

type Note = readonly [
  area: 'Portal' | 'Reports' | 'Assistant' | 'Data' | 'Security',
  kind: 'New' | 'Improved' | 'Fixed',
  title: string,
  description: string,
];

/** The versions, oldest first, each released `daysAgo` before the seed ran. */
const RELEASES: readonly { version: string; daysAgo: number; notes: readonly Note[] }[] = [
  {
    version: '1.0',
    daysAgo: 330,
    notes: [
      [
        'Portal',
        'New',
        'The portal shell',
        'A header with the tenant switcher, a menu by feature and pages loaded by component name.',
      ],
      ['Reports', 'New', 'Power BI report view', 'Reports open inside the portal with the tenant filter applied.'],
      [
        'Security',
        'New',
        'Sign-in with Microsoft Entra ID',
        'Users sign in with their work account; roles and features come from the portal.',
      ],
    ],
  },
  {
    version: '1.1',
    daysAgo: 290,
    notes: [
      ['Portal', 'New', 'Search', 'Find menu items, reports and settings from the search box in the header.'],
      [
        'Reports',
        'New',
        'Saved views',
        'Save a report with its filters and bookmarks and open it again from the menu.',
      ],
      [
        'Reports',
        'Fixed',
        'Report filters kept after a refresh',
        'Reloading a report no longer resets the slicers to their defaults.',
      ],
      ['Portal', 'Improved', 'Faster first load', 'The shell loads pages only when they are first opened.'],
    ],
  },
  {
    version: '1.2',
    daysAgo: 245,
    notes: [
      ['Portal', 'New', 'Feedback', 'Send feedback with an optional screenshot from any page.'],
      ['Data', 'New', 'Azure cost export', 'Daily cost rows from Cost Management are loaded every night.'],
      [
        'Data',
        'Fixed',
        'Currency of CSP subscriptions',
        'Costs of CSP subscriptions are shown in the billing currency.',
      ],
    ],
  },
  {
    version: '1.3',
    daysAgo: 200,
    notes: [
      [
        'Assistant',
        'New',
        'The cloud assistant',
        'Ask questions about costs, licences and recommendations in plain language.',
      ],
      ['Assistant', 'New', 'Answers with sources', 'Each answer names the data it was computed from.'],
      [
        'Portal',
        'Improved',
        'Keyboard navigation in the menu',
        'Arrow keys move through the menu; Home and End jump to its ends.',
      ],
      [
        'Security',
        'Fixed',
        'Session expiry',
        'An expired session now returns to the sign-in page instead of showing an error.',
      ],
    ],
  },
  {
    version: '1.4',
    daysAgo: 150,
    notes: [
      [
        'Portal',
        'New',
        'Feature pages',
        'Subscriptions, resources, licences, users and alerts as pages with paged, sorted and filtered grids.',
      ],
      ['Data', 'New', 'CSV export', 'Export the rows of any grid, with the columns shown, as a CSV file.'],
      ['Data', 'Improved', 'Key figures above each grid', 'Totals follow the filters you apply.'],
      ['Reports', 'Fixed', 'Report titles in the browser tab', 'The tab shows the name of the open report.'],
      [
        'Security',
        'Improved',
        'Tenant isolation checks',
        'Every data call is checked against the signed-in tenant and its licences.',
      ],
    ],
  },
  {
    version: '1.5',
    daysAgo: 105,
    notes: [
      ['Portal', 'New', 'Dark mode', 'Follow the system theme or choose light or dark in the settings.'],
      [
        'Portal',
        'Improved',
        'Charts on feature pages',
        'Cost by region, savings by category and other charts above the grids.',
      ],
      ['Assistant', 'Improved', 'Follow-up questions', 'The assistant keeps the context of the conversation.'],
      ['Portal', 'Fixed', 'Contrast of badges', 'Status badges meet WCAG AA contrast in both themes.'],
    ],
  },
  {
    version: '1.6',
    daysAgo: 60,
    notes: [
      ['Data', 'New', 'FOCUS cost rows', 'Cost rows in the FinOps Open Cost and Usage Specification columns.'],
      [
        'Security',
        'New',
        'Security alerts',
        'Microsoft Defender and Entra ID Protection alerts with acknowledge and resolve.',
      ],
      [
        'Data',
        'New',
        'Pipeline status',
        'See when each data pipeline last ran, how long it took and how many rows it read.',
      ],
      [
        'Reports',
        'Improved',
        'Saved views shared with the tenant',
        'Administrators can share a saved view with every user of the tenant.',
      ],
      ['Assistant', 'Fixed', 'Month boundaries', 'Questions about "last month" use calendar months in UTC.'],
    ],
  },
  {
    version: '1.7',
    daysAgo: 18,
    notes: [
      ['Portal', 'New', 'Release notes', 'This page: what changed in each version of the portal.'],
      ['Security', 'New', 'Service health', 'Microsoft service incidents and advisories that affect your tenant.'],
      ['Data', 'Improved', 'Larger exports', 'CSV exports stream up to a million rows.'],
      ['Portal', 'Improved', 'Saved column choices', 'Each grid remembers the columns and order you chose.'],
      ['Assistant', 'Improved', 'Budget answers', "The assistant compares each budget with the month's forecast."],
      ['Reports', 'Fixed', 'Printing reports', 'Printed reports no longer cut off the last page.'],
    ],
  },
];

async function seedReleaseNotes(tx: Database, now: Date): Promise<void> {
  for (const t of demoTenants) {
    if (await hasRows(tx, 'ops_release_notes', t.id)) continue;
    const rows = RELEASES.flatMap((r) =>
      r.notes.map(([area, kind, title, description], i) => ({
        tenant_id: t.id,
        id: `rn-${r.version}-${i + 1}`,
        version: r.version,
        released: isoDay(now, -r.daysAgo),
        area,
        kind,
        title,
        description,
      })),
    );
    await insertJson(
      tx,
      'ops_release_notes',
      'tenant_id, id, version, released, area, kind, title, description',
      'tenant_id text, id text, version text, released date, area text, kind text, title text, description text',
      rows,
    );
  }
}

/**
 * Seeds the operations feature pages' tables (core's `OPERATIONS_DATASETS`): deterministic, written once
 * per tenant, in the full seed only (the anchors seed keeps the other server tests fast).
 */
export async function seedOperationsPages(tx: Database, data: SeedData, now: Date): Promise<void> {
  if (data !== 'full') return;
  const nowMs = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const tenants = opsTenants();
  await seedPipelines(tx, tenants, nowMs);
  await seedRules(tx, tenants, nowMs);
  await seedServiceHealth(tx, tenants, nowMs);
  await seedAlertDefinitions(tx, tenants);
  await seedMetricAlerts(tx, tenants, nowMs);
  await seedSecurityAlerts(tx, tenants, nowMs);
  await seedReleaseNotes(tx, now);
}
