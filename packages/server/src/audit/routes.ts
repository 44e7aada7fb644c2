import { randomUUID } from 'node:crypto';
import type { AuditEvent, AuditReceipt, AuditStatistics, KeepaliveReceipt } from '@cloudportal/core';
import {
  ACTIVE_USER_WINDOW_MINUTES,
  AUDIT_CATEGORIES,
  AUDIT_LOCATION_MAX,
  AUDIT_NAME_MAX,
  auditEventError,
  flattenMenu,
  isAuditedLocation,
  pageKeyFromUrl,
  type AuditCategory,
} from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { loadCatalog } from '../portal/catalog';
import { ensureSettingsAdmin } from '../settings/admin';
import { requestLocale } from '../http/locale';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';

/** The audit service base of spec §7 ("POST /services/audit/api/audit/event"), and its API root. */
export const AUDIT = '/services/audit';
const AUDIT_API = `${AUDIT}/api`;

/** How many top pages and reports the statistics list. */
const STATISTICS_TOP = 10;

const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength });
const FIELDS = [
  'category',
  'location',
  'previousLocation',
  'locationName',
  'previousLocationName',
  'tabName',
  'reportId',
  'pageName',
  'url',
] as const;

const eventSchema = {
  body: {
    type: 'object',
    required: ['category'],
    // Refused rather than silently dropped: an event is a record, and a misspelt field would lose data.
    propertyNames: { enum: [...FIELDS] },
    properties: {
      category: { type: 'string', enum: [...AUDIT_CATEGORIES] },
      location: text(AUDIT_LOCATION_MAX),
      previousLocation: text(AUDIT_LOCATION_MAX),
      url: text(AUDIT_LOCATION_MAX),
      locationName: text(AUDIT_NAME_MAX),
      previousLocationName: text(AUDIT_NAME_MAX),
      tabName: text(AUDIT_NAME_MAX),
      reportId: text(AUDIT_NAME_MAX),
      pageName: text(AUDIT_NAME_MAX),
    },
  },
};

const statisticsSchema = {
  querystring: { type: 'object', properties: { days: { type: 'integer', minimum: 1, maximum: 365, default: 30 } } },
} as const;

/** Records that the user was active now (keepalive pings and audit events). */
async function touch(db: Database, tenantId: string, userId: string): Promise<void> {
  await db.query(
    `insert into user_activity (tenant_id, user_id, last_seen_at) values ($1, $2, now())
     on conflict (tenant_id, user_id) do update set last_seen_at = excluded.last_seen_at`,
    [tenantId, userId],
  );
}

