import {
  EMULATOR_FAIL_KEY,
  ErrorCodes,
  TraceLevel,
  type EmulatorError,
  type EmulatorFailure,
  type EmulatorEventName,
  type EmulatorFilter,
  type PageDefinition,
  type ReportDefinition,
} from '../definition';
import { normaliseFilters, updateFilters } from '../filters';
import { decodeBookmarkState, encodeBookmarkState, tokenExpiry } from '../state';
import { setFormatLocale } from './data';
import { afterChartsPainted, renderError, renderReport, setNotice } from './render';

/**
 * The emulator frame: what Power BI's report page does for powerbi-client 2.24, over postMessage.
 * The host posts requests `{method, url, headers: {id, uid…},
 * body}`; the frame answers each to `event.source` with `{statusCode, headers: {id}, body}` and
 * raises events as its own requests `POST /reports/{uid}/events/{name}` with ids of its own prefix.
 * This file is a classic script loaded by `<script src>` in the page's head, so the listener is in
 * place before the frame's `load` fires (the host sends `/report/load` then).
 */

interface Request {
  method: string;
  url: string;
  headers?: { id?: string; uid?: string };
  body?: unknown;
}

interface Reply {
  statusCode: number;
  body?: unknown;
}

/** The load config fields the emulator reads (powerbi-models IReportLoadConfiguration). */
interface LoadConfig {
  accessToken?: string;
  id?: string;
  pageName?: string;
  filters?: unknown[];
  bookmark?: { state?: string; name?: string };
  settings?: Settings;
}

interface Settings {
  filterPaneEnabled?: boolean;
  navContentPaneEnabled?: boolean;
  panes?: { filters?: { visible?: boolean }; pageNavigation?: { visible?: boolean } };
  /** Power BI's language and number format for the report (`formatLocale` writes its numbers). */
  localeSettings?: { language?: string; formatLocale?: string };
}

const query = new URLSearchParams(location.search);
// Power BI takes the report's language and number format from its frame's URL (powerbi-client puts
// `localeSettings` there): the numbers are written in `formatLocale`.
setFormatLocale(query.get('formatLocale') ?? query.get('language') ?? undefined);
/** Our own request ids: never the same as the host's (its are short random strings). */
const ID_PREFIX = `pbi-emulator-${Math.random().toString(36).slice(2, 10)}-`;
let sequence = 0;

let uid = query.get('uid') ?? '';
let host: { window: Window; origin: string } | undefined;
let accessToken = '';
let tokenTimer: ReturnType<typeof setTimeout> | undefined;
let tokenSetAt = 0;
let tokenExpired = false;

let report: ReportDefinition | undefined;
let activeName = '';
let filters: EmulatorFilter[] = [];
let pageFilters: Record<string, EmulatorFilter[]> = {};
let filterPaneVisible = true;
let pageNavigationVisible = true;
let notice: string | undefined;
/** Settles when the load has finished: with the error that failed it, or undefined. */
let loading: Promise<EmulatorError | undefined> | undefined;
const fired = new Set<string>();

const ok = (statusCode = 200, body?: unknown): Reply => ({ statusCode, body });
const fail = (statusCode: number, message: string, detailedMessage?: string, errorCode?: string): Reply => ({
  statusCode,
  body: {
    message,
    ...(detailedMessage ? { detailedMessage } : {}),
    ...(errorCode ? { errorCode } : {}),
    level: TraceLevel.Error,
  } satisfies EmulatorError,
});

function root(): HTMLElement {
  let node = document.getElementById('pbi-root');
  if (!node) {
    node = document.createElement('div');
    node.id = 'pbi-root';
    document.body.append(node);
  }
  return node;
}

const domReady = new Promise<void>((resolve) => {
  if (document.readyState !== 'loading') resolve();
  else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
});

/** Raises a report event on the host: `POST /reports/{uid}/events/{name}`, then any scripted event that follows it. */
function post(name: string, body?: unknown): void {
  if (!host) return;
  sequence += 1;
  const message = {
    method: 'POST',
    url: `/reports/${uid}/events/${name}`,
    headers: { id: `${ID_PREFIX}${sequence}` },
    body,
  };
  host.window.postMessage(message, host.origin);
  if (name === 'loaded' || name === 'rendered' || name === 'pageChanged') runScript(name);
}

