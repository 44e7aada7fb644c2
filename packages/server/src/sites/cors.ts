import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PARTNER_TOKEN_PATH } from './exchange';
import type { SiteStore } from './store';

/** How long a browser may keep a pre-flight's answer, in seconds (bounded: a removed origin stops working within it). */
export const PREFLIGHT_MAX_AGE_S = 600;

/** The API's paths: answered across origins only to registered sites. */
const API = /^\/(api|services)\//;

/**
 * Public API routes any origin may read (no credential is sent, nothing private is answered): the
 * partner token exchange, whose refusals ("this site is not registered") a page must be able to
 * show, and the sign-in configuration.
 */
const ANY_ORIGIN = new Set([PARTNER_TOKEN_PATH, '/api/auth/config']);

const ALLOWED_HEADERS = 'authorization, content-type, x-authorization, accept-language';
const EXPOSED_HEADERS = 'retry-after, content-disposition';

/** The request's own origin, as a browser on the same origin would send it. */
export function ownOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return `${request.protocol}://${request.host}`;
}

/** The `Origin` of a request from another origin than the server's own, or undefined. */
export function otherOrigin(request: Pick<FastifyRequest, 'protocol' | 'host' | 'headers'>): string | undefined {
  const origin = request.headers.origin;
  return origin && origin !== ownOrigin(request) ? origin : undefined;
}

/**
 * CORS for the API (issue 38 §3): a request from another origin is answered with
 * `Access-Control-Allow-Origin` only when some tenant's enabled connected site lists that origin
 * (the partner token exchange and the sign-in configuration: any origin). Never with credentials: a
 * connected site's visitor is signed in by its partner's token, not by a cookie. Pre-flights
 * (`OPTIONS`) of a registered origin answer 204 with the methods and headers the SDK sends, kept
 * by the browser for {@link PREFLIGHT_MAX_AGE_S}; of another origin, 403 without CORS headers.
 * Every API answer varies by `Origin`.
 */
export function registerCors(app: FastifyInstance, sites: SiteStore) {
  async function allowed(request: FastifyRequest, path: string, origin: string): Promise<boolean> {
    return ANY_ORIGIN.has(path) || (await sites.registered(origin));
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!API.test(path)) return;
    reply.header('Vary', 'Origin');
    const origin = otherOrigin(request);
    if (!origin) return;
    const ok = await allowed(request, path, origin);
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!ok) {
      if (preflight) return reply.code(403).send();
      return;
    }
    reply.header('Access-Control-Allow-Origin', origin);
    if (!preflight) {
      reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      return;
    }
    return reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE')
      .header('Access-Control-Allow-Headers', ALLOWED_HEADERS)
      .header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S))
      .send();
  });

  // A pre-flight reaches the hook above only through a route: one for each API root.
  const none = async (_request: FastifyRequest, reply: FastifyReply) => reply.code(204).send();
  app.options('/api/*', none);
  app.options('/services/*', none);
}
