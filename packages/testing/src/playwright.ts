import type { BrowserContext, Page, Route } from '@playwright/test';
import type { ReportDefinition, ScriptedEvent } from './definition';
import { emulatorFile } from './files';

/**
 * Options of {@link routePowerBiEmulator}.
 * @public
 */
export interface RoutePowerBiEmulatorOptions {
  /** The reports the emulator serves, found by their `id` (the embed config's `id` or the URL's `reportId`). */
  reports: readonly ReportDefinition[];
  /** Events the frame posts on cue, e.g. `{ after: 'loaded', post: 'error', body: {message: 'Boom'} }`. */
  events?: readonly ScriptedEvent[];
  /** Every access token expires this many ms after it is set, whatever its `exp` says (an `error` event with message 'TokenExpired'). */
  tokenExpiresInMs?: number;
  /**
   * Which access tokens the definition route accepts. Answer `true`, or an HTTP status to refuse
   * with (401, 403, 404, 500…: the frame raises the matching `error` event). @default every non-empty token
   */
  authorize?: (token: string, reportId: string) => true | number;
  /** The origin routed. @default 'https://app.powerbi.com' */
  origin?: string;
}

/**
 * What {@link routePowerBiEmulator} answers: what the frame asked for, and how to stop routing.
 * @public
 */
export interface PowerBiEmulatorRoutes {
  /** Each definition request the frame made, in order: the report id and the access token it sent. */
  readonly definitionRequests: readonly { reportId: string; token: string }[];
  /** Stops routing the origin. */
  unroute(): Promise<void>;
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(body),
});

/**
 * Routes Power BI's embed host (`https://app.powerbi.com/**`) in a Playwright page or browser
 * context to the built emulator frame and `reports`, so a page's real `powerbi-client` embed
 * (`powerbi.embed(element, {type: 'report', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=…', …})`)
 * runs with no network: `GET /reportEmbed…` answers the frame page, its script and stylesheet come
 * next to it, and `GET /api/reports/{id}` (the frame's definition request, with
 * `Authorization: EmbedToken {accessToken}`) answers the report. Use a context for frames in popups.
 * @public
 */
export async function routePowerBiEmulator(
  target: Page | BrowserContext,
  options: RoutePowerBiEmulatorOptions,
): Promise<PowerBiEmulatorRoutes> {
  const origin = (options.origin ?? 'https://app.powerbi.com').replace(/\/$/, '');
  const pattern = `${origin}/**`;
  const definitionRequests: { reportId: string; token: string }[] = [];
  const emulation =
    options.events || options.tokenExpiresInMs !== undefined
      ? { events: options.events ? [...options.events] : undefined, tokenExpiresInMs: options.tokenExpiresInMs }
      : undefined;

  const handler = async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname;
    if (path === '/reportEmbed' || path === '/reportEmbed/') return route.fulfill(asFile('report-embed.html'));
    const file = /^\/(report-embed\.(?:js|js\.map|css))$/.exec(path)?.[1];
    if (file) return route.fulfill(asFile(file));
    const definition = /^\/api\/reports\/([^/]+)$/.exec(path);
    if (definition && request.method() === 'GET') {
      const reportId = decodeURIComponent(definition[1]!);
      const token = /^EmbedToken\s+(\S+)$/i.exec((await request.allHeaders()).authorization ?? '')?.[1] ?? '';
      definitionRequests.push({ reportId, token });
      if (!token)
        return route.fulfill(
          json(401, { error: 'Unauthorized', message: 'The Authorization header must carry an EmbedToken.' }),
        );
      const verdict = options.authorize ? options.authorize(token, reportId) : true;
      if (verdict !== true)
        return route.fulfill(
          json(verdict, { error: 'Refused', message: `The emulator refused this token (HTTP ${verdict}).` }),
        );
      const report = options.reports.find((r) => r.id.toLowerCase() === reportId.toLowerCase());
      if (!report)
        return route.fulfill(json(404, { error: 'Not Found', message: `Report ${reportId} does not exist.` }));
      return route.fulfill(json(200, emulation ? { ...report, emulation } : report));
    }
    return route.fulfill(
      json(404, { error: 'Not Found', message: `The Power BI embed emulator has nothing at ${path}.` }),
    );
  };
  await target.route(pattern, handler);
  return { definitionRequests, unroute: () => target.unroute(pattern, handler) };
}

function asFile(name: string) {
  const file = emulatorFile(name);
  if (!file) return json(404, { error: 'Not Found', message: `${name} is not built.` });
  return { status: 200, contentType: file.contentType, body: file.body };
}
