import type { EmbeddedReportPage } from '@cloudportal/core';
import { EMULATOR_FILES, emulatorDir } from '@cloudportal/testing';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errors as joseErrors } from 'jose';
import type { ServerContext } from '../context';
import { embedTokenKey, verifyEmbedToken, type EmbedTokenClaims } from '../reports/embedToken';
import { problem } from '../http/problem';
import { reportDefinition, type DefinedReport } from './definitions';

/** Where the emulator lives on this server: the frame, its files and its definitions. */
export const EMULATOR_BASE = '/powerbi-emulator';

/** The frame's own files beside the page (it loads them relatively). */
const FRAME_FILES = ['report-embed.js', 'report-embed.css', 'report-embed.js.map'];

/** The `Authorization: EmbedToken {token}` header's token, as Power BI's own services read it. */
const embedTokenOf = (header: string | undefined) => /^EmbedToken\s+(\S+)$/i.exec(header ?? '')?.[1];

function sendFile(reply: FastifyReply, name: string) {
  // The emulator's answers are for a developer's test (it stands in for Power BI): English only.
  let dir;
  try {
    dir = emulatorDir();
  } catch (error) {
    // Not built: say how to build it rather than answer a blank 404.
    return reply
      .code(503)
      .type('application/json')
      .send(problem('Service Unavailable', error instanceof Error ? error.message : String(error)));
  }
  if (!Object.hasOwn(EMULATOR_FILES, name)) {
    return reply.code(404).send(problem('Not Found', `The Power BI embed emulator has no file ${name}.`));
  }
  // Through the host's static files (app.ts): the brotli or gzip copy the build wrote, by the
  // request's Accept-Encoding; the frame and its script change with each build, so no-cache and an ETag.
  return reply.sendFile(name, dir);
}

/** The report a verified embed token is for, in the token's tenant, with the pages its embed answer lists. */
async function reportOf(ctx: ServerContext, claims: EmbedTokenClaims): Promise<DefinedReport | undefined> {
  const { rows } =
    claims.kind === 'report'
      ? await ctx.db.query<{ name: string; pages: EmbeddedReportPage[] | string }>(
          'select name, pages from reports where id = $1 and entity_id = $2',
          [claims.rid, claims.eid],
        )
      : await ctx.db.query<{ name: string; pages: EmbeddedReportPage[] | string }>(
          `select c.name, e.pages from custom_report_embeds e join custom_content c on c.tenant_id = e.tenant_id and c.kind = e.kind and c.id = e.report_id
            where e.tenant_id = $1 and e.report_id = $2 and e.entity_id = $3`,
          [claims.tid, claims.rid, claims.eid],
        );
  const row = rows[0];
  if (!row) return undefined;
  const pages = typeof row.pages === 'string' ? (JSON.parse(row.pages) as EmbeddedReportPage[]) : row.pages;
  // An external embedding is not offered the pages hidden in view mode (as the embed answer).
  return {
    id: claims.rid,
    entityId: claims.eid,
    name: row.name,
    pages: claims.scope === 'ext' ? pages.filter((p) => p.visibility === 0) : pages,
  };
}

/**
 * The Power BI embed emulator of `@cloudportal/testing`, on this server's own origin, for the demo
 * reports (the embed answer's `entityUrl` is `/powerbi-emulator/reportEmbed?reportId&groupId`):
 * `GET /powerbi-emulator/reportEmbed` answers the frame page (under the HTML pages' strict CSP: its
 * one script is a file, `frame-ancestors 'self'` lets the portal frame it), its files sit beside it,
 * and `GET /powerbi-emulator/api/reports/{entityId}` answers the report's definition with the data
 * of the embed token's tenant. The frame and its files are public (a frame sends no app token); the
 * definition needs the embed token in `Authorization: EmbedToken …`, for that very report.
 */
export function emulatorRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const key = embedTokenKey(ctx.keys.appTokenSecret);

  app.get(`${EMULATOR_BASE}/reportEmbed`, (_request, reply) => sendFile(reply, 'report-embed.html'));
  for (const name of FRAME_FILES) app.get(`${EMULATOR_BASE}/${name}`, (_request, reply) => sendFile(reply, name));

  app.get<{ Params: { entityId: string } }>(
    `${EMULATOR_BASE}/api/reports/:entityId`,
    // No params schema: the token is checked first (a caller without one learns nothing from a 400),
    // and the entity id must then be the token's own.
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const token = embedTokenOf(request.headers.authorization);
      if (!token)
        return reply
          .code(401)
          .header('WWW-Authenticate', 'EmbedToken')
          .send(problem('Unauthorized', 'The Authorization header must carry the embed token: EmbedToken {token}.'));
      let claims: EmbedTokenClaims;
      try {
        claims = await verifyEmbedToken(token, key);
      } catch (error) {
        const message =
          error instanceof joseErrors.JWTExpired ? 'The embed token has expired.' : 'The embed token is not valid.';
        return reply.code(401).header('WWW-Authenticate', 'EmbedToken').send(problem('Unauthorized', message));
      }
      if (claims.eid.toLowerCase() !== request.params.entityId.toLowerCase()) {
        return reply.code(403).send(problem('Forbidden', 'This embed token is for another report.'));
      }
      const report = await reportOf(ctx, claims);
      if (!report)
        return reply.code(404).send(problem('Not Found', `Report ${request.params.entityId} does not exist.`));
      return reportDefinition({ db: ctx.db, tenantId: claims.tid, now: new Date() }, report);
    },
  );
}
