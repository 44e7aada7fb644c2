import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../context';
import type { Database } from '../db/database';
import { answerText, englishAnswer } from '../http/answers';
import { problem } from '../http/problem';

/** The refusal of spec §6's settings permission (canManageSettings), in English. */
export const FORBIDDEN_SETTINGS = problem('Forbidden', englishAnswer('server.settings.adminOnly'));

/**
 * Whether the caller may change the tenant's settings: read from the user row (not the token), so
 * a permission taken away applies at once. Answers 403 and returns false when not.
 */
export async function ensureSettingsAdmin(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: 'server.settings.adminOnly' | 'server.email.adminOnly' = 'server.settings.adminOnly',
): Promise<boolean> {
  const p = principalOf(request);
  const { rows } = await db.query<{ can_manage_settings: boolean }>(
    'select can_manage_settings from users where id = $1 and tenant_id = $2',
    [p.userId, p.tenantId],
  );
  if (rows[0]?.can_manage_settings) return true;
  await reply.code(403).send(problem('Forbidden', answerText(request)(refusal)));
  return false;
}
