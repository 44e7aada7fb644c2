/**
 * The portal API at the network edge, for component tests and stories: a `fetch` that answers
 * `METHOD /path` from a table, like the reference server would, and records what was asked.
 * Our own code (http helper, session engine, stores) runs for real on top of it.
 */
import { PSEUDO_LOCALE } from '@cloudportal/core';

/** A response: a status and a JSON body or text (the terms HTML), optionally late. */
export interface FakeResponse {
  status?: number;
  json?: unknown;
  text?: string;
  /** A binary body (a stored file's content). */
  blob?: Blob;
  /** Server-sent events as they are written (`text/event-stream`). */
  stream?: ReadableStream<Uint8Array>;
  delayMs?: number;
  /** Answers once this settles: a test holds a response open for as long as it looks at the wait. */
  until?: Promise<unknown>;
}

/** An answer: a response, or a function of the request that gives one. */
export type FakeAnswer =
  FakeResponse | ((request: { body: unknown; headers: Headers; url: URL; signal?: AbortSignal }) => FakeResponse);

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An app token the session engine can read (the browser never checks its signature). */
export function fakeAppToken(claims: Record<string, unknown> = {}, ttlSeconds = 900): string {
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'user-1', tid: 'tenant-1', personas: ['Finance'], features: ['billing'], utype: ['ARM'], d: false, exp: Math.floor(Date.now() / 1000) + ttlSeconds, ...claims })}.signature`;
}

/** An identity token of a demo account. */
export function fakeIdToken(upn: string, tid = 'tenant-1'): string {
  return `${b64({ alg: 'RS256' })}.${b64({ oid: `oid-${upn}`, tid, preferred_username: upn })}.signature`;
}

const PORTAL = '/services/api-portal-customer';

// spec §7
/** Who-is of Contoso's admin ada; `over` changes fields (e.g. `canManageSettings`). */
export function whoisAnswer(over: Record<string, unknown> = {}): FakeResponse {
  return {
    json: {
      currentTenant: { id: 'tenant-1', displayName: 'Contoso Ltd' },
      upn: 'ada@contoso.example',
      canManageSettings: true,
      forceEula: false,
      canAcceptEula: true,
      ...over,
    },
  };
}

// spec §7
/** The tenant's settings (`GET …/api`) with the server's defaults; `over` adds or changes fields. */
export function settingsAnswer(over: Record<string, unknown> = {}): FakeResponse {
  return {
    json: {
      productName: 'Cloud Portal',
      productVersion: '2.0.1',
      eula: '/api/public/eula',
      uiSessionTimeout: 30,
      plgDisabled: false,
      ...over,
    },
  };
}

/** The answers of a signed-in Contoso admin; override any route. */
export function signedInRoutes(over: Record<string, FakeAnswer> = {}): Record<string, FakeAnswer> {
  return {
    // A fresh token per refresh, as the server mints one: the same token again would already be
    // inside the refresh lead.
    'POST /api/auth/refresh-token': () => ({ json: { access_token: fakeAppToken() } }),
    'POST /api/auth/logout': { status: 204 },
    'POST /services/audit/api/audit/event': { status: 202, json: { recorded: true } },
    'POST /services/audit/api/keepalive': { json: { serverTime: new Date(0).toISOString() } },
    [`GET ${PORTAL}/api/account`]: {
      json: {
        id: 'user-1',
        upn: 'ada@contoso.example',
        displayName: 'Ada Lovelace',
        role: 'ADMIN',
        types: ['ARM'],
        currency: 'USD',
        newTenant: false,
        tenantId: 'tenant-1',
        personas: ['Finance'],
        features: ['billing'],
      },
    },
    [`GET ${PORTAL}/api/whois`]: whoisAnswer(),
    [`GET ${PORTAL}/api`]: settingsAnswer(),
    [`GET ${PORTAL}/api/license/activated`]: {
      json: [
        {
          licenseKey: 'CONTOSO-AZURE-ESSENTIALS',
          licenseModule: 'azure',
          licenseSku: 'essentials',
          active: true,
          activatedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    },
    'GET /api/public/eula': {
      text: '<!doctype html><html><body><h1>Terms and Conditions</h1><p>Use the portal for your organisation only.</p></body></html>',
    },
    ...over,
  };
}

/** A fetch over the table; unknown routes answer 404 like the server. `calls` lists `METHOD /path`. */
export function fakeApi(routes: Record<string, FakeAnswer>): typeof fetch & { calls: string[] } {
  const calls: string[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    calls.push(key);
    const route = routes[key];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const signal = init.signal ?? undefined;
    const answer =
      typeof route === 'function' ? route({ body, headers: new Headers(init.headers), url, signal }) : route;
    if (!answer)
      return new Response(JSON.stringify({ error: 'Not Found', message: `Route ${key} not found` }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (answer.until) await answer.until;
    if (answer.stream)
      return new Response(answer.stream, {
        status: answer.status ?? 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8' },
      });
    // Its bytes: a jsdom Blob is not the Blob the fetch Response takes.
    if (answer.blob)
      return new Response(await answer.blob.arrayBuffer(), {
        status: answer.status ?? 200,
        headers: { 'content-type': answer.blob.type || 'application/octet-stream' },
      });
    if (answer.text !== undefined)
      return new Response(answer.text, { status: answer.status ?? 200, headers: { 'content-type': 'text/html' } });
    if (answer.json === undefined) return new Response(null, { status: answer.status ?? 204 });
    return new Response(JSON.stringify(answer.json), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return Object.assign(fetchImpl, { calls });
}

/** A cross-tab channel and lock that keep a test's or story's client to itself. */
export const isolatedTabs = {
  channel: { post() {}, subscribe: () => () => {}, close() {} },
  lock: <T>(_name: string, fn: () => Promise<T>) => fn(),
};

/**
 * An answer whose texts follow the request's locale, as the reference server's do (its
 * `Accept-Language`): in the pseudo-locale its JSON goes through `pseudo` (the fake's shown texts
 * pseudo-localized, so the pseudo-locale sweep sees them come through the server's catalogue); in
 * any other locale, and for a refusal, it is as configured (the fixtures' English).
 */
export function inRequestLocale(answer: FakeAnswer, pseudo: (json: unknown) => unknown): FakeAnswer {
  return (request) => {
    const response = typeof answer === 'function' ? answer(request) : answer;
    const locale = request.headers.get('accept-language')?.split(',')[0]?.trim();
    if (locale !== PSEUDO_LOCALE || response.json === undefined || (response.status ?? 200) >= 400) return response;
    return { ...response, json: pseudo(response.json) };
  };
}
