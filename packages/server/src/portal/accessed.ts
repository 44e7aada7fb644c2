import type { AccessedPage } from '@cloudportal/core';
import { ACCESSED_PAGES_MAX, menuMap } from '@cloudportal/core/rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import { requestLocale } from '../http/locale';
import { filterOf, loadCatalog, MENU, visibleTree } from './catalog';

interface VisitRow {
  page_key: string;
  count: number;
  last_at: string | Date;
  tab_name: string | null;
}

const accessedSchema = { querystring: { type: 'object', properties: { preview: { type: 'boolean' } } } } as const;

/**
 * Spec §7 "GET /api/portal/menu/last-accessed" and "top-accessed", computed from the caller's own
 * navigation audit events (same tenant and user). Only pages that are menu items the caller sees
 * are listed; at most {@link ACCESSED_PAGES_MAX}.
 */
export function accessedRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;

  async function visitedPages(
    request: Parameters<typeof principalOf>[0],
    preview: boolean | undefined,
    reply: FastifyReply,
  ): Promise<AccessedPage[]> {
    const p = principalOf(request);
    const { rows } = await db.query<VisitRow>(
      `select page_key, count(*)::int as count, max(created_at) as last_at,
              (array_agg(tab_name order by created_at desc))[1] as tab_name
         from audit_events
        where tenant_id = $1 and user_id = $2 and category = 'navigation' and coalesce(page_key, '') <> ''
        group by page_key`,
      [p.tenantId, p.userId],
    );
    // The pages' names and descriptions in the request's locale (issue 24 §2).
    void reply.header('Vary', 'Accept-Language');
    const catalog = await loadCatalog(db, requestLocale(request));
    const items = menuMap(visibleTree(catalog, filterOf(p, { preview }, { personas: false })));
    const pages: AccessedPage[] = [];
    for (const r of rows) {
      const item = items.get(r.page_key);
      if (!item?.url) continue;
      pages.push({
        uuid: item.uuid,
        name: item.name,
        displayName: item.displayName,
        description: item.description,
        icon: item.icon,
        url: item.url,
        tabName: r.tab_name,
        lastAccessed: new Date(r.last_at).toISOString(),
        count: Number(r.count),
      });
    }
    return pages;
  }

  const newestFirst = (a: AccessedPage, b: AccessedPage) =>
    b.lastAccessed.localeCompare(a.lastAccessed) || a.name.localeCompare(b.name);

  app.get<{ Querystring: { preview?: boolean } }>(
    `${MENU}/last-accessed`,
    { preHandler: ctx.requireUser, schema: accessedSchema },
    async (request, reply) =>
      (await visitedPages(request, request.query.preview, reply)).sort(newestFirst).slice(0, ACCESSED_PAGES_MAX),
  );

  app.get<{ Querystring: { preview?: boolean } }>(
    `${MENU}/top-accessed`,
    { preHandler: ctx.requireUser, schema: accessedSchema },
    async (request, reply) =>
      (await visitedPages(request, request.query.preview, reply))
        .sort((a, b) => b.count - a.count || newestFirst(a, b))
        .slice(0, ACCESSED_PAGES_MAX),
  );
}
