import { afterEach, describe, expect, it, vi } from 'vitest';
import { appTokenFor, jsonResponse as json, quietTabs } from '../client/client.fixtures';
import { createPortalClient, type PortalClient } from '../client/createPortalClient';
import type { TokenProvider } from './partnerToken';
import { deMessages } from '../i18n/de';
import { registerLocale } from '../i18n/locales';
import { identityTokenProvider } from './partnerToken';

const ACCOUNT = { id: 'u1', upn: 'ada@contoso.example', tenantId: 't1', personas: [], features: [], types: [] };

interface Call {
  path: string;
  credentials: RequestCredentials | undefined;
  body: string | undefined;
}

/** A partner's page: a token provider, and the portal API at the network's edge. */
function partnerPage(exchange: (token: string) => Response | Promise<Response>, provider?: TokenProvider) {
  const calls: Call[] = [];
  const navigate = vi.fn();
  let issued = 0;
  const tokenProvider = vi.fn(provider ?? (async () => `partner-${++issued}`));
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input)).pathname;
    calls.push({ path, credentials: init.credentials, body: init.body as string | undefined });
    if (path === '/api/auth/partner/token') return exchange((JSON.parse(String(init.body)) as { token: string }).token);
    if (path === '/services/api-portal-customer/api/account') return json(200, ACCOUNT);
    if (path === '/api/auth/azure/token') return json(200, { access_token: appTokenFor() });
    return json(200, {});
  };
  const client = createPortalClient({
    apiBase: 'https://portal.example',
    fetch: fetch as typeof globalThis.fetch,
    storage: {},
    crossTab: quietTabs,
    navigate,
    tokenProvider,
  });
  return { client, calls, navigate, tokenProvider };
}

let client: PortalClient | undefined;
afterEach(() => {
  client?.dispose();
  vi.useRealTimers();
});

describe('issue 38 §2: a connected site’s visitor signs in through the partner’s token provider', () => {
  it('given a token provider, when the session starts, then its token is exchanged for an app token, without cookies', async () => {
    const page = partnerPage(() => json(200, { access_token: appTokenFor() }));
    client = page.client;
    await expect(client.start()).resolves.toBe(true);
    expect(client.session.$session.get().status).toBe('authenticated');
    expect(page.tokenProvider).toHaveBeenCalledTimes(1);
    const exchange = page.calls.find((c) => c.path === '/api/auth/partner/token')!;
    expect(JSON.parse(exchange.body!)).toEqual({ token: 'partner-1' });
    expect(page.calls.some((c) => c.path === '/api/auth/refresh-token')).toBe(false);
    expect(page.calls.filter((c) => c.credentials === 'include')).toEqual([]);
    expect(client.signInRefusal.get()).toBeNull();
  });

  it('given the app token near its expiry, then the provider is asked again and the new token held', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let n = 0;
    const page = partnerPage(() =>
      json(200, { access_token: appTokenFor({ n: ++n, exp: Math.floor(Date.now() / 1000) + 120 }) }),
    );
    client = page.client;
    await client.start();
    const first = client.session.getToken();
    // Spec §9: 30 s before expiry.
    await vi.advanceTimersByTimeAsync(91_000);
    expect(page.tokenProvider).toHaveBeenCalledTimes(2);
    expect(client.session.getToken()).not.toBe(first);
    expect(client.session.$session.get().status).toBe('authenticated');
  });

  it('given the server refuses the token, then the refusal’s code and message are kept and the page is not moved', async () => {
    const message = 'This sign-in was already used. Reload the page to sign in again.';
    const page = partnerPage(() => json(401, { error: 'Unauthorized', message, code: 'token-reused' }));
    client = page.client;
    await expect(client.start()).resolves.toBe(false);
    expect(client.session.$session.get().status).toBe('anonymous');
    expect(client.signInRefusal.get()).toEqual({ code: 'token-reused', message });
    expect(page.navigate).not.toHaveBeenCalled();
  });

  it('given the provider fails, or the portal cannot be reached, then the visitor is told which, in their language', async () => {
    const failing = partnerPage(
      () => json(200, {}),
      () => Promise.reject(new Error('offline')),
    );
    client = failing.client;
    await client.start();
    expect(client.signInRefusal.get()).toEqual({
      code: 'provider-failed',
      message: 'Signing in through this website failed. Reload the page or try again.',
    });
    client.dispose();

    registerLocale('de', async () => deMessages);
    const down = partnerPage(() => json(503, { error: 'Service Unavailable', message: 'Starting' }));
    client = down.client;
    await client.requestLocale('de');
    await client.start();
    expect(client.signInRefusal.get()).toEqual({
      code: 'unavailable',
      message: 'Das Portal ist nicht erreichbar. Versuchen Sie es gleich noch einmal.',
    });
  });

  it('given a refusal, when the visitor tries again and the token is accepted, then the refusal is cleared', async () => {
    const answers = [
      json(403, { error: 'Forbidden', message: 'Off.', code: 'site-disabled' }),
      json(200, { access_token: appTokenFor() }),
    ];
    const page = partnerPage(() => answers.shift()!);
    client = page.client;
    await client.start();
    expect(client.signInRefusal.get()?.code).toBe('site-disabled');
    await expect(client.start()).resolves.toBe(true);
    expect(client.signInRefusal.get()).toBeNull();
  });

  it('given an identity provider (Entra ID on the partner’s page), then its identity token is exchanged at sign-in, without cookies', async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const idToken = `${b64({ alg: 'RS256' })}.${b64({ oid: 'o1', tid: 't1', preferred_username: 'Ada@Contoso.example' })}.s`;
    const provider = {
      initialize: vi.fn(async () => null),
      signIn: vi.fn(async () => ({ idToken, oid: 'o1', tid: 't1', upn: 'ada' })),
    };
    const page = partnerPage(() => json(500, {}), identityTokenProvider(provider));
    client = page.client;
    await expect(client.start()).resolves.toBe(true);
    const login = page.calls.find((c) => c.path === '/api/auth/azure/token')!;
    expect(JSON.parse(login.body!)).toMatchObject({
      id: 'o1',
      tenantId: 't1',
      upn: 'ada@contoso.example',
      token: idToken,
    });
    expect(login.credentials).not.toBe('include');
    expect(page.calls.some((c) => c.path === '/api/auth/partner/token')).toBe(false);
    expect(provider.initialize).toHaveBeenCalledTimes(1);
    expect(provider.signIn).toHaveBeenCalledTimes(1);
  });

  it('given a signed-in visitor who logs out, then no cookie call is made and the page stays where it is', async () => {
    const page = partnerPage(() => json(200, { access_token: appTokenFor() }));
    client = page.client;
    await client.start();
    await client.session.logout();
    expect(page.calls.some((c) => c.path.endsWith('/api/auth/logout'))).toBe(false);
    expect(page.navigate).not.toHaveBeenCalled();
    expect(client.session.$session.get().status).toBe('anonymous');
  });
});
