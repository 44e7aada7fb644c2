import { randomUUID } from 'node:crypto';
import type { CustomContent, EmailNotification, QueuedEmail, SystemMessage } from '@cloudportal/core';
import {
  EMAIL_BODY_MAX,
  EMAIL_PATTERN,
  EMAIL_RECIPIENTS_MAX,
  EMAIL_SUBJECT_MAX,
  EMAIL_TENANT_HOURLY_MAX,
} from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
import type { Database } from '../db/database';
import { answerText } from '../http/answers';
import { problem, tooManyRequests } from '../http/problem';
import { ensureSettingsAdmin } from './admin';
import { PORTAL } from './paths';

const emailSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['recipients', 'subject', 'body'],
    properties: {
      recipients: {
        type: 'array',
        minItems: 1,
        maxItems: EMAIL_RECIPIENTS_MAX,
        items: { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN },
      },
      subject: { type: 'string', minLength: 1, maxLength: EMAIL_SUBJECT_MAX, pattern: '\\S' },
      body: { type: 'string', minLength: 1, maxLength: EMAIL_BODY_MAX },
    },
  },
} as const;

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The recipients that are not the tenant's own users: neither a portal user of the tenant nor a user
 * of its directory (`m365_users`). Each is one index probe ((tenant_id, upn) on either table).
 */
async function outsideTenant(db: Database, tenantId: string, recipients: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ r: string }>(
    `select r from unnest($2::text[]) as r
      where not exists (select 1 from users u where u.tenant_id = $1 and u.upn = r)
        and not exists (select 1 from m365_users m where m.tenant_id = $1 and m.upn collate "C" = r)`,
    [tenantId, recipients],
  );
  return rows.map((row) => row.r);
}

/**
 * Queues the e-mail unless the tenant has queued {@link EMAIL_TENANT_HOURLY_MAX} in the last hour
 * (counted on the (tenant_id, created_at) index, in the insert's own statement); answers the seconds
 * until one of those leaves the hour when it is refused, else 0.
 */
async function queueWithinHourlyLimit(
  db: Database,
  values: [string, string, string, string[], string, string],
): Promise<number> {
  const queued = await db.query(
    `insert into notification_outbox (id, tenant_id, user_id, recipients, subject, body)
     select $1, $2, $3, $4, $5, $6
      where (select count(*) from notification_outbox where tenant_id = $2 and created_at > now() - interval '1 hour') < $7
     returning id`,
    [...values, EMAIL_TENANT_HOURLY_MAX],
  );
  if (queued.rows.length > 0) return 0;
  const { rows } = await db.query<{ wait: number }>(
    `select greatest(1, ceil(extract(epoch from min(created_at) + interval '1 hour' - now())))::int as wait
       from notification_outbox where tenant_id = $1 and created_at > now() - interval '1 hour'`,
    [values[1]],
  );
  return rows[0]?.wait ?? 1;
}

/** E-mail notification (queued, spec §3), system messages and the tenant's custom reports and dashboards. */
export function notificationRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.post<{ Body: EmailNotification }>(
    `${PORTAL}/api/notification/email`,
    { preHandler: ctx.requireUser, schema: emailSchema },
    async (request, reply) => {
      // Issue 39 §7: the tenant's administrators, to the tenant's own users, at most hourly-max an hour.
      if (!(await ensureSettingsAdmin(db, request, reply, 'server.email.adminOnly'))) return reply;
      const p = principalOf(request);
      const t = answerText(request);
      const { subject, body } = request.body;
      const recipients = [...new Set(request.body.recipients.map((r) => r.toLowerCase()))];
      const outside = await outsideTenant(db, p.tenantId, recipients);
      if (outside.length > 0)
        return reply
          .code(400)
          .send(problem('Bad Request', t('server.email.outsideTenant', { recipients: outside.join(', ') })));
      const id = randomUUID();
      const wait = await queueWithinHourlyLimit(db, [id, p.tenantId, p.userId, recipients, subject.trim(), body]);
      if (wait > 0)
        return tooManyRequests(
          reply,
          wait,
          t('server.email.rateLimited', { max: EMAIL_TENANT_HOURLY_MAX, minutes: Math.ceil(wait / 60) }),
        );
      const queued: QueuedEmail = { id, status: 'queued' };
      return reply.code(202).send(queued);
    },
  );

  app.get(`${PORTAL}/api/system/messages`, { preHandler: ctx.requireUser }, async () => {
    const { rows } = await db.query<{
      id: string;
      severity: SystemMessage['severity'];
      title: string;
      message: string;
      valid_from: string | Date;
      valid_to: string | Date | null;
    }>(
      `select id, severity, title, message, valid_from, valid_to from system_messages
        where valid_from <= now() and (valid_to is null or valid_to > now()) order by valid_from desc`,
    );
    return rows.map((r): SystemMessage => ({
      id: r.id,
      severity: r.severity,
      title: r.title,
      message: r.message,
      validFrom: iso(r.valid_from)!,
      validTo: iso(r.valid_to),
    }));
  });

  for (const [path, kind] of [
    ['reports', 'report'],
    ['dashboards', 'dashboard'],
  ] as const) {
    app.get(`${PORTAL}/api/${path}/custom`, { preHandler: ctx.requireUser }, async (request) => {
      const { rows } = await db.query<{ id: string; name: string; description: string; created_at: string | Date }>(
        'select id, name, description, created_at from custom_content where tenant_id = $1 and kind = $2 order by name',
        [principalOf(request).tenantId, kind],
      );
      return rows.map((r): CustomContent => ({
        id: r.id,
        name: r.name,
        description: r.description,
        createdAt: iso(r.created_at)!,
      }));
    });
  }
}
