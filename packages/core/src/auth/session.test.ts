import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthApi } from '../api/auth';
import { createHttp } from '../api/http';
import { accountOfU1 } from '../client/client.fixtures';
import { createPortalStorage } from '../storage/webStorage';
import type { ToastInput } from '../stores/toasts';
import type { CrossTabChannel, CrossTabMessage } from './crossTab';
import { createSession, identityFromIdToken, type IdentityResult, type SessionOptions } from './session';
import { BUSY_MACHINE_WAIT } from '#test/wait';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const seconds = () => Math.floor(Date.now() / 1000);

/** The auth server at the network edge: answers sign-in, refresh, account and logout like the reference server. */
function fakeAuthServer(
  options: { loginStatus?: number; ttl?: number; newTenant?: boolean; bundle?: Record<string, unknown> } = {},
) {
  const calls: string[] = [];
  let refresh: 'ok' | 'ended' | 'none' = 'ok';
  let logoutOk = true;
  const ttl = options.ttl ?? 900;
  const appToken = (scope?: string) =>
    jwt({
      sub: 'u1',
      tid: 't1',
      personas: ['IT'],
      features: ['billing'],
      utype: ['ARM'],
      d: false,
      exp: seconds() + ttl,
      ...(scope ? { scope } : {}),
    });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const path = url.pathname;
    calls.push(`${init?.method ?? 'GET'} ${path}${url.search}`);
    if (path === '/api/auth/azure/token' || path === '/api/auth/azure/tenant/token') {
      const status = path.endsWith('/tenant/token') ? 200 : (options.loginStatus ?? 200);
      if (status === 200) return json(200, { access_token: appToken() });
      if (status === 300) return json(300, { access_token: appToken('tenant-select') });
      return json(status, {
        message:
          status === 423
            ? 'Onboarding is disabled'
            : status === 409
              ? 'Permission not granted'
              : 'Something went wrong on the server.',
      });
    }
    if (path === '/api/auth/refresh-token')
      return refresh === 'ok'
        ? json(200, {
            access_token: appToken(),
            ...(url.searchParams.get('include') === 'session' ? options.bundle : {}),
          })
        : refresh === 'none'
          ? new Response(null, { status: 204 })
          : json(401, { message: 'The session has ended: sign in again.' });
    if (path === '/services/api-portal-customer/api/account') {
      return json(200, { ...accountOfU1, newTenant: options.newTenant ?? false });
    }
    if (path === '/api/auth/logout')
      return logoutOk ? new Response(null, { status: 204 }) : json(503, { message: 'down' });
    return json(404, {});
  });
  return {
    fetch,
    calls,
    /** 'ended': a spent or expired cookie (401); 'none': no cookie at all (204). */
    failRefresh: (kind: 'ended' | 'none' = 'ended') => (refresh = kind),
    failLogout: () => (logoutOk = false),
  };
}

/** Two tabs' channels wired to each other, as BroadcastChannel does (delivery to the others only). */
function channelPair(): [CrossTabChannel, CrossTabChannel] {
  const listeners: Set<(m: CrossTabMessage) => void>[] = [new Set(), new Set()];
  const make = (self: 0 | 1): CrossTabChannel => ({
    post: (m) => queueMicrotask(() => listeners[1 - self]!.forEach((l) => l(m))),
    subscribe: (l) => (listeners[self]!.add(l), () => listeners[self]!.delete(l)),
    close: () => listeners[self]!.clear(),
  });
  return [make(0), make(1)];
}

const identity: IdentityResult = {
  idToken: jwt({ oid: 'o1', tid: 't1', preferred_username: 'Ada@Contoso.Example' }),
  oid: 'o1',
  tid: 't1',
  upn: 'Ada@Contoso.Example',
};

function setup(server = fakeAuthServer(), extra: Partial<SessionOptions> = {}) {
  let token: string | undefined;
  const http = createHttp({
    baseUrl: 'http://portal.test',
    fetch: server.fetch as typeof fetch,
    getAppToken: () => token,
  });
  const toasts: ToastInput[] = [];
  const routes: string[] = [];
  const onLogout = vi.fn();
  const session = createSession({
    auth: createAuthApi(http),
    storage: createPortalStorage({}).strategy('local'),
    toast: (t) => toasts.push(t),
    navigate: (p) => routes.push(p),
    onLogout,
    channel: { post() {}, subscribe: () => () => {}, close() {} },
    ...extra,
  });
  token = undefined;
  const sync = () => (token = session.getToken());
  return { session, server, toasts, routes, onLogout, sync };
}

