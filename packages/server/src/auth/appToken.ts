import type { AppTokenClaims } from '@cloudportal/core';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

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
}

export async function signAppToken(principal: Principal, secret: Uint8Array, ttlSeconds: number): Promise<string> {
  const claims: Omit<AppTokenClaims, 'sub' | 'exp'> = {
    tid: principal.tenantId,
    personas: principal.personas,
    features: principal.features,
    utype: principal.utype,
    d: principal.demo,
    ...(principal.scope ? { scope: principal.scope } : {}),
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

/**
 * Verifies signature (HS256 only: `alg: none` and any other algorithm are refused), issuer, audience
 * and expiry, and returns the principal.
 */
export async function verifyAppToken(token: string, secret: Uint8Array): Promise<Principal> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: APP_TOKEN_ISSUER, audience: APP_TOKEN_AUDIENCE, requiredClaims: ['exp', 'sub'] });
    const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    if (typeof payload.tid !== 'string' || !payload.sub) throw new TokenRejected('The app token has no tenant or subject.');
    return {
      userId: payload.sub,
      tenantId: payload.tid,
      personas: list(payload.personas),
      features: list(payload.features),
      utype: list(payload.utype),
      demo: payload.d === true,
      ...(payload.scope === 'tenant-select' ? { scope: 'tenant-select' as const } : {}),
    };
  } catch (error) {
    if (error instanceof TokenRejected) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new TokenRejected('The app token has expired.');
    throw new TokenRejected('The app token is not valid.');
  }
}
