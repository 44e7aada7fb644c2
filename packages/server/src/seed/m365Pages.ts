import { LICENCE_CATALOGUE } from '@cloudportal/core/rules';
import type { Database } from '../db/database';
import { DAY, hasRows, insertJson, isoDay } from './bulk';
import type { SeedData } from './seedData';
import { random, type Random } from './random';

/**
 * The Microsoft 365 directory pages' demo data (migration 014; spec §2 "A loader opens feature
 * pages by component name", the columns are our choice): groups with their memberships, Intune
 * devices, first sign-ins, the leavers' offboarding and the worker profiles. Everything is drawn
 * from the tenant's m365_users as seeded before (featureData.ts), so every member, device owner,
 * joiner, leaver and profile user is a user the users page lists.
 */

/** A directory user as read back from m365_users. */
interface DirectoryUser {
  id: string;
  upn: string;
  displayName: string;
  department: string;
  jobTitle: string;
  enabled: boolean;
  lastSignIn: string | null;
  createdOn: string;
  asOf: string;
}

const day = (iso: string, days = 0) => isoDay(new Date(`${iso}T00:00:00Z`), days);
const daysBetween = (later: string, earlier: string) => Math.round((Date.parse(later) - Date.parse(earlier)) / DAY);
const latest = (a: string, b: string) => (a > b ? a : b);
const guid = (rnd: Random) =>
  `${rnd.hex(8)}-${rnd.hex(4)}-4${rnd.hex(3)}-${rnd.pick(['8', '9', 'a', 'b'])}${rnd.hex(3)}-${rnd.hex(12)}`;

