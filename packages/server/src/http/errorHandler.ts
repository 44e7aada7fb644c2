import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerText } from './answers';
import { isInvalidDataError, isUnavailableError } from './databaseErrors';

/** How long a client waits before asking again when the database is unavailable: about a fail-over. */
export const UNAVAILABLE_RETRY_AFTER_S = 2;

/** A status's reason phrase, the `error` of every answer: 'Bad Request', 'Internal Server Error', … */
export const reasonPhrase = (status: number): string => STATUS_CODES[status] ?? 'Error';

/** What the server answers for an error: its status, the `{error, message}` body and any headers. */
export interface ErrorAnswer {
  status: number;
  body: { error: string; message: string };
  headers: Record<string, string>;
}

/**
 * The answer of an error no route answered itself: a schema's 400, a thrown error's own 4xx, a value
 * the database refused as data (SQLSTATE class 22: 400, issue 39 §7), a database unavailable right now
 * (503 with `Retry-After`, issue 39 §2: the client asks a read again once, and knows a write was not
 * made), else a 500 that reveals nothing. Logged here. A route with an answer shape of its own (the
 * GraphQL endpoint) wraps this one, so the two never disagree on a status.
 */
export function errorAnswer(
  error: Error & { statusCode?: number; validation?: unknown },
  request: FastifyRequest,
): ErrorAnswer {
  if (isUnavailableError(error)) {
    request.log.warn({ code: (error as { code?: string }).code, msg: error.message }, 'the database is unavailable');
    return {
      status: 503,
      body: { error: reasonPhrase(503), message: answerText(request)('server.unavailable') },
      headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_S), 'Cache-Control': 'no-store' },
    };
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
  return { status, body: { error: reasonPhrase(status), message }, headers: {} };
}

/** Answers every error no route answered itself as {@link errorAnswer} says. Always `{error, message}`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    const { status, body, headers } = errorAnswer(error, request);
    return reply.code(status).headers(headers).send(body);
  });
}
