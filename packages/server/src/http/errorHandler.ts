import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { answerText } from './answers';
import { isInvalidDataError, isUnavailableError } from './databaseErrors';

/** How long a client waits before asking again when the database is unavailable: about a fail-over. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

/** A status's reason phrase, the `error` of every answer: 'Bad Request', 'Internal Server Error', … */
const reason = (status: number) => STATUS_CODES[status] ?? 'Error';

/**
 * The answer of an error no route answered itself: a schema's 400, a thrown error's own 4xx, a value
 * the database refused as data (SQLSTATE class 22: 400, issue 39 §7), a database unavailable right now
 * (503 with `Retry-After`, issue 39 §2: the client asks a read again once, and knows a write was not
 * made), else a 500 that reveals nothing. Always `{error, message}`.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    if (isUnavailableError(error)) {
      request.log.warn({ code: (error as { code?: string }).code, msg: error.message }, 'the database is unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S))
        .header('Cache-Control', 'no-store')
        .send({ error: reason(503), message: answerText(request)('server.unavailable') });
    }
    const invalidData = isInvalidDataError(error);
    const status =
      error.validation || invalidData
        ? 400
        : error.statusCode && error.statusCode >= 400 && error.statusCode < 600
          ? error.statusCode
          : 500;
    if (status >= 500) request.log.error(error);
    else if (invalidData) request.log.warn({ code: (error as { code?: string }).code }, 'a value the database refused');
    // A 500 never leaks internals, in the request's language; a 4xx says what was wrong with the request
    // (a schema's or Fastify's own words, for the caller's developer: English).
    const message =
      status >= 500
        ? answerText(request)('server.error')
        : invalidData
          ? answerText(request)('server.input.invalidValue')
          : error.message;
    return reply.code(status).send({ error: reason(status), message });
  });
}
