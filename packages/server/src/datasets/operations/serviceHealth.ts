/**
 * The `serviceHealth` dataset (core's `OPERATIONS_DATASETS.serviceHealth`, shown by
 * `OPERATIONS_PAGES`): where its rows come from (the SQL the query builder reads) and its demo rows
 * (the seed), side by side.
 */

import { licensed, usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { MINUTE, type OpsTenant, iso } from './shared';

/**
 * Where the rows of core's `OPERATIONS_DATASETS.serviceHealth` come from (see `data/registry.ts` for
 * the contract).
 */
export const SERVICE_HEALTH_SQL: DatasetSql = {
  // Only the events of the tenant's licensed modules (an Azure incident means nothing to a Microsoft 365-only tenant).
  from: (s) => `ops_service_health e where e.tenant_id = ${s.bind(s.tenantId)} and ${licensed(s, 'e.module')}`,
  id: 'e.id',
  idType: 'text',
  columns: {
    service: { sql: 'e.service' },
    title: { sql: 'e.title' },
    classification: { sql: 'e.classification' },
    status: { sql: 'e.status' },
    impact: { sql: 'e.impact' },
    region: { sql: 'e.region', nullable: true },
    started: { sql: 'e.started_at' },
    updated: { sql: 'e.updated_at' },
    resolved: { sql: 'e.resolved_at', nullable: true },
  },
  kpis: {
    activeIncidents: `count(*) filter (where t."status" = 'Active' and t."classification" = 'Incident')`,
    advisories: `count(*) filter (where t."classification" = 'Advisory')`,
    eventsLast30Days: `count(*) filter (where t."started" >= now() - interval '30 days')`,
  },
  currency: usd,
};

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

/**
 * Seeds each tenant's service health events (`ops_service_health`) in the regions of its resources,
 * once per tenant with a licence module.
 */
export async function seedServiceHealth(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
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
