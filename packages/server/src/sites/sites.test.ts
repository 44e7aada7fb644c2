import {
  createConnectedSitesApi,
  type ConnectedSiteInput,
  type ConnectedSitesApi,
  type CreatedSite,
} from '@cloudportal/core';
import type { SitePieces } from '@cloudportal/core/rules';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_BUNDLE_ROUTES } from '../auth/sessionBundle';
import { TENANT } from '../seed/tenants';
import { expectStatus, signInAs, startTestServer, type TestServer } from '../test-support';
import { PREFLIGHT_MAX_AGE_S } from './cors';
import { PARTNER_TOKEN_PATH } from './exchange';
import { SiteRateLimit } from './rateLimit';
import { CHATBOT } from '../chatbot/routes';
import { SITE_NEEDS } from './scope';
import { DEMO_SITE } from '../seed/sites';
// @ts-expect-error: the demo connected site is a plain ES module without types
import { DEMO_SITE as DEMO_SITE_BACK_END, signPartnerToken } from '#host/connected-site/server.mjs';

// Not the seeded demo site's origin (http://127.0.0.1:4180): this file's own site is the one that lists it.
const PARTNER = 'http://127.0.0.1:4190';
const OTHER = 'https://elsewhere.example';
const P = '/services/api-portal-customer/api';
const NONE: SitePieces = {
  assistant: false,
  search: false,
  feedback: false,
  savedViews: false,
  pages: [],
  reports: [],
};
const ASSISTANT_ONLY: SitePieces = { ...NONE, assistant: true };

const siteInput = (over: Partial<ConnectedSiteInput> = {}): ConnectedSiteInput => ({
  name: 'Contoso partner site',
  origins: [PARTNER],
  pieces: { ...NONE, assistant: true, search: true, pages: ['azure-subscriptions'], reports: ['cost-overview'] },
  ...over,
});

