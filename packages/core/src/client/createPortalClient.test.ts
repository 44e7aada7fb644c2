import { afterEach, describe, expect, it, vi } from 'vitest';
import { appTokenFor, jsonResponse as json, quietTabs } from './client.fixtures';
import { createPortalClient } from './createPortalClient';
import { configure, getDefaultPortalClient, setDefaultPortalClient } from './defaultClient';
import { portalChat } from '../stores/portalChat';
import { portalIdle } from '../auth/portalIdle';
import { BUSY_MACHINE_WAIT } from '#test/wait';

describe('createPortalClient', () => {
  it('gives each client its own stores', () => {
    const a = createPortalClient();
    const b = createPortalClient();
    a.toast({ title: 'only a' });
    expect(b.toasts.$toasts.get()).toEqual([]);
    a.dispose();
  });

  it('trims trailing slashes from the API base and defaults the toast time-out to 3000 ms', () => {
    const client = createPortalClient({ apiBase: 'https://portal.example/' });
    expect(client.config).toEqual({ apiBase: 'https://portal.example', toastTimeoutMs: 3000 });
  });

  it('starts in light mode (spec §3 darkModeOn default false) and switches to dark', () => {
    const client = createPortalClient();
    expect(client.layout.$layout.get().darkModeOn).toBe(false);
    client.setDarkMode(true);
    expect(client.layout.$layout.get().darkModeOn).toBe(true);
  });

  it('overlays translations on the English catalogue', () => {
    const client = createPortalClient({ messages: { 'common.cancel': 'Abbrechen' } });
    expect(client.t('common.cancel')).toBe('Abbrechen');
    expect(client.t('common.ok')).toBe('OK');
    expect(client.t('confirm.countdown', { seconds: 3 })).toBe('Closes in 3 s');
  });

  it('dispose() closes open dialogs with null', async () => {
    const client = createPortalClient();
    const answer = client.confirm({ title: 'x' });
    client.dispose();
    await expect(answer).resolves.toBeNull();
  });
});

describe('the page-wide default client', () => {
  afterEach(() => setDefaultPortalClient(createPortalClient()));

  it('is created once and shared', () => {
    expect(getDefaultPortalClient()).toBe(getDefaultPortalClient());
  });

  it('is replaced by configure(), which disposes the previous one', async () => {
    const before = getDefaultPortalClient();
    const pending = before.confirm({ title: 'old' });
    const after = configure({ apiBase: '/portal' });
    expect(getDefaultPortalClient()).toBe(after);
    expect(after.config.apiBase).toBe('/portal');
    await expect(pending).resolves.toBeNull();
  });
});

describe('the client API and session wiring', () => {
  // One token per n, made once: its expiry is read from the clock, and a test that compares a token
  // issued earlier with one made again would fail whenever a second boundary fell between the two
  // (often, on a busy machine).
  const tokens = new Map<number, string>();
  const token = (n: number) => tokens.get(n) ?? tokens.set(n, appTokenFor({ n })).get(n)!;

  it('sends the session token on API calls; a 401 refreshes once, retries with the new token, and a second 401 logs out', async () => {
    let issued = 0;
    const seen: (string | null)[] = [];
    let accountAnswers = [401, 200];
    const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/auth/refresh-token') return json(200, { access_token: token(++issued) });
      if (path === '/api/auth/logout') return new Response(null, { status: 204 });
      if (path === '/services/audit/api/audit/event') return json(202, { recorded: true });
      if (path === '/services/api-portal-customer/api/account') {
        seen.push(new Headers(init.headers).get('Authorization'));
        const status = accountAnswers.shift() ?? 401;
        return status === 200
          ? json(200, { id: 'u1', upn: 'a@b.c', newTenant: false })
          : json(401, { message: 'expired' });
      }
      return json(404, {});
    };
    const routes: string[] = [];
    const client = createPortalClient({
      apiBase: 'http://portal.test',
      fetch,
      storage: {},
      navigate: (p) => routes.push(p),
      crossTab: quietTabs,
    });
    expect(await client.session.resume()).toBe(true); // token 1 (resume loads the account: 401 → refresh → token 2 → 200)
    expect(seen).toEqual([`Bearer ${token(1)}`, `Bearer ${token(2)}`]);
    accountAnswers = [401, 401];
    await expect(client.api.auth.account()).rejects.toMatchObject({ status: 401 });
    // The second 401 logs out in the background (the logout calls read real Response bodies): wait for it.
    await vi.waitFor(() => expect(routes).toEqual(['/login']), BUSY_MACHINE_WAIT);
    expect(client.session.$session.get().status).toBe('anonymous');
    client.dispose();
  });

  it('logout closes dialogs, clears local storage and resets registered caches', async () => {
    const fetch = async () => new Response(null, { status: 204 });
    const client = createPortalClient({ fetch, storage: {}, navigate: () => {}, crossTab: quietTabs });
    const reset = vi.fn();
    client.onReset(reset);
    client.storage.strategy('local').set('personas', ['IT']);
    const open = client.confirm({ title: 'x' });
    await client.session.logout();
    await expect(open).resolves.toBeNull();
    expect(client.storage.strategy('local').get('personas')).toBeUndefined();
    expect(reset).toHaveBeenCalledTimes(1);
    client.dispose();
  });
});

