import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountOfU1, appTokenFor, jsonResponse, quietTabs } from '../client/client.fixtures';
import { createPortalClient } from '../client/createPortalClient';
import { createAuthApi } from './auth';
import { EARLY_REFRESH_MAX_AGE_MS, earlyPages, earlyRefreshUrl, REFRESH_LOCK, startEarlyRefresh } from './earlyRefresh';
import { createHttp } from './http';

/** The portal's edge: every refresh answers a new token (with the account when asked for the session); counted. */
function portal(base: string) {
  const refreshes: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (!url.startsWith(`${base}/api/auth/refresh-token`)) return jsonResponse(404, { message: 'not here' });
    refreshes.push(url);
    return jsonResponse(200, {
      access_token: `${appTokenFor()}-${refreshes.length}`,
      ...(new URL(url, 'https://x.example').searchParams.get('include')?.startsWith('session')
        ? { account: accountOfU1 }
        : {}),
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, refreshes, auth: createAuthApi(createHttp({ baseUrl: base, fetch })) };
}

/** Web Locks as the browser runs them: one holder per name at a time, the others in line, granted in a later task. */
function webLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const granted = () => new Promise((resolve) => setTimeout(resolve, 0));
  const request = vi.fn(<T>(name: string, run: () => Promise<T>): Promise<T> => {
    const held = (tails.get(name) ?? Promise.resolve()).then(granted).then(run);
    tails.set(
      name,
      held.catch(() => undefined),
    );
    return held;
  });
  vi.stubGlobal('navigator', { locks: { request } });
  return { request, lock: <T>(name: string, run: () => Promise<T>) => request(name, run) as Promise<T> };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const tokenNumber = (answer: { access_token: string } | null | undefined) => answer?.access_token.split('-').at(-1);

describe('the resuming refresh asked early by an element (issue 42 §3)', () => {
  it('given an element asked it while its view loaded, then the session takes that answer once; a second element of the page asks nothing more', async () => {
    const { refreshes, auth } = portal('https://a.example');
    startEarlyRefresh('https://a.example/');
    startEarlyRefresh(' https://a.example ');
    await Promise.resolve();
    expect(refreshes).toEqual(['https://a.example/api/auth/refresh-token?include=session']);
    expect(await auth.earlyResume()).toMatchObject({ account: { upn: 'ada@contoso.example' } });
    expect(auth.earlyResume()).toBeUndefined();
  });

  it('given an early answer, then the refreshes the session asks itself never take it', async () => {
    const { refreshes, auth } = portal('https://b.example');
    startEarlyRefresh('https://b.example');
    await Promise.resolve();
    expect(tokenNumber(await auth.refreshToken(false))).toBe('2');
    expect(tokenNumber(await auth.refreshToken(true))).toBe('3');
    expect(tokenNumber(await auth.earlyResume())).toBe('1');
    expect(refreshes).toHaveLength(3);
  });

  it('given the early request failed (no network), then there is nothing to take: the session asks itself', async () => {
    const { fetch, auth } = portal('https://c.example');
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    startEarlyRefresh('https://c.example');
    expect(await auth.earlyResume()).toBeUndefined();
  });

  it(`given an early answer older than ${EARLY_REFRESH_MAX_AGE_MS / 1000} s, then it is not taken`, () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { auth } = portal('https://d.example');
    startEarlyRefresh('https://d.example');
    vi.setSystemTime(Date.now() + EARLY_REFRESH_MAX_AGE_MS + 1);
    expect(auth.earlyResume()).toBeUndefined();
  });

  it('asks under the refresh lock every tab takes (the refresh cookie is spent on first use)', async () => {
    portal('https://e.example');
    const { request } = webLocks();
    startEarlyRefresh('https://e.example');
    await Promise.resolve();
    expect(request).toHaveBeenCalledWith(REFRESH_LOCK, expect.any(Function));
  });

  it("names the page's own origin without a base", () => {
    expect(earlyRefreshUrl('')).toBe('/api/auth/refresh-token');
  });

  it('given two <cp-page>s connected in one task, then the one refresh asks for the menu and both pages along', async () => {
    const { refreshes, auth } = portal('https://h.example');
    const second: { name?: string } = {};
    startEarlyRefresh('https://h.example', () => 'azure-budgets');
    startEarlyRefresh('https://h.example');
    startEarlyRefresh('https://h.example', () => second.name);
    startEarlyRefresh('https://h.example', () => 'azure-budgets');
    // Named after it asked, within the task (an element made by script gets its attributes then).
    second.name = 'azure-alerts';
    await auth.earlyResume();
    expect(refreshes).toEqual([
      'https://h.example/api/auth/refresh-token?include=session%2Cmenu&page=azure-budgets&page=azure-alerts',
    ]);
  });

  it('given an element that shows no page, then the refresh asks for the session bundle only', async () => {
    const { refreshes, auth } = portal('https://i.example');
    startEarlyRefresh('https://i.example', () => undefined);
    await auth.earlyResume();
    expect(refreshes).toEqual(['https://i.example/api/auth/refresh-token?include=session']);
  });
});

