/**
 * The `workerProfiles` dataset (core's `M365_DATASETS.workerProfiles`, shown by `M365_PAGES`): where
 * its rows come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { LICENSE_CATALOGUE } from '@cloudportal/core/rules';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { licenseCurrency, type DirectoryUser } from './shared';

/**
 * Where the rows of core's `M365_DATASETS.workerProfiles` come from (see `data/registry.ts` for the
 * contract).
 */
export const WORKER_PROFILES_SQL: DatasetSql = {
  from: (s) => {
    const tenant = s.bind(s.tenantId);
    return `m365_worker_profiles p
      left join (select profile, count(*) as n from m365_user_profiles where tenant_id = ${tenant} group by profile) m on m.profile = p.profile
      where p.tenant_id = ${tenant}`;
  },
  id: 'p.profile',
  idType: 'text',
  columns: {
    profile: { sql: 'p.profile' },
    users: { sql: 'coalesce(m.n, 0)' },
    bundle: { sql: 'p.bundle' },
    costPerUser: { sql: 'p.cost_per_user' },
    total: { sql: 'coalesce(m.n, 0) * p.cost_per_user' },
  },
  kpis: {
    profiles: 'count(*)',
    users: 'coalesce(sum(t."users"), 0)',
    total: 'coalesce(sum(t."total"), 0)',
  },
  currency: licenseCurrency,
};

/** List prices a month of the SKUs a bundle may name; the tenant's own unit price wins where it has one. */
const LIST_PRICES: Readonly<Record<string, number>> = {
  // The licence questionnaire's catalogue (core), then the bundles' other SKUs.
  ...Object.fromEntries(LICENSE_CATALOGUE.map((l) => [l.sku, l.listPrice])),
  'GitHub Copilot Business': 19,
  'Microsoft 365 E5 Compliance': 12,
  'Microsoft 365 Business Standard': 12.5,
  'Power BI Pro': 10,
  'Visio Plan 2': 15,
};

const PROFILES = [
  'Executive',
  'People manager',
  'Developer',
  'Data analyst',
  'Legal and compliance',
  'Sales and service',
  'Frontline worker',
  'Information worker',
] as const;

type Profile = (typeof PROFILES)[number];

/** The bundles of an enterprise tenant (E plans) and of a business one. */
const BUNDLES: Readonly<Record<'enterprise' | 'business', Readonly<Record<Profile, readonly string[]>>>> = {
  enterprise: {
    Executive: ['Microsoft 365 E5', 'Microsoft 365 Copilot'],
    'People manager': ['Microsoft 365 E3', 'Microsoft 365 Copilot'],
    Developer: ['Microsoft 365 E3', 'Visio Plan 2', 'GitHub Copilot Business'],
    'Data analyst': ['Microsoft 365 E3', 'Power BI Pro'],
    'Legal and compliance': ['Microsoft 365 E3', 'Microsoft 365 E5 Compliance'],
    'Sales and service': ['Microsoft 365 E3', 'Teams Phone Standard'],
    'Frontline worker': ['Microsoft 365 F3'],
    'Information worker': ['Microsoft 365 E3'],
  },
  business: {
    Executive: ['Microsoft 365 Business Premium', 'Microsoft 365 Copilot'],
    'People manager': ['Microsoft 365 Business Premium', 'Microsoft 365 Copilot'],
    Developer: ['Microsoft 365 Business Premium', 'GitHub Copilot Business'],
    'Data analyst': ['Microsoft 365 Business Premium', 'Power BI Pro'],
    'Legal and compliance': ['Microsoft 365 Business Premium', 'Microsoft 365 E5 Compliance'],
    'Sales and service': ['Microsoft 365 Business Premium'],
    'Frontline worker': ['Microsoft 365 F3'],
    'Information worker': ['Microsoft 365 Business Standard'],
  },
};

/** The profile of a user, from the job title first, then the department (deterministic, no randomness). */
export function workerProfileOf(department: string, jobTitle: string): Profile {
  if (jobTitle === 'IT Manager' || jobTitle === 'Controller') return 'Executive';
  if (['Engineering Manager', 'Operations Manager', 'Sales Manager'].includes(jobTitle)) return 'People manager';
  if (department === 'Engineering' || jobTitle === 'Cloud Engineer') return 'Developer';
  if (department === 'Legal') return 'Legal and compliance';
  if (
    department === 'Warehouse' ||
    ['Operations Coordinator', 'Logistics Planner', 'Support Engineer', 'Service Desk Analyst'].includes(jobTitle)
  )
    return 'Frontline worker';
  if (department === 'Finance') return 'Data analyst';
  if (department === 'Sales' || department === 'Support') return 'Sales and service';
  return 'Information worker';
}

/**
 * Seeds the tenant's worker profiles (`m365_worker_profiles`) and each user's profile
 * (`m365_user_profiles`), priced at the tenant's licence prices.
 */
export async function seedProfiles(tx: Database, tenantId: string, users: readonly DirectoryUser[]): Promise<void> {
  if (await hasRows(tx, 'm365_worker_profiles', tenantId)) return;
  const { rows: prices } = await tx.query<{ sku: string; unit_price: string }>(
    'select sku, unit_price::text as unit_price from assistant_m365_licenses where tenant_id = $1',
    [tenantId],
  );
  const price = new Map<string, number>(Object.entries(LIST_PRICES));
  for (const p of prices) price.set(p.sku, Number(p.unit_price));
  const kind = prices.some((p) => p.sku.startsWith('Microsoft 365 E')) ? 'enterprise' : 'business';
  const profiles = PROFILES.map((profile, position) => {
    const bundle = BUNDLES[kind][profile];
    const cost = bundle.reduce((sum, sku) => sum + (price.get(sku) ?? 0), 0);
    return {
      tenant_id: tenantId,
      profile,
      bundle: bundle.join(', '),
      cost_per_user: Math.round(cost * 100) / 100,
      position,
    };
  });
  await insertJson(
    tx,
    'm365_worker_profiles',
    'tenant_id, profile, bundle, cost_per_user, position',
    'tenant_id text, profile text, bundle text, cost_per_user numeric, position integer',
    profiles,
  );
  await insertJson(
    tx,
    'm365_user_profiles',
    'tenant_id, user_id, profile',
    'tenant_id text, user_id text, profile text',
    users
      .filter((u) => u.enabled)
      .map((u) => ({ tenant_id: tenantId, user_id: u.id, profile: workerProfileOf(u.department, u.jobTitle) })),
  );
}
