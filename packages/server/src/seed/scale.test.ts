import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusReadTests } from '../data/focusRead.suite';
import type { Database } from '../db/database';
import { migratedDatabase, SEED_HOOK_TIMEOUT } from '../test-support';
import { DEMO_AZURE_COSTS, DEMO_M365_LICENSES, FULL_MONTH_FACTORS, seedChatData } from './chat';
import {
  demoAlerts,
  demoRecommendations,
  demoResources,
  demoSubscriptions,
  demoUsers,
  MAX_RESOURCE_NUMBER,
  seedScaledCore,
} from '../datasets/base/seed';
import { insertDemoTenant, seedDemo } from './index';
import { checkDemoScale, demoScale, MAX_DEMO_SCALE } from './scale';
import { demoTenants, TENANT } from './tenants';

/** The first start the scaled seed is made as of (the generator tests' day). */
const NOW = new Date('2025-07-15T10:00:00Z');
const CONTOSO = TENANT.contoso;
const ANCHORS = DEMO_AZURE_COSTS[CONTOSO]!.length;
const MESSAGE = 'DEMO_SCALE must be an integer from 1 to 100';

describe('DEMO_SCALE', () => {
  it('is an integer from 1 to 100, 1 when unset or empty', () => {
    expect(demoScale({})).toBe(1);
    expect(demoScale({ DEMO_SCALE: '' })).toBe(1);
    expect(demoScale({ DEMO_SCALE: '1' })).toBe(1);
    expect(demoScale({ DEMO_SCALE: ' 20 ' })).toBe(20);
    expect(demoScale({ DEMO_SCALE: '100' })).toBe(100);
    for (const bad of ['0', '101', 'x', '2.5', '-1', '1e1', '3x'])
      expect(() => demoScale({ DEMO_SCALE: bad }), bad).toThrow(MESSAGE);
    for (const bad of [0, 101, 2.5, Number.NaN]) expect(() => checkDemoScale(bad)).toThrow(MESSAGE);
    expect(MAX_DEMO_SCALE).toBe(100);
  });

  it('is checked by the seed itself, before it writes anything', async () => {
    await expect(seedDemo({} as Database, { data: 'full', scale: 0 })).rejects.toThrow(MESSAGE);
  });
});

describe('the scaled generators', () => {
  it('make the same rows from the same scale, and scale 1 is the demo data as it was', () => {
    expect(demoSubscriptions(CONTOSO, 'full', 3)).toEqual(demoSubscriptions(CONTOSO, 'full', 3));
    expect(demoResources(CONTOSO, NOW, 3)).toEqual(demoResources(CONTOSO, NOW, 3));
    expect(demoUsers(CONTOSO, 3)).toEqual(demoUsers(CONTOSO, 3));
    expect(demoAlerts(CONTOSO, NOW, 3)).toEqual(demoAlerts(CONTOSO, NOW, 3));
    // The first copy is scale 1's, row for row; other tenants do not scale.
    expect(demoSubscriptions(CONTOSO, 'full', 3).slice(0, 12)).toEqual(demoSubscriptions(CONTOSO, 'full'));
    expect(demoResources(CONTOSO, NOW, 3).slice(0, 3000 - ANCHORS)).toEqual(demoResources(CONTOSO, NOW));
    expect(demoUsers(CONTOSO, 3).slice(0, demoUsers(CONTOSO).length)).toEqual(demoUsers(CONTOSO));
    expect(demoResources(TENANT.northwind, NOW, 3)).toEqual(demoResources(TENANT.northwind, NOW));
    expect(demoUsers(TENANT.fabrikam, 3)).toEqual(demoUsers(TENANT.fabrikam));
  });

  it('give Contoso 3× the subscriptions, resources, users and alerts, with distinct names and ids', () => {
    const subs = demoSubscriptions(CONTOSO, 'full', 3);
    expect(subs).toHaveLength(3 * 12);
    expect(new Set(subs.map((s) => s.subscriptionId)).size).toBe(subs.length);
    expect(new Set(subs.map((s) => s.name)).size).toBe(subs.length);
    expect(subs.map((s) => s.name)).toContain('Contoso Production 03');

    const resources = demoResources(CONTOSO, NOW, 3);
    expect(resources.length + ANCHORS).toBe(3 * 3000);
    expect(new Set(resources.map((r) => r.resourceId)).size).toBe(resources.length);
    expect(new Set(resources.map((r) => r.name)).size).toBe(resources.length);
    const billed = (rs: typeof resources) => rs.filter((r) => r.billing);
    expect(billed(resources).length + ANCHORS).toBe(3 * (billed(demoResources(CONTOSO, NOW)).length + ANCHORS));
    expect(new Set(billed(resources).map((r) => r.k)).size).toBe(billed(resources).length);

    const users = demoUsers(CONTOSO, 3);
    expect(users).toHaveLength(3 * demoUsers(CONTOSO).length);
    expect(new Set(users.map((u) => u.upn)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.id)).size).toBe(users.length);
    for (const l of DEMO_M365_LICENSES[CONTOSO]!)
      expect(users.filter((u) => u.licenses.includes(l.sku))).toHaveLength(3 * l.assigned);
    expect(
      users.filter((u) => u.licenses.length && (u.daysSinceSignIn === null || u.daysSinceSignIn >= 30)),
    ).toHaveLength(3 * 12);

    expect(demoAlerts(CONTOSO, NOW, 3)).toHaveLength(3 * demoAlerts(CONTOSO, NOW).length);
    expect(demoRecommendations(CONTOSO, resources).length).toBeGreaterThan(
      2 * demoRecommendations(CONTOSO, demoResources(CONTOSO, NOW)).length,
    );
  });

  it('keep every cost row resource number below 100,000 up to DEMO_SCALE 100', () => {
    const billed = demoResources(CONTOSO, NOW, MAX_DEMO_SCALE).filter((r) => r.billing);
    expect(billed.length + ANCHORS).toBe(MAX_DEMO_SCALE * 355);
    expect(new Set(billed.map((r) => r.k)).size).toBe(billed.length);
    expect(Math.max(...billed.map((r) => r.k))).toBeLessThan(MAX_RESOURCE_NUMBER);
  });
});

