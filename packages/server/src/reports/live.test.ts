import { createReportsApi, createSettingsApi, type ReportsApi } from '@cloudportal/core';
import { configuredReportPage, isEmbeddable } from '@cloudportal/core/rules';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeEmbedUrl, startFakePowerBi, type FakePowerBi } from '#fixtures/fakePowerBi';
import { CONTOSO_CUSTOM_REPORTS, CONTOSO_WORKSPACE_ID, DEMO_REPORTS, DEMO_WORKSPACE_ID } from '../seed/reports';
import { TENANT } from '../seed/tenants';
import { expectStatus, signInAs, startTestServer, type TestServer } from '../test-support';
import { EMBED_CACHE_MARGIN_MS, REFRESH_WINDOW_MS } from './liveEmbed';
import { REPORT_MESSAGES } from './routes';

/**
 * Spec §7 "Report embedding" with a real Power BI workspace configured (POWERBI_*), against a fake
 * Power BI REST API and Entra ID token endpoint on a local port: the same routes, the same tenant
 * checks, but Power BI's embed URL, embed token and pages.
 */

const APP = {
  tenantId: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01',
  clientId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  clientSecret: 'fake~Secret.value_123',
};
/** The configured workspace: not the seed's DEMO_WORKSPACE_ID, so a call to the seed's workspace would 404. */
const LIVE_WORKSPACE = 'c0ffee00-0000-4000-8000-00000000beef';
const BASE = '/services/api-portal-customer/api/report';
const datasetOf = (entityId: string) => `da7a5e70-${entityId.slice(9)}`;

/** The fake knows the seeded reports at their entity ids: the product's in the configured workspace, Contoso's custom ones in Contoso's. */
async function startFake(): Promise<FakePowerBi> {
  const fake = await startFakePowerBi(APP);
  for (const r of DEMO_REPORTS) {
    if (!r.entityId) continue;
    fake.addReport({
      workspaceId: LIVE_WORKSPACE,
      id: r.entityId,
      name: r.name,
      datasetId: datasetOf(r.entityId),
      pages: r.pages.map((displayName, order) => ({ name: `ReportSection${order}`, displayName, order })),
    });
  }
  for (const c of CONTOSO_CUSTOM_REPORTS) {
    fake.addReport({
      workspaceId: CONTOSO_WORKSPACE_ID,
      id: c.entityId!,
      name: c.id,
      datasetId: datasetOf(c.entityId!),
      pages: c.pages.map((displayName, order) => ({ name: `ReportSection${order}`, displayName, order })),
    });
  }
  return fake;
}

const envFor = (fake: FakePowerBi): NodeJS.ProcessEnv => ({
  POWERBI_TENANT_ID: APP.tenantId,
  POWERBI_CLIENT_ID: APP.clientId,
  POWERBI_CLIENT_SECRET: APP.clientSecret,
  POWERBI_WORKSPACE_ID: LIVE_WORKSPACE,
  POWERBI_API_URL: fake.url,
  POWERBI_AUTHORITY_HOST: fake.url,
});

const entityOf = (id: string) => DEMO_REPORTS.find((r) => r.id === id)!.entityId!;
const customEntityOf = (id: string) => CONTOSO_CUSTOM_REPORTS.find((r) => r.id === id)!.entityId!;
const minutesFromNow = (iso: string | null) => (Date.parse(iso!) - Date.now()) / 60_000;

