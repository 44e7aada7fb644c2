import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { createMetrics, poolOf, type AppMetrics } from '../metrics';
import type { Readiness } from './readiness';
import { answerText } from '../http/answers';
import { problem } from '../http/problem';

/** The operations routes: answered in every phase, and never by the SPA fallback. */
export const OPS_PATHS = ['/healthz', '/readyz', '/metrics'];

/** Answered by every route but the operations ones while the server prepares its data. */
export const STARTING_BODY = {
  type: 'about:blank',
  title: 'Starting',
  status: 503,
  detail: 'The server is starting: its database is being prepared. Try again in a few seconds.',
  error: 'Service Unavailable',
  message: 'The server is starting: its database is being prepared. Try again in a few seconds.',
} as const;

/** {@link STARTING_BODY} in the request's language (issue 24 §2). */
function startingBody(request: FastifyRequest) {
  const message = answerText(request)('server.starting');
  return { ...STARTING_BODY, detail: message, message };
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * Registers what operating several instances needs, first among the app's hooks: while `readiness`
 * is starting every route but {@link OPS_PATHS} answers 503 `application/problem+json` "Starting";
 * every answer is counted in `metrics` by route pattern and status; `GET /readyz` answers 200
 * `{status:'ready'}` or 503 `{status:'starting'|'stopping'|'database unreachable'}`; `GET /metrics`
 * answers the Prometheus text format to `Authorization: Bearer {METRICS_TOKEN}`, 401 to anyone
 * else, and 404 when METRICS_TOKEN is not set.
 */
export function registerOps(
  app: FastifyInstance,
  options: { config: Pick<ServerConfig, 'metricsToken'>; db: Database; readiness: Readiness; metrics?: AppMetrics },
): AppMetrics {
  const { readiness } = options;
  const metrics = options.metrics ?? createMetrics({ pool: poolOf(options.db) });

  app.addHook('onRequest', async (request, reply) => {
    if (readiness.phase !== 'starting') return;
    const path = request.url.split('?')[0] ?? '/';
    if (OPS_PATHS.includes(path)) return;
    return reply
      .code(503)
      .header('Retry-After', '5')
      .header('Cache-Control', 'no-store')
      .type('application/problem+json')
      .send(startingBody(request));
  });

  // A stopping server closes each connection after its answer, so keep-alive clients do not hold
  // the shutdown open until their idle timeout.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (readiness.phase === 'stopping') reply.header('Connection', 'close');
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (`/videos/:id.webm`), never the raw URL: a bounded set of label values.
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? '(unmatched)',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  app.get('/readyz', async (_request, reply) => {
    const { ready, status } = await readiness.check();
    return reply
      .code(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ status });
  });

  const token = options.config.metricsToken;
  // For an operator's scraper, not a user: its refusals stay English.
  app.get('/metrics', async (request, reply) => {
    // eslint-disable-next-line no-restricted-syntax -- for an operator (see above): English
    if (!token) return reply.code(404).send(problem('Not Found', `Route ${request.method} /metrics not found`));
    const given = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Compared as hashes: equal lengths for timingSafeEqual, and no timing hint of the token's length.
    if (!timingSafeEqual(sha256(given), sha256(token))) {
      return (
        reply
          .code(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          // eslint-disable-next-line no-restricted-syntax -- for an operator (see above): English
          .send(problem('Unauthorized', 'The metrics need the header Authorization: Bearer {METRICS_TOKEN}.'))
      );
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });

  return metrics;
}