/** Spec §7 "Audit" (base /services/audit): audit events, statistics and keepalive. */
export function auditRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;

  // Spec §6: "Audit events are sent only for authenticated users." Stored per tenant and user with
  // the server's time. A navigation to a location spec §2 excludes ('/', '/id_token', '/tenant') is
  // answered but not stored: the client rule already skips them, and a client that does not must
  // not fill the trail (its failures are swallowed anyway, spec §8).
  app.post<{ Body: AuditEvent }>(
    `${AUDIT_API}/audit/event`,
    { preHandler: ctx.requireUser, schema: eventSchema },
    async (request, reply) => {
      const e = request.body;
      const error = auditEventError(e, answerText(request));
      if (error) return reply.code(400).send(problem('Bad Request', error));
      const p = principalOf(request);
      const navigation = e.category === 'navigation';
      if (navigation && !isAuditedLocation(e.location ?? '')) {
        const skipped: AuditReceipt = { recorded: false };
        return reply.code(202).send(skipped);
      }
      await db.query(
        `insert into audit_events (id, tenant_id, user_id, category, location, previous_location, location_name, previous_location_name, tab_name, report_id, page_name, url, page_key)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          randomUUID(),
          p.tenantId,
          p.userId,
          e.category,
          e.location ?? null,
          e.previousLocation ?? null,
          e.locationName ?? null,
          e.previousLocationName ?? null,
          e.tabName ?? null,
          e.reportId ?? null,
          e.pageName ?? null,
          e.url ?? null,
          navigation ? pageKeyFromUrl(e.location ?? '') : null,
        ],
      );
      await touch(db, p.tenantId, p.userId);
      const recorded: AuditReceipt = { recorded: true };
      return reply.code(202).send(recorded);
    },
  );

  // Not shown by the spec: the tenant's numbers over the last `days` days. Tenant-wide, so for
  // settings administrators only (the same permission as the settings dashboard).
  app.get<{ Querystring: { days: number } }>(
    `${AUDIT_API}/audit/statistics`,
    { preHandler: ctx.requireUser, schema: statisticsSchema },
    async (request, reply) => {
      if (!(await ensureSettingsAdmin(db, request, reply))) return reply;
      const { tenantId } = principalOf(request);
      const days = request.query.days;
      const since = new Date(Date.now() - days * 86_400_000).toISOString();

      // One after the other: a request holds one connection at a time.
      const totals = await db.query<{ category: AuditCategory; count: number }>(
        'select category, count(*)::int as count from audit_events where tenant_id = $1 and created_at >= $2 group by category',
        [tenantId, since],
      );
      const users = await db.query<{ count: number }>(
        'select count(distinct user_id)::int as count from audit_events where tenant_id = $1 and created_at >= $2',
        [tenantId, since],
      );
      const active = await db.query<{ count: number }>(
        'select count(*)::int as count from user_activity where tenant_id = $1 and last_seen_at >= now() - make_interval(mins => $2::int)',
        [tenantId, ACTIVE_USER_WINDOW_MINUTES],
      );
      const pages = await db.query<{ page_key: string; count: number }>(
        `select page_key, count(*)::int as count from audit_events
        where tenant_id = $1 and created_at >= $2 and category = 'navigation' and coalesce(page_key, '') <> ''
        group by page_key order by count desc, page_key`,
        [tenantId, since],
      );
      const reports = await db.query<{ report_id: string; count: number }>(
        `select report_id, count(*)::int as count from audit_events
        where tenant_id = $1 and created_at >= $2 and category = 'analytics' and report_id is not null
        group by report_id order by count desc, report_id limit ${STATISTICS_TOP}`,
        [tenantId, since],
      );
      // The pages' names in the request's locale (issue 24 §2).
      void reply.header('Vary', 'Accept-Language');
      const catalog = await loadCatalog(db, requestLocale(request));

      // Pages are named by the menu (all of it: the numbers are the tenant's, not the caller's view).
      const names = new Map(
        flattenMenu(catalog.tree)
          .filter((n) => n.url)
          .map((n) => [n.name, n.displayName]),
      );
      const statistics: AuditStatistics = {
        days,
        since,
        totals: Object.fromEntries(
          AUDIT_CATEGORIES.map((c) => [c, Number(totals.rows.find((r) => r.category === c)?.count ?? 0)]),
        ) as Record<AuditCategory, number>,
        users: Number(users.rows[0]?.count ?? 0),
        activeUsers: Number(active.rows[0]?.count ?? 0),
        topPages: pages.rows
          .filter((r) => names.has(r.page_key))
          .slice(0, STATISTICS_TOP)
          .map((r) => ({ name: r.page_key, displayName: names.get(r.page_key)!, count: Number(r.count) })),
        reportViews: reports.rows.map((r) => ({ reportId: r.report_id, count: Number(r.count) })),
      };
      return statistics;
    },
  );

  // Spec §4 "Idle session": "A keepalive ping runs at the configured interval." Records the
  // caller's last activity and answers the server's clock.
  app.post(`${AUDIT_API}/keepalive`, { preHandler: ctx.requireUser }, async (request) => {
    const p = principalOf(request);
    await touch(db, p.tenantId, p.userId);
    const receipt: KeepaliveReceipt = { serverTime: new Date().toISOString() };
    return receipt;
  });
}
