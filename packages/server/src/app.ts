import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { TRUSTED_TYPES_POLICIES } from '@cloudportal/core';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestAsyncHookHandler,
} from 'fastify';
import { accountRoutes } from './account/routes';
import { createIdentityVerifier } from './auth/identity';
import { loadKeys } from './auth/keys';
import { auditRoutes } from './audit/routes';
import { devIdentityRoutes } from './auth/devIdentity';
import { authRoutes } from './auth/routes';
import { bookmarkRoutes } from './bookmarks/routes';
import { chatbotRoutes } from './chatbot/routes';
import type { ServerConfig } from './config';
import { createGuards, type ServerContext } from './context';
import { questionnaireRoutes } from './data/questionnaire';
import { dataRoutes } from './data/routes';
import type { Database } from './db/database';
import { emulatorRoutes } from './emulator/routes';
import { withEmulatorSite } from './emulator/site';
import { registerFaults } from './faults';
import type { AppMetrics } from './metrics';
import { createReadiness, type Readiness } from './ops/readiness';
import { registerOps } from './ops/routes';
import { portalRoutes } from './portal/routes';
import { reportRoutes } from './reports/routes';
import { settingsRoutes } from './settings/routes';
import { ownOrigin, registerCors } from './sites/cors';
import { partnerExchangeRoute } from './sites/exchange';
import { connectedSiteRoutes } from './sites/routes';
import { SiteStore } from './sites/store';
import { videoRoutes } from './videos/routes';
import { registerErrorHandler } from './http/errorHandler';
import { registerHostileInputGuard } from './http/hostileInput';
import { registerCompression, staticFileHeaders } from './http/compression';
import { registerOpenApi } from './http/openapi';
import { cspReportRoutes, CSP_REPORTS_ROUTE } from './http/cspReports';
import { createPageSender } from './http/pages';
import { problem } from './http/problem';
import { carryReleasesForward } from './sdk/releases';
import { sdkReleaseRoutes } from './sdk/routes';

/** A registered route. */
export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered, in order. */
    routeTable: readonly RouteEntry[];
  }
}

/** What the app needs: its configuration and an open, migrated database. */
export interface AppOptions {
  config: ServerConfig;
  db: Database;
  /** The server's phase (src/ops/start.ts). @default ready: the database is migrated and seeded */
  readiness?: Readiness;
  /** @default this app's own metrics */
  metrics?: AppMetrics;
  /** Where the log lines (pino's JSON) go, e.g. a test that reads them. @default standard output */
  logStream?: { write(line: string): void };
}

/** Paths that never fall back to the single-page app: the API answers JSON, assets answer 404. */
const NOT_SPA = ['/api/', '/services/', '/sdk/', '/partner/', '/videos/', '/powerbi-emulator/'];

/**
 * Every HTML page the server sends runs under a strict Content-Security-Policy: the SDK styles
 * itself with constructable stylesheets and loads no inline script, so it needs no 'unsafe-inline'.
 * With Entra ID sign-in configured, MSAL talks to the authority's origin (token calls) and frames
 * it (the hidden iframe of silent sign-in). Guidance videos are framed from this server (the demo's,
 * /videos/embed/{id}) or from the video hosts listed in GUIDANCE_VIDEO_ORIGINS; nothing else is
 * allowed out. Every page may be framed by this origin only (the guidance dialog frames the embed page).
 *
 * The portal's own pages (the host, the partner pages) are sent with a `nonce` of their own: their
 * scripts run by it and load the rest ('strict-dynamic'; 'self' for a browser that predates it),
 * every HTML sink takes only what the SDK's Trusted Types policies made (`require-trusted-types-for`),
 * and the browser reports any violation to {@link CSP_REPORTS_ROUTE}. The frames the portal serves
 * for others' pages (the Power BI emulator's report, a guidance video) keep `script-src 'self'`.
 */
export function contentSecurityPolicy(
  config: Pick<ServerConfig, 'entra' | 'guidanceVideoOrigins'>,
  nonce?: string,
): string {
  const identity = config.entra ? ` ${new URL(config.entra.authority).origin}` : '';
  const videos = config.guidanceVideoOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    nonce ? `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'` : "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self'",
    `connect-src 'self'${identity}`,
    `frame-src 'self' https://app.powerbi.com${identity}${videos}`,
    "object-src 'none'",
    nonce ? "base-uri 'none'" : "base-uri 'self'",
    "frame-ancestors 'self'",
    ...(nonce
      ? [
          "require-trusted-types-for 'script'",
          `trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')}`,
          `report-uri ${CSP_REPORTS_ROUTE}`,
        ]
      : []),
  ].join('; ');
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept === '' || accept.includes('text/html') || accept.includes('*/*');
}

function isSpaRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (NOT_SPA.some((prefix) => path.startsWith(prefix))) return false;
  // A last segment with a dot is a file (a missing asset), which must 404 rather than get HTML.
  return !/\.[a-z0-9]+$/i.test(path) && wantsHtml(request);
}

// An unknown API route is the caller's developer's mistake: answered in English.
function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return (
    reply
      .code(404)
      .type('application/json')
      // eslint-disable-next-line no-restricted-syntax -- an unknown API route is the caller's developer's mistake: English
      .send(problem('Not Found', `Route ${request.method} ${path} not found`))
  );
}

/** Builds the reference server: health, the SDK bundle, the partner page, the demo videos, the host with SPA fallback. */
export async function buildApp({ config, db, readiness, metrics, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent' ? false : { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: 1024 * 1024,
    // One line per request only when asked for (LOG_LEVEL=debug); `npm start` stays readable.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
  });

  const keys = await loadKeys(db, config.appTokenSecret);
  const sites = new SiteStore(db);
  const guards = createGuards(keys.appTokenSecret, { sites, rateLimitPerMinute: config.siteRateLimitPerMinute });
  const guardSet = new Set<unknown>([guards.requireUser, guards.requireUserOrTenantSelect]);

  // Every route, as registered: lets a test prove that each one outside the public list is guarded.
  // A route's guard is moved from preHandler to onRequest, so a caller without a valid token gets
  // 401 before the body is parsed or validated (never a 400 that reveals the route's schema).
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
    const pre = [route.preHandler ?? []].flat();
    const found = pre.filter((h) => guardSet.has(h));
    if (found.length === 0) return;
    route.preHandler = pre.filter((h) => !guardSet.has(h));
    route.onRequest = [...[route.onRequest ?? []].flat(), ...(found as unknown as onRequestAsyncHookHandler[])];
  });
  app.decorate('routeTable', routeTable);

  // A 500 reveals nothing; a value the database refuses as data is a 400 (issue 39 §7).
  registerErrorHandler(app);
  // Before any route: a text the database cannot take is refused, naming where (issue 39 §7).
  registerHostileInputGuard(app);

  const csp = contentSecurityPolicy(config);
  const framedCsp = framedCspOf(csp, sites);
  app.decorateRequest('cspNonce', null);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      const policy = request.cspNonce ? contentSecurityPolicy(config, request.cspNonce) : await framedCsp(request);
      reply.header('Content-Security-Policy', withEmulatorSite(policy, config, request));
      reply.header('Referrer-Policy', 'same-origin');
    }
    return payload;
  });
  const sendPage = createPageSender();

  const ctx: ServerContext = {
    db,
    config,
    keys,
    verifyIdentity: createIdentityVerifier({
      devPublicKey: config.devSignIn ? keys.devIssuer.publicKey : undefined,
      entra: config.entra ? { clientId: config.entra.clientId, jwksUrl: config.entra.jwksUrl } : undefined,
    }),
    ...guards,
    sites,
  };
  app.decorateRequest('principal', null);
  await app.register(fastifyCookie);
  // The contract, learnt from the routes as they are added below (issue 39 §6): /api/openapi.json.
  await registerOpenApi(app, (route) => [route.onRequest ?? []].flat().some((hook) => guardSet.has(hook)));
  // Answers above 1 KB compressed by Accept-Encoding; the built files are sent as their brotli or gzip copies (issue 42 §1).
  await registerCompression(app);
  // Readiness (503 'Starting' while seeding), /readyz, /metrics: first among the hooks.
  const appMetrics = registerOps(app, { config, db, readiness: readiness ?? createReadiness(db), metrics });
  // What browsers report of the pages' Content-Security-Policy (in a scope of its own: its body types).
  await app.register(cspReportRoutes, { metrics: appMetrics });
  // Before every route, so a configured fault can answer in place of any of them.
  registerFaults(app, ctx);
  // CORS for the registered sites' origins (issue 38 §3), before any guard answers.
  registerCors(app, sites);
  authRoutes(app, ctx);
  partnerExchangeRoute(app, ctx);
  connectedSiteRoutes(app, ctx);
  if (config.devSignIn) devIdentityRoutes(app, ctx);
  accountRoutes(app, ctx);
  settingsRoutes(app, ctx);
  questionnaireRoutes(app, ctx);
  dataRoutes(app, ctx);
  portalRoutes(app, ctx);
  reportRoutes(app, ctx);
  emulatorRoutes(app, ctx);
  bookmarkRoutes(app, ctx);
  auditRoutes(app, ctx);
  chatbotRoutes(app, ctx);
  await videoRoutes(app, config);

  app.get('/healthz', async (_request, reply) => {
    try {
      await db.query('select 1');
      return { status: 'ok', database: db.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await registerFiles(app, config, sendPage);

  // The portal: index.html for `/` and, as the single-page app's fallback, for every route of the app.
  const sendHost = (request: FastifyRequest, reply: FastifyReply) =>
    existsSync(join(config.hostDist, 'index.html'))
      ? sendPage(request, reply, config.hostDist, 'index.html')
      : reply.code(503).type('text/plain').send('The reference host is not built: run npm run build');
  app.get('/', sendHost);
  app.setNotFoundHandler((request, reply) =>
    isSpaRoute(request) ? sendHost(request, reply) : notFound(request, reply),
  );

  return app;
}

/**
 * The files the server sends: the SDK (its releases, and the latest build unversioned), the partner
 * pages and the built host — the portal's pages each with a nonce of its own (`sendPage`).
 */
async function registerFiles(
  app: FastifyInstance,
  config: ServerConfig,
  sendPage: ReturnType<typeof createPageSender>,
): Promise<void> {
  // Each release under /sdk/{version}/, immutable, and /sdk/{major}/ to the newest of its major.
  // The deployment's folder of releases keeps earlier deployments' releases; this build's joins it.
  if (config.sdkReleasesDir !== config.sdkBuildReleases) {
    const carried = carryReleasesForward(config.sdkBuildReleases, config.sdkReleasesDir, config.sdkReleasesKeep);
    if (carried.added.length || carried.pruned.length)
      app.log.info({ added: carried.added, pruned: carried.pruned }, 'SDK releases carried forward');
    for (const version of carried.conflicts)
      app.log.error(
        { version },
        `SDK release ${version} in SDK_RELEASES_DIR has other files than this build's: it is kept as first published (give this build a new version)`,
      );
  }
  await app.register(sdkReleaseRoutes, { releasesDir: config.sdkReleasesDir });
  // The latest build: public code a partner's page on any origin loads, readable cross-origin (a
  // module script is fetched in CORS mode) and embeddable by any site. Its chunks/ are named by
  // their content's hash; the entries keep their names and revalidate.
  await app.register(fastifyStatic, {
    root: config.sdkDir,
    prefix: '/sdk/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: staticFileHeaders((path) => HASHED_SDK_CHUNK.test(path), {
      'Access-Control-Allow-Origin': '*',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    }),
  });
  // The partner pages are the portal's own pages: sent with a nonce each (their other files as they are).
  await app.register(fastifyStatic, {
    root: config.partnerDir,
    prefix: '/partner/',
    decorateReply: false,
    index: false,
    allowedPath: (path) => !path.endsWith('.html'),
  });
  app.get('/partner', (_request, reply) => reply.redirect('/partner/', 301));
  app.get('/partner/', (request, reply) => sendPage(request, reply, config.partnerDir, 'index.html'));
  app.get<{ Params: { page: string } }>('/partner/:page(^[a-z0-9-]+\\.html$)', (request, reply) =>
    sendPage(request, reply, config.partnerDir, request.params.page),
  );
  // Vite names every file under assets/ by its content's hash: a browser keeps it for a year without
  // asking again. index.html (and anything else) is checked each time, so a new build reaches it.
  // This registration's reply.sendFile also serves the SPA's index.html and the emulator's frame.
  await app.register(fastifyStatic, {
    root: config.hostDist,
    prefix: '/',
    wildcard: true,
    // index.html goes with a nonce of its own (sendPage), for `/` and every route of the app alike;
    // other roots' pages (the emulator's frame) go through this reply.sendFile as they are.
    index: false,
    allowedPath: (path, root) => !path.endsWith('.html') || resolve(root) !== resolve(config.hostDist),
    preCompressed: true,
    cacheControl: false,
    setHeaders: staticFileHeaders((path) => HASHED_ASSET.test(path)),
  });
}

/**
 * The Content-Security-Policy of a page the server sends: the frame pages a connected site's page
 * embeds (the Power BI emulator's report, a guidance video) may be framed by that site (issue 38 §4)
 * — the framing page's origin, as its `Referer` names it, when some tenant's enabled site lists it.
 */
function framedCspOf(csp: string, sites: SiteStore): (request: FastifyRequest) => Promise<string> {
  return async (request) => {
    if (!FRAMED.test(request.url)) return csp;
    let origin: string | undefined;
    try {
      origin = new URL(request.headers.referer ?? '').origin;
    } catch {
      return csp;
    }
    if (origin === ownOrigin(request) || !(await sites.registered(origin))) return csp;
    return csp.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${origin}`);
  };
}

/** The pages a connected site's page frames: the Power BI emulator's report and the guidance videos. */
const FRAMED = /^\/(powerbi-emulator\/reportEmbed|videos\/embed\/)/;

/** A file of the host's build under assets/ (named by its content's hash). */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+$/;
/** A chunk of the partners' bundle under chunks/ (named by its content's hash). */
const HASHED_SDK_CHUNK = /[\\/]chunks[\\/][^\\/]+$/;
