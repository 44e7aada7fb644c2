import {
  createAccountSettingsApi,
  createAuthApi,
  createPortalApi,
  pageBundleQuery,
  type LoginPayload,
  type TokenWithSession,
} from '@cloudportal/core';
import { menuMap } from '@cloudportal/core/rules';
import { SignJWT, UnsecuredJWT, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, expectStatus, type TestServer as Server } from '../test-support';
import { TENANT } from '../seed/tenants';
import { APP_TOKEN_AUDIENCE, APP_TOKEN_ISSUER } from './appToken';
import { DEV_AUDIENCE, DEV_ISSUER } from './identity';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const secretKey = new TextEncoder().encode(SECRET);

async function signIn(server: Server, email: string) {
  const c = server.client();
  const auth = createAuthApi(c.http);
  const { id_token } = await auth.devIdentityToken(email);
  const claims = decodeJwt(id_token);
  const payload: LoginPayload = {
    id: String(claims.oid),
    tenantId: String(claims.tid),
    upn: email.toUpperCase(),
    preview: false,
    token: id_token,
  };
  return { c, auth, id_token, payload };
}

describe('sign-in (spec §7–8) through the typed client', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ env: { APP_TOKEN_SECRET: SECRET } });
  });
  afterAll(() => server.close());

  it('offers the demo accounts in the public sign-in configuration, without a token', async () => {
    await expect(createAuthApi(server.client().http).config()).resolves.toEqual({ devSignIn: true, msal: null });
  });

  it('lists the seven demo accounts with their tenants', async () => {
    const accounts = await createAuthApi(server.client().http).devAccounts();
    expect(accounts.map((a) => a.email)).toEqual([
      'ada@contoso.example',
      'max@fabrikam.example',
      'eve@northwind.example',
      'sam@litware.example',
      'new@tailspin.example',
      'guest@contoso.example',
      'multi@wingtip.example',
    ]);
    expect(accounts.find((a) => a.email === 'multi@wingtip.example')?.tenants).toEqual(['Wingtip Toys', 'Contoso Ltd']);
  });

  it('given ada, answers 200 with an app token carrying the spec claims and sets an httpOnly SameSite=Strict refresh cookie', async () => {
    const { auth, payload, c } = await signIn(server, 'ada@contoso.example');
    const result = await auth.login(payload, true);
    expect(result.status).toBe(200);
    const claims = decodeJwt(result.body.access_token);
    expect(claims).toMatchObject({
      tid: TENANT.contoso,
      personas: ['Finance', 'IT'],
      utype: ['ARM', 'Office365'],
      d: false,
    });
    expect(claims.features).toContain('admin');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(c.cookies.has('cp_refresh')).toBe(true);

    const raw = await fetch(`${server.baseUrl}/api/auth/azure/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${payload.token}` },
      body: JSON.stringify(payload),
    });
    const cookie = raw.headers.getSetCookie().find((l) => l.startsWith('cp_refresh='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it('given ada signed in, whois and account come from the token', async () => {
    const { auth, payload, c } = await signIn(server, 'ada@contoso.example');
    c.setToken((await auth.login(payload)).body.access_token);
    expect(await auth.accountWhois()).toEqual({
      currentTenant: { id: TENANT.contoso, displayName: 'Contoso Ltd' },
      upn: 'ada@contoso.example',
      canManageSettings: true,
      forceEula: false,
      canAcceptEula: true,
    });
    expect(await auth.account()).toMatchObject({
      upn: 'ada@contoso.example',
      role: 'ADMIN',
      currency: 'USD',
      newTenant: false,
      types: ['ARM', 'Office365'],
    });
  });

  it('given max, whois forces the terms and allows accepting; given eve, it does not allow accepting', async () => {
    for (const [email, canAcceptEula] of [
      ['max@fabrikam.example', true],
      ['eve@northwind.example', false],
    ] as const) {
      const { auth, payload, c } = await signIn(server, email);
      c.setToken((await auth.login(payload)).body.access_token);
      expect(await auth.accountWhois()).toMatchObject({ forceEula: true, canAcceptEula });
    }
  });

  it('given a tenant that is not onboarded, answers 423 "Onboarding is disabled"', async () => {
    const { auth, payload } = await signIn(server, 'new@tailspin.example');
    await expectStatus(auth.login(payload), 423, 'Onboarding is disabled');
  });

  it('given no access to an onboarded tenant, answers 409 "Permission not granted"', async () => {
    const { auth, payload } = await signIn(server, 'guest@contoso.example');
    await expectStatus(auth.login(payload), 409, 'Permission not granted');
  });

  it('given several tenants, answers 300 with a token that may only list tenants and exchange', async () => {
    const { auth, payload, c } = await signIn(server, 'multi@wingtip.example');
    const result = await auth.login(payload);
    expect(result.status).toBe(300);
    c.setToken(result.body.access_token);
    expect(await auth.tenants()).toEqual([
      { id: TENANT.contoso, displayName: 'Contoso Ltd' },
      { id: TENANT.wingtip, displayName: 'Wingtip Toys' },
    ]);
    await expectStatus(auth.account(), 401, 'Choose a tenant first: this token may only list tenants.');

    const exchanged = await auth.login({ ...payload, tenantId: TENANT.contoso }, false);
    expect(exchanged.status).toBe(200);
    expect(decodeJwt(exchanged.body.access_token)).toMatchObject({ tid: TENANT.contoso, personas: ['Finance'] });
    await expectStatus(auth.login({ ...payload, tenantId: TENANT.fabrikam }, false), 409, 'Permission not granted');
  });

  it('refresh rotates the cookie: the new one works once, the spent one never again', async () => {
    const { auth, payload, c } = await signIn(server, 'ada@contoso.example');
    await auth.login(payload);
    const first = c.cookies.get('cp_refresh');
    const refreshed = (await auth.refreshToken())!;
    expect(decodeJwt(refreshed.access_token).tid).toBe(TENANT.contoso);
    expect(c.cookies.get('cp_refresh')).not.toBe(first);
    const replay = await fetch(`${server.baseUrl}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { cookie: `cp_refresh=${first}` },
    });
    expect(replay.status).toBe(401);
    await auth.refreshToken();
  });

  it('given a visitor with no refresh cookie, the refresh answers 204 with no body and no cookie (issue 42 §5); a spent one stays 401', async () => {
    const none = await fetch(`${server.baseUrl}/api/auth/refresh-token`, { method: 'POST' });
    expect(none.status).toBe(204);
    expect(await none.text()).toBe('');
    expect(none.headers.get('set-cookie')).toBeNull();
    expect(none.headers.get('cache-control')).toBe('no-store');
    const spent = await fetch(`${server.baseUrl}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { cookie: 'cp_refresh=never-issued' },
    });
    expect(spent.status).toBe(401);
  });

  it('given ?include=session, the refresh answer also carries the account, who-is, settings and active licences, each equal to its own call (issue 42 §3)', async () => {
    const { auth, payload, c } = await signIn(server, 'ada@contoso.example');
    await auth.login(payload);
    const plain = (await auth.refreshToken())!;
    expect(Object.keys(plain)).toEqual(['access_token']);
    const answer = (await auth.refreshToken(true))!;
    c.setToken(answer.access_token);
    const settingsApi = createAccountSettingsApi(c.http);
    expect(answer.account).toEqual(await auth.account());
    expect(answer.whois).toEqual(await settingsApi.whois());
    expect(answer.settings).toEqual(await settingsApi.settings());
    expect(answer.licenses).toEqual(await settingsApi.activatedLicenses());
    expect(answer.licenses!.length).toBeGreaterThan(0);
  });

  it("given ?include=session,menu&page=…, the refresh answer also carries the menu and each named page's description by its url, each equal to its own call; a page the menu lacks is left out (issue 42 §3)", async () => {
    const { auth, payload, c } = await signIn(server, 'ada@contoso.example');
    await auth.login(payload);
    const query = pageBundleQuery(['azure-budgets', 'no-such-page', 'azure-budgets', 'azure-subscriptions']);
    const { body } = await c.http.exchange<TokenWithSession>('POST', '/api/auth/refresh-token', {
      auth: false,
      credentials: true,
      query,
    });
    c.setToken(body.access_token);
    const portal = createPortalApi(c.http);
    const menu = await portal.menu();
    expect(body.menu).toEqual(menu);
    expect(body.account).toMatchObject({ upn: 'ada@contoso.example' });
    const items = menuMap(menu);
    const urls = ['azure-budgets', 'azure-subscriptions'].map((name) => items.get(name)!.url!);
    expect(Object.keys(body.pages!)).toEqual(urls);
    for (const url of urls) expect(body.pages![url]).toEqual(await portal.page(url));
    // Without `menu` in include, a page asked for brings nothing.
    const plain = await c.http.exchange<TokenWithSession>('POST', '/api/auth/refresh-token', {
      auth: false,
      credentials: true,
      query: { include: 'session', page: ['azure-budgets'] },
    });
    expect(plain.body.menu).toBeUndefined();
    expect(plain.body.pages).toBeUndefined();
  });

  it('given ?include=session on sign-in, the 200 answer carries the bundle; the 300 answer (a tenant to choose) never does', async () => {
    const { auth, payload } = await signIn(server, 'ada@contoso.example');
    const signedIn = await auth.login(payload, true, true, true);
    expect(signedIn.body.whois).toMatchObject({ upn: 'ada@contoso.example' });
    expect(signedIn.body.account).toMatchObject({ upn: 'ada@contoso.example' });
    const several = await signIn(server, 'multi@wingtip.example');
    const chooser = await several.auth.login(several.payload, true, true, true);
    expect(chooser.status).toBe(300);
    expect(Object.keys(chooser.body)).toEqual(['access_token']);
  });

  it('logout revokes the refresh credential, and logging out again still succeeds', async () => {
    const { auth, payload, c } = await signIn(server, 'ada@contoso.example');
    await auth.login(payload);
    const revoked = c.cookies.get('cp_refresh');
    await auth.logout();
    expect(c.cookies.get('cp_refresh')).toBeFalsy(); // cleared: the browser is signed out
    expect(await auth.refreshToken()).toBeNull();
    const replay = await fetch(`${server.baseUrl}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { cookie: `cp_refresh=${revoked}` },
    });
    expect(replay.status).toBe(401);
    await expect(auth.logout()).resolves.toBeUndefined();
  });

  it('refuses a missing X-Authorization header and a malformed body with 400 and a readable message', async () => {
    const res = await fetch(`${server.baseUrl}/api/auth/azure/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/must have required property/);
    const bad = await fetch(`${server.baseUrl}/api/auth/azure/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-authorization': 'Bearer x' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
  });

  it('refuses an identity token signed by anyone but the trusted issuers', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ oid: 'x', tid: TENANT.contoso, preferred_username: 'ada@contoso.example' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(DEV_ISSUER)
      .setAudience(DEV_AUDIENCE)
      .setExpirationTime('1h')
      .sign(privateKey);
    const { auth, payload } = await signIn(server, 'ada@contoso.example');
    await expectStatus(auth.login({ ...payload, token: forged }), 401, 'The identity token is not valid.');
  });
});

describe('app tokens: every guarded route refuses a bad one with 401', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ env: { APP_TOKEN_SECRET: SECRET } });
  });
  afterAll(() => server.close());

  const base = (over: { iss?: string; exp?: number } = {}) =>
    new SignJWT({ tid: TENANT.contoso, personas: [], features: [], utype: [], d: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(`${TENANT.contoso}:0b7e5c1a-0000-4000-8000-00000000a0a1`)
      .setIssuer(over.iss ?? APP_TOKEN_ISSUER)
      .setAudience(APP_TOKEN_AUDIENCE)
      .setExpirationTime(over.exp ?? Math.floor(Date.now() / 1000) + 600);

  it.each([
    ['no token', async () => undefined, 'Sign in first: the Authorization header must carry a Bearer app token.'],
    [
      'an expired token',
      async () => base({ exp: Math.floor(Date.now() / 1000) - 10 }).sign(secretKey),
      'The app token has expired.',
    ],
    [
      'alg: none',
      async () =>
        new UnsecuredJWT({ tid: TENANT.contoso })
          .setSubject('x')
          .setIssuer(APP_TOKEN_ISSUER)
          .setAudience(APP_TOKEN_AUDIENCE)
          .setExpirationTime('1h')
          .encode(),
      'The app token is not valid.',
    ],
    ['a wrong issuer', async () => base({ iss: 'someone-else' }).sign(secretKey), 'The app token is not valid.'],
    [
      'another secret',
      async () => base().sign(new TextEncoder().encode('x'.repeat(40))),
      'The app token is not valid.',
    ],
    [
      'a tampered payload',
      async () => {
        const [h, p, s] = (await base().sign(secretKey)).split('.');
        const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
        claims.tid = TENANT.fabrikam;
        return `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${s}`;
      },
      'The app token is not valid.',
    ],
  ])('given %s', async (_name, make, message) => {
    const c = server.client();
    c.setToken(await make());
    await expectStatus(createAuthApi(c.http).account(), 401, message);
  });

  it('accepts a well-signed token', async () => {
    const c = server.client();
    c.setToken(await base().sign(secretKey));
    await expect(createAuthApi(c.http).account()).resolves.toMatchObject({ upn: 'ada@contoso.example' });
  });
});

describe('dev sign-in switched off (DEV_SIGN_IN=off)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ env: { DEV_SIGN_IN: 'off' } });
  });
  afterAll(() => server.close());

  it('answers 404 on the dev routes', async () => {
    const auth = createAuthApi(server.client().http);
    await expectStatus(auth.devAccounts(), 404);
    await expectStatus(auth.devIdentityToken('ada@contoso.example'), 404);
  });

  it('says so in the public sign-in configuration: no demo accounts, no Entra ID configured', async () => {
    await expect(createAuthApi(server.client().http).config()).resolves.toEqual({ devSignIn: false, msal: null });
  });
});

describe('Entra ID configured (ENTRA_CLIENT_ID, ENTRA_AUTHORITY)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        ENTRA_CLIENT_ID: '3f4e5d6c-7b8a-4c9d-8e1f-2a3b4c5d6e7f',
        ENTRA_AUTHORITY: 'https://login.microsoftonline.com/organizations',
        ENTRA_JWKS_URL: 'http://127.0.0.1:9/keys',
      },
    });
  });
  afterAll(() => server.close());

  it('gives the host the app and authority MSAL signs in with; the demo accounts are then off unless DEV_SIGN_IN=on', async () => {
    await expect(createAuthApi(server.client().http).config()).resolves.toEqual({
      devSignIn: false,
      msal: {
        clientId: '3f4e5d6c-7b8a-4c9d-8e1f-2a3b4c5d6e7f',
        authority: 'https://login.microsoftonline.com/organizations',
      },
    });
  });
});
