import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Principal } from './auth/appToken';
import { AppTokenVerifier, TokenRejected } from './auth/appToken';
import type { VerifyIdentityToken } from './auth/identity';
import type { ServerKeys } from './auth/keys';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { answerText } from './http/answers';
import { problem } from './http/problem';

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
}

function unauthorized(reply: FastifyReply, message: string) {
  return reply.code(401).header('WWW-Authenticate', 'Bearer').send(problem('Unauthorized', message));
}

/** Builds the guards over the app-token secret; verified tokens are kept in a bounded cache until they expire. */
export function createGuards(secret: Uint8Array) {
  const verifier = new AppTokenVerifier();
  const guard = (allowTenantSelect: boolean): preHandlerAsyncHookHandler =>
    async function requireUser(this: unknown, request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const t = answerText(request);
      if (!match) return unauthorized(reply, t('server.auth.signInFirst'));
      try {
        const principal = await verifier.verify(match[1]!, secret);
        if (principal.scope === 'tenant-select' && !allowTenantSelect)
          return unauthorized(reply, t('server.auth.chooseTenant'));
        request.principal = principal;
      } catch (error) {
        // Why a token was rejected (its expiry, a missing claim) is for the caller's developer: English.
        return unauthorized(reply, error instanceof TokenRejected ? error.message : t('server.auth.tokenInvalid'));
      }
    };
  return { requireUser: guard(false), requireUserOrTenantSelect: guard(true) };
}

/** The verified principal of a guarded route (the guard guarantees it). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('principalOf() used on a route without requireUser');
  return request.principal;
}
