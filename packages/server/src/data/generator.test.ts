import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { seedDemo } from '../seed';
import { DEMO_AZURE_COSTS, DEMO_M365_LICENSES, FULL_MONTH_FACTORS, periodMonthsAgo } from '../seed/chat';
import { demoAlerts, demoRecommendations, demoResources, demoUsers } from '../datasets/base/seed';
import { TENANT } from '../seed/tenants';
import { migratedDatabase, SEED_HOOK_TIMEOUT, seededDatabase } from '../test-support';

/** The first start both databases are seeded as of. */
const NOW = new Date('2025-07-15T10:00:00Z');

/** A digest of a table's rows in key order. */
async function digest(db: Database, table: string, order: string): Promise<string> {
  // The inventory's inventoried_at is the time of the insert, not generated data.
  const row =
    table === 'azure_resources'
      ? '(t.resource_id, t.name, t.type, t.resource_group, t.subscription_id, t.location, t.tags, t.sku, t.kind, t.created_on)'
      : 't';
  const { rows } = await db.query<{ h: string | null; n: number }>(
    `select md5(string_agg(md5(${row}::text), '' order by ${order})) as h, count(*)::int as n from ${table} t`,
  );
  return `${rows[0]!.n}:${rows[0]!.h}`;
}

const TABLES: readonly [string, string][] = [
  ['azure_daily_costs', 'tenant_id, id'],
  ['assistant_azure_costs', 'tenant_id, period, subscription_id, resource_group, resource_name'],
  ['azure_resources', 'tenant_id, resource_id'],
  ['azure_subscriptions', 'tenant_id, subscription_id'],
  ['m365_users', 'tenant_id, id'],
  ['m365_user_licenses', 'tenant_id, user_id, sku'],
  ['alerts', 'tenant_id, id'],
  ['alert_history', 'tenant_id, alert_id, seq'],
  ['assistant_recommendations', 'tenant_id, id'],
];

/**
 * Each generated table's row count and digest after a full seed as of NOW: the same seed gives the
 * same rows in every process, on PGlite and on PostgreSQL alike (issue 22 §3: "same N → same data").
 */
const FULL_SEED_DIGESTS: Record<string, string> = {
  azure_daily_costs: '175765:f04c8eee17124b73c21f9910a3ab924a',
  assistant_azure_costs: '6074:ec62d47a1150877cc584ea05aba353da',
  azure_resources: '3851:1054fede53d76e696792c4bc76ab7e0f',
  azure_subscriptions: '20:fe16e7bba3c6bc822f8305a5f78f4e8f',
  m365_users: '592:bf23223f618052aad21737257e8aef39',
  m365_user_licenses: '608:857da33bb992324512a207de745e222a',
  alerts: '374:7255edae4921442f19bd9aebed106d83',
  alert_history: '852:9b10fe6e662268c561621299fae23cc1',
  assistant_recommendations: '91:8a3f014e75a58ddb95dcf1659e6a57ee',
};

/** Monthly roll-up rows whose amount differs from the sum of their daily rows (or that have none). */
const MISMATCHED = `select count(*)::int as n from assistant_azure_costs c
  left join (select tenant_id, to_char(usage_date, 'YYYY-MM') as period, subscription_id, resource_group, resource_name, sum(billed_cost) as amount
               from azure_daily_costs group by 1, 2, 3, 4, 5) d
         on d.tenant_id = c.tenant_id and d.period = c.period and d.subscription_id = c.subscription_id and d.resource_group = c.resource_group and d.resource_name = c.resource_name
  where d.amount is distinct from c.amount`;