/** The test script of the definition: events to post after ours. Answers whether one of them failed the load. */
function runScript(after: EmulatorEventName): boolean {
  let failedLoad = false;
  (report?.emulation?.events ?? []).forEach((event, index) => {
    if (event.after !== after) return;
    const key = `${index}`;
    if (event.once !== false && fired.has(key)) return;
    fired.add(key);
    if (after === 'load' && event.post === 'error') failedLoad = true;
    const send = () => post(event.post, event.body);
    if (event.delayMs) setTimeout(send, event.delayMs);
    else send();
  });
  return failedLoad;
}

const pages = () =>
  (report?.pages ?? []).map((p) => ({
    name: p.name,
    displayName: p.displayName,
    isActive: p.name === activeName,
    visibility: p.visibility ?? 0,
  }));
const pageOf = (name: string): PageDefinition | undefined => report?.pages.find((p) => p.name === name);
const pageInfo = (p: PageDefinition) => ({
  name: p.name,
  displayName: p.displayName,
  isActive: p.name === activeName,
  visibility: p.visibility ?? 0,
});

function draw(): void {
  const active = pageOf(activeName);
  if (!report || !active) return;
  renderReport(
    root(),
    {
      report,
      active,
      filters,
      pageFilters: pageFilters[active.name] ?? [],
      filterPaneVisible,
      pageNavigationVisible,
      notice,
    },
    (name) => {
      // A person choosing a page tab: the same as a host's setPage.
      void changePage(name);
    },
  );
}

/** Renders after the browser painted the charts, then raises `rendered`. */
function rerender(): void {
  draw();
  afterChartsPainted(() => post('rendered'));
}

async function changePage(name: string): Promise<Reply> {
  const target = pageOf(name);
  if (!target) return fail(404, `Page ${name} was not found in the report.`, undefined, ErrorCodes.NotFound);
  const old = pageOf(activeName);
  if (name === activeName) return ok(202);
  activeName = name;
  rerender();
  post('pageChanged', {
    newPage: pageInfo(target),
    ...(old ? { oldPage: { ...pageInfo(old), isActive: false } } : {}),
  });
  return ok(202);
}

// ---------------------------------------------------------------------------------------------
// The access token

function scheduleExpiry(): void {
  clearTimeout(tokenTimer);
  tokenExpired = false;
  const scripted = report?.emulation?.tokenExpiresInMs;
  const candidates = [tokenExpiry(accessToken), scripted === undefined ? undefined : tokenSetAt + scripted].filter(
    (t): t is number => t !== undefined,
  );
  if (candidates.length === 0) return;
  const at = Math.min(...candidates);
  // setTimeout holds at most 2^31-1 ms (about 24.8 days); a later expiry is checked again then.
  tokenTimer = setTimeout(
    () => (Date.now() >= at ? expire() : scheduleExpiry()),
    Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1),
  );
}

/** Real Power BI's expired-token error event (learn.microsoft.com, "Troubleshoot and debug": message TokenExpired, errorCode 403). */
const TOKEN_EXPIRED: EmulatorError = {
  message: ErrorCodes.TokenExpired,
  detailedMessage: 'Access token has expired, resubmit with a new access token',
  errorCode: '403',
  level: TraceLevel.Fatal,
};

function expire(): void {
  if (tokenExpired) return;
  tokenExpired = true;
  notice = 'The access token has expired. The report shows the data it had.';
  setNotice(root(), notice);
  post('error', TOKEN_EXPIRED);
}

function setToken(token: string): void {
  accessToken = token;
  tokenSetAt = Date.now();
  if (notice) {
    notice = undefined;
    setNotice(root(), undefined);
  }
  scheduleExpiry();
}

// ---------------------------------------------------------------------------------------------
// The report definition

/** `GET {definitionUrl}` with the access token; by default `./api/reports/{reportId}` beside the frame. Same origin only: the token goes nowhere else. */
function definitionUrl(reportId: string): URL {
  const given = query.get('definitionUrl');
  const url = new URL(given ?? `./api/reports/${encodeURIComponent(reportId)}`, location.href);
  if (url.origin !== location.origin) throw new Error('The definitionUrl must be on the frame’s own origin.');
  return url;
}

