import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeEmbedUrl, startFakePowerBi, type FakePowerBi } from '#fixtures/fakePowerBi';
import { loadPowerBiConfig, type PowerBiConfig } from '../config';
import { createPowerBiClient, POWERBI_MESSAGES, POWERBI_SCOPE, PowerBiError, type PowerBiClient } from './powerbi';

const APP = {
  tenantId: '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01',
  clientId: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  clientSecret: 'fake~Secret.value_123',
};
const WORKSPACE = '9a8b7c6d-0000-4000-8000-0000000000aa';
const REPORT = '1e2d3c4b-0000-4000-8000-000000000001';
const DATASET = 'd5e6f7a8-0000-4000-8000-0000000000d1';

/** The error a call must fail with. */
async function failure(promise: Promise<unknown>): Promise<PowerBiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PowerBiError);
  return error as PowerBiError;
}

describe('the Power BI client (createPowerBiClient) against a fake Power BI and Entra ID', () => {
  let fake: FakePowerBi;
  let config: PowerBiConfig;
  const client = (options: { timeoutMs?: number } = {}): PowerBiClient => createPowerBiClient(config, fetch, options);

  beforeAll(async () => {
    fake = await startFakePowerBi(APP);
    fake.addReport({
      workspaceId: WORKSPACE,
      id: REPORT,
      name: 'Billing overview',
      datasetId: DATASET,
      pages: [
        { name: 'ReportSection2', displayName: 'Trend', order: 2 },
        { name: 'ReportSection', displayName: 'Overview', order: 0 },
        { name: 'ReportSection1', displayName: 'By Service', order: 1 },
      ],
    });
    config = loadPowerBiConfig({
      POWERBI_TENANT_ID: APP.tenantId,
      POWERBI_CLIENT_ID: APP.clientId,
      POWERBI_CLIENT_SECRET: APP.clientSecret,
      POWERBI_WORKSPACE_ID: WORKSPACE,
      POWERBI_API_URL: fake.url,
      POWERBI_AUTHORITY_HOST: fake.url,
    })!;
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.clearCalls();
    fake.accessTokenSeconds = 3599;
    fake.embedTokenMs = undefined;
  });

  describe('the app-only Entra ID token', () => {
    it('is asked for by client credentials: a form-encoded POST to {authority}/{tenant}/oauth2/v2.0/token with the Power BI scope', async () => {
      const token = await client().accessToken();
      expect(token).toBe(fake.accessTokens.at(-1));
      const [call, ...more] = fake.callsOf('token');
      expect(more).toHaveLength(0);
      expect(call).toMatchObject({ method: 'POST', path: `/${APP.tenantId}/oauth2/v2.0/token` });
      expect(call!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(Object.fromEntries(new URLSearchParams(call!.body))).toEqual({
        grant_type: 'client_credentials',
        client_id: APP.clientId,
        client_secret: APP.clientSecret,
        scope: 'https://analysis.windows.net/powerbi/api/.default',
      });
      expect(POWERBI_SCOPE).toBe('https://analysis.windows.net/powerbi/api/.default');
    });

    it('is cached until 5 minutes before it expires, and concurrent callers share one request', async () => {
      const c = client();
      const tokens = await Promise.all([c.accessToken(), c.accessToken(), c.accessToken()]);
      expect(new Set(tokens).size).toBe(1);
      expect(await c.accessToken()).toBe(tokens[0]);
      expect(fake.callsOf('token')).toHaveLength(1);
    });

    it('is not reused when it expires within 5 minutes (expires_in 299 s): each call asks again', async () => {
      fake.accessTokenSeconds = 299;
      const c = client();
      const first = await c.accessToken();
      const second = await c.accessToken();
      expect(second).not.toBe(first);
      expect(fake.callsOf('token')).toHaveLength(2);
      fake.accessTokenSeconds = 301;
      const third = await c.accessToken();
      expect(await c.accessToken()).toBe(third);
      expect(fake.callsOf('token')).toHaveLength(3);
    });

    it('is reused with a clock 5 minutes before its expiry, and asked again after', async () => {
      let at = Date.now();
      const c = createPowerBiClient(config, fetch, { now: () => at });
      const first = await c.accessToken();
      at += (3599 - 301) * 1000;
      expect(await c.accessToken()).toBe(first);
      at += 2000;
      expect(await c.accessToken()).not.toBe(first);
      expect(fake.callsOf('token')).toHaveLength(2);
    });

    it("refused credentials are a readable 502 naming Entra's code, with the detail for the log and never the secret", async () => {
      const wrong = createPowerBiClient(
        Object.defineProperty({ ...config }, 'clientSecret', { value: 'not-the-secret' }),
        fetch,
      );
      const error = await failure(wrong.accessToken());
      expect(error.statusCode).toBe(502);
      expect(error.message).toBe(
        "Power BI sign-in failed: Microsoft Entra ID refused the server's credentials (invalid_client).",
      );
      expect(error.message).toBe(POWERBI_MESSAGES.signInRefused('invalid_client'));
      expect(error.detail).toMatchObject({
        call: 'token',
        status: 401,
        code: 'invalid_client',
        upstreamMessage: 'AADSTS7000215: Invalid client secret provided.',
      });
      expect(error.detail.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(error.detail)).not.toContain('not-the-secret');
    });

    it('a failed request is not cached: the next call asks again', async () => {
      fake.fail('token', { status: 500, body: { error: 'temporarily_unavailable' } });
      const c = client();
      const error = await failure(c.accessToken());
      expect(error).toMatchObject({
        statusCode: 502,
        message: 'Power BI sign-in failed: Microsoft Entra ID answered HTTP 500. Please try again later.',
      });
      expect(await c.accessToken()).toBe(fake.accessTokens.at(-1));
      expect(fake.callsOf('token')).toHaveLength(2);
    });

    it('an answer without access_token or expires_in is malformed (502)', async () => {
      fake.fail('token', { status: 200, body: { token_type: 'Bearer', expires_in: 3599 } });
      expect(await failure(client().accessToken())).toMatchObject({
        statusCode: 502,
        message: POWERBI_MESSAGES.malformed,
        detail: { call: 'token', failure: 'malformed' },
      });
      fake.fail('token', { status: 200, text: '<html>proxy login</html>' });
      expect(await failure(client().accessToken())).toMatchObject({
        statusCode: 502,
        message: POWERBI_MESSAGES.malformed,
      });
    });

    it('Entra ID unreachable is a 503; no answer in time is a 504', async () => {
      fake.fail('token', { destroy: true });
      expect(await failure(client().accessToken())).toMatchObject({
        statusCode: 503,
        message: POWERBI_MESSAGES.signInUnreachable,
        detail: { call: 'token', failure: 'unreachable' },
      });
      fake.fail('token', { delayMs: 500, status: 200, body: {} });
      expect(await failure(client({ timeoutMs: 100 }).accessToken())).toMatchObject({
        statusCode: 504,
        message: POWERBI_MESSAGES.timeout,
        detail: { call: 'token', failure: 'timeout' },
      });
    });
  });

  describe('the REST calls', () => {
    it('GET the report with the bearer token: id, name, embedUrl, datasetId', async () => {
      const c = client();
      const report = await c.getReport(WORKSPACE, REPORT);
      expect(report).toEqual({
        id: REPORT,
        name: 'Billing overview',
        embedUrl: fakeEmbedUrl(WORKSPACE, REPORT),
        datasetId: DATASET,
      });
      const [call] = fake.callsOf('report');
      expect(call).toMatchObject({ method: 'GET', path: `/v1.0/myorg/groups/${WORKSPACE}/reports/${REPORT}` });
      expect(call!.headers.authorization).toBe(`Bearer ${await c.accessToken()}`);
    });

    it('GET the pages: in Power BI\'s order (its "order" read as a number), visibility 0, the first active', async () => {
      const pages = await client().getPages(WORKSPACE, REPORT);
      expect(pages).toEqual([
        { name: 'ReportSection', displayName: 'Overview', visibility: 0, isActive: true },
        { name: 'ReportSection1', displayName: 'By Service', visibility: 0, isActive: false },
        { name: 'ReportSection2', displayName: 'Trend', visibility: 0, isActive: false },
      ]);
      expect(fake.callsOf('pages')[0]).toMatchObject({
        method: 'GET',
        path: `/v1.0/myorg/groups/${WORKSPACE}/reports/${REPORT}/pages`,
      });
    });

    it('POST /v1.0/myorg/GenerateToken with the report (view only), its dataset and the lifetime; answers token, tokenId and expiration', async () => {
      const c = client();
      const before = Date.now();
      const token = await c.generateToken({ reportId: REPORT, datasetId: DATASET, lifetimeInMinutes: 10 });
      expect(token.token).toBe(fake.embedTokens.at(-1));
      expect(token.tokenId).toMatch(/^[0-9a-f-]{36}$/);
      // Power BI answers whole seconds with a Z; the client answers ISO 8601 with milliseconds.
      expect(token.expiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
      expect(Date.parse(token.expiration)).toBeGreaterThan(before + 9 * 60_000);
      expect(Date.parse(token.expiration)).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
      const [call] = fake.callsOf('generateToken');
      expect(call).toMatchObject({ method: 'POST', path: '/v1.0/myorg/GenerateToken' });
      expect(call!.headers['content-type']).toBe('application/json');
      expect(call!.headers.authorization).toBe(`Bearer ${await c.accessToken()}`);
      expect(JSON.parse(call!.body)).toEqual({
        reports: [{ id: REPORT }],
        datasets: [{ id: DATASET }],
        lifetimeInMinutes: 10,
      });
    });

    it('a report without a dataset is asked for without datasets', async () => {
      await client().generateToken({ reportId: REPORT, lifetimeInMinutes: 60 });
      expect(JSON.parse(fake.callsOf('generateToken')[0]!.body)).toEqual({
        reports: [{ id: REPORT }],
        lifetimeInMinutes: 60,
      });
    });

    it.each([
      [401, 'TokenExpired', 502, 'Power BI refused the report: TokenExpired.'],
      [403, 'PowerBINotAuthorizedException', 502, 'Power BI refused the report: PowerBINotAuthorizedException.'],
      [404, 'PowerBIEntityNotFound', 502, 'Power BI could not find the report: PowerBIEntityNotFound.'],
      [400, 'InvalidRequest', 502, 'Power BI could not serve the report: InvalidRequest.'],
      [500, 'InternalError', 502, 'Power BI is not available right now (HTTP 500). Please try again later.'],
      [429, 'TooManyRequests', 503, 'Power BI is busy right now (too many requests). Please try again in a minute.'],
    ])(
      'Power BI answering %i (%s) is a readable %i; the upstream body stays in the detail',
      async (status, code, statusCode, message) => {
        fake.fail('report', {
          status,
          body: { error: { code, message: 'upstream words that are not for users' } },
          headers: { RequestId: 'a1b2c3d4-0000-4000-8000-000000000001', 'Retry-After': '17' },
        });
        const error = await failure(client().getReport(WORKSPACE, REPORT));
        expect(error).toMatchObject({ statusCode, message });
        expect(error.message).not.toContain('upstream words');
        expect(error.detail).toEqual({
          call: 'report',
          status,
          code,
          requestId: 'a1b2c3d4-0000-4000-8000-000000000001',
          upstreamMessage: 'upstream words that are not for users',
        });
        expect(error.retryAfter).toBe(status === 429 ? 17 : undefined);
      },
    );

    it('an answer without an error code names the HTTP status; a code that is not one is not shown', async () => {
      fake.fail('pages', { status: 403, text: '' });
      expect((await failure(client().getPages(WORKSPACE, REPORT))).message).toBe(
        'Power BI refused the report: HTTP 403.',
      );
      fake.fail('pages', { status: 403, body: { error: { code: '<script>alert(1)</script>' } } });
      expect((await failure(client().getPages(WORKSPACE, REPORT))).message).toBe(
        'Power BI refused the report: HTTP 403.',
      );
    });

    it('a 401 drops the cached Entra token, so the next call asks for a new one', async () => {
      const c = client();
      const first = await c.accessToken();
      fake.fail('report', { status: 401, body: { error: { code: 'TokenExpired' } } });
      await failure(c.getReport(WORKSPACE, REPORT));
      await c.getReport(WORKSPACE, REPORT);
      expect(fake.callsOf('report')[1]!.headers.authorization).not.toBe(`Bearer ${first}`);
      expect(fake.callsOf('token')).toHaveLength(2);
    });

    it('Power BI unreachable is a 503, no answer in time a 504, a malformed answer a 502', async () => {
      fake.fail('generateToken', { destroy: true });
      expect(await failure(client().generateToken({ reportId: REPORT, lifetimeInMinutes: 10 }))).toMatchObject({
        statusCode: 503,
        message: POWERBI_MESSAGES.unreachable,
        detail: { call: 'generateToken', failure: 'unreachable' },
      });
      fake.fail('report', { delayMs: 500, status: 200, body: {} });
      expect(await failure(client({ timeoutMs: 150 }).getReport(WORKSPACE, REPORT))).toMatchObject({
        statusCode: 504,
        message: POWERBI_MESSAGES.timeout,
      });
      fake.fail('generateToken', { status: 200, body: { tokenId: 'x', expiration: 'soon' } });
      expect(await failure(client().generateToken({ reportId: REPORT, lifetimeInMinutes: 10 }))).toMatchObject({
        statusCode: 502,
        message: POWERBI_MESSAGES.malformed,
        detail: { call: 'generateToken' },
      });
      fake.fail('report', { status: 200, body: { id: REPORT, embedUrl: 'javascript:alert(1)' } });
      expect(await failure(client().getReport(WORKSPACE, REPORT))).toMatchObject({
        statusCode: 502,
        message: POWERBI_MESSAGES.malformed,
      });
      fake.fail('pages', { status: 200, body: { value: [{ displayName: 'no name' }] } });
      expect(await failure(client().getPages(WORKSPACE, REPORT))).toMatchObject({
        statusCode: 502,
        message: POWERBI_MESSAGES.malformed,
      });
    });

    it('no error detail holds the client secret or a bearer token', async () => {
      const c = client();
      const token = await c.accessToken();
      fake.fail('generateToken', {
        status: 403,
        body: { error: { code: 'PowerBINotAuthorizedException', message: 'nope' } },
      });
      const error = await failure(c.generateToken({ reportId: REPORT, lifetimeInMinutes: 10 }));
      const logged = JSON.stringify({ detail: error.detail, message: error.message });
      expect(logged).not.toContain(APP.clientSecret);
      expect(logged).not.toContain(token);
    });
  });
});
