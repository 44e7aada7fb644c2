import { createReportsApi, createSettingsApi, type ReportEmbed, type ReportsApi } from '@cloudportal/core';
import { configuredReportPage, isEmbeddable, loopbackTwin, unlicensedCard } from '@cloudportal/core/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTOSO_WORKSPACE_ID, DEMO_REPORTS, DEMO_WORKSPACE_ID } from '../seed/reports';
import { TENANT, userId } from '../seed/tenants';
import { signInAs, startTestServer, refusal, expectStatus, type TestServer as Server } from '../test-support';
import { EMBED_TOKEN_TTL_SECONDS, embedTokenKey, EXT_EMBED_TOKEN_TTL_SECONDS, verifyEmbedToken } from './embedToken';
import { REPORT_MESSAGES } from './routes';

const ADA = userId('0b7e5c1a-0000-4000-8000-00000000a0a1', TENANT.contoso);
const MAX = userId('0b7e5c1a-0000-4000-8000-00000000a0a2', TENANT.fabrikam);
const BASE = '/services/api-portal-customer/api/report';
const PAGE_NAME = /^ReportSection[0-9a-f]{20}$/;

const seeded = (id: string) => DEMO_REPORTS.find((r) => r.id === id)!;

describe('report embedding (spec §7 "Report embedding") through the typed client', () => {
  let server: Server;
  let ada: ReportsApi;
  let max: ReportsApi;
  let sam: ReportsApi;
  let key: Uint8Array;

  /** Asserts an answer that embeds, and that its token verifies for the tenant, user and report. */
  async function expectEmbeddable(
    embed: ReportEmbed,
    expected: {
      id: string;
      tenantId: string;
      user: string;
      kind: 'report' | 'custom';
      scope: 'view' | 'ext';
      workspace: string;
    },
  ) {
    expect(isEmbeddable(embed)).toBe(true);
    expect(embed.id).toBe(expected.id);
    expect(embed.entityId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // The demo reports are embedded in the server's own Power BI embed emulator, on the loopback twin
    // of the API's origin (POWERBI_EMULATOR_SITE's default): a site of its own, as Power BI's is.
    expect(embed.entityUrl).toBe(
      `${loopbackTwin(new URL(server.baseUrl).origin)}/powerbi-emulator/reportEmbed?reportId=${embed.entityId}&groupId=${expected.workspace}`,
    );
    const claims = await verifyEmbedToken(embed.token!, key);
    expect(claims).toMatchObject({
      tid: expected.tenantId,
      sub: expected.user,
      rid: expected.id,
      kind: expected.kind,
      scope: expected.scope,
      eid: embed.entityId,
    });
    const ttl = expected.scope === 'ext' ? EXT_EMBED_TOKEN_TTL_SECONDS : EMBED_TOKEN_TTL_SECONDS;
    expect(claims.exp - claims.iat).toBe(ttl);
    expect(Date.parse(embed.expiration!)).toBe(claims.exp * 1000);
    expect(embed.pages.filter((p) => p.isActive)).toHaveLength(1);
    for (const p of embed.pages) expect(p.name).toMatch(PAGE_NAME);
    return claims;
  }

  beforeAll(async () => {
    server = await startTestServer();
    key = embedTokenKey(
      new TextEncoder().encode(
        (await server.db.query<{ value: string }>("select value from server_keys where name = 'app-token-secret'"))
          .rows[0]!.value,
      ),
    );
    ada = createReportsApi((await signInAs(server, 'ada@contoso.example')).http);
    max = createReportsApi((await signInAs(server, 'max@fabrikam.example')).http);
    sam = createReportsApi((await signInAs(server, 'sam@litware.example')).http);
  });
  afterAll(() => server.close());

  describe('the demo reports', () => {
    it.each([
      ['billing-overview', ['Overview', 'Cost by Service', 'Cost by Subscription', 'Monthly Trend'], 'Overview'],
      ['azure-cost-analysis', ['Cost by Resource Group', 'Cost by Region', 'Reservations'], 'Cost by Resource Group'],
      ['m365-license-usage', ['Licence Summary', 'Inactive Users', 'Assignments'], 'Licence Summary'],
    ])(
      'given ada (Contoso), when %s is asked for, then it embeds with its pages and opens its configured page',
      async (id, pages, reportPage) => {
        const embed = await ada.reportEmbed(id);
        await expectEmbeddable(embed, {
          id,
          tenantId: TENANT.contoso,
          user: ADA,
          kind: 'report',
          scope: 'view',
          workspace: DEMO_WORKSPACE_ID,
        });
        expect(embed).toMatchObject({
          name: seeded(id).name,
          description: seeded(id).description,
          errorMessage: null,
          reportPage,
        });
        expect(embed.entityId).toBe(seeded(id).entityId);
        expect(embed.pages.map((p) => p.displayName)).toEqual(pages);
        expect(embed.pages.map((p) => p.visibility)).toEqual(pages.map(() => 0));
        expect(configuredReportPage(embed.pages, embed.reportPage)?.displayName).toBe(reportPage);
        expect(embed.tokenUrl).toBe(`${BASE}/embed/token/report/${id}/refresh`);
      },
    );

    it('given any tenant, page names are the same on every call (stable Power BI section names)', async () => {
      const [a, b] = await Promise.all([ada.reportEmbed('billing-overview'), max.reportEmbed('billing-overview')]);
      expect(a.pages.map((p) => p.name)).toEqual(b.pages.map((p) => p.name));
      expect(new Set(a.pages.map((p) => p.name)).size).toBe(4);
    });

    it('given security-posture, then there is no token, url or id, and the card shows its description and error message', async () => {
      const embed = await ada.reportEmbed('security-posture');
      expect(embed).toMatchObject({
        id: 'security-posture',
        token: null,
        entityUrl: null,
        entityId: null,
        expiration: null,
        tokenUrl: null,
        pages: [],
      });
      expect(isEmbeddable(embed)).toBe(false);
      expect(unlicensedCard(embed)).toEqual({
        title: 'Unlicensed feature',
        description: 'Secure Score, risky sign-ins and multi-factor authentication coverage across your tenant.',
        action:
          'Action: Security posture reports need the Security module. Ask your partner to add it to your subscription.',
      });
      // The same for every tenant.
      expect(isEmbeddable(await max.reportEmbed('security-posture'))).toBe(false);
    });

    it('given usage-legacy, then it embeds but no page is the configured "Legacy Usage" (the Configuration Error)', async () => {
      const embed = await ada.reportEmbed('usage-legacy');
      await expectEmbeddable(embed, {
        id: 'usage-legacy',
        tenantId: TENANT.contoso,
        user: ADA,
        kind: 'report',
        scope: 'view',
        workspace: DEMO_WORKSPACE_ID,
      });
      expect(embed.reportPage).toBe('Legacy Usage');
      expect(embed.pages.length).toBeGreaterThan(0);
      expect(configuredReportPage(embed.pages, embed.reportPage)).toBeUndefined();
    });

    it('given savings-forecast, then the token call fails with a readable 502 (the marketing image)', async () => {
      await expectStatus(
        ada.reportEmbed('savings-forecast'),
        502,
        'The report service could not issue an embed token for Savings forecast. Please try again later.',
      );
      const error = await refusal(ada.reportEmbed('savings-forecast'));
      expect(error.body).toMatchObject({ error: 'Bad Gateway', module: null });
    });

    it('given a Microsoft 365 report whose token call fails, then the failure names its module, so the Office marketing image shows', async () => {
      await server.db.query(
        `update reports set embed_failure = 'The report service is down.' where id = 'm365-license-usage'`,
      );
      try {
        const error = await refusal(ada.reportEmbed('m365-license-usage'));
        expect(error.status).toBe(502);
        expect(error.body).toMatchObject({
          error: 'Bad Gateway',
          message: 'The report service is down.',
          module: 'm365',
        });
      } finally {
        await server.db.query(`update reports set embed_failure = null where id = 'm365-license-usage'`);
      }
    });

    it('given an unknown report id, then 404 with a readable message; a malformed id is a readable 400', async () => {
      await expectStatus(ada.reportEmbed('no-such-report'), 404, 'Report no-such-report does not exist.');
      await expectStatus(ada.reportEmbed('Billing-Overview'), 400, /id/);
      await expectStatus(ada.reportEmbed('a'.repeat(65)), 400, /id/);
    });
  });

  describe('licensing depends on the tenant', () => {
    it('given max (Fabrikam: Microsoft 365 only), the Microsoft 365 report embeds with a Fabrikam token', async () => {
      const embed = await max.reportEmbed('m365-license-usage');
      await expectEmbeddable(embed, {
        id: 'm365-license-usage',
        tenantId: TENANT.fabrikam,
        user: MAX,
        kind: 'report',
        scope: 'view',
        workspace: DEMO_WORKSPACE_ID,
      });
    });

    it('given max (no Azure licence), the Azure report answers unlicensed and the card says "Please contact your partner."', async () => {
      const embed = await max.reportEmbed('azure-cost-analysis');
      expect(embed).toMatchObject({ token: null, entityUrl: null, entityId: null, errorMessage: null, pages: [] });
      expect(unlicensedCard(embed)).toEqual({
        title: 'Unlicensed feature',
        description: seeded('azure-cost-analysis').description,
        action: 'Action: Please contact your partner.',
      });
    });

    it('given sam (Litware: its Azure licence is not active), the Azure report answers unlicensed', async () => {
      expect(isEmbeddable(await sam.reportEmbed('azure-cost-analysis'))).toBe(false);
      expect(isEmbeddable(await sam.reportEmbed('billing-overview'))).toBe(true);
    });

    it('given Contoso turns Power BI embedding off, every report answers unlicensed with that action, and refreshes are refused; on again, they embed', async () => {
      const settings = createSettingsApi((await signInAs(server, 'ada@contoso.example')).http);
      const before = await ada.reportEmbed('billing-overview');
      await settings.activateFeature({ name: 'pbiEmbedding', enabled: false });
      try {
        const embed = await ada.reportEmbed('billing-overview');
        expect(embed).toMatchObject({ token: null, errorMessage: REPORT_MESSAGES.pbiEmbeddingOff });
        expect(unlicensedCard(embed).action).toBe(
          'Action: Power BI embedding is turned off for your tenant. Ask your administrator to turn it on.',
        );
        expect(isEmbeddable(await ada.customReportEmbed('finance-monthly'))).toBe(false);
        await expectStatus(
          ada.refreshEmbedToken(before.tokenUrl!),
          403,
          `Billing overview is not licensed for your tenant. ${REPORT_MESSAGES.pbiEmbeddingOff}`,
        );
        // Fabrikam is not affected.
        expect(isEmbeddable(await max.reportEmbed('billing-overview'))).toBe(true);
      } finally {
        await settings.activateFeature({ name: 'pbiEmbedding', enabled: true });
      }
      expect(isEmbeddable(await ada.reportEmbed('billing-overview'))).toBe(true);
    });
  });

  describe('the embed token', () => {
    it('is signed by the server: a changed payload or another key does not verify', async () => {
      const { token } = await ada.reportEmbed('billing-overview');
      const [h, payload, s] = token!.split('.');
      const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      forged.tid = TENANT.fabrikam;
      await expect(
        verifyEmbedToken(`${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${s}`, key),
      ).rejects.toThrow();
      await expect(verifyEmbedToken(token!, new Uint8Array(32))).rejects.toThrow();
    });

    it('is not an app token: it opens no API call', async () => {
      const { token } = await ada.reportEmbed('billing-overview');
      const c = server.client();
      c.setToken(token!);
      await expectStatus(createReportsApi(c.http).reportEmbed('billing-overview'), 401);
    });
  });

  describe('POST {token}: refreshing an embed token through the tokenUrl the answer handed out', () => {
    it('given ada, when she posts the tokenUrl, then a fresh token for the same tenant, user and report answers with its expiration', async () => {
      const embed = await ada.reportEmbed('billing-overview');
      const fresh = await ada.refreshEmbedToken(embed.tokenUrl!);
      expect(fresh.token).not.toBe(embed.token);
      expect(Date.parse(fresh.expiration)).toBeGreaterThanOrEqual(Date.parse(embed.expiration!));
      const claims = await verifyEmbedToken(fresh.token, key);
      expect(claims).toMatchObject({
        tid: TENANT.contoso,
        sub: ADA,
        rid: 'billing-overview',
        kind: 'report',
        scope: 'view',
        eid: embed.entityId,
      });
      expect(Date.parse(fresh.expiration)).toBe(claims.exp * 1000);
    });

    it('given max posts the same tokenUrl, then the token is his own: Fabrikam and max', async () => {
      const embed = await ada.reportEmbed('billing-overview');
      const fresh = await max.refreshEmbedToken(embed.tokenUrl!);
      expect(await verifyEmbedToken(fresh.token, key)).toMatchObject({ tid: TENANT.fabrikam, sub: MAX });
    });

    it('given an unlicensed, failing, or unknown report, the refresh is refused readably', async () => {
      await expectStatus(
        max.refreshEmbedToken(`${BASE}/embed/token/report/azure-cost-analysis/refresh`),
        403,
        'Azure cost analysis is not licensed for your tenant.',
      );
      await expectStatus(
        ada.refreshEmbedToken(`${BASE}/embed/token/report/security-posture/refresh`),
        403,
        /^Security posture is not licensed for your tenant\. Security posture reports need/,
      );
      await expectStatus(
        ada.refreshEmbedToken(`${BASE}/embed/token/report/savings-forecast/refresh`),
        502,
        /could not issue an embed token/,
      );
      await expectStatus(
        ada.refreshEmbedToken(`${BASE}/embed/token/report/no-such-report/refresh`),
        404,
        'Report no-such-report does not exist.',
      );
    });

    it('given a tokenUrl that is not a path on the API origin, the client refuses it without calling (the app token never leaves)', async () => {
      for (const url of ['https://evil.example/steal', '//evil.example/steal', 'relative/path', '/x y']) {
        await expect(ada.refreshEmbedToken(url)).rejects.toThrow(TypeError);
      }
    });
  });

  describe("the tenant's custom reports", () => {
    it('given ada (Contoso), finance-monthly embeds from the Contoso workspace with all its pages', async () => {
      const embed = await ada.customReportEmbed('finance-monthly');
      await expectEmbeddable(embed, {
        id: 'finance-monthly',
        tenantId: TENANT.contoso,
        user: ADA,
        kind: 'custom',
        scope: 'view',
        workspace: CONTOSO_WORKSPACE_ID,
      });
      expect(embed).toMatchObject({
        name: 'Finance monthly close',
        description: 'Azure and Microsoft 365 spend by cost centre, closed each month.',
        reportPage: 'Summary',
        errorMessage: null,
      });
      expect(embed.pages.map((p) => [p.displayName, p.visibility])).toEqual([
        ['Summary', 0],
        ['By Cost Centre', 0],
        ['Variance', 0],
        ['Cost Centre Detail', 1],
      ]);
      expect(embed.tokenUrl).toBe(`${BASE}/custom/finance-monthly/embed/token/refresh`);
      const fresh = await ada.refreshEmbedToken(embed.tokenUrl!);
      expect(await verifyEmbedToken(fresh.token, key)).toMatchObject({
        tid: TENANT.contoso,
        rid: 'finance-monthly',
        kind: 'custom',
        scope: 'view',
      });
    });

    it('given ada, license-utilisation embeds too', async () => {
      const embed = await ada.customReportEmbed('license-utilisation');
      await expectEmbeddable(embed, {
        id: 'license-utilisation',
        tenantId: TENANT.contoso,
        user: ADA,
        kind: 'custom',
        scope: 'view',
        workspace: CONTOSO_WORKSPACE_ID,
      });
      expect(embed.pages.map((p) => p.displayName)).toEqual(['Utilisation', 'By Department']);
    });

    it('given ada, the external embedding has a longer-lived token scoped ext and only the pages visible in view mode', async () => {
      const embed = await ada.customReportExtEmbed('finance-monthly');
      await expectEmbeddable(embed, {
        id: 'finance-monthly',
        tenantId: TENANT.contoso,
        user: ADA,
        kind: 'custom',
        scope: 'ext',
        workspace: CONTOSO_WORKSPACE_ID,
      });
      expect(embed.pages.map((p) => p.displayName)).toEqual(['Summary', 'By Cost Centre', 'Variance']);
      expect(embed.tokenUrl).toBe(`${BASE}/custom/finance-monthly/ext/embed/refresh`);
      const fresh = await ada.refreshEmbedToken(embed.tokenUrl!);
      const claims = await verifyEmbedToken(fresh.token, key);
      expect(claims).toMatchObject({ scope: 'ext', rid: 'finance-monthly' });
      expect(claims.exp - claims.iat).toBe(EXT_EMBED_TOKEN_TTL_SECONDS);
    });

    it('given max (Fabrikam), Contoso custom reports do not exist: 404 on every route, refreshes included', async () => {
      const message = 'Custom report finance-monthly does not exist for your tenant.';
      await expectStatus(max.customReportEmbed('finance-monthly'), 404, message);
      await expectStatus(max.customReportExtEmbed('finance-monthly'), 404, message);
      await expectStatus(max.refreshEmbedToken(`${BASE}/custom/finance-monthly/embed/token/refresh`), 404, message);
      await expectStatus(max.refreshEmbedToken(`${BASE}/custom/finance-monthly/ext/embed/refresh`), 404, message);
      await expectStatus(
        max.customReportEmbed('license-utilisation'),
        404,
        'Custom report license-utilisation does not exist for your tenant.',
      );
    });

    it('given a custom dashboard id, an unknown id or a malformed id, then 404 or 400', async () => {
      await expectStatus(
        ada.customReportEmbed('executive-overview'),
        404,
        'Custom report executive-overview does not exist for your tenant.',
      );
      await expectStatus(ada.customReportExtEmbed('nope'), 404, 'Custom report nope does not exist for your tenant.');
      await expectStatus(ada.customReportEmbed('../x'), 400, /id/);
      await expectStatus(ada.customReportEmbed('UPPER'), 400, /id/);
    });

    it('given a Contoso custom report not published yet, it answers unlicensed with that action', async () => {
      await server.db.query(
        "insert into custom_content (tenant_id, id, kind, name, description) values ($1, 'draft-report', 'report', 'Draft', 'Work in progress.')",
        [TENANT.contoso],
      );
      const embed = await ada.customReportEmbed('draft-report');
      expect(embed).toMatchObject({
        token: null,
        entityUrl: null,
        entityId: null,
        errorMessage: REPORT_MESSAGES.notPublished,
        pages: [],
      });
      expect(unlicensedCard(embed)).toEqual({
        title: 'Unlicensed feature',
        description: 'Work in progress.',
        action: `Action: ${REPORT_MESSAGES.notPublished}`,
      });
      await expectStatus(max.customReportEmbed('draft-report'), 404);
    });

    it('given Contoso turns custom reports off, they answer unlicensed, and the product reports still embed', async () => {
      const settings = createSettingsApi((await signInAs(server, 'ada@contoso.example')).http);
      await settings.activateFeature({ name: 'customReports', enabled: false });
      try {
        expect(await ada.customReportEmbed('finance-monthly')).toMatchObject({
          token: null,
          errorMessage: REPORT_MESSAGES.customReportsOff,
        });
        expect(isEmbeddable(await ada.reportEmbed('billing-overview'))).toBe(true);
      } finally {
        await settings.activateFeature({ name: 'customReports', enabled: true });
      }
      expect(isEmbeddable(await ada.customReportEmbed('finance-monthly'))).toBe(true);
    });
  });
});
