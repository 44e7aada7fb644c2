import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Principal } from './auth/appToken';
import { AppTokenVerifier, TokenRejected } from './auth/appToken';
import type { VerifyIdentityToken } from './auth/identity';
import type { ServerKeys } from './auth/keys';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { answerText } from './http/answers';
import { problem, tooManyRequests } from './http/problem';
import { siteAllows } from '@cloudportal/core/rules';
import { refuseVisitor } from './sites/refuse';
import { SiteRateLimit } from './sites/rateLimit';
import { siteNeedOf } from './sites/scope';
import type { SiteStore } from './sites/store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller, set by `requireUser`; null on public routes. */
    principal: Principal | null;
  }
}

/** What every route module receives. */
export interface ServerContext {
  db: Database;
  config: ServerConfig;
  keys: ServerKeys;
  verifyIdentity: VerifyIdentityToken;
  /** Guard for every route but sign-in: a valid app token, tenant and user taken from it. */
  requireUser: preHandlerAsyncHookHandler;
  /** Like `requireUser`, but the 300 answer's tenant-select token is accepted too. */
  requireUserOrTenantSelect: preHandlerAsyncHookHandler;
  /** The connected sites (issue 38), as every request sees them. */
  sites: SiteStore;
}

function unauthorized(reply: FastifyReply, message: string) {
  return reply.code(401).header('WWW-Authenticate', 'Bearer').send(problem('Unauthorized', message));
}

/** What the guards check a connected site's visitor against (issue 38 §3). */
export interface SiteGuardOptions {
  sites: SiteStore;
  /** Requests a minute of one site's visitors together, to this instance. */
  rateLimitPerMinute: number;
}

/**
 * A connected site's visitor's request (issue 38 §3): from the origin its token was issued for, while
 * the site is enabled, to a route its pieces allow, within the site's rate limit. Answers the
 * refusal and returns false when not.
 */
async function siteAllowsRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  principal: Principal,
  options: SiteGuardOptions,
  limit: SiteRateLimit,
): Promise<boolean> {
  const grant = principal.site!;
  if (request.headers.origin !== grant.origin) {
    await refuseVisitor(request, reply, 'origin-not-registered', `This token is good on ${grant.origin} only.`);
    return false;
  }
  const site = await options.sites.site(grant.id);
  if (!site?.enabled || !site.origins.includes(grant.origin)) {
    await refuseVisitor(request, reply, 'site-disabled');
    return false;
  }
  if (!siteAllows(grant.pieces, await siteNeedOf(request))) {
    await refuseVisitor(request, reply, 'piece-not-allowed');
    return false;
  }
  const wait = limit.take(grant.id);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    await tooManyRequests(reply, seconds, answerText(request)('server.partner.rateLimited', { count: seconds }));
    return false;
  }
  return true;
}

/** Builds the guards over the app-token secret; verified tokens are kept in a bounded cache until they expire. */
export function createGuards(secret: Uint8Array, sites: SiteGuardOptions) {
  const verifier = new AppTokenVerifier();
  const limit = new SiteRateLimit(sites.rateLimitPerMinute);
  const guard = (allowTenantSelect: boolean): preHandlerAsyncHookHandler =>
    async function requireUser(this: unknown, request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const t = answerText(request);
      if (!match) return unauthorized(reply, t('server.auth.signInFirst'));
      let principal: Principal;
      try {
        principal = await verifier.verify(match[1]!, secret);
      } catch (error) {
        // Why a token was rejected (its expiry, a missing claim) is for the caller's developer: English.
        return unauthorized(reply, error instanceof TokenRejected ? error.message : t('server.auth.tokenInvalid'));
      }
      if (principal.scope === 'tenant-select' && !allowTenantSelect)
        return unauthorized(reply, t('server.auth.chooseTenant'));
      if (principal.site && !(await siteAllowsRequest(request, reply, principal, sites, limit))) return reply;
      request.principal = principal;
    };
  return { requireUser: guard(false), requireUserOrTenantSelect: guard(true) };
}

/** The verified principal of a guarded route (the guard guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf() used on a route without requireUser');
  return request.principal;
}