describe("the page descriptions of an early refresh, for a page's first script (issue 42 §2)", () => {
  const subscriptions = {
    id: 'azure-subscriptions',
    type: 'ui',
    contents: [],
    componentClass: 'azure-subscriptions',
    reportId: null,
    pbiReportPageFilter: [],
    assistanceSrc: null,
    error: null,
  };
  /** The portal's edge answering the refresh with the page bundle (or `status`). */
  function pagesPortal(base: string, status = 200) {
    const fetch = vi.fn(async () =>
      status === 200
        ? jsonResponse(200, {
            access_token: appTokenFor(),
            account: accountOfU1,
            menu: [],
            pages: { 'azure-subscriptions': subscriptions },
          })
        : jsonResponse(status, { message: 'no' }),
    );
    vi.stubGlobal('fetch', fetch);
    return createAuthApi(createHttp({ baseUrl: base, fetch }));
  }

  it("given the route's page was asked along, then its description is read, and the session still takes the whole answer", async () => {
    const auth = pagesPortal('https://p.example');
    startEarlyRefresh('https://p.example', () => 'azure-subscriptions');
    const pages = earlyPages('https://p.example');
    expect(await pages).toEqual({ 'azure-subscriptions': subscriptions });
    expect(await auth.earlyResume()).toMatchObject({
      account: { upn: 'ada@contoso.example' },
      pages: { 'azure-subscriptions': subscriptions },
    });
  });

  it('given no early refresh, or one that was refused, then there are no pages', async () => {
    expect(await earlyPages('https://none.example')).toEqual({});
    pagesPortal('https://q.example', 401);
    startEarlyRefresh('https://q.example', () => 'azure-subscriptions');
    expect(await earlyPages('https://q.example')).toEqual({});
  });
});

describe('a client resuming beside an early refresh (issue 42 §3)', () => {
  it('given an element asked early, when the client resumes, then it is signed in by that answer: one refresh', async () => {
    const { refreshes } = portal('https://f.example');
    const { lock } = webLocks();
    startEarlyRefresh('https://f.example');
    const client = createPortalClient({ apiBase: 'https://f.example', crossTab: { ...quietTabs, lock } });
    expect(await client.start()).toBe(true);
    expect(client.session.$session.get()).toMatchObject({
      status: 'authenticated',
      identity: { upn: 'ada@contoso.example' },
    });
    expect(refreshes).toHaveLength(1);
    client.dispose();
  });

  it('given the client asked for the lock before an element asked early, then both finish, one after the other: no deadlock', async () => {
    const { refreshes } = portal('https://g.example');
    const { request } = webLocks();
    // The element connects while the client's refresh waits for the lock: its request is in line behind.
    const lock = <T>(name: string, run: () => Promise<T>) => {
      const held = request(name, run) as Promise<T>;
      if (request.mock.calls.length === 1) startEarlyRefresh('https://g.example');
      return held;
    };
    const client = createPortalClient({ apiBase: 'https://g.example', crossTab: { ...quietTabs, lock } });
    expect(await client.start()).toBe(true);
    await vi.waitFor(() => expect(refreshes).toHaveLength(2));
    expect(client.session.$session.get().status).toBe('authenticated');
    client.dispose();
  });
});