describe('report embedding with a real Power BI workspace (POWERBI_*)', () => {
  let fake: FakePowerBi;
  let server: TestServer;
  let ada: ReportsApi;
  let max: ReportsApi;
  let multiInContoso: ReportsApi;

  beforeAll(async () => {
    fake = await startFake();
    server = await startTestServer({ env: envFor(fake) });
    ada = createReportsApi((await signInAs(server, 'ada@contoso.example')).http);
    max = createReportsApi((await signInAs(server, 'max@fabrikam.example')).http);
    multiInContoso = createReportsApi((await signInAs(server, 'multi@wingtip.example', TENANT.contoso)).http);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.clearCalls();
    fake.embedTokenMs = undefined;
  });

  describe('the embed answer', () => {
    it('given three reports asked for at once on a fresh server, then one Entra token serves them all (single flight)', async () => {
      const embeds = await Promise.all([
        ada.reportEmbed('billing-overview'),
        ada.reportEmbed('azure-cost-analysis'),
        ada.customReportEmbed('license-utilisation'),
      ]);
      expect(embeds.every(isEmbeddable)).toBe(true);
      expect(fake.callsOf('token')).toHaveLength(1);
      expect(fake.callsOf('generateToken')).toHaveLength(3);
    });

    it("given ada, then billing-overview carries Power BI's embed URL, token, expiration and pages, with our tokenUrl", async () => {
      const embed = await ada.reportEmbed('billing-overview');
      const entityId = entityOf('billing-overview');
      expect(embed).toMatchObject({
        id: 'billing-overview',
        name: 'Billing overview',
        errorMessage: null,
        reportPage: 'Overview',
        entityId,
        entityUrl: fakeEmbedUrl(LIVE_WORKSPACE, entityId),
        tokenUrl: `${BASE}/embed/token/report/billing-overview/refresh`,
      });
      expect(embed.entityUrl).toMatch(/^https:\/\/app\.powerbi\.com\/reportEmbed\?/);
      expect(fake.embedTokens).toContain(embed.token);
      // The portal's view scope asks Power BI for a 10-minute token.
      expect(minutesFromNow(embed.expiration)).toBeGreaterThan(9);
      expect(minutesFromNow(embed.expiration)).toBeLessThanOrEqual(10);
      expect(embed.pages).toEqual([
        { name: 'ReportSection0', displayName: 'Overview', visibility: 0, isActive: true },
        { name: 'ReportSection1', displayName: 'Cost by Service', visibility: 0, isActive: false },
        { name: 'ReportSection2', displayName: 'Cost by Subscription', visibility: 0, isActive: false },
        { name: 'ReportSection3', displayName: 'Monthly Trend', visibility: 0, isActive: false },
      ]);
      expect(configuredReportPage(embed.pages, embed.reportPage)?.name).toBe('ReportSection0');
      const text = JSON.stringify(embed);
      expect(text).not.toContain(APP.clientSecret);
      for (const token of fake.accessTokens) expect(text).not.toContain(token);
    });

    it('calls Power BI in the configured workspace with the bearer token, and GenerateToken V2 with the report, its dataset and 10 minutes', async () => {
      // billing-overview's token was cached by the first test: a report not asked for yet shows the calls.
      const embed = await ada.reportEmbed('usage-legacy');
      const entityId = entityOf('usage-legacy');
      expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        `GET /v1.0/myorg/groups/${LIVE_WORKSPACE}/reports/${entityId}`,
        'POST /v1.0/myorg/GenerateToken',
        `GET /v1.0/myorg/groups/${LIVE_WORKSPACE}/reports/${entityId}/pages`,
      ]);
      for (const call of fake.calls) expect(call.headers.authorization).toBe(`Bearer ${fake.accessTokens[0]}`);
      expect(JSON.parse(fake.callsOf('generateToken')[0]!.body)).toEqual({
        reports: [{ id: entityId }],
        datasets: [{ id: datasetOf(entityId) }],
        lifetimeInMinutes: 10,
      });
      // The configured page does not exist in Power BI either: the client's 'Configuration Error'.
      expect(configuredReportPage(embed.pages, embed.reportPage)).toBeUndefined();
      expect(embed.pages.map((p) => p.displayName)).toEqual(['Usage Summary', 'Usage by Service', 'Usage by User']);
      // The seed's own workspace is never asked.
      expect(fake.calls.some((c) => c.path.includes(DEMO_WORKSPACE_ID))).toBe(false);
    });

    it("given a custom report, then Power BI is asked in the tenant's own workspace; the external embedding asks for 60 minutes", async () => {
      const entityId = customEntityOf('finance-monthly');
      const view = await ada.customReportEmbed('finance-monthly');
      expect(view.entityUrl).toBe(fakeEmbedUrl(CONTOSO_WORKSPACE_ID, entityId));
      expect(view.tokenUrl).toBe(`${BASE}/custom/finance-monthly/embed/token/refresh`);
      const ext = await ada.customReportExtEmbed('finance-monthly');
      expect(ext.tokenUrl).toBe(`${BASE}/custom/finance-monthly/ext/embed/refresh`);
      expect(ext.token).not.toBe(view.token);
      expect(minutesFromNow(ext.expiration)).toBeGreaterThan(59);
      expect(fake.callsOf('report').map((c) => c.path)).toEqual(
        [0, 1].map(() => `/v1.0/myorg/groups/${CONTOSO_WORKSPACE_ID}/reports/${entityId}`),
      );
      expect(
        fake
          .callsOf('generateToken')
          .map((c) => (JSON.parse(c.body) as { lifetimeInMinutes: number }).lifetimeInMinutes),
      ).toEqual([10, 60]);
      // Power BI's REST API does not say which pages are hidden: every page it lists is offered, the first active.
      expect(ext.pages.map((p) => p.displayName)).toEqual([
        'Summary',
        'By Cost Centre',
        'Variance',
        'Cost Centre Detail',
      ]);
      expect(ext.pages.filter((p) => p.isActive)).toHaveLength(1);
    });
  });

  describe('the embed token cache: per report, tenant and scope — not per user', () => {
    it('given two embed answers for the same report and tenant, then one GenerateToken serves both, also for another user of the tenant', async () => {
      const first = await ada.customReportEmbed('license-utilisation'); // cached by the first test
      const second = await multiInContoso.reportEmbed('billing-overview'); // cached by the second
      const third = await ada.reportEmbed('billing-overview');
      expect(fake.calls).toEqual([]);
      expect(third.token).toBe(second.token);
      expect(isEmbeddable(first)).toBe(true);
    });

    it('given concurrent embed answers of a report not cached yet, then one report read, one GenerateToken and one pages read', async () => {
      const embeds = await Promise.all([1, 2, 3].map(() => ada.reportEmbed('m365-license-usage')));
      expect(new Set(embeds.map((e) => e.token)).size).toBe(1);
      expect(fake.calls.map((c) => c.kind)).toEqual(['report', 'generateToken', 'pages']);
    });

    it("given another tenant, then it gets its own token for the same report (a tenant's token is never handed to another)", async () => {
      const contoso = await ada.reportEmbed('billing-overview');
      const fabrikam = await max.reportEmbed('billing-overview');
      expect(fabrikam.token).not.toBe(contoso.token);
      expect(fake.calls.map((c) => c.kind)).toEqual(['report', 'generateToken', 'pages']);
      expect(await max.reportEmbed('billing-overview')).toMatchObject({ token: fabrikam.token });
      expect(fake.callsOf('generateToken')).toHaveLength(1);
    });

    it(`given a token that expires within ${EMBED_CACHE_MARGIN_MS / 60_000} minutes, then the next embed answer gets a new one`, async () => {
      fake.embedTokenMs = 90_000;
      const first = await max.reportEmbed('m365-license-usage');
      const second = await max.reportEmbed('m365-license-usage');
      expect(second.token).not.toBe(first.token);
      expect(fake.callsOf('generateToken')).toHaveLength(2);
    });

    it(`given a cached token that expires within the refresh window (${REFRESH_WINDOW_MS / 60_000} minutes), then POST {tokenUrl} bypasses the cache; a fresher one is answered from it`, async () => {
      fake.embedTokenMs = 4 * 60_000; // beyond the embed margin, within the refresh window
      const embed = await max.reportEmbed('usage-legacy');
      expect(minutesFromNow(embed.expiration)).toBeLessThan(4.1);
      expect((await max.reportEmbed('usage-legacy')).token).toBe(embed.token);
      expect(fake.calls.map((c) => c.kind)).toEqual(['report', 'generateToken', 'pages']);

      fake.clearCalls();
      fake.embedTokenMs = undefined;
      const fresh = await max.refreshEmbedToken(embed.tokenUrl!);
      expect(fresh.token).not.toBe(embed.token);
      expect(fresh.token).toBe(fake.embedTokens.at(-1));
      expect(minutesFromNow(fresh.expiration)).toBeGreaterThan(9);
      // A refresh needs no pages.
      expect(fake.calls.map((c) => c.kind)).toEqual(['report', 'generateToken']);

      fake.clearCalls();
      // The new token is cached: the next embed answer hands it out (reading the pages once), the next refresh too.
      expect((await max.reportEmbed('usage-legacy')).token).toBe(fresh.token);
      expect(await max.refreshEmbedToken(embed.tokenUrl!)).toEqual(fresh);
      expect(fake.calls.map((c) => c.kind)).toEqual(['pages']);
    });
  });

  describe('the tenant checks come first: nothing reaches Power BI for a caller who may not see the report', () => {
    it("given max (Fabrikam), Contoso's custom reports are 404 on every route, refreshes included, with no Power BI call", async () => {
      const message = 'Custom report finance-monthly does not exist for your tenant.';
      await expectStatus(max.customReportEmbed('finance-monthly'), 404, message);
      await expectStatus(max.customReportExtEmbed('finance-monthly'), 404, message);
      await expectStatus(max.refreshEmbedToken(`${BASE}/custom/finance-monthly/embed/token/refresh`), 404, message);
      await expectStatus(max.refreshEmbedToken(`${BASE}/custom/finance-monthly/ext/embed/refresh`), 404, message);
      expect(fake.calls).toEqual([]);
    });

    it('given max (no Azure licence), the Azure report answers unlicensed and its refresh is 403, with no Power BI call', async () => {
      const embed = await max.reportEmbed('azure-cost-analysis');
      expect(embed).toMatchObject({
        token: null,
        entityUrl: null,
        entityId: null,
        expiration: null,
        tokenUrl: null,
        pages: [],
      });
      await expectStatus(
        max.refreshEmbedToken(`${BASE}/embed/token/report/azure-cost-analysis/refresh`),
        403,
        'Azure cost analysis is not licensed for your tenant.',
      );
      expect(fake.calls).toEqual([]);
    });

    it('given a report not published (security-posture) or refused by its stored embed failure (savings-forecast), no Power BI call', async () => {
      expect(isEmbeddable(await ada.reportEmbed('security-posture'))).toBe(false);
      await expectStatus(
        ada.reportEmbed('savings-forecast'),
        502,
        'The report service could not issue an embed token for Savings forecast. Please try again later.',
      );
      await expectStatus(ada.refreshEmbedToken(`${BASE}/embed/token/report/savings-forecast/refresh`), 502);
      expect(fake.calls).toEqual([]);
    });

    it('given Contoso turns Power BI embedding off, its cached tokens are not handed out: unlicensed, refreshes 403, no Power BI call', async () => {
      const settings = createSettingsApi((await signInAs(server, 'ada@contoso.example')).http);
      await settings.activateFeature({ name: 'pbiEmbedding', enabled: false });
      try {
        expect(await ada.reportEmbed('billing-overview')).toMatchObject({
          token: null,
          errorMessage: REPORT_MESSAGES.pbiEmbeddingOff,
        });
        await expectStatus(ada.refreshEmbedToken(`${BASE}/embed/token/report/billing-overview/refresh`), 403);
        expect(isEmbeddable(await ada.customReportExtEmbed('finance-monthly'))).toBe(false);
      } finally {
        await settings.activateFeature({ name: 'pbiEmbedding', enabled: true });
      }
      expect(fake.calls).toEqual([]);
    });

    it('given no app token, 401 and no Power BI call', async () => {
      await expectStatus(createReportsApi(server.client().http).reportEmbed('billing-overview'), 401);
      expect(fake.calls).toEqual([]);
    });
  });
});

