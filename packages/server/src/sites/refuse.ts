import { partnerRefusalMessage, type PartnerRefusal } from '@cloudportal/core/rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerText } from '../http/answers';

/** The status each refusal answers with: 401 for the token itself, 403 for what the site or user may not. */
const STATUS: Record<PartnerRefusal, 401 | 403> = {
  'origin-not-registered': 403,
  'site-disabled': 403,
  'bad-signature': 401,
  'token-expired': 401,
  'token-reused': 401,
  'token-invalid': 401,
  'user-not-in-tenant': 403,
  'piece-not-allowed': 403,
};

/** A refusal of a connected site's visitor: a message in the request's language, and its code (issue 38 §2). */
export function refuseVisitor(request: FastifyRequest, reply: FastifyReply, code: PartnerRefusal, detail?: string) {
  const status = STATUS[code];
  return reply.code(status).send({
    error: status === 401 ? 'Unauthorized' : 'Forbidden',
    message: partnerRefusalMessage(code, answerText(request)),
    code,
    // Why, for the partner's developer: English.
    ...(detail ? { detail } : {}),
  });
}
