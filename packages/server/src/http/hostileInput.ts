/**
 * Hostile input answers 400, never 500 (issue 39 §7): before any route's handler, a request whose
 * query, path parameters or parsed body holds a text the database cannot take (a NUL character, half
 * of a surrogate pair: core's `findUnstorableText`) is refused, naming where, in the request's
 * language. (A PostgreSQL invalid-data error that still reaches the error handler is a 400 too:
 * `databaseErrors.ts`, `errorHandler.ts`.)
 */
import { findUnstorableText } from '@cloudportal/core/rules';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerText } from './answers';

/** Refuses, before the handler, a request that carries an unstorable text. */
export function registerHostileInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const found =
      findUnstorableText(request.query, 'query') ??
      findUnstorableText(request.params, 'params') ??
      findUnstorableText(request.body, 'body');
    if (!found) return;
    return reply.code(400).send({
      error: 'Bad Request',
      message: answerText(request)(found.reason === 'nul' ? 'server.input.nul' : 'server.input.surrogate', {
        where: found.path,
      }),
    });
  });
}