describe('sign-in (spec §4 Authentication, §8 Authentication toasts)', () => {
  it('given a 200 answer, then the app token is held in memory, the identity is loaded and persisted, a refresh is scheduled', async () => {
    vi.useFakeTimers();
    const { session, server, routes } = setup();
    const outcome = await session.signIn(identity);
    expect(outcome).toEqual({ kind: 'signed-in' });
    expect(session.getToken()).toMatch(/\./);
    expect(session.$session.get()).toMatchObject({
      status: 'authenticated',
      identity: { upn: 'ada@contoso.example' },
      claims: { tid: 't1', personas: ['IT'] },
    });
    expect(session.isAuthenticated()).toBe(true);
    expect(routes).toEqual([]);
    const body = JSON.parse(String(server.fetch.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({ id: 'o1', tenantId: 't1', upn: 'ada@contoso.example', preview: false });
    expect(new Headers(server.fetch.mock.calls[0]![1]!.headers).get('X-Authorization')).toBe(
      `Bearer ${identity.idToken}`,
    );
    expect(server.fetch.mock.calls[0]![1]!.credentials).toBe('include');
    vi.useRealTimers();
    session.dispose();
  });

  it('given a 300 answer, then the returned token is kept and the user goes to /tenant; choosing a tenant completes sign-in', async () => {
    const { session, routes, server } = setup(fakeAuthServer({ loginStatus: 300 }));
    expect(await session.signIn(identity)).toEqual({ kind: 'select-tenant' });
    expect(session.$session.get().status).toBe('tenant-select');
    // The 300 answer's token is kept (in memory) and is the tenant-select one.
    expect(session.getToken()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(session.$session.get().claims).toMatchObject({ scope: 'tenant-select' });
    expect(routes).toEqual(['/tenant']);
    expect(await session.selectTenant('t2')).toEqual({ kind: 'signed-in' });
    expect(server.calls).toContain('POST /api/auth/azure/tenant/token');
    expect(session.$session.get().status).toBe('authenticated');
    session.dispose();
  });

  it.each([
    [423, 'Onboarding is disabled'],
    [409, 'Permission not granted'],
  ])('given HTTP %i, then the toast %j (danger) shows and the user is logged out to /login', async (status, title) => {
    const { session, toasts, routes, server } = setup(fakeAuthServer({ loginStatus: status }));
    const outcome = await session.signIn(identity);
    expect(outcome).toEqual({ kind: 'toast-then-logout', title });
    expect(toasts).toEqual([{ title, text: undefined, kind: 'error' }]);
    expect(routes).toEqual(['/login']);
    expect(server.calls).toContain('POST /api/auth/logout');
    expect(session.getToken()).toBeUndefined();
    session.dispose();
  });

  it("given a new-tenant identity, then 'Onboarding is disabled' and logout", async () => {
    const { session, toasts, routes } = setup(fakeAuthServer({ newTenant: true }));
    await session.signIn(identity);
    expect(toasts[0]).toMatchObject({ title: 'Onboarding is disabled', kind: 'error' });
    expect(routes).toEqual(['/login']);
    expect(session.$session.get().status).toBe('anonymous');
    session.dispose();
  });

  it("given another failure, then 'Authentication error' / 'Unable to identify user: …' and logout", async () => {
    const { session, toasts, routes } = setup(fakeAuthServer({ loginStatus: 500 }));
    await session.signIn(identity);
    expect(toasts).toEqual([
      {
        title: 'Authentication error',
        text: 'Unable to identify user: Something went wrong on the server.',
        kind: 'error',
      },
    ]);
    expect(routes).toEqual(['/login']);
    session.dispose();
  });

  it("given an unresolved identity, then 'Authentication error' and /login without calling the server", async () => {
    const { session, toasts, routes, server } = setup();
    await session.signIn(null, 'the token names no tenant');
    expect(toasts).toEqual([
      { title: 'Authentication error', text: 'Unable to identify user: the token names no tenant', kind: 'error' },
    ]);
    expect(routes).toEqual(['/login']);
    expect(server.fetch).not.toHaveBeenCalled();
    session.dispose();
  });

  it('given no auth result, then /login without a toast', async () => {
    const { session, toasts, routes } = setup();
    await session.signIn(null);
    expect(toasts).toEqual([]);
    expect(routes).toEqual(['/login']);
    session.dispose();
  });

  it('reads oid, tid and upn from an identity token, or null when one is missing', () => {
    expect(identityFromIdToken(identity.idToken)).toMatchObject({ oid: 'o1', tid: 't1', upn: 'Ada@Contoso.Example' });
    expect(identityFromIdToken(jwt({ oid: 'o1', preferred_username: 'a@b.c' }))).toBeNull();
  });
});

/** How many refresh calls `server` has answered. */
const refreshCalls = (server: ReturnType<typeof fakeAuthServer>) =>
  server.calls.filter((c) => c === 'POST /api/auth/refresh-token').length;

describe('app token refresh (spec §4: 30 s before expiry, rescheduled after each success)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given a 120 s token, then it refreshes at 90 s, and again 90 s after that', async () => {
    const { session, server } = setup(fakeAuthServer({ ttl: 120 }));
    await session.signIn(identity);
    const refreshes = () => refreshCalls(server);
    await vi.advanceTimersByTimeAsync(89_000);
    expect(refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(89_000);
    expect(refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshes()).toBe(2);
    session.dispose();
  });

  it('given the refresh answers a token already inside the 30 s lead, then it refreshes once per retry gap, not in a tight loop', async () => {
    const { session, server } = setup(fakeAuthServer({ ttl: 20 }));
    await session.signIn(identity);
    const refreshes = () => refreshCalls(server);
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshes()).toBe(2);
    session.dispose();
  });

  it('concurrent callers share one refresh call', async () => {
    const { session, server } = setup();
    await session.signIn(identity);
    const results = await Promise.all([session.refresh(), session.refresh(), session.refresh()]);
    expect(results).toEqual([true, true, true]);
    expect(server.calls.filter((c) => c === 'POST /api/auth/refresh-token')).toHaveLength(1);
    session.dispose();
  });

  it('given the refresh credential is refused when the token runs out, then the user is logged out', async () => {
    const { session, server, routes } = setup(fakeAuthServer({ ttl: 60 }));
    await session.signIn(identity);
    server.failRefresh();
    await vi.advanceTimersByTimeAsync(30_000); // refresh fails; token still valid: retried in 10 s
    expect(routes).toEqual([]);
    await vi.advanceTimersByTimeAsync(40_000);
    expect(routes).toEqual(['/login']);
    expect(session.$session.get().status).toBe('anonymous');
    session.dispose();
  });

  it("a token from another tab that lives longer replaces this tab's token without a refresh call", async () => {
    const [a, b] = channelPair();
    const tab1 = setup(fakeAuthServer(), { channel: a });
    const tab2 = setup(fakeAuthServer(), { channel: b });
    await tab1.session.signIn(identity);
    await tab2.session.signIn(identity);
    await vi.advanceTimersByTimeAsync(5_000);
    const before = tab2.session.getToken();
    await tab1.session.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(tab2.session.getToken()).toBe(tab1.session.getToken());
    expect(tab2.session.getToken()).not.toBe(before);
    expect(tab2.server.calls.filter((c) => c === 'POST /api/auth/refresh-token')).toHaveLength(0);
    tab1.session.dispose();
    tab2.session.dispose();
  });
});

describe('logout (spec §4: always completes locally)', () => {
  it('calls the server with credentials, logs the statistic first, clears token and identity, runs the clean-up and goes to /login', async () => {
    const order: string[] = [];
    const { session, server, routes, onLogout } = setup(fakeAuthServer(), {
      logLogout: async () => void order.push('statistic'),
    });
    await session.signIn(identity);
    server.fetch.mockClear();
    await session.logout();
    expect(order).toEqual(['statistic']);
    expect(server.fetch.mock.calls[0]![1]!.credentials).toBe('include');
    expect(session.getToken()).toBeUndefined();
    expect(session.$session.get()).toEqual({ status: 'anonymous', claims: null, identity: null });
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(routes).toEqual(['/login']);
    session.dispose();
  });

  it('given the logout call fails, then the user is still logged out', async () => {
    const { session, server, routes } = setup(fakeAuthServer(), {
      logLogout: () => Promise.reject(new Error('audit down')),
    });
    await session.signIn(identity);
    server.failLogout();
    await session.logout();
    expect(session.getToken()).toBeUndefined();
    expect(routes).toEqual(['/login']);
    session.dispose();
  });

  it('logout in one tab logs out the other', async () => {
    const [a, b] = channelPair();
    const tab1 = setup(fakeAuthServer(), { channel: a });
    const tab2 = setup(fakeAuthServer(), { channel: b });
    await tab1.session.signIn(identity);
    await tab2.session.signIn(identity);
    await tab1.session.logout();
    await vi.waitFor(() => expect(tab2.session.$session.get().status).toBe('anonymous'), BUSY_MACHINE_WAIT);
    expect(tab2.routes).toEqual(['/login']);
    expect(tab2.server.calls).not.toContain('POST /api/auth/logout');
    tab1.session.dispose();
    tab2.session.dispose();
  });
});

describe('resume after a reload', () => {
  it('given a valid refresh cookie, then the session resumes without signing in again', async () => {
    const { session } = setup();
    expect(await session.resume()).toBe(true);
    expect(session.$session.get().status).toBe('authenticated');
    session.dispose();
  });

  it('given a server whose refresh answer carries the session bundle, then the session resumes in that one call and hands the bundle on', async () => {
    const account = { id: 'u1', upn: 'ada@contoso.example', displayName: 'Ada Bundled', tenantId: 't1' };
    const whois = { upn: 'ada@contoso.example', canManageSettings: true };
    const server = fakeAuthServer({ bundle: { account, whois } });
    const onSessionBundle = vi.fn();
    const { session } = setup(server, { onSessionBundle });
    expect(await session.resume()).toBe(true);
    expect(server.calls).toEqual(['POST /api/auth/refresh-token?include=session']);
    expect(session.$session.get()).toMatchObject({ status: 'authenticated', identity: account });
    expect(onSessionBundle).toHaveBeenCalledWith({ account, whois });
    session.dispose();
  });

  it('given a server whose refresh answer carries no bundle, then the identity comes from the account call, and nothing is handed on', async () => {
    const server = fakeAuthServer();
    const onSessionBundle = vi.fn();
    const { session } = setup(server, { onSessionBundle });
    expect(await session.resume()).toBe(true);
    expect(server.calls).toEqual([
      'POST /api/auth/refresh-token?include=session',
      'GET /services/api-portal-customer/api/account',
    ]);
    expect(session.$session.get().identity).toMatchObject({ displayName: 'Ada' });
    expect(onSessionBundle).not.toHaveBeenCalled();
    session.dispose();
  });

  it('given a resumed session, when its token is refreshed later, then that refresh asks for no bundle', async () => {
    const server = fakeAuthServer({ bundle: { account: { id: 'u1', displayName: 'Ada' } } });
    const { session } = setup(server);
    await session.resume();
    expect(await session.refresh()).toBe(true);
    expect(server.calls.at(-1)).toBe('POST /api/auth/refresh-token');
    session.dispose();
  });

  it.each([
    { kind: 'none', given: 'no refresh cookie (204)' },
    { kind: 'ended', given: 'a spent refresh cookie (401)' },
  ] as const)('given $given, then the session is anonymous', async ({ kind }) => {
    const server = fakeAuthServer();
    server.failRefresh(kind);
    const { session } = setup(server);
    expect(await session.resume()).toBe(false);
    expect(session.$session.get().status).toBe('anonymous');
    session.dispose();
  });
});

describe('a logged-out browser stays logged out', () => {
  it('given a logout whose server call failed, then a later resume does not sign in from the cookie; signing in again clears that', async () => {
    const server = fakeAuthServer();
    const storage = createPortalStorage({}).strategy('local');
    const first = setup(server, { storage });
    await first.session.signIn(identity);
    server.failLogout();
    await first.session.logout();
    first.session.dispose();
    const reloaded = setup(server, { storage });
    expect(await reloaded.session.resume()).toBe(false);
    expect(server.calls.filter((c) => c === 'POST /api/auth/refresh-token')).toHaveLength(0);
    await reloaded.session.signIn(identity);
    reloaded.session.dispose();
    const again = setup(server, { storage });
    expect(await again.session.resume()).toBe(true);
    again.session.dispose();
  });
});
