import type { EmbeddedReportPage, EmbedTokenRefresh, ReportEmbed } from '@cloudportal/core';
import { isKnownLicense, REPORT_ID_PATTERN } from '@cloudportal/core/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PORTAL } from '../account/routes';
import type { Principal } from '../auth/appToken';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { embedTokenKey, signEmbedToken, type EmbedReportKind, type EmbedScope } from './embedToken';
import { createLiveEmbedder, type LiveEmbedder, type LiveEmbedTarget } from './liveEmbed';
import { createPowerBiClient, PowerBiError } from './powerbi';
import { emulatorOriginFor } from '../emulator/site';

/** Base of the report embedding calls (spec §7 "Report embedding", same base as settings). */
export const REPORT_API = `${PORTAL}/api/report`;

/** The path of the reference server's Power BI embed emulator page, on the API's own origin. */
export const POWERBI_EMULATOR_EMBED_PATH = '/powerbi-emulator/reportEmbed';

/**
 * The demo reports' embed URL: the server's own Power BI embed emulator, which speaks Power BI's
 * postMessage protocol, with the query Power BI's own embed URLs carry — a path on the API's origin,
 * or absolute on `origin` (the API's loopback twin, POWERBI_EMULATOR_SITE). With a real workspace
 * configured, Power BI's `embedUrl` is answered instead.
 */
export function emulatorEmbedUrl(entityId: string, workspaceId: string, origin = ''): string {
  return `${origin}${POWERBI_EMULATOR_EMBED_PATH}?reportId=${encodeURIComponent(entityId)}&groupId=${encodeURIComponent(workspaceId)}`;
}

/** The action texts of reports a tenant may not embed (spec §2 "Unlicensed feature"). */
export const REPORT_MESSAGES = {
  pbiEmbeddingOff: 'Power BI embedding is turned off for your tenant. Ask your administrator to turn it on.',
  customReportsOff: 'Custom reports are turned off for your tenant. Ask your administrator to turn them on.',
  notPublished: 'This custom report is not published yet. Ask your partner to publish it.',
} as const;

/** Which embedding a call is for: the report's catalogue and the token's scope. */
interface Target {
  kind: EmbedReportKind;
  scope: EmbedScope;
  id: string;
}

/** A report as stored, whichever catalogue it comes from. */
interface StoredReport {
  name: string;
  description: string;
  errorMessage: string | null;
  reportPage: string | null;
  entityId: string | null;
  workspaceId: string | null;
  embedFailure: string | null;
  pages: EmbeddedReportPage[];
  /** The licence module the report belongs to (`azure`, `m365`), or null: a failure names it for the marketing image. */
  module: string | null;
}

/** A report resolved for one tenant: licensed (embeddable) or not, with the card's action text. */
type Resolved =
  { report: StoredReport; licensed: true } | { report: StoredReport; licensed: false; action: string | null };

const idParams = {
  params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: REPORT_ID_PATTERN } } },
} as const;

async function featureOn(db: Database, tenantId: string, name: string): Promise<boolean> {
  const { rows } = await db.query<{ enabled: boolean }>(
    'select enabled from tenant_features where tenant_id = $1 and name = $2',
    [tenantId, name],
  );
  return rows[0]?.enabled === true;
}

/** Spec §5: an active licence of the module with a sku of the licence definitions. */
async function hasActiveLicense(db: Database, tenantId: string, module: string): Promise<boolean> {
  const { rows } = await db.query<{ license_sku: string }>(
    'select license_sku from tenant_licenses where tenant_id = $1 and license_module = $2 and active',
    [tenantId, module],
  );
  return rows.some((r) => isKnownLicense(module, r.license_sku));
}

interface ReportRow {
  name: string;
  description: string;
  error_message: string | null;
  report_page: string | null;
  entity_id: string | null;
  workspace_id: string | null;
  embed_failure: string | null;
  pages: EmbeddedReportPage[] | string;
  license_module: string | null;
}

