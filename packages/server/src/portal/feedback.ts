import { randomUUID } from 'node:crypto';
import type { FeedbackInput, StoredFeedback } from '@cloudportal/core';
import { flattenMenu, tabIndexByName, validateFeedback, type FeedbackType } from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';
import { filterOf, loadCatalog, MENU, visibleTabs, visibleTree } from './catalog';

const FIELDS = ['menuUuid', 'tabName', 'rating', 'type', 'comment'] as const;

/**
 * Only the shape is checked here (unknown fields are refused, not dropped); the values are checked
 * by `validateFeedback` of `@cloudportal/core/rules`, so the 400 says exactly what the form says.
 */
const feedbackSchema = {
  body: {
    type: 'object',
    propertyNames: { enum: [...FIELDS] },
    properties: {
      menuUuid: { type: 'string', maxLength: 200 },
      tabName: { type: ['string', 'null'], maxLength: 200 },
      comment: { type: 'string' },
    },
  },
};

interface FeedbackRow {
  id: string;
  user_id: string;
  menu_uuid: string;
  tab_name: string | null;
  rating: number;
  type: FeedbackType;
  comment: string;
  created_at: string | Date;
}

const COLUMNS = 'id, user_id, menu_uuid, tab_name, rating, type, comment, created_at';

const toFeedback = (r: FeedbackRow): StoredFeedback => ({
  id: r.id,
  menuUuid: r.menu_uuid,
  tabName: r.tab_name,
  rating: r.rating,
  type: r.type,
  comment: r.comment,
  userId: r.user_id,
  created: new Date(r.created_at).toISOString(),
});

/** Spec §2 "Feedback dialog", §3 "Feedback", §5: feedback about a page, stored per tenant and sender. */
export function feedbackRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;

  app.post<{ Body: FeedbackInput }>(
    `${MENU}/feedback`,
    { preHandler: ctx.requireUser, schema: feedbackSchema },
    async (request, reply) => {
      const body = request.body;
      const t = answerText(request);
      const errors = validateFeedback(body, t);
      const first = errors.menuUuid ?? errors.rating ?? errors.type ?? errors.comment;
      if (first) return reply.code(400).send({ ...problem('Bad Request', first), errors });

      // The item must be one the caller's features show (preview items included: feedback on a
      // preview page is welcome); a hidden item is as unknown as one that does not exist.
      const principal = principalOf(request);
      const catalog = await loadCatalog(db);
      const filter = { ...filterOf(principal, {}, { personas: false }), preview: true };
      const item = flattenMenu(visibleTree(catalog, filter)).find((n) => n.uuid === body.menuUuid);
      if (!item)
        return reply.code(400).send({
          ...problem('Bad Request', t('feedback.menuItem.required')),
          errors: { menuUuid: t('feedback.menuItem.required') },
        });

      const tabs = visibleTabs(item.url ? catalog.pages.get(item.url) : undefined, filter);
      const tabName = body.tabName?.trim() || null;
      if (tabName && tabIndexByName(tabs, tabName) < 0)
        return reply.code(400).send({
          ...problem('Bad Request', t('feedback.tab.unknown')),
          errors: { tabName: t('feedback.tab.unknown') },
        });
      const canonicalTab = tabName ? tabs[tabIndexByName(tabs, tabName)]!.name : null;

      const { rows } = await db.query<FeedbackRow>(
        `insert into feedback (id, tenant_id, user_id, menu_uuid, tab_name, rating, type, comment)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
        [
          randomUUID(),
          principal.tenantId,
          principal.userId,
          item.uuid,
          canonicalTab,
          body.rating,
          body.type,
          body.comment,
        ],
      );
      return reply.code(201).send(toFeedback(rows[0]!));
    },
  );

  // Not in the spec: how feedback is read back. Settings administrators see their tenant's, every
  // other user their own; newest first.
  app.get(`${MENU}/feedback`, { preHandler: ctx.requireUser }, async (request) => {
    const p = principalOf(request);
    const admin = await db.query<{ can_manage_settings: boolean }>(
      'select can_manage_settings from users where id = $1 and tenant_id = $2',
      [p.userId, p.tenantId],
    );
    const everyone = admin.rows[0]?.can_manage_settings === true;
    const { rows } = await db.query<FeedbackRow>(
      `select ${COLUMNS} from feedback where tenant_id = $1 and ($2 or user_id = $3) order by created_at desc, id`,
      [p.tenantId, everyone, p.userId],
    );
    return rows.map(toFeedback);
  });
}
