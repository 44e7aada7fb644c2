import { ApiError } from './errors';
import { normalizeApiBase } from './apiBase';
import { readRetryDelayMs } from '../rules/readRetry';

export { normalizeApiBase };

/**
 * Query values: arrays repeat the key (`personas=A&personas=B`); undefined is left out.
 * @public
 */
export type QueryValue = string | number | boolean | readonly string[] | undefined;

/**
 * How the http helper reaches the portal API.
 * @public
 */
export interface HttpConfig {
  /** Origin (and path) of the API. @default '' (same origin) */
  baseUrl?: string;
  /** Optional path prefix inserted after a service base, e.g. `/v2` → `/services/api-portal-customer/v2/api/...`. */
  prefix?: string;
  /** The fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** The current app token, sent as `Authorization: Bearer …` on calls that need it. */
  getAppToken?: () => string | undefined;
  /** The client's active locale, sent as `Accept-Language` so the server's texts (CSV headers) follow it. */
  getLocale?: () => string | undefined;
  /**
   * Called once when a call with the app token answers 401. Resolve `true` when a new token was
   * obtained (the call is retried once), `false` to give up (the 401 is thrown).
   */
  onUnauthorized?: () => Promise<boolean>;
  /**
   * Called when a call with the app token still answers 401 after `onUnauthorized` (or when that
   * gave up): the session is over. The portal client logs out here (issue: one refresh, one retry,
   * then logout).
   */
  onAuthFailed?: () => void;
  /**
   * Whether calls that send cookies (`credentials`) do: false on a connected site's page, whose session is its
   * token provider's and whose origin the portal answers without credentials. @default true
   */
  cookies?: boolean;
}

/**
 * One call.
 * @public
 */
export interface RequestOptions {
  /** The query string's parameters: an array repeats the key, `undefined` is left out. */
  query?: Readonly<Record<string, QueryValue>>;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  /** Send the app token. @default true */
  auth?: boolean;
  /** Extra headers, e.g. `X-Authorization` or `X-MS-Token`. */
  headers?: Readonly<Record<string, string>>;
  // spec: where the spec says credentials are sent.
  /** Send cookies (`credentials: 'include'`): the refresh, logout, audit event and keepalive calls do. @default false */
  credentials?: boolean;
  /**
   * How to read a 2xx answer. `response`: not read — the `Response` itself, for a body read as it
   * arrives (the assistant's streamed answers). @default 'json' (an empty body reads as undefined)
   */
  responseType?: 'json' | 'blob' | 'text' | 'none' | 'response';
  /** Statuses outside 2xx that are answers, not errors (the sign-in call's 300). */
  acceptStatus?: readonly number[];
  /** Aborts the call. */
  signal?: AbortSignal;
  /**
   * This request's answer, asked for already (the early resuming refresh, `earlyRefresh.ts`): read
   * instead of sending; when it resolves undefined (it failed) the request is sent.
   */
  early?: Promise<Response | undefined>;
}

/**
 * A response whose status the caller must see (see `acceptStatus`).
 * @public
 */
export interface HttpResult<T> {
  /** The answer's HTTP status. */
  status: number;
  /** The answer's body, read as the call asked. */
  body: T;
}

// spec §7
/** The service bases. */
export const SERVICE = {
  portal: '/services/api-portal-customer',
  audit: '/services/audit',
  chatbot: '/services/ai-chatbot',
} as const;

/**
 * The http helper every typed API function is written over.
 * @public
 */
export interface Http {
  /** Builds the full URL of `path` (which starts with `/`). */
  url(path: string, query?: RequestOptions['query']): string;
  /** A service path with the optional prefix: `service('/services/api-portal-customer', '/api/whois')`. */
  service(base: string, path: string): string;
  /** Sends a call and resolves its body; a status outside 2xx (and `acceptStatus`) rejects with an {@link ApiError}. */
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  /** Like `request` but also returns the status, for calls whose status is part of the answer. */
  exchange<T>(method: string, path: string, options?: RequestOptions): Promise<HttpResult<T>>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The HTTP helper every API call goes through: the base URL and optional prefix, the bearer token, `credentials: 'include'`, and an {@link ApiError} for every answer that is not 2xx.
 * @public
 */
export function createHttp(config: HttpConfig = {}): Http {
  const baseUrl = normalizeApiBase(config.baseUrl);
  const prefix = config.prefix ? `/${config.prefix.replace(/^\/+|\/+$/g, '')}` : '';
  const doFetch = config.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  function url(path: string, query?: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) params.append(key, v);
      else params.append(key, String(value));
    }
    const qs = params.toString();
    return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const headers = new Headers(options.headers);
    if (options.auth !== false) {
      const token = config.getAppToken?.();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.json);
    }
    if (!headers.has('Accept')) headers.set('Accept', options.responseType === 'blob' ? '*/*' : 'application/json');
    const locale = config.getLocale?.();
    if (locale && !headers.has('Accept-Language')) headers.set('Accept-Language', locale);
    return doFetch(url(path, options.query), {
      method,
      headers,
      body,
      credentials: options.credentials && config.cookies !== false ? 'include' : 'same-origin',
      signal: options.signal,
    });
  }

  async function exchange<T>(method: string, path: string, options: RequestOptions = {}): Promise<HttpResult<T>> {
    // No extra await when there is no early answer: a request is sent in the same tick as before.
    let response = (options.early && (await options.early)) || (await send(method, path, options));
    // One refresh and one retry on 401 (spec §4 / issue: "an API 401 triggers one refresh and one retry").
    if (response.status === 401 && options.auth !== false && config.getAppToken?.()) {
      if (config.onUnauthorized && (await config.onUnauthorized())) response = await send(method, path, options);
      if (response.status === 401) config.onAuthFailed?.();
    }
    // A read the server could not answer for a moment (503 with Retry-After: its database is
    // unavailable, or it is starting) is asked once more after that pause.
    const pause = response.status === 503 ? readRetryDelayMs(method, response.headers.get('Retry-After')) : null;
    if (pause !== null) {
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, pause));
      response = await send(method, path, options);
    }
    const accepted = response.ok || (options.acceptStatus ?? []).includes(response.status);
    if (!accepted) throw new ApiError(response.status, await readBody(response), response.headers);
    const type = options.responseType ?? 'json';
    if (type === 'response') return { status: response.status, body: response as T };
    if (type === 'blob') return { status: response.status, body: (await response.blob()) as T };
    if (type === 'text') return { status: response.status, body: (await response.text()) as T };
    if (type === 'none') {
      await response.body?.cancel();
      return { status: response.status, body: undefined as T };
    }
    return { status: response.status, body: ((await readBody(response)) ?? undefined) as T };
  }

  return {
    url,
    service: (base, path) => `${base}${prefix}${path}`,
    exchange,
    request: async <T>(method: string, path: string, options?: RequestOptions) =>
      (await exchange<T>(method, path, options)).body,
  };
}