const toStored = (r: ReportRow): StoredReport => ({
  name: r.name,
  description: r.description,
  errorMessage: r.error_message,
  reportPage: r.report_page,
  entityId: r.entity_id,
  workspaceId: r.workspace_id,
  embedFailure: r.embed_failure,
  pages: typeof r.pages === 'string' ? (JSON.parse(r.pages) as EmbeddedReportPage[]) : r.pages,
  module: r.license_module,
});

/** A token failure's answer: the readable message, and the report's module (the client picks the Office or Azure marketing image by it). */
const tokenFailure = (status: keyof typeof STATUS_TEXT, message: string, report: StoredReport) => ({
  ...problem(STATUS_TEXT[status], message),
  module: report.module,
});

/**
 * The report `target` names, for the caller's tenant, or undefined when the tenant has no such
 * report. Licensing is read from the database on every call (not the token), so a licence or
 * feature switched off applies at once, also to token refreshes.
 */
async function resolve(db: Database, tenantId: string, target: Target): Promise<Resolved | undefined> {
  if (target.kind === 'report') {
    const { rows } = await db.query<ReportRow>(
      'select name, description, error_message, report_page, entity_id, workspace_id, embed_failure, pages, license_module from reports where id = $1',
      [target.id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const report = toStored(row);
    // Not published to this portal: unlicensed for everyone, with the report's own action text.
    if (!report.entityId) return { report, licensed: false, action: report.errorMessage };
    if (!(await featureOn(db, tenantId, 'pbiEmbedding')))
      return { report, licensed: false, action: REPORT_MESSAGES.pbiEmbeddingOff };
    // A licence the tenant lacks: no action text, so the card says 'Please contact your partner.'.
    if (row.license_module && !(await hasActiveLicense(db, tenantId, row.license_module)))
      return { report, licensed: false, action: null };
    return { report, licensed: true };
  }
  const { rows } = await db.query<ReportRow>(
    `select c.name, c.description, null as error_message, e.report_page, e.entity_id, e.workspace_id, null as embed_failure,
            coalesce(e.pages, '[]'::jsonb) as pages, null as license_module
       from custom_content c
       left join custom_report_embeds e on e.tenant_id = c.tenant_id and e.kind = c.kind and e.report_id = c.id
      where c.tenant_id = $1 and c.kind = 'report' and c.id = $2`,
    [tenantId, target.id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const report = toStored(row);
  if (!report.entityId) return { report, licensed: false, action: REPORT_MESSAGES.notPublished };
  if (!(await featureOn(db, tenantId, 'pbiEmbedding')))
    return { report, licensed: false, action: REPORT_MESSAGES.pbiEmbeddingOff };
  if (!(await featureOn(db, tenantId, 'customReports')))
    return { report, licensed: false, action: REPORT_MESSAGES.customReportsOff };
  return { report, licensed: true };
}

/** Where `POST {token}` (spec §7) refreshes the token of `target`. */
function tokenUrlOf(target: Target): string {
  const id = encodeURIComponent(target.id);
  if (target.kind === 'report') return `${REPORT_API}/embed/token/report/${id}/refresh`;
  return target.scope === 'ext'
    ? `${REPORT_API}/custom/${id}/ext/embed/refresh`
    : `${REPORT_API}/custom/${id}/embed/token/refresh`;
}

/** An external embedding gets only the pages visible in view mode, still with exactly one active. */
function pagesFor(scope: EmbedScope, pages: EmbeddedReportPage[]): EmbeddedReportPage[] {
  if (scope !== 'ext') return pages;
  const visible = pages.filter((p) => p.visibility === 0);
  if (visible.length === 0 || visible.some((p) => p.isActive)) return visible;
  return visible.map((p, i) => ({ ...p, isActive: i === 0 }));
}

const STATUS_TEXT = { 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' } as const;

/** A Power BI or Entra ID failure: its readable message answered, its upstream detail logged (never a secret or token). */
function powerBiFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  target: Target,
  error: PowerBiError,
  report: StoredReport,
) {
  request.log.warn({ powerBi: error.detail, report: target.id, kind: target.kind, scope: target.scope }, error.message);
  if (error.retryAfter !== undefined) void reply.header('Retry-After', String(error.retryAfter));
  return reply.code(error.statusCode).send(tokenFailure(error.statusCode, error.message, report));
}

function notFound(request: FastifyRequest, target: Target) {
  const t = answerText(request);
  return problem(
    'Not Found',
    target.kind === 'report'
      ? t('server.report.notFound', { id: target.id })
      : t('server.report.customNotFound', { id: target.id }),
  );
}

/** Options of `reportRoutes`. */
export interface ReportRouteOptions {
  /** The fetch the Power BI client calls Entra ID and Power BI with. @default globalThis.fetch */
  fetch?: typeof fetch;
}

/** What the embed and refresh answers share: the database, the demo token key and, when configured, Power BI. */
interface EmbedDeps {
  db: Database;
  /** The key of the self-signed demo tokens. */
  key: Uint8Array;
  /** Power BI's configuration, when a real workspace is configured. */
  powerBi: ServerContext['config']['powerBi'];
  /** Power BI's embedder, when a real workspace is configured (it then issues the tokens). */
  live: LiveEmbedder | undefined;
  /** The origin of the emulator's frame for a request, or undefined for the request's own (POWERBI_EMULATOR_SITE). */
  emulatorOrigin: (request: FastifyRequest) => string | undefined;
}

/** A self-signed demo token for `target` (no Power BI configured). */
const signDemo = (deps: EmbedDeps, p: Principal, target: Target, entityId: string) =>
  signEmbedToken(
    { sub: p.userId, tid: p.tenantId, rid: target.id, kind: target.kind, eid: entityId, scope: target.scope },
    deps.key,
  );

/**
 * Where the report lives in Power BI: the product's reports in the configured workspace, a tenant's
 * custom report in its own workspace (the row's), else the configured one.
 */
const liveTarget = (deps: EmbedDeps, p: Principal, target: Target, report: StoredReport): LiveEmbedTarget => ({
  tenantId: p.tenantId,
  kind: target.kind,
  id: target.id,
  scope: target.scope,
  workspaceId: (target.kind === 'custom' && report.workspaceId) || deps.powerBi!.workspaceId,
  reportId: report.entityId!,
});

/** Owns the embed answer (spec §3 "Report settings from the server"): unlicensed, Power BI's, or the demo's. */
async function embedAnswer(deps: EmbedDeps, request: FastifyRequest, reply: FastifyReply, target: Target) {
  const p = principalOf(request);
  const resolved = await resolve(deps.db, p.tenantId, target);
  if (!resolved) return reply.code(404).send(notFound(request, target));
  const { report } = resolved;
  const base = { id: target.id, name: report.name, description: report.description, reportPage: report.reportPage };
  void reply.header('Cache-Control', 'no-store');
  if (!resolved.licensed) {
    const answer: ReportEmbed = {
      ...base,
      errorMessage: resolved.action,
      token: null,
      entityUrl: null,
      entityId: null,
      expiration: null,
      tokenUrl: null,
      pages: [],
    };
    return answer;
  }
  // The embedding backend refused: a readable 502, which the client shows as the marketing image.
  if (report.embedFailure) return reply.code(502).send(tokenFailure(502, report.embedFailure, report));
  const entityId = report.entityId!;
  if (deps.live) {
    let embedded;
    try {
      embedded = await deps.live.embed(liveTarget(deps, p, target, report));
    } catch (error) {
      if (error instanceof PowerBiError) return powerBiFailure(request, reply, target, error, report);
      throw error;
    }
    const answer: ReportEmbed = {
      ...base,
      errorMessage: report.errorMessage,
      token: embedded.token,
      entityUrl: embedded.embedUrl,
      entityId,
      expiration: embedded.expiration,
      tokenUrl: tokenUrlOf(target),
      pages: pagesFor(target.scope, embedded.pages),
    };
    return answer;
  }
  const { token, expiration } = await signDemo(deps, p, target, entityId);
  const answer: ReportEmbed = {
    ...base,
    errorMessage: report.errorMessage,
    token,
    entityUrl: emulatorEmbedUrl(entityId, report.workspaceId!, deps.emulatorOrigin(request)),
    entityId,
    expiration,
    tokenUrl: tokenUrlOf(target),
    pages: pagesFor(target.scope, report.pages),
  };
  return answer;
}

/** Owns `POST {token}`: a fresh token for the same report, tenant and scope, licensing checked again. */
async function refreshAnswer(deps: EmbedDeps, request: FastifyRequest, reply: FastifyReply, target: Target) {
  const p = principalOf(request);
  const resolved = await resolve(deps.db, p.tenantId, target);
  if (!resolved) return reply.code(404).send(notFound(request, target));
  const { report } = resolved;
  if (!resolved.licensed) {
    const unlicensed = answerText(request)('server.report.unlicensed', { name: report.name });
    // The licence's action is configured text (spec §5), answered as it is.
    return reply.code(403).send(problem('Forbidden', [unlicensed, resolved.action].filter(Boolean).join(' ')));
  }
  if (report.embedFailure) return reply.code(502).send(tokenFailure(502, report.embedFailure, report));
  let answer: EmbedTokenRefresh;
  if (deps.live) {
    try {
      answer = await deps.live.refresh(liveTarget(deps, p, target, report));
    } catch (error) {
      if (error instanceof PowerBiError) return powerBiFailure(request, reply, target, error, report);
      throw error;
    }
  } else {
    answer = await signDemo(deps, p, target, report.entityId!);
  }
  void reply.header('Cache-Control', 'no-store');
  return answer;
}

/**
 * Spec §7 "Report embedding": embed info and embed tokens for the product's reports and the tenant's
 * custom reports — demo answers (the embed emulator, self-signed tokens), or, with `config.powerBi`,
 * Power BI's own embed URLs, tokens and pages.
 */
export function reportRoutes(app: FastifyInstance, ctx: ServerContext, options: ReportRouteOptions = {}): void {
  const powerBi = ctx.config.powerBi;
  const deps: EmbedDeps = {
    db: ctx.db,
    key: embedTokenKey(ctx.keys.appTokenSecret),
    powerBi,
    // With a real workspace configured (POWERBI_*), Power BI issues the tokens; otherwise they are self-signed demo tokens.
    live: powerBi ? createLiveEmbedder(createPowerBiClient(powerBi, options.fetch ?? fetch)) : undefined,
    emulatorOrigin: (request) => emulatorOriginFor(ctx.config, request),
  };

  type WithId = { Params: { id: string } };
  const routes: { path: string; kind: EmbedReportKind; scope: EmbedScope }[] = [
    { path: '/embed/token/report/:id', kind: 'report', scope: 'view' },
    { path: '/custom/:id/embed/token', kind: 'custom', scope: 'view' },
    { path: '/custom/:id/ext/embed', kind: 'custom', scope: 'ext' },
  ];
  for (const { path, kind, scope } of routes) {
    app.get<WithId>(`${REPORT_API}${path}`, { preHandler: ctx.requireUser, schema: idParams }, (request, reply) =>
      embedAnswer(deps, request, reply, { kind, scope, id: request.params.id }),
    );
    app.post<WithId>(
      `${REPORT_API}${path}/refresh`,
      { preHandler: ctx.requireUser, schema: idParams },
      (request, reply) => refreshAnswer(deps, request, reply, { kind, scope, id: request.params.id }),
    );
  }
}
