import type { FastifyReply } from 'fastify';

/**
 * The `{error, message}` body of every refusal the server answers: `error` the status's reason
 * phrase, `message` what the user or the caller reads (core's ApiError carries it to the UI).
 */
export const problem = (error: string, message: string) => ({ error, message });

/** A 429 `{error, message}` with `Retry-After: seconds`: a rate limit's refusal, whichever limit it is. */
export function tooManyRequests(reply: FastifyReply, seconds: number, message: string): FastifyReply {
  return reply.code(429).header('Retry-After', String(seconds)).send(problem('Too Many Requests', message));
}
