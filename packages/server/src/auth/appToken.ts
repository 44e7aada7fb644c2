import type { AppTokenClaims, AppTokenSite } from '@cloudportal/core';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { LruCache } from '../cache/lru';
import { cacheMetric } from '../metrics';

/** Issuer and audience of every app token this server signs. */
export const APP_TOKEN_ISSUER = 'cloudportal-reference-server';
export const APP_TOKEN_AUDIENCE = 'cloudportal-portal';

/** Who is calling, taken from a verified app token only — never from a request body. */
export interface Principal {
  userId: string;
  tenantId: string;
  personas: string[];
  features: string[];
  utype: string[];
  demo: boolean;
  /** `tenant-select`: the 300 token, good only for listing tenants and the tenant token exchange. */
  scope?: 'tenant-select';
  /** Issued for a connected site's visitor (issue 38 §2): the site, its origin and the pieces it may show. */
  site?: AppTokenSite;
}

export async function signAppToken(principal: Principal, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  const claims: Omit<AppTokenClaims, 'sub' | 'exp'> = {
    tid: principal.tenantId,
    personas: principal.personas,
    features: principal.features,
    utype: principal.utype,
    d: principal.demo,
    ...(principal.scope ? { scope: principal.scope } : {}),
    ...(principal.site ? { site: principal.site } : {}),
  };
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(principal.userId)
    .setIssuer(APP_TOKEN_ISSUER)
    .setAudience(APP_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/** Why a token was refused, for the 401 message. */
export class TokenRejected extends Error {}

/** A verified token's principal and the time window it is good for (epoch seconds). */
interface VerifiedToken {
  principal: Principal;
  exp: number;
  nbf?: number;
}

const list = (v: unknown) =>
  Object.freeze(Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []) as string[];

/** Whether a claim is a connected site's grant (it was signed by this server, so its shape is ours). */
function isSite(value: unknown): value is AppTokenSite {
  const site = value as AppTokenSite | undefined;
  return typeof site?.id === 'string' && typeof site.origin === 'string' && typeof site.pieces === 'object';
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

async function verifyToken(token: string, secret: Uint8Array): Promise<VerifiedToken> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: APP_TOKEN_ISSUER,
      audience: APP_TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub'],
    });
    if (typeof payload.tid !== 'string' || !payload.sub)
      throw new TokenRejected('The app token has no tenant or subject.');
    // Frozen: one principal may be handed to many requests by the cache below.
    const principal: Principal = Object.freeze({
      userId: payload.sub,
      tenantId: payload.tid,
      personas: list(payload.personas),
      features: list(payload.features),
      utype: list(payload.utype),
      demo: payload.d === true,
      ...(payload.scope === 'tenant-select' ? { scope: 'tenant-select' as const } : {}),
      ...(isSite(payload.site) ? { site: deepFreeze(payload.site) } : {}),
    });
    return { principal, exp: payload.exp!, ...(typeof payload.nbf === 'number' ? { nbf: payload.nbf } : {}) };
  } catch (error) {
    if (error instanceof TokenRejected) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new TokenRejected('The app token has expired.');
    throw new TokenRejected('The app token is not valid.');
  }
}

/**
 * Verifies signature (HS256 only: `alg: none` and any other algorithm are refused), issuer, audience
 * and expiry, and returns the principal.
 */
export async function verifyAppToken(token: string, secret: Uint8Array): Promise<Principal> {
  return (await verifyToken(token, secret)).principal;
}

/** How many verified app tokens a {@link AppTokenVerifier} keeps by default. */
export const APP_TOKEN_CACHE_MAX = 10_000;

/**
 * {@link verifyAppToken} with a bounded cache of verified tokens (least recently used out first),
 * keyed by the token text. Only a token whose signature, issuer and audience were verified is kept;
 * a kept token is answered only until its `exp` (and not before its `nbf`), as jose would; then it
 * is verified again, which refuses it as expired. The cache is emptied when the secret changes.
 * App tokens are stateless (no database check: revocation is of refresh tokens, at refresh), so a
 * cached answer is exactly what verifying again would give.
 */
/** Hits and misses of the verified-token cache (GET /metrics). */
const TOKEN_CACHE = cacheMetric('app_tokens');

export class AppTokenVerifier {
  private readonly cache: LruCache<string, VerifiedToken>;
  private secret: Uint8Array | null = null;

  constructor(
    max = APP_TOKEN_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {
    this.cache = new LruCache(max);
  }

  /** Tokens kept now (for tests and diagnostics). */
  get size(): number {
    return this.cache.size;
  }

  async verify(token: string, secret: Uint8Array): Promise<Principal> {
    if (secret !== this.secret) {
      if (!this.secret || !Buffer.from(this.secret).equals(Buffer.from(secret))) this.cache.clear();
      this.secret = secret;
    }
    const seconds = Math.floor(this.now() / 1000);
    const hit = this.cache.get(token);
    if (hit) {
      if (seconds < hit.exp && (hit.nbf === undefined || hit.nbf <= seconds)) {
        TOKEN_CACHE.hit();
        return hit.principal;
      }
      this.cache.delete(token);
    }
    TOKEN_CACHE.miss();
    const verified = await verifyToken(token, secret);
    this.cache.set(token, verified);
    return verified.principal;
  }
}
