import { loopbackTwin } from '@cloudportal/core/rules';
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { otherOrigin, ownOrigin } from '../sites/cors';

/**
 * The origin the demo reports' frame is served on for a request that arrived on this server, or
 * undefined for the request's own origin (POWERBI_EMULATOR_SITE): with `twin`, the loopback twin of
 * the origin the request came on (`http://localhost:4173` → `http://127.0.0.1:4173`), a site of its
 * own as Power BI's `app.powerbi.com` is beside a portal, so the browser runs the report's frame in
 * a process of its own; any other address keeps the frame on its own origin. A partner's page on
 * another origin (a connected site: the request's `Origin` is not the server's) is answered the
 * portal's own origin, which its CSP's `frame-src` names.
 */
export function emulatorOriginFor(
  config: Pick<ServerConfig, 'emulatorSite'>,
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'headers'>,
): string | undefined {
  if (config.emulatorSite !== 'twin' || otherOrigin(request)) return undefined;
  // As a browser writes an origin: without a default port (a Host header may carry `:80`).
  return loopbackTwin(new URL(ownOrigin(request)).origin) ?? undefined;
}

/**
 * The CSP of a page the server sends, with the emulator's twin site where it is used: a portal page
 * may frame the twin (`frame-src`), and the emulator's frame page, served on the twin, may be framed
 * by the portal's origin (`frame-ancestors`, which has no Referer to go by: the portal's pages send
 * none across sites).
 */
export function withEmulatorSite(
  csp: string,
  config: Pick<ServerConfig, 'emulatorSite'>,
  request: Pick<FastifyRequest, 'protocol' | 'host' | 'url' | 'headers'>,
): string {
  const twin = emulatorOriginFor(config, request);
  if (!twin) return csp;
  const framing = request.url.startsWith('/powerbi-emulator/reportEmbed')
    ? csp.replace("frame-ancestors 'self'", `frame-ancestors 'self' ${twin}`)
    : csp;
  return framing.replace("frame-src 'self'", `frame-src 'self' ${twin}`);
}