async function directoryUsers(tx: Database, tenantId: string): Promise<DirectoryUser[]> {
  const { rows } = await tx.query<DirectoryUser>(
    `select id, upn, display_name as "displayName", department, job_title as "jobTitle", enabled,
            to_char(last_sign_in, 'YYYY-MM-DD') as "lastSignIn", to_char(created_on, 'YYYY-MM-DD') as "createdOn", to_char(as_of, 'YYYY-MM-DD') as "asOf"
       from m365_users where tenant_id = $1 order by id`,
    [tenantId],
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------
// First sign-ins and leavers

/** Each user who has signed in first did so within a few days of the account's creation. */
async function seedFirstSignIns(tx: Database, tenantId: string, users: readonly DirectoryUser[]): Promise<void> {
  if (await hasRows(tx, 'm365_user_first_sign_ins', tenantId)) return;
  const rnd = random(`${tenantId}:m365_user_first_sign_ins`);
  const rows = users
    .filter((u) => u.lastSignIn !== null)
    .map((u) => ({
      tenant_id: tenantId,
      user_id: u.id,
      first_sign_in: day(
        u.createdOn,
        Math.min(daysBetween(u.lastSignIn!, u.createdOn), rnd.chance(0.7) ? rnd.int(0, 1) : rnd.int(2, 6)),
      ),
    }));
  await insertJson(
    tx,
    'm365_user_first_sign_ins',
    'tenant_id, user_id, first_sign_in',
    'tenant_id text, user_id text, first_sign_in date',
    rows,
  );
}

/** Every disabled account left a day or two after its last sign-in; its mailbox was converted, deleted or kept. */
async function seedLeavers(tx: Database, tenantId: string, users: readonly DirectoryUser[]): Promise<void> {
  if (await hasRows(tx, 'm365_leavers', tenantId)) return;
  const rnd = random(`${tenantId}:m365_leavers`);
  const rows = users
    .filter((u) => !u.enabled)
    .map((u) => {
      const left = u.lastSignIn ? day(u.lastSignIn, rnd.int(0, 2)) : day(u.asOf, -rnd.int(30, 300));
      const roll = rnd.next();
      return {
        tenant_id: tenantId,
        user_id: u.id,
        left_on: left > u.asOf ? u.asOf : latest(left, u.createdOn),
        mailbox: roll < 0.45 ? 'Converted to shared mailbox' : roll < 0.8 ? 'Deleted' : 'Retained',
      };
    });
  await insertJson(
    tx,
    'm365_leavers',
    'tenant_id, user_id, left_on, mailbox',
    'tenant_id text, user_id text, left_on date, mailbox text',
    rows,
  );
}

// ---------------------------------------------------------------------------------------------
// Groups

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

async function seedGroups(
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

// ---------------------------------------------------------------------------------------------
// Devices

const VERSIONS: Readonly<Record<'Windows' | 'macOS' | 'iOS' | 'Android', readonly string[]>> = {
  // The last of each list is out of support: such devices fail compliance more often.
  Windows: ['10.0.26100.2454', '10.0.26100.2314', '10.0.22631.4460', '10.0.22631.4391', '10.0.19045.5131'],
  macOS: ['15.1.1', '15.1', '14.7.1', '14.6.1', '13.7.1'],
  iOS: ['18.1.1', '18.1', '17.7.2', '17.6.1', '16.7.10'],
  Android: ['15', '14', '14', '13', '12'],
};

async function seedDevices(
  tx: Database,
  tenantId: string,
  prefix: string,
  users: readonly DirectoryUser[],
): Promise<void> {
  if (await hasRows(tx, 'm365_devices', tenantId)) return;
  const rnd = random(`${tenantId}:m365_devices`);
  const rows: object[] = [];
  const taken = new Set<string>();
  const serial = (stem: string) => {
    let name: string;
    do name = `${stem}-${rnd.int(10000, 99999)}`;
    while (taken.has(name));
    taken.add(name);
    return name;
  };
  for (const u of users.filter((x) => x.enabled)) {
    const first = u.displayName.split(' ')[0]!;
    const local = u.upn.split('@')[0]!;
    const roll = rnd.next();
    const count = roll < 0.08 ? 0 : roll < 0.66 ? 1 : roll < 0.97 ? 2 : 3;
    for (let k = 0; k < count; k++) {
      const mac = u.department === 'Engineering' || u.department === 'Marketing' ? 0.4 : 0.12;
      const os =
        k === 0 ? (rnd.chance(mac) ? 'macOS' : 'Windows') : k === 1 ? (rnd.chance(0.6) ? 'iOS' : 'Android') : 'iOS';
      const vi = rnd.chance(0.1) ? 4 : rnd.int(0, 3);
      const version = VERSIONS[os][vi]!;
      const enrolled = latest(u.createdOn, day(u.asOf, -rnd.int(30, 900)));
      const name =
        os === 'Windows'
          ? serial(`${prefix}-${rnd.chance(0.85) ? 'LT' : 'DT'}`)
          : os === 'macOS'
            ? `${first}'s ${rnd.chance(0.6) ? 'MacBook Pro' : 'MacBook Air'}`
            : os === 'iOS'
              ? `${first}'s ${k === 2 ? 'iPad' : 'iPhone'}`
              : `${local}_AndroidForWork_${enrolled}`;
      const encrypted = os === 'iOS' ? true : rnd.chance(os === 'Windows' ? 0.92 : 0.96);
      const c = rnd.next();
      const compliance =
        !encrypted || (vi === 4 && c < 0.5)
          ? 'Non-compliant'
          : c < 0.88
            ? 'Compliant'
            : c < 0.94
              ? 'In grace period'
              : 'Non-compliant';
      const s = rnd.next();
      const checkIn = latest(
        day(u.asOf, -(s < 0.88 ? rnd.int(0, 3) : s < 0.97 ? rnd.int(4, 20) : rnd.int(30, 90))),
        enrolled,
      );
      rows.push({
        tenant_id: tenantId,
        id: guid(rnd),
        name,
        os,
        os_version: version,
        owner_id: u.id,
        compliance,
        managed_by: os === 'Windows' && rnd.chance(0.4) ? 'Co-managed' : 'Intune',
        encrypted,
        last_check_in: checkIn,
      });
    }
  }
  await insertJson(
    tx,
    'm365_devices',
    'tenant_id, id, name, os, os_version, owner_id, compliance, managed_by, encrypted, last_check_in',
    'tenant_id text, id text, name text, os text, os_version text, owner_id text, compliance text, managed_by text, encrypted boolean, last_check_in date',
    rows,
  );
}

// ---------------------------------------------------------------------------------------------
// Worker profiles

/** List prices a month of the SKUs a bundle may name; the tenant's own unit price wins where it has one. */
const LIST_PRICES: Readonly<Record<string, number>> = {
  // The licence questionnaire's catalogue (core), then the bundles' other SKUs.
  ...Object.fromEntries(LICENCE_CATALOGUE.map((l) => [l.sku, l.listPrice])),
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

async function seedProfiles(tx: Database, tenantId: string, users: readonly DirectoryUser[]): Promise<void> {
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

/**
 * Seeds the Microsoft 365 feature pages' tables (core's `M365_DATASETS`): deterministic, written once
 * per tenant, for every tenant with directory users (Contoso and Fabrikam), in the full seed only.
 */
export async function seedM365Pages(tx: Database, data: SeedData, now: Date): Promise<void> {
  void now;
  if (data !== 'full') return;
  const { rows: tenants } = await tx.query<{ tenant_id: string }>(
    'select distinct tenant_id from m365_users order by tenant_id',
  );
  for (const { tenant_id: tenantId } of tenants) {
    const users = await directoryUsers(tx, tenantId);
    if (users.length === 0) continue;
    const domain = users[0]!.upn.split('@')[1] ?? 'example';
    const stem = domain.split('.')[0]!;
    const brand = stem.charAt(0).toUpperCase() + stem.slice(1);
    await seedFirstSignIns(tx, tenantId, users);
    await seedLeavers(tx, tenantId, users);
    await seedGroups(tx, tenantId, brand, users);
    await seedDevices(tx, tenantId, stem.slice(0, 3).toUpperCase(), users);
    await seedProfiles(tx, tenantId, users);
  }
}
