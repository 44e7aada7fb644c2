import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthApi } from './auth';
import { EARLY_REFRESH_MAX_AGE_MS, earlyRefreshUrl, REFRESH_LOCK, startEarlyRefresh } from './earlyRefresh';
import { createHttp } from './http';

const tokenAnswer = (token: string) =>
  new Response(JSON.stringify({ access_token: token, whois: { upn: 'ada@contoso.example' } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** The page's fetch (the early request) and the client's fetch, one counter of refresh requests. */
function portal(base: string) {
  let issued = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    expect(String(input)).toBe(`${base}/api/auth/refresh-token?include=session`);
    return tokenAnswer(`token-${++issued}`);
  });
  vi.stubGlobal('fetch', fetch);
  const auth = createAuthApi(createHttp({ baseUrl: base, fetch }));
  return { fetch, auth };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the resuming refresh asked early by an element (issue 42 §3)', () => {
  it('given an element asked it while its view loaded, when the client resumes, then it takes that answer and asks nothing more; a later resume asks again', async () => {
    const { fetch, auth } = portal('https://a.example');
    startEarlyRefresh('https://a.example/');
    startEarlyRefresh(' https://a.example '); // a second element of the page: the same request
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await auth.refreshToken(true)).toMatchObject({
      access_token: 'token-1',
      whois: { upn: 'ada@contoso.example' },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await auth.refreshToken(true)).toMatchObject({ access_token: 'token-2' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('given an early answer, then a refresh without the session bundle (the timer) does not take it', async () => {
    const { fetch, auth } = portal('https://b.example');
    startEarlyRefresh('https://b.example');
    fetch.mockImplementationOnce(async (input) => {
      expect(String(input)).toBe('https://b.example/api/auth/refresh-token');
      return tokenAnswer('plain');
    });
    expect(await auth.refreshToken(false)).toMatchObject({ access_token: 'plain' });
    expect(await auth.refreshToken(true)).toMatchObject({ access_token: 'token-1' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('given the early request failed (no network), when the client resumes, then it asks itself', async () => {
    const { fetch, auth } = portal('https://c.example');
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    startEarlyRefresh('https://c.example');
    expect(await auth.refreshToken(true)).toMatchObject({ access_token: 'token-1' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it(`given an early answer older than ${EARLY_REFRESH_MAX_AGE_MS / 1000} s, then the client asks again`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { fetch, auth } = portal('https://d.example');
    startEarlyRefresh('https://d.example');
    vi.setSystemTime(Date.now() + EARLY_REFRESH_MAX_AGE_MS + 1);
    expect(await auth.refreshToken(true)).toMatchObject({ access_token: 'token-2' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks under the refresh lock every tab takes (the refresh cookie is spent on first use)', async () => {
    portal('https://e.example');
    const request = vi.fn((_name: string, run: () => Promise<Response>) => run());
    vi.stubGlobal('navigator', { locks: { request } });
    startEarlyRefresh('https://e.example');
    expect(request).toHaveBeenCalledWith(REFRESH_LOCK, expect.any(Function));
  });

  it("names the page's own origin without a base", () => {
    expect(earlyRefreshUrl('')).toBe('/api/auth/refresh-token?include=session');
  });
});
