import type { EmbeddedReportPage } from '@cloudportal/core';
import type { PowerBiConfig } from '../config';

/**
 * A small client of the Power BI REST API for "app owns data" embedding: an app-only Microsoft
 * Entra ID token by client credentials, a report, its pages, and an embed token. Node's `fetch`
 * (injectable for tests); no SDK.
 */

/** The scope of an app-only token for the Power BI REST API (the commercial cloud). */
export const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/** An Entra token is reused until this long before it expires (5 minutes). */
export const ACCESS_TOKEN_MARGIN_MS = 5 * 60_000;
/** The time limit of one call to Entra ID or Power BI. */
export const DEFAULT_POWERBI_TIMEOUT_MS = 10_000;

/** A report as Power BI's `GET /v1.0/myorg/groups/{group}/reports/{report}` answers it (the fields used). */
export interface PowerBiReport {
  id: string;
  name: string;
  /** Power BI's embed URL (`https://app.powerbi.com/reportEmbed?reportId=…&groupId=…&w=2&config=…`). */
  embedUrl: string;
  /** The semantic model (dataset) the report reads; absent for some paginated reports. */
  datasetId?: string;
}

/** An embed token as Power BI's GenerateToken answers it. */
export interface PowerBiEmbedToken {
  token: string;
  tokenId: string;
  /** ISO 8601 (UTC). */
  expiration: string;
}

/** Which call failed: the Entra token, or one of the Power BI REST calls. */
export type PowerBiCall = 'token' | 'report' | 'pages' | 'generateToken';

/** What went wrong upstream, for the server's log only: never answered, never holding a secret or token. */
export interface PowerBiErrorDetail {
  call: PowerBiCall;
  /** The upstream HTTP status; absent when nothing was answered. */
  status?: number;
  /** Power BI's `error.code` or Entra's `error` (e.g. `PowerBINotAuthorizedException`, `invalid_client`). */
  code?: string;
  /** Power BI's `RequestId` header or Entra's `trace_id`, to quote to Microsoft support. */
  requestId?: string;
  /** The upstream message (Entra's `error_description`, Power BI's `error.message`), cut to 300 characters. */
  upstreamMessage?: string;
  /** `unreachable` (network failure), `timeout`, or `malformed` (an answer not of the documented form). */
  failure?: 'unreachable' | 'timeout' | 'malformed';
}

/**
 * A failure of Entra ID or Power BI, turned into a readable error for the caller: 502 (refused,
 * failed or malformed), 503 (unreachable or busy, with `retryAfter` seconds when known) or 504 (no
 * answer in time). `message` is safe to answer; `detail` is for the server's log.
 */