describe('signed in: account data and the idle watcher', () => {
  const token = () => appTokenFor();
  const fetch = async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/auth/refresh-token') return json(200, { access_token: token() });
    if (path === '/api/auth/logout') return new Response(null, { status: 204 });
    if (path.endsWith('/api/account')) return json(200, { id: 'u1', upn: 'a@b.c', newTenant: false });
    if (path.endsWith('/api/whois'))
      return json(200, {
        currentTenant: { id: 't1', displayName: 'Contoso Ltd' },
        upn: 'a@b.c',
        canManageSettings: true,
        forceEula: true,
        canAcceptEula: true,
      });
    if (path.endsWith('/services/api-portal-customer/api'))
      return json(200, { productName: 'Cloud Portal', uiSessionTimeout: 7 });
    if (path.endsWith('/api/license/activated'))
      return json(200, [
        { licenseKey: 'K-1', licenseModule: 'azure', licenseSku: 'core', active: true, activatedAt: null },
      ]);
    return json(202, {});
  };

  it('given a resumed session, then settings and who-is load and the idle watcher runs with uiSessionTimeout; logout resets both', async () => {
    const client = createPortalClient({
      apiBase: 'http://portal.test',
      fetch,
      storage: {},
      navigate: () => {},
      crossTab: quietTabs,
    });
    expect(portalIdle(client).$idle.get().phase).toBe('stopped');
    expect(await client.start()).toBe(true);
    await vi.waitFor(() => expect(client.account.$account.get().status).toBe('loaded'), BUSY_MACHINE_WAIT);
    expect(client.account.$account.get()).toMatchObject({
      settings: { uiSessionTimeout: 7 },
      whois: { forceEula: true, currentTenant: { displayName: 'Contoso Ltd' } },
    });
    expect(portalIdle(client).$idle.get().phase).toBe('active');
    expect(client.account.$account.get().licenses).toEqual([
      expect.objectContaining({ licenseModule: 'azure', licenseSku: 'core' }),
    ]);
    client.account.eulaAccepted();
    expect(client.account.$account.get().whois?.forceEula).toBe(false);
    await client.session.logout();
    expect(client.account.$account.get()).toEqual({ status: 'idle', settings: null, whois: null, licenses: null });
    expect(portalIdle(client).$idle.get().phase).toBe('stopped');
    client.dispose();
  });

  it('given a server whose refresh answer carries the session bundle, when the session resumes, then the account is loaded in that one round trip; after logout and a sign-in it loads by its calls again', async () => {
    const calls: string[] = [];
    const bundle = {
      account: { id: 'u1', upn: 'a@b.c', newTenant: false },
      whois: { currentTenant: { id: 't1', displayName: 'Contoso Ltd' }, upn: 'a@b.c', forceEula: false },
      settings: { productName: 'Cloud Portal', uiSessionTimeout: 9 },
      licenses: [{ licenseKey: 'K-1', licenseModule: 'm365', licenseSku: 'core', active: true, activatedAt: null }],
    };
    const client = createPortalClient({
      apiBase: 'http://portal.test',
      fetch: async (input, init) => {
        const url = new URL(String(input));
        calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
        if (url.pathname === '/api/auth/refresh-token' && url.search === '?include=session')
          return json(200, { access_token: token(), ...bundle });
        if (url.pathname === '/api/auth/azure/token') return json(200, { access_token: token() });
        return fetch(input);
      },
      storage: {},
      navigate: () => {},
      crossTab: quietTabs,
    });
    expect(await client.start()).toBe(true);
    expect(client.account.$account.get()).toEqual({
      status: 'loaded',
      settings: bundle.settings,
      whois: bundle.whois,
      licenses: bundle.licenses,
    });
    expect(client.session.$session.get()).toMatchObject({ status: 'authenticated', identity: bundle.account });
    expect(calls).toEqual(['POST /api/auth/refresh-token?include=session']);
    expect(portalIdle(client).$idle.get().phase).toBe('active');
    await client.session.logout();
    await client.session.signIn({ idToken: 'a.b.c', oid: 'u1', tid: 't1', upn: 'a@b.c' });
    await vi.waitFor(() => expect(client.account.$account.get().status).toBe('loaded'), BUSY_MACHINE_WAIT);
    expect(calls).toContain('GET /services/api-portal-customer/api/whois');
    expect(client.account.$account.get().settings?.uiSessionTimeout).toBe(7);
    client.dispose();
  });

  it('given an identity provider that comes back with an identity, then start() signs in with it', async () => {
    const client = createPortalClient({
      apiBase: 'http://portal.test',
      fetch,
      storage: {},
      navigate: () => {},
      crossTab: quietTabs,
    });
    const signIn = vi.spyOn(client.session, 'signIn').mockResolvedValue({ kind: 'signed-in' });
    const identity = { idToken: 'a.b.c', oid: 'o', tid: 't', upn: 'a@b.c' };
    expect(
      await client.start({
        kind: 'msal',
        initialize: async () => identity,
        signIn: async () => null,
        signOut: async () => undefined,
      }),
    ).toEqual({ kind: 'signed-in' });
    expect(signIn).toHaveBeenCalledWith(identity);
    client.dispose();
  });

  it("given the identity provider fails on start, then 'Authentication error' and /login", async () => {
    const routes: string[] = [];
    const client = createPortalClient({
      apiBase: 'http://portal.test',
      fetch,
      storage: {},
      navigate: (p) => routes.push(p),
      crossTab: quietTabs,
    });
    const failing = {
      kind: 'msal' as const,
      initialize: () => Promise.reject(new Error('invalid_grant: code expired')),
      signIn: async () => null,
      signOut: async () => undefined,
    };
    expect(await client.start(failing)).toBe(false);
    expect(client.toasts.$toasts.get()[0]).toMatchObject({
      title: 'Authentication error',
      text: 'Unable to identify user: invalid_grant: code expired',
      kind: 'error',
    });
    expect(routes).toEqual(['/login']);
    client.dispose();
  });

  it('given a message catalogue, when the identity provider fails on start, then the toast is in its language', async () => {
    const messages = {
      'signIn.toast.authenticationError': 'Authentifizierungsfehler',
      'signIn.toast.unableToIdentify': 'Benutzer nicht erkannt: {reason}',
    };
    const client = createPortalClient({
      apiBase: 'http://portal.test',
      fetch,
      storage: {},
      navigate: () => {},
      crossTab: quietTabs,
      messages,
    });
    const failing = {
      kind: 'msal' as const,
      initialize: () => Promise.reject(new Error('invalid_grant')),
      signIn: async () => null,
      signOut: async () => undefined,
    };
    await client.start(failing);
    expect(client.toasts.$toasts.get()[0]).toMatchObject({
      title: 'Authentifizierungsfehler',
      text: 'Benutzer nicht erkannt: invalid_grant',
    });
    client.dispose();
  });
});