// Lean: Contoso's root rows only (subscriptions, resources, cost rows and their roll-up, users), as
// the full seed writes them; the page tables derived from them are the full seed's, unchanged by the
// scale: a 3× Contoso's 376,000 cost rows are most of the full seed's time anyway.
describe("Contoso's estate at DEMO_SCALE 3", () => {
  let db: Database;
  let drop: () => Promise<void>;
  // In one transaction, as seedDemo seeds (statement by statement, PGlite flushes after each).
  const seedAt = (scale: number, now = NOW) =>
    db.transaction(async (tx) => {
      await seedChatData(tx, now, FULL_MONTH_FACTORS, scale);
      await seedScaledCore(tx, now, scale);
    });
  beforeAll(async () => {
    ({ db, drop } = await migratedDatabase());
    for (const t of demoTenants) await insertDemoTenant(db, t);
    const started = performance.now();
    await seedAt(3);
    // Printed for the README's figure.
    console.log(
      `Contoso's estate at DEMO_SCALE 3 (${db.kind}): ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // 85 s measured on PGlite with the rest of the server suite running beside it; a busy machine's
    // full seeds take several times that (SEED_HOOK_TIMEOUT).
  }, SEED_HOOK_TIMEOUT);
  afterAll(() => drop?.());

  const count = async (table: string) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = $1`, [CONTOSO])).rows[0]!
      .n;

  it('gives Contoso 3× the subscriptions, resources, users, inactive users and licences', async () => {
    expect(await count('azure_subscriptions')).toBe(36);
    expect(await count('azure_resources')).toBe(9000);
    expect(await count('m365_users')).toBe(3 * 470);
    expect(await count('assistant_m365_inactive_users')).toBe(36);
    const licenses = await db.query<{ sku: string; assigned: number; holders: number }>(
      `select l.sku, l.assigned, (select count(*)::int from m365_user_licenses u where u.tenant_id = l.tenant_id and u.sku = l.sku) as holders
         from assistant_m365_licenses l where l.tenant_id = $1`,
      [CONTOSO],
    );
    for (const l of licenses.rows)
      expect(l).toEqual({
        sku: l.sku,
        assigned: 3 * DEMO_M365_LICENSES[CONTOSO]!.find((x) => x.sku === l.sku)!.assigned,
        holders: l.assigned,
      });
  });

  it("names the 3× counts in Contoso's licence recommendations, with 3× their savings, as its users and licences are", async () => {
    const { rows } = await db.query<{ id: string; title: string; savings: number }>(
      "select id, title, monthly_savings::float8 as savings from assistant_recommendations where tenant_id = $1 and dataset = 'm365' order by position",
      [CONTOSO],
    );
    const license = (sku: string) => DEMO_M365_LICENSES[CONTOSO]!.find((l) => l.sku === sku)!;
    const e3 = license('Microsoft 365 E3');
    expect(rows).toEqual([
      {
        id: 'm365-e3-unassigned',
        title: `Reduce Microsoft 365 E3 by the ${3 * (e3.available - e3.assigned)} unassigned licences at renewal`,
        savings: 3 * 684,
      },
      {
        id: 'm365-inactive-users',
        title: `Reclaim the licences of ${await count('assistant_m365_inactive_users')} users inactive for 30 days or more`,
        savings: 3 * 395,
      },
      {
        id: 'm365-visio-unassigned',
        title: `Reduce Visio Plan 2 to the ${3 * license('Visio Plan 2').assigned} assigned licences`,
        savings: 3 * 195,
      },
      {
        id: 'm365-powerbi-unassigned',
        title: `Cancel the ${3 * (license('Power BI Pro').available - license('Power BI Pro').assigned)} unassigned Power BI Pro licences`,
        savings: 3 * 190,
      },
      { id: 'm365-admin-mfa', title: 'Require multifactor authentication for all administrators', savings: 0 },
    ]);
  });

  it("gives Contoso about 3× the daily cost rows: each copy's as many as the first's, within a few percent", async () => {
    // The first copy is scale 1's data (the data tests pin it): its subscriptions are scale 1's.
    const first = demoSubscriptions(CONTOSO, 'full').map((s) => s.subscriptionId);
    const { rows } = await db.query<{ first: number; all: number; cost: number; firstCost: number }>(
      `select count(*) filter (where subscription_id = any($2::text[]))::int as first, count(*)::int as all,
              sum(billed_cost)::float8 as cost, (sum(billed_cost) filter (where subscription_id = any($2::text[])))::float8 as "firstCost"
         from azure_daily_costs where tenant_id = $1`,
      [CONTOSO, first],
    );
    const r = rows[0]!;
    expect(r.first).toBeGreaterThan(100_000);
    expect(r.all / r.first).toBeGreaterThan(2.8);
    expect(r.all / r.first).toBeLessThan(3.2);
    expect(r.cost / r.firstCost).toBeGreaterThan(2);
    expect(r.cost / r.firstCost).toBeLessThan(4);
    // Same scale, same data: pinned figures (the same on PGlite and PostgreSQL).
    expect({ rows: r.all, cost: Math.round(r.cost * 100) / 100 }).toEqual({ rows: 376_310, cost: 1_437_191.54 });
  });

  it("makes the assistant's monthly roll-up the sum of the daily rows, per period", async () => {
    const { rows } = await db.query<{ period: string; daily: string; rollup: string | null }>(
      `select d.period, d.amount::text as daily, c.amount::text as rollup
         from (select to_char(usage_date, 'YYYY-MM') as period, sum(billed_cost) as amount from azure_daily_costs where tenant_id = $1 group by 1) d
         left join (select period, sum(amount) as amount from assistant_azure_costs where tenant_id = $1 group by 1) c on c.period = d.period
        order by d.period`,
      [CONTOSO],
    );
    expect(rows).toHaveLength(13);
    for (const r of rows) expect(r.rollup, r.period).toBe(r.daily);
    const mismatched = await db.query<{ n: number }>(
      `select count(*)::int as n from assistant_azure_costs c
         left join (select period, subscription_id, resource_group, resource_name, sum(billed_cost) as amount
                      from (select to_char(usage_date, 'YYYY-MM') as period, * from azure_daily_costs where tenant_id = $1) x group by 1, 2, 3, 4) d
                on d.period = c.period and d.subscription_id = c.subscription_id and d.resource_group = c.resource_group and d.resource_name = c.resource_name
        where c.tenant_id = $1 and d.amount is distinct from c.amount`,
      [CONTOSO],
    );
    expect(mismatched.rows[0]!.n).toBe(0);
  });

  it('is written once: a later start, even with another scale, adds nothing', async () => {
    const tables = [
      'azure_subscriptions',
      'azure_resources',
      'azure_daily_costs',
      'assistant_azure_costs',
      'm365_users',
      'assistant_m365_inactive_users',
      'assistant_m365_licenses',
    ];
    const before = await Promise.all(tables.map(count));
    await seedAt(5, new Date('2025-10-02T08:00:00Z'));
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  // Every FOCUS read through indexes and roll-ups against plain SQL, as at scale 1 (data/reads.test.ts);
  // last, because one of them writes rows.
  focusReadTests(() => db);
});