export class PowerBiError extends Error {
  override readonly name = 'PowerBiError';
  constructor(
    message: string,
    readonly statusCode: 502 | 503 | 504,
    readonly detail: PowerBiErrorDetail,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** The readable messages of PowerBiError (the upstream body is never passed on). */
export const POWERBI_MESSAGES = {
  signInRefused: (code: string) =>
    `Power BI sign-in failed: Microsoft Entra ID refused the server's credentials (${code}).`,
  signInFailed: (status: number) =>
    `Power BI sign-in failed: Microsoft Entra ID answered HTTP ${status}. Please try again later.`,
  signInUnreachable: 'Power BI sign-in failed: Microsoft Entra ID could not be reached. Please try again later.',
  refused: (code: string) => `Power BI refused the report: ${code}.`,
  notFound: (code: string) => `Power BI could not find the report: ${code}.`,
  badRequest: (code: string) => `Power BI could not serve the report: ${code}.`,
  busy: 'Power BI is busy right now (too many requests). Please try again in a minute.',
  failed: (status: number) => `Power BI is not available right now (HTTP ${status}). Please try again later.`,
  unreachable: 'Power BI could not be reached. Please try again later.',
  timeout: 'Power BI did not answer in time. Please try again later.',
  malformed: 'Power BI answered in an unexpected form. Please try again later.',
} as const;

/** The Power BI client `createPowerBiClient` answers. */
export interface PowerBiClient {
  /** An app-only Entra token for the Power BI REST API: cached until 5 minutes before it expires; concurrent callers share one request. */
  accessToken(): Promise<string>;
  /** `GET /v1.0/myorg/groups/{workspace}/reports/{report}`. */
  getReport(workspaceId: string, reportId: string): Promise<PowerBiReport>;
  /** `GET …/reports/{report}/pages`, in Power BI's order, as spec §3 pages: visibility 0, the first active. */
  getPages(workspaceId: string, reportId: string): Promise<EmbeddedReportPage[]>;
  /**
   * `POST /v1.0/myorg/GenerateToken` (GenerateTokenRequestV2) for viewing one report: `reports: [{id}]`
   * (no `allowEdit`: view only), `datasets: [{id}]` when the report has one, and `lifetimeInMinutes`.
   */
  generateToken(request: {
    reportId: string;
    datasetId?: string;
    lifetimeInMinutes: number;
  }): Promise<PowerBiEmbedToken>;
}

/** Options of `createPowerBiClient`. */
export interface PowerBiClientOptions {
  /** The time limit of each call. @default DEFAULT_POWERBI_TIMEOUT_MS */
  timeoutMs?: number;
  /** The clock, in epoch milliseconds. @default Date.now */
  now?: () => number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** An upstream code is shown only when it looks like one (it lands in a user-visible message). */
const safeCode = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[A-Za-z0-9_.-]{1,80}$/.test(value) ? value : undefined;
const cut = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value.slice(0, 300) : undefined;

function retryAfterOf(response: Response): number | undefined {
  const raw = response.headers.get('retry-after')?.trim();
  return raw && /^\d{1,5}$/.test(raw) ? Number(raw) : undefined;
}

/** One call as the client makes it: the answer and its whole text. */
type PowerBiCaller = (
  kind: PowerBiCall,
  url: string,
  init: RequestInit,
) => Promise<{ response: Response; text: string }>;

/** Owns the transport: each call's time limit; network failures and time-outs become PowerBiErrors. */
function createCaller(fetchImpl: typeof fetch, timeoutMs: number): PowerBiCaller {
  return async (kind, url, init) => {
    const unreachable = kind === 'token' ? POWERBI_MESSAGES.signInUnreachable : POWERBI_MESSAGES.unreachable;
    const fail = (error: unknown): never => {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new PowerBiError(POWERBI_MESSAGES.timeout, 504, { call: kind, failure: 'timeout' });
      throw new PowerBiError(unreachable, 503, { call: kind, failure: 'unreachable' });
    };
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      return fail(error);
    }
    try {
      return { response, text: await response.text() };
    } catch (error) {
      return fail(error);
    }
  };
}

/** A successful answer's JSON; a body that is not JSON is a malformed answer. */
function parseAnswer(kind: PowerBiCall, text: string, status?: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PowerBiError(POWERBI_MESSAGES.malformed, 502, { call: kind, status, failure: 'malformed' });
  }
}

/** A refusal's JSON, or `undefined` when it is not JSON. */
function parseRefusal(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A 200 answer not of the documented form. */
const malformed = (kind: PowerBiCall): never => {
  throw new PowerBiError(POWERBI_MESSAGES.malformed, 502, { call: kind, status: 200, failure: 'malformed' });
};

/** Owns Entra's refusals of the token request: the detail for the log and the status the caller sees. */
function entraRefusal(response: Response, text: string): PowerBiError {
  const answer = parseRefusal(text);
  const error = isRecord(answer) ? answer : {};
  const detail: PowerBiErrorDetail = {
    call: 'token',
    status: response.status,
    code: safeCode(error.error),
    requestId: safeCode(error.trace_id),
    upstreamMessage: cut(error.error_description),
  };
  if (response.status === 429 || response.status >= 500) {
    return new PowerBiError(
      POWERBI_MESSAGES.signInFailed(response.status),
      response.status === 429 ? 503 : 502,
      detail,
      retryAfterOf(response),
    );
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    return new PowerBiError(POWERBI_MESSAGES.signInRefused(detail.code ?? `HTTP ${response.status}`), 502, detail);
  }
  return new PowerBiError(POWERBI_MESSAGES.signInFailed(response.status), 502, detail);
}

/** The app-only Entra token as the REST calls use it. */
interface EntraTokenSource {
  accessToken(): Promise<string>;
  /** Drops the cached token when it is `token` (Power BI no longer accepts it). */
  forget(token: string): void;
}

/** Owns the app-only Entra token: client credentials, cached until 5 minutes before expiry, one request for concurrent callers. */
function createEntraTokenSource(config: PowerBiConfig, call: PowerBiCaller, now: () => number): EntraTokenSource {
  const tokenUrl = `${config.authorityHost}/${encodeURIComponent(config.tenantId)}/oauth2/v2.0/token`;
  let cached: { token: string; reuseUntil: number } | undefined;
  let pending: Promise<string> | undefined;

  async function requestAccessToken(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: config.clientId,
      client_secret: config.clientSecret,
      scope: POWERBI_SCOPE,
    });
    const started = now();
    const { response, text } = await call('token', tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: body.toString(),
    });
    if (!response.ok) throw entraRefusal(response, text);
    const answer = parseAnswer('token', text, response.status);
    const accessToken = isRecord(answer) ? answer.access_token : undefined;
    const expiresIn = isRecord(answer) ? Number(answer.expires_in) : Number.NaN;
    if (typeof accessToken !== 'string' || !accessToken || !Number.isFinite(expiresIn) || expiresIn <= 0) {
      throw new PowerBiError(POWERBI_MESSAGES.malformed, 502, {
        call: 'token',
        status: response.status,
        failure: 'malformed',
      });
    }
    // Counted from when the request left: the token may be older than its answer.
    const reuseUntil = started + expiresIn * 1000 - ACCESS_TOKEN_MARGIN_MS;
    cached = reuseUntil > now() ? { token: accessToken, reuseUntil } : undefined;
    return accessToken;
  }

  return {
    accessToken() {
      if (cached && cached.reuseUntil > now()) return Promise.resolve(cached.token);
      pending ??= requestAccessToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    forget(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

/** Owns Power BI's refusals of a REST call: the detail for the log and the readable error for the caller. */
function powerBiRefusal(kind: Exclude<PowerBiCall, 'token'>, response: Response, text: string): PowerBiError {
  const answer = parseRefusal(text);
  const error = isRecord(answer) && isRecord(answer.error) ? answer.error : {};
  const detail: PowerBiErrorDetail = {
    call: kind,
    status: response.status,
    code: safeCode(error.code),
    requestId: safeCode(response.headers.get('requestid') ?? response.headers.get('x-ms-request-id')),
    upstreamMessage: cut(error.message),
  };
  const code = detail.code ?? `HTTP ${response.status}`;
  if (response.status === 401 || response.status === 403)
    return new PowerBiError(POWERBI_MESSAGES.refused(code), 502, detail);
  if (response.status === 404) return new PowerBiError(POWERBI_MESSAGES.notFound(code), 502, detail);
  if (response.status === 429) return new PowerBiError(POWERBI_MESSAGES.busy, 503, detail, retryAfterOf(response));
  if (response.status >= 500) return new PowerBiError(POWERBI_MESSAGES.failed(response.status), 502, detail);
  return new PowerBiError(POWERBI_MESSAGES.badRequest(code), 502, detail);
}

/** Owns the report answer's check: an https embed URL, the dataset when there is one. */
function readReport(answer: unknown): PowerBiReport {
  if (!isRecord(answer) || typeof answer.id !== 'string' || typeof answer.embedUrl !== 'string')
    return malformed('report');
  let embedUrl: URL;
  try {
    embedUrl = new URL(answer.embedUrl);
  } catch {
    return malformed('report');
  }
  if (embedUrl.protocol !== 'https:') return malformed('report');
  return {
    id: answer.id,
    name: typeof answer.name === 'string' ? answer.name : '',
    embedUrl: embedUrl.href,
    ...(typeof answer.datasetId === 'string' && answer.datasetId ? { datasetId: answer.datasetId } : {}),
  };
}

/** Owns the pages answer's check and order: spec §3 pages, visibility 0, the first active. */
function readPages(answer: unknown): EmbeddedReportPage[] {
  const value = isRecord(answer) ? answer.value : undefined;
  if (!Array.isArray(value)) return malformed('pages');
  const pages = value.map((page: unknown, index) => {
    if (!isRecord(page) || typeof page.name !== 'string' || typeof page.displayName !== 'string')
      return malformed('pages');
    // Power BI's own sample answers `order` as a string ("0"); a missing one keeps the list's order.
    const order = Number(page.order);
    return { name: page.name, displayName: page.displayName, order: Number.isFinite(order) ? order : index, index };
  });
  pages.sort((a, b) => a.order - b.order || a.index - b.index);
  return pages.map((p, i): EmbeddedReportPage => ({
    name: p.name,
    displayName: p.displayName,
    visibility: 0,
    isActive: i === 0,
  }));
}

/** Owns the GenerateToken answer's check: a token and a parseable expiration, answered in ISO 8601 UTC. */
function readEmbedToken(answer: unknown): PowerBiEmbedToken {
  if (
    !isRecord(answer) ||
    typeof answer.token !== 'string' ||
    !answer.token ||
    typeof answer.expiration !== 'string' ||
    !Number.isFinite(Date.parse(answer.expiration))
  ) {
    return malformed('generateToken');
  }
  return {
    token: answer.token,
    tokenId: typeof answer.tokenId === 'string' ? answer.tokenId : '',
    expiration: new Date(Date.parse(answer.expiration)).toISOString(),
  };
}

/** Creates the Power BI client over `config` and `fetchImpl`: composes the transport, the Entra token and the answers' checks. */
export function createPowerBiClient(
  config: PowerBiConfig,
  fetchImpl: typeof fetch = fetch,
  options: PowerBiClientOptions = {},
): PowerBiClient {
  const call = createCaller(fetchImpl, options.timeoutMs ?? DEFAULT_POWERBI_TIMEOUT_MS);
  const tokens = createEntraTokenSource(config, call, options.now ?? Date.now);
  const api = `${config.apiUrl}/v1.0/myorg`;

  /** A Power BI REST call with the app-only token; a non-2xx answer becomes a readable PowerBiError. */
  async function rest(
    kind: Exclude<PowerBiCall, 'token'>,
    method: 'GET' | 'POST',
    url: string,
    json?: unknown,
  ): Promise<unknown> {
    const token = await tokens.accessToken();
    const { response, text } = await call(kind, url, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/json',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    if (response.ok) return parseAnswer(kind, text, response.status);
    // A token Power BI no longer accepts (revoked, or the app's rights changed) is not reused.
    if (response.status === 401) tokens.forget(token);
    throw powerBiRefusal(kind, response, text);
  }

  const report = (workspaceId: string, reportId: string) =>
    `${api}/groups/${encodeURIComponent(workspaceId)}/reports/${encodeURIComponent(reportId)}`;

  return {
    accessToken: () => tokens.accessToken(),
    getReport: async (workspaceId, reportId) => readReport(await rest('report', 'GET', report(workspaceId, reportId))),
    getPages: async (workspaceId, reportId) =>
      readPages(await rest('pages', 'GET', `${report(workspaceId, reportId)}/pages`)),
    async generateToken({ reportId, datasetId, lifetimeInMinutes }) {
      const body = {
        reports: [{ id: reportId }],
        ...(datasetId ? { datasets: [{ id: datasetId }] } : {}),
        lifetimeInMinutes,
      };
      return readEmbedToken(await rest('generateToken', 'POST', `${api}/GenerateToken`, body));
    },
  };
}