describe('the assistant chat on the client (spec §5 dataset availability)', () => {
  const api = (utype: string[], licenses: unknown[]) => async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/auth/refresh-token')
      return json(200, {
        access_token: appTokenFor({ sub: 'u', tid: 't', utype }),
      });
    if (path.endsWith('/api/account')) return json(200, { id: 'u', upn: 'a@b.c', newTenant: false });
    if (path.endsWith('/api/whois'))
      return json(200, {
        currentTenant: { id: 't', displayName: 'T' },
        upn: 'a@b.c',
        canManageSettings: false,
        forceEula: false,
        canAcceptEula: true,
      });
    if (path.endsWith('/services/api-portal-customer/api'))
      return json(200, { productName: 'Cloud Portal', uiSessionTimeout: 30 });
    if (path.endsWith('/api/license/activated')) return json(200, licenses);
    if (path.endsWith('/api/chat/restore')) return json(200, null);
    if (path.endsWith('/api/chat/create'))
      return json(200, {
        chatId: 'c1',
        chat_dataset: 'azure',
        chat_cost: 0,
        chat_cost_currency: 'USD',
        response: 'Hello',
      });
    return json(404, {});
  };
  const signedIn = async (utype: string[], licenses: unknown[]) => {
    const client = createPortalClient({
      apiBase: 'http://portal.test',
      fetch: api(utype, licenses),
      storage: {},
      navigate: () => {},
      crossTab: quietTabs,
    });
    await client.start();
    await vi.waitFor(() => expect(client.account.$account.get().status).toBe('loaded'), BUSY_MACHINE_WAIT);
    return client;
  };

  it('given an ARM tenant with an active azure licence, then the chat opens on azure', async () => {
    const client = await signedIn(
      ['ARM'],
      [{ licenseKey: 'K', licenseModule: 'azure', licenseSku: 'essentials', active: true, activatedAt: null }],
    );
    await portalChat(client).open();
    expect(portalChat(client).$chat.get()).toMatchObject({
      status: 'ready',
      chatId: 'c1',
      dataset: 'azure',
      notEnabled: false,
    });
    client.dispose();
  });

  it('given no active licence, then the assistant is not enabled and nothing is created', async () => {
    const client = await signedIn(
      ['EA'],
      [{ licenseKey: 'K', licenseModule: 'azure', licenseSku: 'core', active: false, activatedAt: null }],
    );
    await portalChat(client).open();
    expect(portalChat(client).$chat.get()).toMatchObject({ notEnabled: true, chatId: null });
    client.dispose();
  });
});