async function fetchDefinition(reportId: string): Promise<ReportDefinition | EmulatorError> {
  let response: Response;
  try {
    response = await fetch(definitionUrl(reportId), {
      headers: { Authorization: `EmbedToken ${accessToken}`, Accept: 'application/json' },
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (error) {
    return {
      message: 'The report could not be loaded: its data service did not answer.',
      detailedMessage: error instanceof Error ? error.message : String(error),
      errorCode: ErrorCodes.LoadReportFailed,
      level: TraceLevel.Fatal,
    };
  }
  const body = (await response.json().catch(() => undefined)) as
    (Partial<ReportDefinition> & { message?: unknown }) | undefined;
  const detail = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`;
  if (response.status === 401)
    return {
      message: 'This report could not be opened: the access token was refused.',
      detailedMessage: detail,
      errorCode: ErrorCodes.NotAuthorized,
      level: TraceLevel.Fatal,
    };
  if (response.status === 403)
    return {
      message: 'You do not have permission to view this report.',
      detailedMessage: detail,
      errorCode: ErrorCodes.NotAuthorized,
      level: TraceLevel.Fatal,
    };
  if (response.status === 404)
    return {
      message: 'This report does not exist or is no longer available.',
      detailedMessage: detail,
      errorCode: ErrorCodes.NotFound,
      level: TraceLevel.Fatal,
    };
  if (!response.ok || !body || !Array.isArray(body.pages) || typeof body.datasets !== 'object') {
    return {
      message: 'The report could not be loaded. Please try again later.',
      detailedMessage: detail,
      errorCode: ErrorCodes.LoadReportFailed,
      level: TraceLevel.Fatal,
    };
  }
  return body as ReportDefinition;
}

function failLoad(error: EmulatorError): EmulatorError {
  renderError(root(), error);
  post('error', error);
  return error;
}

async function load(config: LoadConfig, phased: boolean): Promise<EmulatorError | undefined> {
  await domReady;
  // A task later, so the answer to /report/load reaches the host before any event.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (typeof config.accessToken !== 'string' || config.accessToken === '')
    return failLoad({
      message: 'The load configuration has no access token.',
      errorCode: ErrorCodes.InvalidParameters,
      level: TraceLevel.Fatal,
    });
  setToken(config.accessToken);
  const expiry = tokenExpiry(accessToken);
  if (expiry !== undefined && expiry <= Date.now()) {
    clearTimeout(tokenTimer);
    tokenExpired = true;
    return failLoad(TOKEN_EXPIRED);
  }
  const reportId = config.id ?? query.get('reportId') ?? '';
  if (!reportId)
    return failLoad({
      message: 'The report id is missing.',
      errorCode: ErrorCodes.InvalidParameters,
      level: TraceLevel.Fatal,
    });
  const definition = await fetchDefinition(reportId);
  if ('message' in definition && !('pages' in definition)) return failLoad(definition);
  report = definition as ReportDefinition;
  fired.clear();
  scheduleExpiry();

  const visible = report.pages.filter((p) => (p.visibility ?? 0) === 0);
  const first = visible[0] ?? report.pages[0];
  if (!first)
    return failLoad({
      message: 'This report has no pages.',
      errorCode: ErrorCodes.LoadReportFailed,
      level: TraceLevel.Fatal,
    });
  activeName = config.pageName && pageOf(config.pageName) ? config.pageName : first.name;
  pageFilters = Object.fromEntries(report.pages.map((p) => [p.name, [...(p.filters ?? [])]]));
  const initial = normaliseFilters(config.filters ?? report.filters ?? []);
  if ('error' in initial)
    return failLoad({
      message: 'The load configuration has filters that are not valid.',
      detailedMessage: initial.error,
      errorCode: ErrorCodes.InvalidParameters,
      level: TraceLevel.Error,
    });
  filters = initial.filters;
  applySettings(config.settings ?? {});
  if (config.bookmark?.state) {
    const applied = applyState(config.bookmark.state);
    if (applied.statusCode >= 400) return failLoad(applied.body as EmulatorError);
  }

  if (runScript('load')) {
    // A scripted error after load fails the load with that error.
    const scripted = report.emulation?.events?.find((e) => e.after === 'load' && e.post === 'error')?.body as
      Partial<EmulatorError> | undefined;
    const error: EmulatorError = {
      message:
        typeof scripted?.message === 'string' ? scripted.message : 'The report failed to load (scripted by the test).',
      errorCode: scripted?.errorCode,
    };
    renderError(root(), error);
    return error;
  }
  draw();
  post('loaded');
  if (!phased) afterChartsPainted(() => post('rendered'));
  return undefined;
}

function applySettings(settings: Settings): void {
  const filtersVisible = settings.panes?.filters?.visible ?? settings.filterPaneEnabled;
  if (typeof filtersVisible === 'boolean') filterPaneVisible = filtersVisible;
  const navVisible = settings.panes?.pageNavigation?.visible ?? settings.navContentPaneEnabled;
  if (typeof navVisible === 'boolean') pageNavigationVisible = navVisible;
  if (settings.localeSettings)
    setFormatLocale(settings.localeSettings.formatLocale ?? settings.localeSettings.language);
}

function applyState(text: unknown): Reply {
  const decoded = decodeBookmarkState(text);
  if ('error' in decoded)
    return fail(400, 'The bookmark state is not valid.', decoded.error, ErrorCodes.InvalidParameters);
  const { state } = decoded;
  if (report && state.report !== report.id)
    return fail(
      400,
      'The bookmark state is not valid.',
      'It was captured on another report.',
      ErrorCodes.InvalidParameters,
    );
  if (!pageOf(state.page))
    return fail(
      400,
      'The bookmark state is not valid.',
      `Its page ${state.page} is not in this report.`,
      ErrorCodes.InvalidParameters,
    );
  const oldName = activeName;
  activeName = state.page;
  filters = state.filters;
  pageFilters = Object.fromEntries((report?.pages ?? []).map((p) => [p.name, state.pageFilters[p.name] ?? []]));
  return ok(202, { changedPage: oldName !== activeName ? oldName : undefined });
}

// ---------------------------------------------------------------------------------------------
// Routes

function filtersCall(
  method: string,
  body: unknown,
  current: EmulatorFilter[],
  store: (next: EmulatorFilter[]) => void,
): Reply {
  if (method === 'GET') return ok(200, current);
  if (method === 'PUT') {
    const checked = normaliseFilters(body);
    if ('error' in checked) return fail(400, 'The filters are not valid.', checked.error, ErrorCodes.InvalidParameters);
    store(checked.filters);
  } else if (method === 'POST') {
    const request = (body ?? {}) as { filtersOperation?: unknown; filters?: unknown };
    if (typeof request.filtersOperation !== 'number' || request.filtersOperation < 0 || request.filtersOperation > 3) {
      return fail(
        400,
        'The filters operation is not valid.',
        'filtersOperation must be 0 (RemoveAll), 1 (ReplaceAll), 2 (Add) or 3 (Replace).',
        ErrorCodes.InvalidParameters,
      );
    }
    const checked = request.filtersOperation === 0 ? { filters: [] } : normaliseFilters(request.filters);
    if ('error' in checked) return fail(400, 'The filters are not valid.', checked.error, ErrorCodes.InvalidParameters);
    store(updateFilters(current, request.filtersOperation, checked.filters));
  } else {
    return notFound(method, '…/filters');
  }
  rerender();
  return ok(202);
}

/** The calls to fail: the report's emulation script's, and the run-time switch's (EMULATOR_FAIL_KEY). */
function failingCalls(): string[] {
  let asked: string[] = [];
  try {
    asked = (sessionStorage.getItem(EMULATOR_FAIL_KEY) ?? '').split(',').map((s) => s.trim());
  } catch {
    // Storage may be unavailable (a sandboxed or cross-origin frame): only the script counts then.
  }
  return [...(report?.emulation?.fail ?? []), ...asked];
}

const notFound = (method: string, url: string) =>
  fail(
    404,
    `${method} ${url} is not supported by the Power BI embed emulator.`,
    'See @cloudportal/testing README for the calls it answers.',
    ErrorCodes.NotFound,
  );

async function route(request: Request): Promise<Reply> {
  const { method, body } = request;
  const path = request.url.split('?')[0] ?? '';
  if (method === 'POST' && (path === '/report/load' || path === '/report/prepare')) {
    if (request.headers?.uid) uid = request.headers.uid;
    loading = load((body ?? {}) as LoadConfig, path === '/report/prepare');
    return ok(202);
  }
  if (method === 'GET' && path === '/getCorrelationId') return ok(200, ID_PREFIX.slice(0, -1));
  if (!loading)
    return fail(
      400,
      'The report is not loaded yet.',
      `${method} ${path} came before /report/load.`,
      ErrorCodes.LoadReportFailed,
    );
  const loadError = await loading;
  if (loadError) return fail(403, loadError.message, loadError.detailedMessage, loadError.errorCode);

  if (method === 'POST' && path === '/report/render') {
    rerender();
    return ok(202);
  }
  if (method === 'GET' && path === '/report/pages') return ok(200, pages());
  if (method === 'PUT' && path === '/report/pages/active') {
    const name = (body as { name?: unknown } | undefined)?.name;
    return typeof name === 'string'
      ? changePage(name)
      : fail(400, 'The page to activate needs a name.', undefined, ErrorCodes.InvalidParameters);
  }
  if (path === '/report/filters') return filtersCall(method, body, filters, (next) => (filters = next));
  const pageRoute = /^\/report\/pages\/([^/]+)\/(filters|visuals)$/.exec(path);
  if (pageRoute) {
    const name = decodeURIComponent(pageRoute[1]!);
    const page = pageOf(name);
    if (!page) return fail(404, `Page ${name} was not found in the report.`, undefined, ErrorCodes.NotFound);
    if (pageRoute[2] === 'visuals' && method === 'GET') {
      return ok(
        200,
        page.visuals.map((v, i) => ({
          name: v.name ?? `visual${i + 1}`,
          title: v.title,
          type:
            v.type === 'donut'
              ? 'donutChart'
              : v.type === 'bar'
                ? 'columnChart'
                : v.type === 'line'
                  ? 'lineChart'
                  : v.type === 'kpi'
                    ? 'card'
                    : 'tableEx',
        })),
      );
    }
    if (pageRoute[2] === 'filters')
      return filtersCall(method, body, pageFilters[name] ?? [], (next) => (pageFilters[name] = next));
  }
  if (method === 'PATCH' && path === '/report/settings') {
    applySettings((body ?? {}) as Settings);
    draw();
    return ok(202);
  }
  const failure = path.startsWith('/report/') ? (path.slice('/report/'.length) as EmulatorFailure) : null;
  if (failure && failingCalls().includes(failure))
    return fail(500, `The emulator was asked to fail ${failure}.`, undefined, ErrorCodes.NotFound);
  if (method === 'GET' && path === '/report/bookmarks') return ok(200, []);
  if (method === 'POST' && path === '/report/bookmarks/capture') {
    sequence += 1;
    const state = encodeBookmarkState({ report: report!.id, page: activeName, filters, pageFilters });
    return ok(200, { name: `Bookmark${Date.now().toString(36)}${sequence}`, displayName: 'Captured bookmark', state });
  }
  if (method === 'POST' && path === '/report/bookmarks/applyState') {
    const reply = applyState((body as { state?: unknown } | undefined)?.state);
    if (reply.statusCode >= 400) return reply;
    const oldName = (reply.body as { changedPage?: string }).changedPage;
    rerender();
    const active = pageOf(activeName)!;
    const old = oldName ? pageOf(oldName) : undefined;
    if (old) post('pageChanged', { newPage: pageInfo(active), oldPage: { ...pageInfo(old), isActive: false } });
    return ok(202);
  }
  if (method === 'POST' && path === '/report/refresh') {
    const definition = await fetchDefinition(report!.id);
    if ('message' in definition && !('pages' in definition))
      return fail(403, definition.message, definition.detailedMessage, definition.errorCode);
    const fresh = definition as ReportDefinition;
    report = { ...fresh, emulation: report?.emulation };
    if (!pageOf(activeName))
      activeName = (fresh.pages.find((p) => (p.visibility ?? 0) === 0) ?? fresh.pages[0])?.name ?? '';
    rerender();
    return ok(202);
  }
  if (method === 'POST' && path === '/report/token') {
    // powerbi-client posts the token itself as the body; accept `{accessToken}` too.
    const token = typeof body === 'string' ? body : (body as { accessToken?: unknown } | undefined)?.accessToken;
    if (typeof token !== 'string' || token === '')
      return fail(400, 'The access token cannot be empty.', undefined, ErrorCodes.InvalidParameters);
    setToken(token);
    return ok(202);
  }
  if (method === 'GET' && path === '/report/hasUnsavedChanges') return ok(200, false);
  return notFound(method, path);
}

function isRequest(data: unknown): data is Request {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as Request).method === 'string' &&
    typeof (data as Request).url === 'string'
  );
}

window.addEventListener('message', (event: MessageEvent) => {
  // Only the embedding page talks to the report; answers to our own events carry no method/url.
  if (event.source !== window.parent || window.parent === window || !isRequest(event.data)) return;
  const request = event.data;
  const source = event.source as Window;
  const origin = event.origin && event.origin !== 'null' ? event.origin : '*';
  host = { window: source, origin };
  void route(request)
    .catch((error: unknown): Reply =>
      fail(
        500,
        'The Power BI embed emulator failed to answer.',
        error instanceof Error ? error.message : String(error),
        ErrorCodes.LoadReportFailed,
      ),
    )
    .then((reply) =>
      source.postMessage(
        { statusCode: reply.statusCode, headers: { id: request.headers?.id }, body: reply.body },
        origin,
      ),
    );
});
