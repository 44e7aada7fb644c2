import type { FastifyRequest } from 'fastify';

/**
 * The caller's headers that a route called in-process on its behalf (Fastify's `inject`) reads: its
 * language and its origin (a connected site's scope), and `extra` — its token, when the inner call
 * goes with the caller's own.
 */
export function passedOnHeaders(request: FastifyRequest, extra: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of ['accept-language', 'origin', 'user-agent', ...extra]) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}
