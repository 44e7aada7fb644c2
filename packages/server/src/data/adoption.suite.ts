import type { FeatureDataApi } from '@cloudportal/core';
import type { DataFilter } from '@cloudportal/core/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { expectStatus, fullDemoAs, SEED_HOOK_TIMEOUT, type TestServer } from '../test-support';

/**
 * Microsoft 365 adoption's feature pages (spec §2 "A loader opens feature pages by component name") over
 * the full demo seed: their key figures agree with their source tables, read here with SQL of their own,
 * and with the assistant's Microsoft 365 usage.
 */

const KINDS = ['Copilot readiness', 'Usage score', 'Usage assessment'] as const;
/** The fixed filter of the page of a kind (copilot-score, usage-score, usage-assessment). */
const ofKind = (kind: string): DataFilter[] => [{ id: 'kind', op: 'eq', value: kind }];

describe('Microsoft 365 adoption pages over the full demo seed', () => {
  let server: TestServer;
  let ada: FeatureDataApi;
  let max: FeatureDataApi;
  let eve: FeatureDataApi;
  const kpis = async (api: FeatureDataApi, ds: Parameters<FeatureDataApi['summary']>[0], filters: DataFilter[] = []) =>
    Object.fromEntries((await api.summary(ds, filters)).kpis.map((k) => [k.id, k.value]));

  beforeAll(async () => ({ server, ada, max, eve } = await fullDemoAs('ada', 'max', 'eve')), SEED_HOOK_TIMEOUT);

  it("each score page's score achieved is the sum of its checks' points achieved over the sum of their points possible", async () => {
    for (const [api, tenantId] of [
      [ada, TENANT.contoso],
      [max, TENANT.fabrikam],
    ] as const) {
      for (const kind of KINDS) {
        const { rows } = await server.db.query<{ achieved: number; possible: number; not_started: number }>(
          `select sum(achieved)::float8 as achieved, sum(possible)::float8 as possible, count(*) filter (where achieved = 0)::int as not_started
             from m365_adoption_checks where tenant_id = $1 and kind = $2`,
          [tenantId, kind],
        );
        const source = rows[0]!;
        expect(source.possible).toBeGreaterThan(0);
        const k = await kpis(api, 'adoptionChecks', ofKind(kind));
        expect({ kind, score: k.score }).toEqual({ kind, score: expect.closeTo(source.achieved / source.possible, 6) });
        expect({ kind, pointsAvailable: k.pointsAvailable, notStarted: k.notStarted }).toEqual({
          kind,
          pointsAvailable: source.possible - source.achieved,
          notStarted: source.not_started,
        });
      }
    }
  });

  it('the three score pages read disjoint rows, each page only its kind, and together every check', async () => {
    const seen = new Set<string>();
    let total = 0;
    for (const kind of KINDS) {
      const page = await ada.page('adoptionChecks', { filters: ofKind(kind), limit: 1000 });
      expect(page.total).toBeGreaterThanOrEqual(10);
      expect(page.rows.every((r) => r.kind === kind)).toBe(true);
      for (const r of page.rows) {
        expect(seen.has(r.id)).toBe(false);
        seen.add(r.id);
      }
      total += page.total;
    }
    const { rows } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from m365_adoption_checks where tenant_id = $1',
      [TENANT.contoso],
    );
    expect(total).toBe(rows[0]!.n);
    expect((await ada.page('adoptionChecks', { limit: 1 })).total).toBe(total);
  });

  it("the usage score's Teams chat check is the assistant's Teams active users over enabled users", async () => {
    const { rows } = await server.db.query<{ active: number; enabled: number }>(
      `select max(value) filter (where metric = 'Active users')::float8 as active, max(value) filter (where metric = 'Enabled users')::float8 as enabled
         from assistant_m365_usage where tenant_id = $1 and workload = 'teams'`,
      [TENANT.contoso],
    );
    const { active, enabled } = rows[0]!;
    const page = await ada.page('adoptionChecks', {
      filters: [...ofKind('Usage score'), { id: 'check', op: 'eq', value: 'People chatting in Teams' }],
    });
    const row = page.rows[0]!;
    expect(row).toMatchObject({
      category: 'Communication',
      achieved: Math.round(Number(row.possible) * (active / enabled)),
    });
    expect(row.score).toBeCloseTo(Number(row.achieved) / Number(row.possible), 4);
  });

  it("the Teams calls page's calls and meetings are the sums of its daily rows, and its last 30 days are the assistant's Teams usage", async () => {
    for (const [api, tenantId] of [
      [ada, TENANT.contoso],
      [max, TENANT.fabrikam],
    ] as const) {
      const { rows } = await server.db.query<{ days: number; calls: number; meetings: number; poor: number }>(
        `select count(*)::int as days, sum(calls)::int as calls, sum(meetings)::int as meetings, sum(poor_calls)::int as poor from m365_teams_call_days where tenant_id = $1`,
        [tenantId],
      );
      const source = rows[0]!;
      expect(source.days).toBe(90);
      const k = await kpis(api, 'teamsCallDays');
      expect(k).toMatchObject({ calls: source.calls, meetings: source.meetings });
      expect(k.poorShare).toBeCloseTo(source.poor / source.calls, 6);
      const page = await api.page('teamsCallDays', { limit: 1000 });
      expect(page.rows.reduce((sum, r) => sum + Number(r.calls), 0)).toBe(source.calls);

      const { rows: usage } = await server.db.query<{ calls: number; meetings: number; as_of: string }>(
        `select max(value) filter (where metric = 'Calls')::float8 as calls, max(value) filter (where metric = 'Meetings')::float8 as meetings, to_char(max(as_of), 'YYYY-MM-DD') as as_of
           from assistant_m365_usage where tenant_id = $1 and workload = 'teams'`,
        [tenantId],
      );
      const u = usage[0]!;
      const from = new Date(Date.parse(`${u.as_of}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
      const last30 = await kpis(api, 'teamsCallDays', [{ id: 'date', op: 'gte', value: from }]);
      expect(last30).toMatchObject({ calls: u.calls, meetings: u.meetings });
    }
  });

  it('Teams calls fall at weekends', async () => {
    const page = await ada.page('teamsCallDays', { limit: 1000 });
    const mean = (days: string[]) => {
      const rows = page.rows.filter((r) => days.includes(String(r.weekday)));
      return rows.reduce((s, r) => s + Number(r.calls), 0) / rows.length;
    };
    expect(mean(['Saturday', 'Sunday'])).toBeLessThan(mean(['Tuesday', 'Wednesday', 'Thursday']) / 4);
  });

  it("the SharePoint settings page's compliant share is the compliant settings over all settings", async () => {
    for (const [api, tenantId] of [
      [ada, TENANT.contoso],
      [max, TENANT.fabrikam],
    ] as const) {
      const { rows } = await server.db.query<{ total: number; compliant: number; high: number }>(
        `select count(*)::int as total, count(*) filter (where compliant)::int as compliant, count(*) filter (where not compliant and impact = 'High')::int as high
           from m365_sharepoint_settings where tenant_id = $1`,
        [tenantId],
      );
      const source = rows[0]!;
      const k = await kpis(api, 'sharepointSettings');
      expect(k).toMatchObject({ settings: source.total, nonCompliantHigh: source.high });
      expect(k.compliantShare).toBeCloseTo(source.compliant / source.total, 6);
      const compliant = await api.page('sharepointSettings', {
        filters: [{ id: 'result', op: 'eq', value: 'Compliant' }],
        limit: 100,
      });
      expect(compliant.total).toBe(source.compliant);
      expect(compliant.rows.every((r) => r.compliant === true && r.currentValue === r.recommendedValue)).toBe(true);
    }
  });

  it("the third-party apps page counts the tenant's apps, its high-risk apps and unverified publishers", async () => {
    const { rows } = await server.db.query<{ apps: number; high: number; unverified: number }>(
      `select count(*)::int as apps, count(*) filter (where risk = 'High')::int as high, count(*) filter (where not verified)::int as unverified
         from m365_third_party_apps where tenant_id = $1`,
      [TENANT.contoso],
    );
    expect(rows[0]!.apps).toBeGreaterThanOrEqual(20);
    expect(await kpis(ada, 'thirdPartyApps')).toEqual({
      apps: rows[0]!.apps,
      highRisk: rows[0]!.high,
      unverified: rows[0]!.unverified,
    });
    expect(rows[0]!.high).toBeGreaterThan(0);
    // Without y, a series counts rows: the donut's slices add up to the apps.
    const series = await ada.series('thirdPartyApps', { x: 'risk' });
    expect(series.series.map((s) => s.name)).toEqual(['Count']);
    expect(series.series[0]!.values.reduce<number>((s, v) => s + (v ?? 0), 0)).toBe(rows[0]!.apps);
  });

  it('every adoption page has rows for Contoso and Fabrikam, and Northwind (Azure only) gets 403', async () => {
    for (const api of [ada, max]) {
      for (const ds of ['thirdPartyApps', 'sharepointSettings', 'teamsCallDays'] as const)
        expect((await api.page(ds, { limit: 1 })).total).toBeGreaterThan(5);
      for (const kind of KINDS)
        expect((await api.page('adoptionChecks', { filters: ofKind(kind), limit: 1 })).total).toBeGreaterThan(5);
    }
    for (const ds of ['thirdPartyApps', 'sharepointSettings', 'teamsCallDays', 'adoptionChecks'] as const) {
      await expectStatus(
        eve.page(ds),
        403,
        `The ${ds} data needs an active Microsoft 365 licence, and your tenant has none.`,
      );
    }
  });
});