let jtiCount = 0;
/** A partner's back end's token for `sub`, signed with the site's secret. */
function partnerToken(
  created: CreatedSite,
  over: Record<string, unknown> = {},
  options: { secret?: string; kid?: string; lifetime?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  const { sub, ...claims } = over;
  return new SignJWT({ tid: TENANT.contoso, jti: `jti-${++jtiCount}`, ...claims })
    .setProtectedHeader({ alg: 'HS256', kid: options.kid ?? created.secret.id })
    .setIssuer(created.site.id)
    .setSubject(typeof sub === 'string' ? sub : 'ada@contoso.example')
    .setAudience('cloudportal')
    .setIssuedAt(now)
    .setExpirationTime(now + (options.lifetime ?? 300))
    .sign(new TextEncoder().encode(options.secret ?? created.secret.value));
}

describe('connected sites (issue 38): administration, CORS, the partner token, scope on every route', () => {
  let server: TestServer;
  let ada: ConnectedSitesApi;
  let multi: ConnectedSitesApi;
  let max: ConnectedSitesApi;
  let site: CreatedSite;

  /** POSTs to the exchange from `origin`; answers the status and body. */
  async function exchange(token: string, origin: string | undefined = PARTNER, locale = 'en', query = '') {
    const res = await fetch(`${server.baseUrl}${PARTNER_TOKEN_PATH}${query}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': locale,
        ...(origin ? { origin } : {}),
      },
      body: JSON.stringify({ token }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string>, headers: res.headers };
  }
  /** A visitor's app token for `site`, through the exchange. */
  async function appToken(created = site, over: Record<string, unknown> = {}) {
    const { status, body } = await exchange(await partnerToken(created, over));
    expect(status, JSON.stringify(body)).toBe(200);
    return body.access_token!;
  }
  /** A request with a visitor's app token from `origin`. */
  function call(method: string, path: string, token: string, origin = PARTNER, body?: unknown) {
    return fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  beforeAll(async () => {
    server = await startTestServer();
    ada = createConnectedSitesApi((await signInAs(server, 'ada@contoso.example')).http);
    multi = createConnectedSitesApi((await signInAs(server, 'multi@wingtip.example', TENANT.contoso)).http);
    max = createConnectedSitesApi((await signInAs(server, 'max@fabrikam.example')).http);
    site = await ada.create(siteInput());
  });
  afterAll(() => server.close());

  describe('§1 a tenant administrator registers a site', () => {
    it('given a valid site, then it is stored with one signing secret shown once, and listed without it', async () => {
      expect(site.secret.value).toMatch(/^[\w-]{43}$/);
      expect(site.site).toMatchObject({ name: 'Contoso partner site', origins: [PARTNER], enabled: true });
      const listed = await ada.list();
      expect(listed.map((s) => s.id)).toContain(site.site.id);
      expect(JSON.stringify(listed)).not.toContain(site.secret.value);
      expect(listed.find((s) => s.id === site.site.id)?.secrets).toEqual([
        { id: site.secret.id, createdAt: expect.any(String) },
      ]);
    });

    it('given an origin with a path, a wildcard, or no piece, then each is refused with its message and nothing is stored', async () => {
      const before = (await ada.list()).length;
      const error = await expectStatus(
        ada.create(siteInput({ name: '', origins: ['https://a.example/path', 'https://*.b.example'], pieces: NONE })),
        400,
      );
      expect((error.body as { problems: unknown }).problems).toEqual({
        name: 'Enter a name for the site.',
        origins:
          "'https://a.example/path' has a path, a query or a trailing slash: enter the origin only, such as https://partner.example.",
        pieces: 'Choose at least one piece the site may show.',
      });
      await expectStatus(ada.create(siteInput({ pieces: { ...NONE, pages: ['no-such-page'] } })), 400, /no-such-page/);
      expect((await ada.list()).length).toBe(before);
    });

    it('given a user who may not manage settings, or another tenant, then they cannot see or change the site', async () => {
      await expectStatus(multi.list(), 403, 'Only tenant administrators may change settings.');
      await expectStatus(multi.create(siteInput()), 403);
      await expectStatus(max.list(), 403);
      // Fabrikam's site, as its administrator would have made it: Contoso's administrator cannot reach it.
      await server.db.query(
        `insert into connected_sites (id, tenant_id, name, origins, pieces) values ('site_fabrikam', $1, 'Fabrikam', $2, $3)`,
        [TENANT.fabrikam, ['https://fabrikam.example'], JSON.stringify(ASSISTANT_ONLY)],
      );
      await expectStatus(
        ada.update('site_fabrikam', siteInput()),
        404,
        "No connected site 'site_fabrikam' exists for your tenant.",
      );
      await expectStatus(ada.remove('site_fabrikam'), 404);
      await expectStatus(ada.addSecret('site_fabrikam'), 404);
      expect((await ada.list()).map((s) => s.id)).not.toContain('site_fabrikam');
    });

    it('given a secret being rotated, then two may be active, a third is refused, and the old one is revoked', async () => {
      const created = await ada.create(siteInput({ name: 'Rotation', origins: ['https://rotate.example'] }));
      const second = await ada.addSecret(created.site.id);
      await expectStatus(
        ada.addSecret(created.site.id),
        409,
        'A site holds at most 2 signing secrets: revoke the old one before adding another.',
      );
      await ada.revokeSecret(created.site.id, created.secret.id);
      expect((await ada.list()).find((s) => s.id === created.site.id)?.secrets.map((s) => s.id)).toEqual([second.id]);
      await expectStatus(ada.revokeSecret(created.site.id, created.secret.id), 404);
      await ada.remove(created.site.id);
      const changes = await ada.changes();
      expect(changes.filter((c) => c.siteId === created.site.id).map((c) => [c.action, c.by])).toEqual([
        ['deleted', 'ada@contoso.example'],
        ['secret-revoked', 'ada@contoso.example'],
        ['secret-added', 'ada@contoso.example'],
        ['created', 'ada@contoso.example'],
      ]);
    });
  });

  describe('§3 CORS: registered origins only', () => {
    it('given a pre-flight from a registered origin, then it is allowed for a bounded time, without credentials', async () => {
      const res = await fetch(`${server.baseUrl}${P}/account`, {
        method: 'OPTIONS',
        headers: {
          origin: PARTNER,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
      expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
      expect(res.headers.get('access-control-max-age')).toBe(String(PREFLIGHT_MAX_AGE_S));
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('vary')).toContain('Origin');
    });

    it('given an origin no site lists, then the pre-flight is refused and answers carry no CORS header', async () => {
      const preflight = await fetch(`${server.baseUrl}${P}/account`, {
        method: 'OPTIONS',
        headers: { origin: OTHER, 'access-control-request-method': 'GET' },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const get = await fetch(`${server.baseUrl}${P}/account`, { headers: { origin: OTHER } });
      expect(get.headers.get('access-control-allow-origin')).toBeNull();
      expect(get.headers.get('vary')).toContain('Origin');
    });

    it('given a registered origin, then an answer (a 401 too) may be read there', async () => {
      const res = await fetch(`${server.baseUrl}${P}/account`, { headers: { origin: PARTNER } });
      expect(res.status).toBe(401);
      expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
    });

    it('given a site disabled, then its origin gets no CORS answer any more', async () => {
      const created = await ada.create(siteInput({ name: 'Off', origins: ['https://off.example'] }));
      const allowed = () =>
        fetch(`${server.baseUrl}${P}/account`, { headers: { origin: 'https://off.example' } }).then((r) =>
          r.headers.get('access-control-allow-origin'),
        );
      expect(await allowed()).toBe('https://off.example');
      await ada.update(created.site.id, {
        ...siteInput({ name: 'Off', origins: ['https://off.example'] }),
        enabled: false,
      });
      expect(await allowed()).toBeNull();
      await ada.remove(created.site.id);
    });
  });

  describe('§2 a partner token for an app token', () => {
    it('given a token signed with the site’s secret, then the app token carries the site, its origin and pieces', async () => {
      const token = await appToken(site, { scp: ['assistant', 'pages'] });
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
      expect(claims).toMatchObject({
        tid: TENANT.contoso,
        site: {
          id: site.site.id,
          origin: PARTNER,
          pieces: { ...NONE, assistant: true, pages: ['azure-subscriptions'] },
        },
      });
    });

    it('given ?include=session, then the answer carries the visitor’s session bundle, each part what its own call answers on the site’s origin (issue 42 §3)', async () => {
      const { status, body } = await exchange(await partnerToken(site), PARTNER, 'en', '?include=session');
      expect(status).toBe(200);
      const answer = body as unknown as Record<string, unknown>;
      for (const [part, path] of Object.entries(SESSION_BUNDLE_ROUTES)) {
        const own = await call('GET', path, body.access_token!);
        expect(own.status, path).toBe(200);
        expect(answer[part], part).toEqual(await own.json());
      }
      expect(answer.account).toMatchObject({ tenantId: TENANT.contoso });
    });

    it('given the exchange from any origin, then its answer is readable there (the refusal can be shown)', async () => {
      const { status, body, headers } = await exchange(await partnerToken(site), OTHER);
      expect(headers.get('access-control-allow-origin')).toBe(OTHER);
      expect({ status, code: body.code, message: body.message }).toEqual({
        status: 403,
        code: 'origin-not-registered',
        message:
          "This website is not connected to the portal. Ask the portal's administrator to add it under Settings, Connected sites.",
      });
    });

    it('given each way a token is wrong, then the refusal has its code and message, in the visitor’s language', async () => {
      const wrongSecret = await partnerToken(site, {}, { secret: 'x'.repeat(43) });
      expect(await exchange(wrongSecret)).toMatchObject({ status: 401, body: { code: 'bad-signature' } });
      const unknownKid = await partnerToken(site, {}, { kid: 'key_none' });
      expect(await exchange(unknownKid)).toMatchObject({ status: 401, body: { code: 'bad-signature' } });
      const expired = await partnerToken(site, { iat: Math.floor(Date.now() / 1000) - 600 }, { lifetime: -120 });
      expect(await exchange(expired)).toMatchObject({
        status: 401,
        body: {
          code: 'token-expired',
          message: 'The sign-in from this website has expired. Reload the page to sign in again.',
        },
      });
      const longLived = await partnerToken(site, {}, { lifetime: 3600 });
      expect(await exchange(longLived)).toMatchObject({
        status: 401,
        body: { code: 'token-invalid', detail: 'exp may be at most 600 seconds after iat.' },
      });
      const once = await partnerToken(site);
      expect((await exchange(once)).status).toBe(200);
      expect(await exchange(once, PARTNER, 'de')).toMatchObject({
        status: 401,
        body: {
          code: 'token-reused',
          message: 'Diese Anmeldung wurde bereits verwendet. Laden Sie die Seite neu, um sich erneut anzumelden.',
        },
      });
      const stranger = await partnerToken(site, { sub: 'guest@contoso.example' });
      expect(await exchange(stranger)).toMatchObject({ status: 403, body: { code: 'user-not-in-tenant' } });
      const otherTenant = await partnerToken(site, { tid: TENANT.fabrikam });
      expect(await exchange(otherTenant)).toMatchObject({ status: 401, body: { code: 'token-invalid' } });
      const nothing = await partnerToken(site, { scp: ['feedback'] });
      expect(await exchange(nothing)).toMatchObject({ status: 403, body: { code: 'piece-not-allowed' } });
      expect(await exchange('not a token')).toMatchObject({ status: 401, body: { code: 'token-invalid' } });
    });

    it('given the user by object id, then the token is exchanged too', async () => {
      await appToken(site, { sub: '0b7e5c1a-0000-4000-8000-00000000a0a1' });
    });

    it('given a site that signs with a public key instead of a secret, then its tokens are verified with it', async () => {
      const { publicKey, privateKey } = await generateKeyPair('ES256');
      const created = await ada.create(
        siteInput({ name: 'Keyed', origins: ['https://keyed.example'], publicKey: await exportSPKI(publicKey) }),
      );
      const now = Math.floor(Date.now() / 1000);
      const signed = await new SignJWT({ tid: TENANT.contoso, jti: 'keyed-1' })
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer(created.site.id)
        .setSubject('ada@contoso.example')
        .setAudience('cloudportal')
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(privateKey);
      expect((await exchange(signed, 'https://keyed.example')).status).toBe(200);
      await ada.remove(created.site.id);
    });

    it('given a disabled site, then its visitors are refused, and their app tokens stop working', async () => {
      const created = await ada.create(siteInput({ name: 'Switch', origins: ['https://switch.example'] }));
      const token = await exchange(await partnerToken(created), 'https://switch.example');
      expect(token.status).toBe(200);
      await ada.update(created.site.id, {
        ...siteInput({ name: 'Switch', origins: ['https://switch.example'] }),
        enabled: false,
      });
      expect(await exchange(await partnerToken(created), 'https://switch.example')).toMatchObject({
        status: 403,
        body: { code: 'site-disabled', message: "This website's connection to the portal is switched off." },
      });
      const res = await call('GET', `${P}/account`, token.body.access_token!, 'https://switch.example');
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('site-disabled');
      await ada.remove(created.site.id);
    });
  });

  describe('§2 Entra ID on a connected site’s page', () => {
    /** Signs in with a (dev-issued) identity token from `origin`, as MSAL on the partner's page would. */
    async function signIn(email: string, origin: string) {
      const { id_token } = (await (
        await fetch(`${server.baseUrl}/api/dev/identity-token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        })
      ).json()) as { id_token: string };
      const claims = JSON.parse(Buffer.from(id_token.split('.')[1]!, 'base64url').toString()) as Record<string, string>;
      const res = await fetch(`${server.baseUrl}/api/auth/azure/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${id_token}`, origin },
        body: JSON.stringify({ id: claims.oid, tenantId: claims.tid, upn: email, preview: false, token: id_token }),
      });
      return { res, body: (await res.json()) as Record<string, string> };
    }
    const claimsOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

    it('given a registered origin, then the identity gets an app token of the site and no refresh cookie', async () => {
      const { res, body } = await signIn('ada@contoso.example', PARTNER);
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
      expect(claimsOf(body.access_token!)).toMatchObject({ site: { id: site.site.id, origin: PARTNER } });
    });

    it('given an identity of several tenants, then the tenant whose site lists the origin is chosen', async () => {
      const { res, body } = await signIn('multi@wingtip.example', PARTNER);
      expect(res.status).toBe(200);
      expect(claimsOf(body.access_token!)).toMatchObject({ tid: TENANT.contoso, site: { id: site.site.id } });
    });

    it('given an origin no site of the identity’s tenants lists, then the sign-in is refused with its code', async () => {
      const { res, body } = await signIn('max@fabrikam.example', PARTNER);
      expect(res.status).toBe(403);
      expect(body.code).toBe('origin-not-registered');
    });
  });

  describe('§3 an app token of a site: its origin and its pieces, on every route', () => {
    it('given a token used from another origin, then it is refused', async () => {
      const token = await appToken();
      expect((await call('GET', `${P}/account`, token)).status).toBe(200);
      const res = await call('GET', `${P}/account`, token, OTHER);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('origin-not-registered');
    });

    it('given the site’s lists, then a page or a report outside them is refused and one inside is answered', async () => {
      const token = await appToken();
      expect((await call('GET', `${P}/data/subscriptions`, token)).status).toBe(200);
      const outside = await call('GET', `${P}/data/resources`, token);
      expect(outside.status).toBe(403);
      expect(await outside.json()).toMatchObject({
        code: 'piece-not-allowed',
        message: 'This website may not show this part of the portal.',
      });
      expect((await call('GET', `${P}/report/embed/token/report/other-report`, token)).status).toBe(403);
      expect((await call('POST', `${P}`, token, PARTNER, {})).status).toBe(403);
    });

    it('given the assistant on the site’s page, then a streamed answer is readable there, event by event (issue 40 §4)', async () => {
      const token = await appToken();
      const headers = { authorization: `Bearer ${token}`, origin: PARTNER };
      const created = await fetch(`${server.baseUrl}${CHATBOT}/create`, { method: 'POST', headers });
      const { chatId } = (await created.json()) as { chatId: string };
      const res = await fetch(`${server.baseUrl}${CHATBOT}/generate`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ chatId, question: 'What did we spend last month?', chat_dataset: 'azure' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const text = await res.text();
      expect(text).toMatch(/^event: text\n/);
      expect(text).toMatch(/\nevent: done\ndata: \{"response":/);
    });

    it('given an assistant-only token, then every guarded route but the session’s and the assistant’s is refused', async () => {
      const assistantOnly = await ada.create(
        siteInput({ name: 'Assistant only', origins: ['https://chat.example'], pieces: ASSISTANT_ONLY }),
      );
      const { body } = await exchange(await partnerToken(assistantOnly), 'https://chat.example');
      const token = body.access_token!;
      const guarded = server.app.routeTable.filter(
        (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && /^\/services\//.test(r.url),
      );
      expect(guarded.length).toBeGreaterThan(50);
      const allowed: string[] = [];
      for (const route of guarded) {
        const url = route.url.replace(/:(\w+)/g, 'x');
        const res = await call(
          route.method,
          url,
          token,
          'https://chat.example',
          route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        );
        const code = res.status === 403 ? ((await res.json()) as { code?: string }).code : undefined;
        if (code !== 'piece-not-allowed') allowed.push(`${route.method} ${route.url}`);
      }
      const expected = Object.entries(SITE_NEEDS)
        .filter(([, need]) => typeof need !== 'function' && (need.piece === 'session' || need.piece === 'assistant'))
        .map(([route]) => route);
      expect(allowed.sort()).toEqual(expected.sort());
      await ada.remove(assistantOnly.site.id);
    });

    it('names what every route needs of a site, or leaves it to none (the administration)', () => {
      const guarded = server.app.routeTable
        .filter((r) => /^\/services\//.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
        .map((r) => `${r.method} ${r.url}`);
      for (const route of Object.keys(SITE_NEEDS)) expect(guarded, route).toContain(route);
      const unclassified = guarded.filter((route) => !SITE_NEEDS[route]);
      for (const route of unclassified)
        expect(route).toMatch(/\/(csp|office365|surveil|token|partner|m365|activate|test|files|connected-sites)\b/);
    });
  });
});

describe('a site’s rate limit (issue 38 §3)', () => {
  it('given a site past its requests a minute, then it waits until the next minute, and other sites do not', () => {
    let now = 0;
    const limit = new SiteRateLimit(2, () => now);
    expect([limit.take('a'), limit.take('a')]).toEqual([0, 0]);
    now = 15_000;
    expect(limit.take('a')).toBe(45_000);
    expect(limit.take('b')).toBe(0);
    now = 60_000;
    expect(limit.take('a')).toBe(0);
  });
});

describe('the demo connected site of npm start (issue 38 §4)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('given its back end’s token, then the seeded demo site signs Ada in on its origin', async () => {
    const site = { ...DEMO_SITE_BACK_END };
    expect(site).toMatchObject({ id: DEMO_SITE.id, secretId: DEMO_SITE.secretId, secret: DEMO_SITE.secret });
    const token = signPartnerToken({ site, subject: 'ada@contoso.example' }) as string;
    const res = await fetch(`${server.baseUrl}${PARTNER_TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: DEMO_SITE.origins[0] },
      body: JSON.stringify({ token }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(DEMO_SITE.origins[0]);
  });
});
