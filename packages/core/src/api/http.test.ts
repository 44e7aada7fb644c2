import { describe, expect, it, vi } from 'vitest';
import { ApiError, isApiError } from './errors';
import { graphql, GraphQLError } from './graphql';
import { createHttp, normalizeApiBase, SERVICE } from './http';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function edge(handler: Handler = () => new Response(null, { status: 204 })) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(new URL(String(input)), init),
  );
  return fetch;
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('http helper', () => {
  it('builds URLs from the base URL, the service base, the optional prefix and repeated query keys', () => {
    const http = createHttp({ baseUrl: 'https://portal.example/', prefix: '/v2/' });
    expect(
      http.url(http.service(SERVICE.portal, '/api/portal/menu'), {
        personas: ['Finance', 'IT'],
        preview: false,
        skip: undefined,
      }),
    ).toBe(
      'https://portal.example/services/api-portal-customer/v2/api/portal/menu?personas=Finance&personas=IT&preview=false',
    );
    expect(createHttp().url('/api/x')).toBe('/api/x');
  });

  it("normalises an API base in one place: no trailing slashes or surrounding spaces, empty for the page's own origin", () => {
    expect(normalizeApiBase('https://portal.example/')).toBe('https://portal.example');
    expect(normalizeApiBase('  https://portal.example/base//  ')).toBe('https://portal.example/base');
    expect(normalizeApiBase('/')).toBe('');
    expect(normalizeApiBase(undefined)).toBe('');
    expect(normalizeApiBase('')).toBe('');
  });

  it("sends the client's active locale as Accept-Language, so the server's texts follow it (issue 24 §2)", async () => {
    const fetch = edge(() => json(200, {}));
    let locale = 'de';
    const http = createHttp({ baseUrl: 'https://portal.example', fetch, getLocale: () => locale });
    await http.request('GET', '/api/x');
    locale = 'en';
    await http.request('GET', '/api/x', { headers: { 'Accept-Language': 'fr' } });
    await http.request('GET', '/api/x');
    const sent = fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('accept-language'));
    expect(sent).toEqual(['de', 'fr', 'en']);
  });

  it('sends the app token as a bearer token unless the call opts out, and cookies only where asked', async () => {
    const fetch = edge();
    const http = createHttp({ baseUrl: 'http://a.test', fetch, getAppToken: () => 'T' });
    await http.request('GET', '/one', { responseType: 'none' });
    await http.request('POST', '/two', {
      auth: false,
      credentials: true,
      responseType: 'none',
      headers: { 'X-Authorization': 'Bearer id' },
    });
    const [first, second] = fetch.mock.calls.map((c) => c[1]!);
    expect(new Headers(first!.headers).get('Authorization')).toBe('Bearer T');
    expect(first!.credentials).toBe('same-origin');
    expect(new Headers(second!.headers).get('Authorization')).toBeNull();
    expect(new Headers(second!.headers).get('X-Authorization')).toBe('Bearer id');
    expect(second!.credentials).toBe('include');
  });

  it('sends JSON bodies with their content type and multipart bodies as FormData', async () => {
    const fetch = edge();
    const http = createHttp({ baseUrl: 'http://a.test', fetch });
    await http.request('POST', '/j', { json: { a: 1 }, responseType: 'none' });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await http.request('POST', '/f', { form, responseType: 'none' });
    expect(fetch.mock.calls[0]![1]!.body).toBe('{"a":1}');
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('Content-Type')).toBe('application/json');
    expect(fetch.mock.calls[1]![1]!.body).toBe(form);
  });

  it('reads JSON, text and blob answers; an empty body reads as undefined', async () => {
    const http = createHttp({
      baseUrl: 'http://a.test',
      fetch: edge((url) =>
        url.pathname === '/json'
          ? json(200, { ok: true })
          : url.pathname === '/empty'
            ? new Response('', { status: 200 })
            : new Response('hello', { status: 200, headers: { 'content-type': 'image/png' } }),
      ),
    });
    expect(await http.request('GET', '/json')).toEqual({ ok: true });
    expect(await http.request('GET', '/empty')).toBeUndefined();
    expect(await http.request('GET', '/text', { responseType: 'text' })).toBe('hello');
    const blob = await http.request<Blob>('GET', '/blob', { responseType: 'blob' });
    expect(blob.type).toBe('image/png');
    expect(await blob.text()).toBe('hello');
  });

  it('turns a non-2xx answer into an ApiError with the status, the parsed body and the server message', async () => {
    const http = createHttp({
      baseUrl: 'http://a.test',
      fetch: edge(() => json(409, { error: 'Conflict', message: 'Permission not granted' })),
    });
    const error = await http.request('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      body: { message: 'Permission not granted' },
      message: 'Permission not granted',
    });
    expect(isApiError(error, 409)).toBe(true);
    expect(isApiError(error, 423)).toBe(false);
  });

  it('returns statuses the call accepts (the sign-in 300) with their body', async () => {
    const http = createHttp({ baseUrl: 'http://a.test', fetch: edge(() => json(300, { access_token: 't' })) });
    expect(await http.exchange('POST', '/login', { acceptStatus: [300] })).toEqual({
      status: 300,
      body: { access_token: 't' },
    });
  });

  it('given a 401 with a token, then one refresh and one retry with the new token', async () => {
    let token = 'old';
    const fetch = edge((_url, init) =>
      new Headers(init.headers).get('Authorization') === 'Bearer new' ? json(200, { ok: 1 }) : json(401, {}),
    );
    const onAuthFailed = vi.fn();
    const http = createHttp({
      baseUrl: 'http://a.test',
      fetch,
      getAppToken: () => token,
      onUnauthorized: async () => ((token = 'new'), true),
      onAuthFailed,
    });
    expect(await http.request('GET', '/x')).toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onAuthFailed).not.toHaveBeenCalled();
  });

  it('given a 401 that survives the refresh, then the session is reported over and the 401 is thrown', async () => {
    const fetch = edge(() => json(401, { message: 'The app token has expired.' }));
    const onAuthFailed = vi.fn();
    const onUnauthorized = vi.fn(async () => true);
    const http = createHttp({ baseUrl: 'http://a.test', fetch, getAppToken: () => 't', onUnauthorized, onAuthFailed });
    await expect(http.request('GET', '/x')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onAuthFailed).toHaveBeenCalledTimes(1);
  });

  it('given a 401 on an anonymous call, then nothing is refreshed', async () => {
    const onUnauthorized = vi.fn(async () => true);
    const http = createHttp({ baseUrl: 'http://a.test', fetch: edge(() => json(401, {})), onUnauthorized });
    await expect(http.request('POST', '/api/auth/refresh-token', { auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('graphql()', () => {
  it('posts the query and variables to the bookmarks endpoint and returns data', async () => {
    const fetch = edge(() => json(200, { data: { getPbiBookmarks: [] } }));
    const http = createHttp({ baseUrl: 'http://a.test', fetch });
    expect(await graphql(http, 'query { getPbiBookmarks { entryId } }', { a: 1 })).toEqual({ getPbiBookmarks: [] });
    expect(String(fetch.mock.calls[0]![0])).toBe('http://a.test/services/api-portal-customer/graphql');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      query: 'query { getPbiBookmarks { entryId } }',
      variables: { a: 1 },
    });
  });

  it('throws a GraphQLError carrying the messages when the answer has errors', async () => {
    const http = createHttp({
      baseUrl: 'http://a.test',
      fetch: edge(() => json(200, { errors: [{ message: 'Unknown field' }, { message: 'Second' }] })),
    });
    const error = await graphql(http, '{ x }').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).message).toBe('Unknown field; Second');
  });
});

describe('a read the server could not answer for a moment (issue 39 §2)', () => {
  const outage = () => json(503, { error: 'Service Unavailable', message: 'down' }, { 'Retry-After': '2' });

  it('given a GET answered 503 with Retry-After, then it is asked once more after the pause, and that answer counts', async () => {
    vi.useFakeTimers();
    try {
      const answers = [outage(), json(200, { ok: true })];
      const fetch = edge(() => answers.shift()!);
      const result = createHttp({ baseUrl: 'https://portal.example', fetch }).request('GET', '/api/x');
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toEqual({ ok: true });
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('given the second answer is 503 too, then the read fails with it: once more, not forever', async () => {
    vi.useFakeTimers();
    try {
      const fetch = edge(outage);
      const result = createHttp({ baseUrl: 'https://portal.example', fetch }).request('GET', '/api/x');
      const failed = expect(result).rejects.toMatchObject({ status: 503 });
      await vi.advanceTimersByTimeAsync(2000);
      await failed;
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('given a write answered 503, then it fails at once with the server message: it is never sent twice', async () => {
    const fetch = edge(outage);
    await expect(
      createHttp({ baseUrl: 'https://portal.example', fetch }).request('POST', '/api/x', { json: {} }),
    ).rejects.toMatchObject({ status: 503 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
