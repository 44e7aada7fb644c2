import { performance } from 'node:perf_hooks';
import { createChatApi, createReportsApi, type Http } from '@cloudportal/core';
import { ASSISTANT_RATE_LIMIT_PER_MINUTE } from '@cloudportal/core/rules';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS_PATH, RATE_LIMITS_PATH, type FaultRule, type FaultRuleInput } from './faults';
import { signInAs, startTestServer, refusal, type TestServer as Server } from './test-support';

const EMBED_PATH = '/services/api-portal-customer/api/report/embed/token/report/billing-overview';

describe('fault injection (FAULTS=on only)', () => {
  describe('given a server started without FAULTS', () => {
    let server: Server;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server.close());

    it('then the control routes answer 404 like any unknown route, for PUT, GET and DELETE', async () => {
      expect(server.config.faults).toBe(false);
      const http = server.client().http;
      expect((await refusal(http.request('DELETE', RATE_LIMITS_PATH, { auth: false }))).status).toBe(404);
      for (const method of ['PUT', 'GET', 'DELETE']) {
        const error = await refusal(
          http.request(method, FAULTS_PATH, {
            auth: false,
            json: method === 'PUT' ? { path: '/healthz', status: 503 } : undefined,
          }),
        );
        expect(error.status).toBe(404);
        expect(error.body).toEqual({ error: 'Not Found', message: `Route ${method} ${FAULTS_PATH} not found` });
      }
    });

    it('and no rule takes effect', async () => {
      await server
        .client()
        .http.request('PUT', FAULTS_PATH, { auth: false, json: { path: '/healthz', status: 503 } })
        .catch(() => undefined);
      expect(await server.client().http.request('GET', '/healthz', { auth: false })).toMatchObject({ status: 'ok' });
    });
  });

  describe('given a server started with FAULTS=on', () => {
    let server: Server;
    let http: Http;
    const put = (rule: FaultRuleInput) => http.request<FaultRule>('PUT', FAULTS_PATH, { auth: false, json: rule });
    const list = () => http.request<FaultRule[]>('GET', FAULTS_PATH, { auth: false });
    const health = () => http.request<{ status: string }>('GET', '/healthz', { auth: false });

    beforeAll(async () => {
      server = await startTestServer({ env: { FAULTS: 'on' } });
      http = server.client().http;
    });
    afterEach(() => http.request('DELETE', FAULTS_PATH, { auth: false, responseType: 'none' }));
    afterAll(() => server.close());

    it('when a status fault is set on a path, then that path answers the status with the default body, and GET lists the rule', async () => {
      const rule = await put({ path: '/healthz', status: 503 });
      expect(rule).toMatchObject({ path: '/healthz', status: 503, remaining: null, hits: 0 });
      const error = await refusal(health());
      expect(error.status).toBe(503);
      expect(error.body).toEqual({ error: 'Service Unavailable', message: 'Injected fault' });
      expect(await list()).toEqual([{ ...rule, hits: 1 }]);
    });

    it('when DELETE clears the rules, then the path answers normally again and the list is empty', async () => {
      await put({ path: '/healthz', status: 500 });
      await refusal(health());
      await http.request('DELETE', FAULTS_PATH, { auth: false, responseType: 'none' });
      expect(await list()).toEqual([]);
      expect(await health()).toMatchObject({ status: 'ok' });
    });

    it('when a delay is set, then the answer comes no sooner than the delay, and the route still answers', async () => {
      await put({ path: '/healthz', delayMs: 300 });
      const start = performance.now();
      expect(await health()).toMatchObject({ status: 'ok' });
      expect(performance.now() - start).toBeGreaterThanOrEqual(300);
    });

    it('when a delay and a status are set, then the status comes after the delay', async () => {
      await put({ path: '/healthz', delayMs: 200, status: 504 });
      const start = performance.now();
      expect((await refusal(health())).status).toBe(504);
      expect(performance.now() - start).toBeGreaterThanOrEqual(200);
    });

    it('when a body is given, then it is answered as JSON with the status', async () => {
      await put({ path: '/healthz', status: 429, body: { error: 'Too Many Requests', message: 'Slow down' } });
      const error = await refusal(health());
      expect(error.status).toBe(429);
      expect(error.body).toEqual({ error: 'Too Many Requests', message: 'Slow down' });
    });

    it('when headers are given, then they come with the status (a 429 with Retry-After); without a status, or with a bad name or value, the rule is refused', async () => {
      await put({ path: '/healthz', status: 429, headers: { 'Retry-After': '3' } });
      const error = await refusal(health());
      expect(error.status).toBe(429);
      expect(error.headers?.get('Retry-After')).toBe('3');
      expect(error.headers?.get('Content-Type')).toMatch(/^application\/json/);
      const rules: FaultRuleInput[] = [
        { path: '/healthz', delayMs: 1, headers: { 'Retry-After': '3' } },
        { path: '/healthz', status: 429, headers: { 'Retry After': '3' } },
        { path: '/healthz', status: 429, headers: { 'Content-Type': 'text/html' } },
        { path: '/healthz', status: 429, headers: { 'Retry-After': '3\r\nSet-Cookie: a=b' } },
      ];
      for (const rule of rules) {
        expect((await refusal(put(rule))).status, JSON.stringify(rule)).toBe(400);
      }
    });

    it('when times is 2, then exactly two requests are affected and the rule goes away', async () => {
      await put({ path: '/healthz', status: 500, times: 2 });
      expect((await list())[0]).toMatchObject({ remaining: 2 });
      expect((await refusal(health())).status).toBe(500);
      expect((await list())[0]).toMatchObject({ remaining: 1, hits: 1 });
      expect((await refusal(health())).status).toBe(500);
      expect(await health()).toMatchObject({ status: 'ok' });
      expect(await list()).toEqual([]);
    });

    it('when the path ends in *, then it matches every path with that prefix and no other; a method limits it', async () => {
      await put({ method: 'GET', path: '/services/api-portal-customer/api/report/*', status: 503 });
      const ada = await signInAs(server, 'ada@contoso.example');
      const reports = createReportsApi(ada.http);
      expect((await refusal(reports.reportEmbed('billing-overview'))).status).toBe(503);
      expect((await refusal(reports.customReportEmbed('finance-monthly'))).status).toBe(503);
      // POST is not GET; /healthz is outside the prefix.
      const fresh = await reports.refreshEmbedToken(`${EMBED_PATH}/refresh`);
      expect(fresh.token).toMatch(/^ey/);
      expect(await health()).toMatchObject({ status: 'ok' });
    });

    it('when an exact path is set, then a longer path is not affected', async () => {
      await put({ path: '/heal', status: 500 });
      expect(await health()).toMatchObject({ status: 'ok' });
    });

    it('when a rule covers the control route, then the control route itself still works', async () => {
      await put({ path: '/api/test/*', status: 500 });
      await put({ path: FAULTS_PATH, status: 500 });
      expect(await list()).toHaveLength(2);
    });

    it('when a fault is set on the embed-token route, then the typed client rejects with an ApiError of that status, before any sign-in check', async () => {
      await put({ path: EMBED_PATH, status: 502, body: { error: 'Bad Gateway', message: 'Power BI is down' } });
      const ada = createReportsApi((await signInAs(server, 'ada@contoso.example')).http);
      const error = await refusal(ada.reportEmbed('billing-overview'));
      expect(error.status).toBe(502);
      expect(error.message).toBe('Power BI is down');
      expect((await refusal(createReportsApi(server.client().http).reportEmbed('billing-overview'))).status).toBe(502);
      // Another report is not affected.
      expect((await ada.reportEmbed('m365-license-usage')).token).toMatch(/^ey/);
    });

    it('when the rate limits are given back, then an account that asked its 2 questions this minute may ask again', async () => {
      const chat = createChatApi((await signInAs(server, 'ada@contoso.example')).http);
      const { chatId } = await chat.create();
      const ask = () => chat.generate({ chatId, question: 'Are we over budget?', chat_dataset: 'all' });
      for (let i = 0; i < ASSISTANT_RATE_LIMIT_PER_MINUTE; i++) await ask();
      expect((await refusal(ask())).status).toBe(429);
      await http.request('DELETE', RATE_LIMITS_PATH, { auth: false, responseType: 'none' });
      expect((await ask()).response).toBeTruthy();
      // The limit still holds from there: one more question fills the minute again.
      await ask();
      expect((await refusal(ask())).status).toBe(429);
    });

    it.each([
      [{ status: 503 }, /path/],
      [{ path: 'healthz', status: 503 }, /path/],
      [{ path: '/healthz', status: 99 }, /status/],
      [{ path: '/healthz', status: 600 }, /status/],
      [{ path: '/healthz', status: 100 }, /status/],
      [{ path: '/healthz', delayMs: 60_001 }, /delayMs/],
      [{ path: '/healthz', delayMs: -1 }, /delayMs/],
      [{ path: '/healthz', status: 500, times: 0 }, /times/],
      [{ path: '/healthz', status: 500, method: 'FETCH' }, /method/],
      [
        { path: '/healthz', status: 500, delay: 100 },
        'Unknown field "delay": a fault rule has method, path, status, delayMs, body, headers, times.',
      ],
      [{ path: '/healthz' }, 'A fault needs a status, a delayMs or both.'],
      [{ path: '/healthz', delayMs: 10, body: { a: 1 } }, 'A fault body needs a status to answer it with.'],
    ])('when the rule %j is put, then a readable 400 and no rule is stored', async (rule, message) => {
      const error = await refusal(put(rule as FaultRuleInput));
      expect(error.status).toBe(400);
      const body = error.body as { error: string; message: string };
      expect(body.error).toBe('Bad Request');
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      expect(await list()).toEqual([]);
    });
  });
});
