/**
 * The `m365Groups` dataset (core's `M365_DATASETS.m365Groups`, shown by `M365_PAGES`): where its rows
 * come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random, type Random } from '../../seed/random';
import { licenseCurrency, type DirectoryUser, day, latest, guid } from './shared';

/**
 * Where the rows of core's `M365_DATASETS.m365Groups` come from (see `data/registry.ts` for the
 * contract).
 */
export const M365_GROUPS_SQL: DatasetSql = {
  from: (s) => {
    const tenant = s.bind(s.tenantId);
    return `m365_groups g
      left join (select group_id, count(*) filter (where role = 'Owner') as owners, count(*) filter (where role = 'Member') as members
                   from m365_group_members where tenant_id = ${tenant} group by group_id) m on m.group_id = g.id
      where g.tenant_id = ${tenant}`;
  },
  id: 'g.id',
  idType: 'text',
  columns: {
    name: { sql: 'g.name' },
    type: { sql: 'g.type' },
    owners: { sql: 'coalesce(m.owners, 0)' },
    members: { sql: 'coalesce(m.members, 0)' },
    guests: { sql: 'g.guests' },
    createdOn: { sql: 'g.created_on' },
    lastActivity: { sql: 'g.last_activity', nullable: true },
    ownerless: { sql: 'coalesce(m.owners, 0) = 0' },
  },
  kpis: {
    groups: 'count(*)',
    ownerless: 'count(*) filter (where t."ownerless")',
    withGuests: 'count(*) filter (where t."guests" > 0)',
  },
  currency: licenseCurrency,
};

type GroupType = 'Microsoft 365' | 'Security' | 'Distribution' | 'Team';

/** A group to generate: its members are picked from `pool`, its owners from `owners` (or the pool). */
interface GroupPlan {
  name: string;
  type: GroupType;
  pool: readonly DirectoryUser[];
  /** How many of the pool are members: all of them, or a number. */
  size: number | 'all';
  owners: readonly DirectoryUser[];
  ownerCount: number;
  guests: number;
  createdDaysAgo: number;
}