describe('the demo data generator', () => {
  it('makes the same dimension rows from the same seed', () => {
    for (const tenantId of Object.values(TENANT)) {
      expect(demoResources(tenantId, NOW)).toEqual(demoResources(tenantId, NOW));
      expect(demoUsers(tenantId)).toEqual(demoUsers(tenantId));
      expect(demoAlerts(tenantId, NOW)).toEqual(demoAlerts(tenantId, NOW));
      expect(demoRecommendations(tenantId, demoResources(tenantId, NOW))).toEqual(
        demoRecommendations(tenantId, demoResources(tenantId, NOW)),
      );
    }
    expect(demoResources(TENANT.contoso, NOW)).toHaveLength(3000 - DEMO_AZURE_COSTS[TENANT.contoso]!.length);
    const users = demoUsers(TENANT.contoso);
    expect(new Set(users.map((u) => u.upn)).size).toBe(users.length);
    for (const l of DEMO_M365_LICENSES[TENANT.contoso]!)
      expect(users.filter((u) => u.licenses.includes(l.sku))).toHaveLength(l.assigned);
    // Only the assistant's twelve inactive users hold a licence without a sign-in in 30 days.
    expect(
      users.filter((u) => u.licenses.length && (u.daysSinceSignIn === null || u.daysSinceSignIn >= 30)),
    ).toHaveLength(12);
  });

  describe('full seed as of a fixed day', () => {
    let a: { db: Database; drop: () => Promise<void> };

    beforeAll(async () => {
      a = await migratedDatabase();
      const started = performance.now();
      await seedDemo(a.db, { data: 'full', now: NOW });
      // Printed for the README's figure: the full seed on this database kind.
      console.log(`full demo seed (${a.db.kind}): ${Math.round(performance.now() - started)} ms`);
    }, SEED_HOOK_TIMEOUT);
    afterAll(() => a?.drop());

    it('gives the same rows on every run, on either database: each generated table hashes to its pinned digest', async () => {
      const digests = Object.fromEntries(
        await Promise.all(TABLES.map(async ([table, order]) => [table, await digest(a.db, table, order)] as const)),
      );
      // A deliberate change to the generators changes these: paste the digests printed here.
      if (JSON.stringify(digests) !== JSON.stringify(FULL_SEED_DIGESTS))
        console.log(`the full seed's digests as of ${NOW.toISOString()}:`, digests);
      expect(digests).toEqual(FULL_SEED_DIGESTS);
    });

    it('has the realistic scale: over 100,000 Contoso cost rows over 13 months ending yesterday, thousands of resources, hundreds of users', async () => {
      const { rows } = await a.db.query<{ n: number; first: string; last: string; resources: number; users: number }>(
        `select count(*)::int as n, to_char(min(usage_date), 'YYYY-MM-DD') as first, to_char(max(usage_date), 'YYYY-MM-DD') as last,
                (select count(*)::int from azure_resources where tenant_id = $1) as resources, (select count(*)::int from m365_users where tenant_id = $1) as users
           from azure_daily_costs where tenant_id = $1`,
        [TENANT.contoso],
      );
      expect(rows[0]).toEqual({
        n: expect.any(Number),
        first: '2024-07-01',
        last: '2025-07-14',
        resources: 3000,
        users: expect.any(Number),
      });
      expect(rows[0]!.n).toBeGreaterThan(100_000);
      expect(rows[0]!.users).toBeGreaterThan(400);
      const providers = await a.db.query<{ provider: string }>(
        'select distinct provider from assistant_recommendations where tenant_id = $1 order by provider',
        [TENANT.contoso],
      );
      expect(providers.rows.map((r) => r.provider)).toEqual(['aws', 'azure', 'm365']);
    });

    it("keeps the hand-written monthly amounts exact and makes the assistant's roll-up the sum of the daily rows", async () => {
      expect((await a.db.query<{ n: number }>(MISMATCHED)).rows[0]!.n).toBe(0);
      const { rows } = await a.db.query<{ resource: string; period: string; amount: number }>(
        `select resource_name as resource, to_char(usage_date, 'YYYY-MM') as period, sum(billed_cost)::float8 as amount
           from azure_daily_costs where tenant_id = $1 and resource_name = any($2::text[]) group by 1, 2`,
        [TENANT.contoso, DEMO_AZURE_COSTS[TENANT.contoso]!.map((r) => r.resourceName)],
      );
      const daily = new Map(rows.map((r) => [`${r.resource} ${r.period}`, r.amount]));
      for (const r of DEMO_AZURE_COSTS[TENANT.contoso]!) {
        for (const [monthsAgo, factor] of FULL_MONTH_FACTORS.entries()) {
          const key = `${r.resourceName} ${periodMonthsAgo(NOW, monthsAgo)}`;
          expect({ key, amount: daily.get(key) }).toEqual({
            key,
            amount: Math.round(r.lastMonth * factor * 100) / 100,
          });
        }
      }
    });

    it('is idempotent: a later start in another month adds nothing and keeps what users did', async () => {
      await a.db.query(
        "update assistant_recommendations set status = 'dismissed', status_reason = 'kept', status_by = 'Ada Lovelace', status_at = now() where tenant_id = $1 and id = 'az-ri-vmss-web'",
        [TENANT.contoso],
      );
      const before = await Promise.all(TABLES.map(([table, order]) => digest(a.db, table, order)));
      await seedDemo(a.db, { data: 'full', now: new Date('2025-10-02T08:00:00Z') });
      expect(await Promise.all(TABLES.map(([table, order]) => digest(a.db, table, order)))).toEqual(before);
    });
  });

  describe('anchors seed (what the other server tests start with)', () => {
    let db: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ db, drop } = await seededDatabase({ now: NOW }));
    });
    afterAll(() => drop());

    it('spreads only the hand-written months over their days, exactly, and leaves the inventory its nine resources', async () => {
      expect((await db.query<{ n: number }>(MISMATCHED)).rows[0]!.n).toBe(0);
      const { rows } = await db.query<{ monthly: number; resources: number; months: number }>(
        `select (select count(*)::int from assistant_azure_costs) as monthly, (select count(*)::int from azure_resources) as resources,
                (select count(distinct to_char(usage_date, 'YYYY-MM'))::int from azure_daily_costs) as months`,
      );
      expect(rows[0]).toEqual({ monthly: (15 + 4 + 4) * 7, resources: 9, months: 7 });
      const users = await db.query<{ sku: string; assigned: number; holders: number }>(
        `select l.sku, l.assigned, (select count(*)::int from m365_user_licenses u where u.tenant_id = l.tenant_id and u.sku = l.sku) as holders from assistant_m365_licenses l`,
      );
      for (const u of users.rows) expect(u.holders).toBe(u.assigned);
    });
  });
});
