/**
 * What a database error means for the answer (issue 39 §2, §7): a value refused as data is the
 * request's fault (400), a database that cannot be reached right now is an outage (503 with
 * `Retry-After`), anything else is ours (500).
 */

/** True for a database error of SQLSTATE class 22 ("data exception"): the value, not the server, was wrong. */
export function isInvalidDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/**
 * SQLSTATEs that mean the database is not there for now: class 08 (connection exception), an
 * administrator's or a crash's shutdown (57P01, 57P02), a server still starting (57P03), too many
 * connections (53300).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** The socket errors of a database that is down, restarting or unreachable. */
const UNAVAILABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection lost, never made, or not given by its pool in time. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * True for an error that means the database is unavailable right now — a SQLSTATE of
 * `UNAVAILABLE_SQLSTATE`, a refused, reset or timed-out socket (also inside an `AggregateError` of
 * several addresses), a connection node-postgres lost or its pool could not give in time — as
 * opposed to one the request or the server caused.
 */
export function isUnavailableError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  return Array.isArray(errors) && errors.some(isUnavailableError);
}