const PROJECTS = ['Atlas', 'Borealis', 'Cobalt', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor'];

const COMMUNITIES: readonly [string, GroupType, boolean][] = [
  ['Leadership Team', 'Team', false],
  ['Security Champions', 'Team', false],
  ['Onboarding Buddies', 'Microsoft 365', false],
  ['Social Committee', 'Microsoft 365', false],
  ['Green Office', 'Microsoft 365', false],
  ['Wellbeing Network', 'Microsoft 365', false],
  ['Works Council', 'Team', false],
  ['IT Change Advisory Board', 'Team', false],
  ['Quarterly Business Review', 'Team', false],
  ['Hackathon 2025', 'Team', false],
  ['Office Move 2024', 'Microsoft 365', false],
  ['Customer Advisory Board', 'Team', true],
  ['Partner Portal Northwind', 'Team', true],
  ['Vendor Integration Litware', 'Microsoft 365', true],
  ['Audit 2025 External Auditors', 'Team', true],
];

const MANAGERS = /Manager|Controller|Lead|Business Partner/;

/** The tenant's groups: departments, projects and communities, with their owners and members. */
function groupPlans(rnd: Random, brand: string, users: readonly DirectoryUser[]): GroupPlan[] {
  const enabled = users.filter((u) => u.enabled);
  const it = enabled.filter((u) => u.department === 'IT');
  const departments = [...new Set(enabled.map((u) => u.department))].sort();
  const plans: GroupPlan[] = [];
  const plan = (
    p: Omit<GroupPlan, 'guests' | 'createdDaysAgo'> & Partial<Pick<GroupPlan, 'guests' | 'createdDaysAgo'>>,
  ) => plans.push({ guests: 0, createdDaysAgo: rnd.int(200, 1800), ...p });
  plan({
    name: `All ${brand}`,
    type: 'Microsoft 365',
    pool: enabled,
    size: 'all',
    owners: it,
    ownerCount: 2,
    createdDaysAgo: 1800,
  });
  plan({
    name: 'DL-All-Staff',
    type: 'Distribution',
    pool: enabled,
    size: 'all',
    owners: it,
    ownerCount: 1,
    createdDaysAgo: 1900,
  });
  for (const d of departments) {
    const people = enabled.filter((u) => u.department === d);
    const leads = people.filter((u) => MANAGERS.test(u.jobTitle));
    plan({
      name: `${d} Team`,
      type: 'Team',
      pool: people,
      size: 'all',
      owners: leads.length ? leads : people,
      ownerCount: rnd.int(1, 2),
      guests: rnd.chance(0.3) ? rnd.int(1, 6) : 0,
    });
    plan({
      name: `SG-${d}-Users`,
      type: 'Security',
      pool: people,
      size: 'all',
      owners: it,
      ownerCount: rnd.chance(0.3) ? 0 : 1,
    });
    plan({
      name: `DL-${d}`,
      type: 'Distribution',
      pool: people,
      size: 'all',
      owners: leads.length ? leads : people,
      ownerCount: rnd.chance(0.15) ? 0 : 1,
      guests: rnd.chance(0.15) ? rnd.int(1, 4) : 0,
    });
  }
  const techies = enabled.filter((u) => u.department === 'IT' || u.department === 'Engineering');
  for (const [name, pool, size] of [
    ['SG-MFA-Exclusions', it, 3],
    ['SG-Conditional-Access-Admins', it, 4],
    ['SG-Intune-Windows-Pilot', enabled, 25],
    ['SG-Intune-macOS-Devices', enabled, 40],
    ['SG-Azure-Contributors', techies, 30],
    ['SG-VPN-Users', enabled, 120],
    ['SG-Copilot-Pilot', enabled, 30],
    ['SG-Break-Glass-Monitoring', it, 2],
  ] as const) {
    plan({ name, type: 'Security', pool, size, owners: it, ownerCount: rnd.chance(0.25) ? 0 : rnd.int(1, 2) });
  }
  for (const p of PROJECTS) {
    plan({
      name: `Project ${p}`,
      type: rnd.chance(0.7) ? 'Team' : 'Microsoft 365',
      pool: enabled,
      size: rnd.int(6, 28),
      owners: enabled,
      ownerCount: rnd.chance(0.12) ? 0 : rnd.int(1, 3),
      guests: rnd.chance(0.4) ? rnd.int(1, 12) : 0,
      createdDaysAgo: rnd.int(20, 700),
    });
  }
  for (const [name, type, external] of COMMUNITIES) {
    plan({
      name,
      type,
      pool: enabled,
      size: rnd.int(5, 35),
      owners: enabled,
      ownerCount: rnd.chance(0.12) ? 0 : rnd.int(1, 2),
      guests: external ? rnd.int(4, 25) : rnd.chance(0.15) ? rnd.int(1, 3) : 0,
      createdDaysAgo: rnd.int(30, 1200),
    });
  }
  return plans;
}

/** Seeds the tenant's groups (`m365_groups`) and their owners and members (`m365_group_members`). */
export async function seedGroups(
  tx: Database,
  tenantId: string,
  brand: string,
  users: readonly DirectoryUser[],
): Promise<void> {
  if (await hasRows(tx, 'm365_groups', tenantId)) return;
  const rnd = random(`${tenantId}:m365_groups`);
  const asOf = users[0]!.asOf;
  const groups: object[] = [];
  const members: object[] = [];
  for (const p of groupPlans(rnd, brand, users)) {
    const id = guid(rnd);
    const created = day(asOf, -p.createdDaysAgo);
    // Teams and Microsoft 365 groups have a mailbox and a site; a distribution list only mail; a security group neither.
    const collaborative = p.type === 'Team' || p.type === 'Microsoft 365';
    const stale = rnd.chance(0.15);
    const lastActivity =
      collaborative || (p.type === 'Distribution' && rnd.chance(0.6))
        ? latest(day(asOf, -(stale ? rnd.int(60, 240) : rnd.int(0, 12))), created)
        : null;
    groups.push({
      tenant_id: tenantId,
      id,
      name: p.name,
      type: p.type,
      guests: p.guests,
      created_on: created,
      last_activity: lastActivity,
    });
    const owners = rnd.shuffle(p.owners).slice(0, p.ownerCount);
    const ownerIds = new Set(owners.map((o) => o.id));
    for (const o of owners) members.push({ tenant_id: tenantId, group_id: id, user_id: o.id, role: 'Owner' });
    const pool = p.pool.filter((u) => !ownerIds.has(u.id));
    const chosen = p.size === 'all' ? pool : rnd.shuffle(pool).slice(0, p.size);
    for (const u of chosen) members.push({ tenant_id: tenantId, group_id: id, user_id: u.id, role: 'Member' });
  }
  await insertJson(
    tx,
    'm365_groups',
    'tenant_id, id, name, type, guests, created_on, last_activity',
    'tenant_id text, id text, name text, type text, guests integer, created_on date, last_activity date',
    groups,
  );
  await insertJson(
    tx,
    'm365_group_members',
    'tenant_id, group_id, user_id, role',
    'tenant_id text, group_id text, user_id text, role text',
    members,
  );
}
