import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { APP_TOKEN_ISSUER } from '../auth/appToken';

/** Audience of every embed token: never accepted where an app token is expected, nor the reverse. */
export const EMBED_TOKEN_AUDIENCE = 'cloudportal-report-embed';

/** Lifetime of an embed token for the portal's own report view, in seconds (10 minutes). */
export const EMBED_TOKEN_TTL_SECONDS = 600;
/** Lifetime of an external (partner-site) embed token, in seconds (60 minutes). */
export const EXT_EMBED_TOKEN_TTL_SECONDS = 3600;

/** What an embed token may be used for: the portal's own view, or an external embedding. */
export type EmbedScope = 'view' | 'ext';
/** Which catalogue the report is from: the product's reports, or the tenant's custom reports. */
export type EmbedReportKind = 'report' | 'custom';

/** The claims an embed token carries. */
export interface EmbedTokenClaims {
  /** The user it was issued to. */
  sub: string;
  /** The tenant it was issued for. */
  tid: string;
  /** The report id (demo or custom). */
  rid: string;
  kind: EmbedReportKind;
  /** The Power BI report (entity) id. */
  eid: string;
  scope: EmbedScope;
  exp: number;
  iat: number;
  jti: string;
}

/**
 * The embed token's own HS256 key, derived from the app-token secret: one secret to keep, yet a
 * key that signs app tokens never signs embed tokens.
 */
export function embedTokenKey(appTokenSecret: Uint8Array): Uint8Array {
  return new Uint8Array(createHmac('sha256', appTokenSecret).update('cloudportal/report-embed-token/v1').digest());
}

/** Signs an embed token for one user, tenant and report; answers it with its expiry. */
export async function signEmbedToken(
  claims: Pick<EmbedTokenClaims, 'sub' | 'tid' | 'rid' | 'kind' | 'eid' | 'scope'>,
  key: Uint8Array,
): Promise<{ token: string; expiration: string }> {
  const ttl = claims.scope === 'ext' ? EXT_EMBED_TOKEN_TTL_SECONDS : EMBED_TOKEN_TTL_SECONDS;
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ttl;
  const token = await new SignJWT({
    tid: claims.tid,
    rid: claims.rid,
    kind: claims.kind,
    eid: claims.eid,
    scope: claims.scope,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(APP_TOKEN_ISSUER)
    .setAudience(EMBED_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(key);
  return { token, expiration: new Date(exp * 1000).toISOString() };
}

/** Verifies an embed token (HS256 only; issuer, audience, expiry) and answers its claims. Throws when it is not valid. */
export async function verifyEmbedToken(token: string, key: Uint8Array): Promise<EmbedTokenClaims> {
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['HS256'],
    issuer: APP_TOKEN_ISSUER,
    audience: EMBED_TOKEN_AUDIENCE,
    requiredClaims: ['exp', 'iat', 'sub', 'jti'],
  });
  const { tid, rid, kind, eid, scope } = payload;
  if (
    typeof tid !== 'string' ||
    typeof rid !== 'string' ||
    typeof eid !== 'string' ||
    (kind !== 'report' && kind !== 'custom') ||
    (scope !== 'view' && scope !== 'ext')
  ) {
    throw new Error('The embed token lacks its tenant, report or scope.');
  }
  return { sub: payload.sub!, tid, rid, kind, eid, scope, exp: payload.exp!, iat: payload.iat!, jti: payload.jti! };
}
