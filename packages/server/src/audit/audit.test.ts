import { createAuditApi, createPortalApi, type AuditApi, type AuditEvent } from '@cloudportal/core';
import {
  AUDIT_LOCATION_MAX,
  AUDIT_MESSAGES,
  logoutEvent,
  navigationEvent,
  reportViewEvent,
} from '@cloudportal/core/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_SETTINGS } from '../settings/admin';
import { TENANT } from '../seed/tenants';
import { signInAs, startTestServer, expectStatus, type TestServer as Server } from '../test-support';

const EVENT_PATH = '/services/audit/api/audit/event';

describe('audit service (spec §7 "Audit", "Statistics logging", keepalive) through the typed client', () => {
  let server: Server;
  let ada: AuditApi;
  let max: AuditApi;
  let multiContoso: AuditApi;
  let multiWingtip: AuditApi;

  beforeAll(async () => {
    server = await startTestServer();
    const [a, m, mc, mw] = await Promise.all([
      signInAs(server, 'ada@contoso.example'),
      signInAs(server, 'max@fabrikam.example'),
      signInAs(server, 'multi@wingtip.example', TENANT.contoso),
      signInAs(server, 'multi@wingtip.example', TENANT.wingtip),
    ]);
    ada = createAuditApi(a.http);
    max = createAuditApi(m.http);
    multiContoso = createAuditApi(mc.http);
    multiWingtip = createAuditApi(mw.http);
  });
  afterAll(() => server.close());

  describe('POST /services/audit/api/audit/event', () => {
    it('given no app token, the event is refused with 401 (spec §6: audit only for authenticated users)', async () => {
      await expectStatus(createAuditApi(server.client().http).event(logoutEvent()), 401);
    });

    it('given a navigation event built by the client rule, it is accepted with 202 and recorded', async () => {
      const c = await signInAs(server, 'ada@contoso.example');
      const event = navigationEvent({
        location: '/billing/security',
        locationName: 'Security',
        previousLocation: '/billing/overview',
        previousLocationName: 'Billing Overview',
        tabName: 'Posture',
      });
      const { status, body } = await c.http.exchange('POST', EVENT_PATH, { json: event, credentials: true });
      expect(status).toBe(202);
      expect(body).toEqual({ recorded: true });
      const { rows } = await server.db.query<{
        location_name: string;
        previous_location: string;
        tab_name: string;
        page_key: string;
        created_at: Date;
      }>(
        "select location_name, previous_location, tab_name, page_key, created_at from audit_events where tenant_id = $1 and location = '/billing/security' and id not like 'seed-%'",
        [TENANT.contoso],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        location_name: 'Security',
        previous_location: '/billing/overview',
        tab_name: 'Posture',
        page_key: 'security',
      });
      expect(Date.now() - new Date(rows[0]!.created_at).getTime()).toBeLessThan(60_000);
    });

    it("given the spec's excluded locations ('/', '/id_token', '/tenant'), the server answers recorded false and stores nothing", async () => {
      const count = async () =>
        (
          await server.db.query<{ n: number }>('select count(*)::int as n from audit_events where tenant_id = $1', [
            TENANT.contoso,
          ])
        ).rows[0]!.n;
      const before = await count();
      for (const location of ['/', '/id_token', '/tenant', '/tenant?x=1', '/tenant/']) {
        expect(navigationEvent({ location })).toBeNull();
        expect(await ada.event({ category: 'navigation', location })).toEqual({ recorded: false });
      }
      expect(await count()).toBe(before);
    });

    it('given a report view and a logout, both are recorded (spec §7 "Statistics logging")', async () => {
      expect(
        await ada.event(
          reportViewEvent({
            reportId: 'billing-overview',
            pageName: 'Overview',
            url: 'https://app.powerbi.com/reportEmbed?reportId=1',
            tabName: 'Overview',
          }),
        ),
      ).toEqual({ recorded: true });
      expect(await ada.event(logoutEvent())).toEqual({ recorded: true });
    });

    it('given an invalid event, each case is a readable 400 and nothing is stored', async () => {
      const count = async () =>
        (await server.db.query<{ n: number }>('select count(*)::int as n from audit_events')).rows[0]!.n;
      const before = await count();
      const cases: [unknown, string | RegExp][] = [
        [{ category: 'click', location: '/billing/overview' }, /category/],
        [{ location: '/billing/overview' }, /category/],
        [{ category: 'navigation' }, AUDIT_MESSAGES.navigationLocation],
        [{ category: 'navigation', location: '   ' }, AUDIT_MESSAGES.navigationLocation],
        [{ category: 'analytics', pageName: 'Overview' }, AUDIT_MESSAGES.analyticsReport],
        [{ category: 'navigation', location: `/billing/${'x'.repeat(AUDIT_LOCATION_MAX)}` }, /location/],
        [{ category: 'navigation', location: '/billing/overview', locationName: 'x'.repeat(201) }, /locationName/],
        [{ category: 'logout', tenantId: TENANT.fabrikam }, /property name/],
        [{ category: 'navigation', location: { path: '/billing' } }, /location/],
      ];
      for (const [body, message] of cases) await expectStatus(ada.event(body as AuditEvent), 400, message);
      expect(await count()).toBe(before);
    });

    it('given an event, it is stored for the token’s tenant and user, whatever else the caller claims', async () => {
      await multiWingtip.event({ category: 'navigation', location: '/billing/azure-resources' });
      const { rows } = await server.db.query<{ tenant_id: string; user_id: string }>(
        "select tenant_id, user_id from audit_events where location = '/billing/azure-resources'",
      );
      expect(rows).toEqual([
        { tenant_id: TENANT.wingtip, user_id: expect.stringMatching(new RegExp(`^${TENANT.wingtip}:`)) },
      ]);
    });
  });

  describe('GET /services/audit/api/audit/statistics', () => {
    it('given ada (tenant administrator), she reads Contoso counts by category, users, top pages and report views', async () => {
      const s = await ada.statistics();
      expect(s.days).toBe(30);
      expect(Date.parse(s.since)).toBeLessThan(Date.now() - 29 * 86_400_000);
      expect(s.totals.navigation).toBeGreaterThanOrEqual(9);
      expect(s.totals.analytics).toBeGreaterThanOrEqual(1);
      expect(s.totals.logout).toBeGreaterThanOrEqual(1);
      expect(s.topPages[0]).toEqual({ name: 'overview', displayName: 'Billing Overview', count: 3 });
      expect(s.topPages.map((p) => p.name)).toContain('security');
      expect(s.reportViews).toEqual([{ reportId: 'billing-overview', count: 1 }]);
      expect(s.users).toBe(1);
    });

    it('given events of another user of Contoso and of other tenants, only Contoso’s are counted', async () => {
      const before = await ada.statistics();
      await multiContoso.event({ category: 'navigation', location: '/billing/overview' });
      await multiContoso.event(reportViewEvent({ reportId: 'azure-cost-analysis' }));
      await multiWingtip.event({ category: 'navigation', location: '/billing/overview' });
      await max.event({ category: 'navigation', location: '/billing/overview' });
      await max.event(reportViewEvent({ reportId: 'm365-license-usage' }));
      const after = await ada.statistics();
      expect(after.totals.navigation - before.totals.navigation).toBe(1);
      expect(after.totals.analytics - before.totals.analytics).toBe(1);
      expect(after.users).toBe(2);
      expect(after.topPages[0]).toEqual({ name: 'overview', displayName: 'Billing Overview', count: 4 });
      expect(after.reportViews.map((r) => r.reportId).sort()).toEqual(['azure-cost-analysis', 'billing-overview']);
    });

    it('given a shorter window, older events are left out; a bad window is a readable 400', async () => {
      const day = await ada.statistics(1);
      expect(day.days).toBe(1);
      // Of the four overview visits, Ada's seeded ones 26 and 50 hours ago fall outside one day.
      expect(day.topPages.find((p) => p.name === 'overview')!.count).toBe(2);
      expect(day.totals.navigation).toBeLessThan((await ada.statistics()).totals.navigation);
      await expectStatus(ada.statistics(0), 400, /days/);
      await expectStatus(ada.statistics(366), 400, /days/);
    });

    it('given max or multi in Contoso (not administrators), statistics are refused with 403', async () => {
      await expectStatus(max.statistics(), 403, FORBIDDEN_SETTINGS.message);
      await expectStatus(multiContoso.statistics(), 403, FORBIDDEN_SETTINGS.message);
    });
  });

  describe('POST /services/audit/api/keepalive', () => {
    it('given a signed-in user, the ping answers the server time and counts the user as active in their tenant only', async () => {
      // Mia of Contoso was last seen two hours ago: not active.
      await server.db.query(
        "update user_activity set last_seen_at = now() - interval '2 hours' where tenant_id = $1 and user_id <> $2",
        [TENANT.contoso, `${TENANT.contoso}:0b7e5c1a-0000-4000-8000-00000000a0a1`],
      );
      expect((await ada.statistics()).activeUsers).toBe(1);
      const { serverTime } = await multiContoso.keepalive();
      expect(Math.abs(Date.parse(serverTime) - Date.now())).toBeLessThan(60_000);
      expect((await ada.statistics()).activeUsers).toBe(2);
      await max.keepalive();
      await multiWingtip.keepalive();
      const { rows } = await server.db.query<{ tenant_id: string }>(
        'select tenant_id from user_activity where user_id like $1',
        [`${TENANT.fabrikam}:%`],
      );
      expect(rows).toEqual([{ tenant_id: TENANT.fabrikam }]);
    });

    it('given no app token, the ping is refused with 401', async () => {
      await expectStatus(createAuditApi(server.client().http).keepalive(), 401);
    });

    it('given keepalive and events, the portal’s last-accessed is not affected by a keepalive', async () => {
      const c = await signInAs(server, 'max@fabrikam.example');
      await createAuditApi(c.http).keepalive();
      expect((await createPortalApi(c.http).lastAccessed()).map((p) => p.name)).toEqual(['overview']);
    });
  });
});