describe('report embedding with Power BI failing: readable errors, never the upstream body', () => {
  let fake: FakePowerBi;
  let server: TestServer;
  let ada: ReportsApi;
  let adaToken: string;
  let added = 0;

  /** A product report only this test uses (so no cached token gets in the way), known to the fake unless `unknown`. */
  async function addReport(options: { unknown?: boolean } = {}): Promise<{ id: string; entityId: string }> {
    added += 1;
    const id = `live-report-${added}`;
    const entityId = `e0e0e0e0-0000-4000-8000-${String(added).padStart(12, '0')}`;
    await server.db.query(
      `insert into reports (id, name, description, report_page, entity_id, workspace_id, pages) values ($1, $2, 'A report of the failure tests.', 'Overview', $3, $4, '[]')`,
      [id, `Live report ${added}`, entityId, DEMO_WORKSPACE_ID],
    );
    if (!options.unknown)
      fake.addReport({
        workspaceId: LIVE_WORKSPACE,
        id: entityId,
        name: id,
        datasetId: datasetOf(entityId),
        pages: [{ name: 'ReportSection', displayName: 'Overview', order: 0 }],
      });
    return { id, entityId };
  }

  /** The raw answer, for its headers and exact body. */
  const raw = (path: string, method = 'GET') =>
    fetch(`${server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${adaToken}` } });

  beforeAll(async () => {
    fake = await startFake();
    server = await startTestServer({ env: envFor(fake) });
    const c = await signInAs(server, 'ada@contoso.example');
    ada = createReportsApi(c.http);
    adaToken = c.getToken()!;
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  beforeEach(() => fake.clearCalls());

  it("given Entra ID refuses the app's credentials, then 502 naming Entra's code, no Power BI call, and nothing of Entra's answer", async () => {
    const { id } = await addReport();
    fake.fail('token', {
      status: 401,
      body: {
        error: 'invalid_client',
        error_description: 'AADSTS7000215: Invalid client secret provided.',
        trace_id: 'f00d',
      },
    });
    const error = await expectStatus(
      ada.reportEmbed(id),
      502,
      "Power BI sign-in failed: Microsoft Entra ID refused the server's credentials (invalid_client).",
    );
    expect(error.body).toMatchObject({ error: 'Bad Gateway' });
    expect(JSON.stringify(error.body)).not.toContain('AADSTS');
    expect(fake.calls.map((c) => c.kind)).toEqual(['token']);
    // Not cached: the next call signs in again and embeds.
    expect(isEmbeddable(await ada.reportEmbed(id))).toBe(true);
  });

  it.each([
    [401, 'TokenExpired', 'Power BI refused the report: TokenExpired.'],
    [403, 'PowerBINotAuthorizedException', 'Power BI refused the report: PowerBINotAuthorizedException.'],
  ])(
    'given Power BI answers GenerateToken %i, then 502 naming its code (%s), on the embed and the refresh route',
    async (status, code, message) => {
      const { id } = await addReport();
      fake.fail('generateToken', {
        status,
        times: 2,
        body: { error: { code, message: 'Upstream detail: the service principal lacks workspace access.' } },
      });
      const error = await expectStatus(ada.reportEmbed(id), 502, message);
      expect(JSON.stringify(error.body)).not.toContain('Upstream detail');
      await expectStatus(ada.refreshEmbedToken(`${BASE}/embed/token/report/${id}/refresh`), 502, message);
      // A failure is not cached.
      expect(isEmbeddable(await ada.reportEmbed(id))).toBe(true);
    },
  );

  it('given a report Power BI does not have (its entity id is wrong), then 502 "Power BI could not find the report"', async () => {
    const { id } = await addReport({ unknown: true });
    await expectStatus(ada.reportEmbed(id), 502, 'Power BI could not find the report: PowerBIEntityNotFound.');
    expect(fake.calls.map((c) => c.kind)).toEqual(['report']);
  });

  it('given Power BI throttles (429 with Retry-After), then 503 with the same Retry-After', async () => {
    const { id } = await addReport();
    fake.fail('report', {
      status: 429,
      headers: { 'Retry-After': '23' },
      body: { error: { code: 'TooManyRequests' } },
    });
    const response = await raw(`${BASE}/embed/token/report/${id}`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('23');
    // `module` names the report's licence module for the marketing image (this custom report has none).
    expect(await response.json()).toEqual({
      error: 'Service Unavailable',
      message: 'Power BI is busy right now (too many requests). Please try again in a minute.',
      module: null,
    });
  });

  it('given Power BI cannot be reached, then 503 "Power BI could not be reached"; given it fails, 502 naming the HTTP status', async () => {
    const { id } = await addReport();
    fake.fail('generateToken', { destroy: true });
    await expectStatus(ada.reportEmbed(id), 503, 'Power BI could not be reached. Please try again later.');
    fake.fail('report', { status: 500, text: 'Internal Server Error: stack trace at PowerBI.Api…' });
    const error = await expectStatus(
      ada.reportEmbed(id),
      502,
      'Power BI is not available right now (HTTP 500). Please try again later.',
    );
    expect(JSON.stringify(error.body)).not.toContain('stack trace');
  });

  it('given the pages read fails, then 502; the next embed answer reads the pages again and keeps the token', async () => {
    const { id } = await addReport();
    fake.fail('pages', { status: 503, body: {} });
    await expectStatus(
      ada.reportEmbed(id),
      502,
      'Power BI is not available right now (HTTP 503). Please try again later.',
    );
    const embed = await ada.reportEmbed(id);
    expect(embed.pages).toEqual([{ name: 'ReportSection', displayName: 'Overview', visibility: 0, isActive: true }]);
    expect(fake.calls.map((c) => c.kind)).toEqual(['report', 'generateToken', 'pages', 'pages']);
  });
});
