import { randomUUID } from 'node:crypto';
import type { CustomContent, EmailNotification, QueuedEmail, SystemMessage } from '@cloudportal/core';
import { EMAIL_BODY_MAX, EMAIL_PATTERN, EMAIL_RECIPIENTS_MAX, EMAIL_SUBJECT_MAX } from '@cloudportal/core/rules';
import type { FastifyInstance } from 'fastify';
import { principalOf, type ServerContext } from '../context';
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

/** E-mail notification (queued, spec §3), system messages and the tenant's custom reports and dashboards. */
export function notificationRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.post<{ Body: EmailNotification }>(
    `${PORTAL}/api/notification/email`,
    { preHandler: ctx.requireUser, schema: emailSchema },
    async (request, reply) => {
      const p = principalOf(request);
      const { recipients, subject, body } = request.body;
      const id = randomUUID();
      await db.query(
        'insert into notification_outbox (id, tenant_id, user_id, recipients, subject, body) values ($1, $2, $3, $4, $5, $6)',
        [id, p.tenantId, p.userId, [...new Set(recipients.map((r) => r.toLowerCase()))], subject.trim(), body],
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
