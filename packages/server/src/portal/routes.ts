import { breadcrumbOf, searchQueryError } from '@cloudportal/core/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import { requestLocale } from '../http/locale';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { accessedRoutes } from './accessed';
import { filterOf, MENU, PortalCache, type ViewQuery } from './catalog';
import { feedbackRoutes } from './feedback';

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal routes' menu cache (tests look at its builds). */
    portalCache: PortalCache;
  }
}

/** The cached answers are JSON text, sent as they are. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** Selected personas: the repeated `personas` key (a single value is read as a list of one). */
const personas = { type: 'array', maxItems: 20, items: { type: 'string', minLength: 1, maxLength: 64 } } as const;
const flag = { type: 'boolean' } as const;
/** A menu item's uuid or name, or a page id. */
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const viewQuery = { type: 'object', properties: { personas, preview: flag } } as const;

/** Spec §7 "Portal service" (base /services/api-portal-customer): menu, breadcrumb, page descriptions, search, feedback, last- and top-accessed. */
export function portalRoutes(app: FastifyInstance, ctx: ServerContext): void {
  // This server's memory of the menu, kept right by the database's cache versions (see PortalCache).
  const cache = new PortalCache(ctx.db);
  app.decorate('portalCache', cache);
  const json = (reply: FastifyReply, body: string) => reply.type(JSON_TYPE).send(body);
  // Issue 24 §2: the menu's texts are in the request's locale (`Accept-Language`), so is every answer
  // built from them, and a cache between the server and the client must keep one answer per locale.
  const localized = (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('Vary', 'Accept-Language');
    return requestLocale(request);
  };

  // Spec §2 "Side navigation", §6: the caller's menu, or the video library's (spec §2 "informational-videos").
  app.get<{ Querystring: ViewQuery & { videoLibrary?: boolean } }>(
    MENU,
    {
      preHandler: ctx.requireUser,
      schema: { querystring: { type: 'object', properties: { personas, preview: flag, videoLibrary: flag } } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const view = await cache.view(principal.tenantId, filterOf(principal, request.query), localized(request, reply));
      return json(reply, view.menuJson(request.query.videoLibrary === true));
    },
  );

  // The chain root → item. Personas are a lens on listings, not on where an item lives, so only
  // features and preview apply; an item hidden from the caller is as unknown as one that does not exist.
  app.get<{ Params: { id: string }; Querystring: { preview?: boolean } }>(
    `${MENU}/:id/breadcrumb`,
    {
      preHandler: ctx.requireUser,
      schema: { params: idParams, querystring: { type: 'object', properties: { preview: flag } } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const view = await cache.view(
        principal.tenantId,
        filterOf(principal, request.query, { personas: false }),
        localized(request, reply),
      );
      const crumbs = breadcrumbOf(view.tree, request.params.id);
      return (
        crumbs ??
        reply
          .code(404)
          .send(problem('Not Found', answerText(request)('server.menu.itemNotFound', { id: request.params.id })))
      );
    },
  );

  // Spec §2 "Dynamic page": the page description of a menu item's url. A page is readable when a
  // menu item the caller's features (and the preview flag) show opens it; the personas scope its
  // tabs. Unknown and hidden pages are both 404 — the client shows its error page on any fetch
  // error (spec §2 "Page fetch error shows the error page").
  app.get<{ Params: { id: string }; Querystring: ViewQuery }>(
    `${MENU}/page/:id`,
    { preHandler: ctx.requireUser, schema: { params: idParams, querystring: viewQuery } },
    async (request, reply) => {
      const principal = principalOf(request);
      const view = await cache.view(principal.tenantId, filterOf(principal, request.query), localized(request, reply));
      const page = view.pageJson(request.params.id);
      if (page === null)
        return reply
          .code(404)
          .send(problem('Not Found', answerText(request)('server.menu.pageNotFound', { id: request.params.id })));
      return json(reply, page);
    },
  );

  // Spec §2 "Search dialog": menu items and their tabs, scoped by personas and features.
  app.get<{ Querystring: ViewQuery & { query: string } }>(
    `${MENU}/index`,
    {
      preHandler: ctx.requireUser,
      schema: {
        querystring: {
          type: 'object',
          required: ['query'],
          properties: { query: { type: 'string', maxLength: 1000 }, personas, preview: flag },
        },
      },
    },
    async (request, reply) => {
      const error = searchQueryError(request.query.query, answerText(request));
      if (error) return reply.code(400).send(problem('Bad Request', error));
      const principal = principalOf(request);
      const view = await cache.view(principal.tenantId, filterOf(principal, request.query), localized(request, reply));
      return json(reply, view.searchJson(request.query.query));
    },
  );

  feedbackRoutes(app, ctx);
  accessedRoutes(app, ctx);
}