describe('client parts (created on first use)', () => {
  it('given one client, when a part is asked for twice, then it is made once; another client gets its own', async () => {
    const { clientPart } = await import('./parts');
    const a = createPortalClient({ storage: {} });
    const b = createPortalClient({ storage: {} });
    const make = vi.fn((client: unknown) => ({ client }));
    expect(clientPart(a, make)).toBe(clientPart(a, make));
    expect(clientPart(b, make)).not.toBe(clientPart(a, make));
    expect(make).toHaveBeenCalledTimes(2);
    expect(portalChat(a)).toBe(portalChat(a));
    a.dispose();
    b.dispose();
  });
});

describe('the parts of a client are one per client', () => {
  it('given one client, then portalChatApi, reportApis and portalSearch answer the same object each time', async () => {
    const { portalChatApi, portalSearch } = await import('../stores');
    const { reportApis } = await import('../embed/apis');
    const client = createPortalClient({ storage: {} });
    expect(portalChatApi(client)).toBe(portalChatApi(client));
    expect(reportApis(client)).toBe(reportApis(client));
    expect(portalSearch(client)).toBe(portalSearch(client));
    client.dispose();
  });
});

describe('the active locale (issue 24 §2)', () => {
  /** A browser's local storage, kept between the clients of one test. */
  function localStorageOf(data = new Map<string, string>()): Storage {
    return {
      get length() {
        return data.size;
      },
      key: (i) => [...data.keys()][i] ?? null,
      getItem: (k) => data.get(k) ?? null,
      setItem: (k, v) => void data.set(k, String(v)),
      removeItem: (k) => void data.delete(k),
      clear: () => data.clear(),
    };
  }

  it("given the requested locale 'de-AT', when the client starts, then German becomes active and the client's t answers in German", async () => {
    const client = createPortalClient({ locale: 'de-AT', storage: {} });
    const { t } = client;
    expect(client.$locale.get()).toBe('en');
    await vi.waitFor(() => expect(client.$locale.get()).toBe('de'), BUSY_MACHINE_WAIT);
    expect(client.t).toBe(t);
    expect(t('common.cancel')).toBe('Abbrechen');
    client.dispose();
  });

  it('given a partner catalogue, then its texts show over German and the rest is German', async () => {
    const client = createPortalClient({ locale: 'de', messages: { 'common.ok': 'Alles klar' }, storage: {} });
    await vi.waitFor(() => expect(client.$locale.get()).toBe('de'), BUSY_MACHINE_WAIT);
    expect(client.t('common.ok')).toBe('Alles klar');
    expect(client.t('common.close')).toBe('Schließen');
    client.dispose();
  });

  it("given the user's choice, when a new client starts on the same storage, then it starts in the chosen locale", async () => {
    const localStorage = localStorageOf();
    const first = createPortalClient({ storage: { localStorage } });
    await expect(first.setLocale('de')).resolves.toBe('de');
    first.dispose();
    const next = createPortalClient({ storage: { localStorage } });
    expect(next.chosenLocale()).toBe('de');
    await vi.waitFor(() => expect(next.$locale.get()).toBe('de'), BUSY_MACHINE_WAIT);
    await expect(next.requestLocale('en')).resolves.toBe('en');
    expect(next.chosenLocale()).toBe('de');
    next.dispose();
  });
});
