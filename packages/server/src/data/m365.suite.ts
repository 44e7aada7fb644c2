import type { DataRow, FeatureDataApi } from '@cloudportal/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { fullDemoAs, SEED_HOOK_TIMEOUT, type TestServer } from '../test-support';

/**
 * The Microsoft 365 directory pages (spec §2 "A loader opens feature pages by component name") over
 * the full demo seed, as ada of Contoso: groups, devices, joiners, leavers and worker profiles count
 * the same directory users the users page lists. Each figure is checked against the source tables
 * with SQL of its own, not the datasets'.
 */

const kpisOf = async (api: FeatureDataApi, ds: Parameters<FeatureDataApi['summary']>[0]) =>
  Object.fromEntries((await api.summary(ds)).kpis.map((k) => [k.id, k.value]));

describe('Microsoft 365 directory pages over the full demo seed', () => {
  let server: TestServer;
  let ada: FeatureDataApi;
  let max: FeatureDataApi;

  beforeAll(async () => ({ server, ada, max } = await fullDemoAs('ada', 'max')), SEED_HOOK_TIMEOUT);

  it("the groups page's owners and members of each group are its rows in the membership table, all of them enabled users of the tenant", async () => {
    const page = await ada.page('m365Groups', { limit: 1000 });
    expect(page.total).toBeGreaterThan(40);
    const { rows } = await server.db.query<{ group_id: string; owners: number; members: number }>(
      `select group_id, (count(*) filter (where role = 'Owner'))::int as owners, (count(*) filter (where role = 'Member'))::int as members
         from m365_group_members where tenant_id = $1 group by group_id`,
      [TENANT.contoso],
    );
    const counts = new Map(rows.map((r) => [r.group_id, r]));
    for (const g of page.rows) {
      const c = counts.get(g.id);
      expect({ group: g.name, owners: g.owners, members: g.members, ownerless: g.ownerless }).toEqual({
        group: g.name,
        owners: c?.owners ?? 0,
        members: c?.members ?? 0,
        ownerless: (c?.owners ?? 0) === 0,
      });
    }
    const { rows: strangers } = await server.db.query(
      `select m.user_id from m365_group_members m left join m365_users u on u.tenant_id = m.tenant_id and u.id = m.user_id where m.tenant_id = $1 and (u.id is null or not u.enabled)`,
      [TENANT.contoso],
    );
    expect(strangers).toEqual([]);
    const kpis = await kpisOf(ada, 'm365Groups');
    expect(kpis).toEqual({
      groups: page.total,
      ownerless: page.rows.filter((g) => g.owners === 0).length,
      withGuests: page.rows.filter((g) => Number(g.guests) > 0).length,
    });
    expect(kpis.ownerless).toBeGreaterThan(0);
  });

  it('every managed device belongs to an enabled user of the tenant, about one to one and a half a user', async () => {
    const page = await ada.page('m365Devices', { limit: 1000 });
    const { rows: users } = await server.db.query<{ upn: string; enabled: boolean }>(
      'select upn, enabled from m365_users where tenant_id = $1',
      [TENANT.contoso],
    );
    const enabled = new Set(users.filter((u) => u.enabled).map((u) => u.upn));
    expect(page.total).toBeLessThanOrEqual(1000);
    expect(page.rows.filter((d) => !enabled.has(String(d.ownerUpn)))).toEqual([]);
    expect(page.total / enabled.size).toBeGreaterThanOrEqual(1);
    expect(page.total / enabled.size).toBeLessThanOrEqual(1.5);
    const { rows: stored } = await server.db.query<{ n: number }>(
      'select count(*)::int as n from m365_devices where tenant_id = $1',
      [TENANT.contoso],
    );
    expect(page.total).toBe(stored[0]!.n);
    const kpis = await kpisOf(ada, 'm365Devices');
    expect(kpis).toEqual({
      devices: page.total,
      nonCompliant: page.rows.filter((d) => d.compliance === 'Non-compliant').length,
      unencrypted: page.rows.filter((d) => d.encrypted === false).length,
    });
  });

  it('the joiners are the users created in the 90 days up to the snapshot, with the licences the users page shows', async () => {
    const { rows } = await server.db.query<{ all: number; recent: number; without: number }>(
      `select count(*)::int as all, (count(*) filter (where created_on > as_of - 31))::int as recent, (count(*) filter (where not mfa_registered))::int as without
         from m365_users where tenant_id = $1 and as_of - created_on between 0 and 90`,
      [TENANT.contoso],
    );
    const expected = rows[0]!;
    expect(expected.all).toBeGreaterThan(5);
    const kpis = await kpisOf(ada, 'joiners');
    expect(kpis).toEqual({ joiners90: expected.all, joiners30: expected.recent, withoutMfa: expected.without });
    const joiners = await ada.page('joiners', { limit: 1000 });
    const users = await ada.page('users', {
      limit: 1000,
      filters: [{ id: 'upn', op: 'in', value: joiners.rows.map((r) => String(r.upn)) }],
    });
    const licenses = new Map(users.rows.map((u) => [u.upn, u.licences]));
    for (const j of joiners.rows) {
      expect({ upn: j.upn, licences: j.licences }).toEqual({ upn: j.upn, licences: licenses.get(j.upn) });
      if (j.firstSignIn !== null)
        expect(String(j.firstSignIn) >= String(j.startDate) && String(j.firstSignIn) <= String(j.lastSignIn)).toBe(
          true,
        );
    }
  });

  it("the leavers are the disabled accounts, and their reclaimable cost is the users page's licence cost of the same users", async () => {
    const leavers = await ada.page('leavers', { limit: 1000 });
    const { rows: disabled } = await server.db.query<{ upn: string }>(
      'select upn from m365_users where tenant_id = $1 and not enabled',
      [TENANT.contoso],
    );
    expect(leavers.rows.map((r) => r.upn).sort()).toEqual(disabled.map((u) => u.upn).sort());
    expect(leavers.total).toBeGreaterThan(5);
    const users = await ada.page('users', { limit: 1000, filters: [{ id: 'enabled', op: 'eq', value: 'false' }] });
    const cost = (rows: readonly DataRow[]) => rows.reduce((sum, r) => sum + Number(r.licenceCost), 0);
    const kpis = await kpisOf(ada, 'leavers');
    expect(kpis.reclaimable).toBeCloseTo(cost(users.rows), 2);
    expect(cost(leavers.rows)).toBeCloseTo(cost(users.rows), 2);
    expect(kpis.stillLicensed).toBe(users.rows.filter((u) => u.licences !== '').length);
    // Some left recently and still hold licences: the figure is money a user can reclaim, not 0.
    expect(kpis.stillLicensed).toBeGreaterThan(0);
    expect(kpis.reclaimable).toBeGreaterThan(0);
    const { rows: recent } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from m365_leavers l join m365_users u on u.tenant_id = l.tenant_id and u.id = l.user_id where l.tenant_id = $1 and u.as_of - l.left_on <= 90`,
      [TENANT.contoso],
    );
    expect(kpis.leavers90).toBe(recent[0]!.n);
  });

  it('the worker profiles cover the users mapped to them, no more than the tenant has, at users × cost per user', async () => {
    const page = await ada.page('workerProfiles', { limit: 100 });
    expect(page.total).toBeGreaterThan(5);
    const { rows } = await server.db.query<{ mapped: number; users: number }>(
      `select (select count(*)::int from m365_user_profiles where tenant_id = $1) as mapped, (select count(*)::int from m365_users where tenant_id = $1) as users`,
      [TENANT.contoso],
    );
    const { mapped, users } = rows[0]!;
    const sum = page.rows.reduce((s, r) => s + Number(r.users), 0);
    expect(sum).toBe(mapped);
    expect(sum).toBeLessThanOrEqual(users);
    for (const r of page.rows) expect(Number(r.total)).toBeCloseTo(Number(r.users) * Number(r.costPerUser), 2);
    const kpis = await kpisOf(ada, 'workerProfiles');
    expect(kpis.users).toBe(mapped);
    expect(kpis.total).toBeCloseTo(
      page.rows.reduce((s, r) => s + Number(r.total), 0),
      2,
    );
  });

  it("the pages' charts add up to their key figures (groups by type, devices by OS, joiners by department, users by profile)", async () => {
    const total = async (ds: Parameters<FeatureDataApi['series']>[0], x: string, y?: string) =>
      (await ada.series(ds, { x, y })).series.flatMap((s) => s.values).reduce<number>((sum, v) => sum + (v ?? 0), 0);
    expect(await total('m365Groups', 'type')).toBe((await kpisOf(ada, 'm365Groups')).groups);
    expect(await total('m365Devices', 'os')).toBe((await kpisOf(ada, 'm365Devices')).devices);
    expect(await total('joiners', 'department')).toBe((await kpisOf(ada, 'joiners')).joiners90);
    expect(await total('workerProfiles', 'profile', 'users')).toBe((await kpisOf(ada, 'workerProfiles')).users);
    expect(await total('leavers', 'department', 'licenceCost')).toBeCloseTo(
      (await kpisOf(ada, 'leavers')).reclaimable!,
      2,
    );
  });

  it('Fabrikam has its own groups, devices, joiners, leavers and profiles', async () => {
    for (const ds of ['m365Groups', 'm365Devices', 'leavers', 'workerProfiles'] as const) {
      const page = await max.page(ds, { limit: 1000 });
      expect({ ds, some: page.total > 0 }).toEqual({ ds, some: true });
    }
    const devices = await max.page('m365Devices', { limit: 1000 });
    expect(devices.rows.every((d) => String(d.ownerUpn).endsWith('@fabrikam.example'))).toBe(true);
  });
});
