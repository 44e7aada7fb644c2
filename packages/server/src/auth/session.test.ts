import {
  createAuthApi,
  createDevIdentityProvider,
  createHttp,
  createPortalStorage,
  createSession,
  type Session,
  type ToastInput,
} from '@cloudportal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { cookieJarFetch, startTestServer, type TestServer as Server } from '../test-support';

/** The core session engine and dev identity provider over a real server, with a browser-like cookie jar. */
function portal(server: Server, jar: typeof fetch = cookieJarFetch()) {
  const ref: { session?: Session } = {};
  const http = createHttp({ baseUrl: server.baseUrl, fetch: jar, getAppToken: () => ref.session?.getToken() });
  const auth = createAuthApi(http);
  const toasts: ToastInput[] = [];
  const routes: string[] = [];
  const session = createSession({
    auth,
    storage: createPortalStorage({}).strategy('local'),
    toast: (t) => toasts.push(t),
    navigate: (p) => routes.push(p),
    channel: { post() {}, subscribe: () => () => {}, close() {} },
  });
  ref.session = session;
  return { session, auth, provider: createDevIdentityProvider(auth), toasts, routes };
}

describe('the core session engine against the reference server (dev identity provider)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lists the demo accounts for the sign-in page', async () => {
    const { provider } = portal(server);
    expect((await provider.accounts()).map((a) => a.email)).toContain('ada@contoso.example');
  });

  it('given ada, then she is signed in to Contoso with her identity loaded', async () => {
    const { session, provider, toasts, routes } = portal(server);
    expect(await session.signIn(await provider.signIn('ada@contoso.example'))).toEqual({ kind: 'signed-in' });
    expect(session.$session.get()).toMatchObject({
      status: 'authenticated',
      claims: { tid: TENANT.contoso },
      identity: { upn: 'ada@contoso.example', role: 'ADMIN' },
    });
    expect(toasts).toEqual([]);
    expect(routes).toEqual([]);
    session.dispose();
  });

  it('a refresh rotates the cookie and gives a working token; after logout the cookie no longer refreshes', async () => {
    const { session, provider, auth } = portal(server);
    await session.signIn(await provider.signIn('ada@contoso.example'));
    const first = session.getToken();
    await new Promise((r) => setTimeout(r, 1100)); // a new iat, so a new token
    expect(await session.refresh()).toBe(true);
    expect(session.getToken()).not.toBe(first);
    expect((await auth.account()).upn).toBe('ada@contoso.example');
    await session.logout();
    expect(session.getToken()).toBeUndefined();
    expect(await session.refresh()).toBe(false);
    session.dispose();
  });

  it.each([
    ['new@tailspin.example', 'Onboarding is disabled'],
    ['guest@contoso.example', 'Permission not granted'],
  ])('given %s, then the toast %j and back to /login', async (email, title) => {
    const { session, provider, toasts, routes } = portal(server);
    await session.signIn(await provider.signIn(email));
    expect(toasts).toEqual([{ title, text: undefined, kind: 'error' }]);
    expect(routes).toEqual(['/login']);
    expect(session.$session.get().status).toBe('anonymous');
    session.dispose();
  });

  it('given multi, then /tenant; choosing Contoso signs in to Contoso', async () => {
    const { session, provider, routes, auth } = portal(server);
    expect(await session.signIn(await provider.signIn('multi@wingtip.example'))).toEqual({ kind: 'select-tenant' });
    expect(routes).toEqual(['/tenant']);
    expect((await auth.tenants()).map((t) => t.displayName).sort()).toEqual(['Contoso Ltd', 'Wingtip Toys']);
    expect(await session.selectTenant(TENANT.contoso)).toEqual({ kind: 'signed-in' });
    expect(session.$session.get()).toMatchObject({ status: 'authenticated', claims: { tid: TENANT.contoso } });
    session.dispose();
  });

  it('given a reload, then a new engine resumes the session from the refresh cookie alone', async () => {
    const jar = cookieJarFetch();
    const before = portal(server, jar);
    await before.session.signIn(await before.provider.signIn('max@fabrikam.example'));
    before.session.dispose();
    const after = portal(server, jar);
    expect(after.session.getToken()).toBeUndefined();
    expect(await after.session.resume()).toBe(true);
    expect(after.session.$session.get()).toMatchObject({
      status: 'authenticated',
      claims: { tid: TENANT.fabrikam },
      identity: { upn: 'max@fabrikam.example' },
    });
    after.session.dispose();
  });

  it('given no refresh cookie, then resuming leaves the session anonymous', async () => {
    const { session } = portal(server);
    expect(await session.resume()).toBe(false);
    expect(session.$session.get().status).toBe('anonymous');
    session.dispose();
  });
});
