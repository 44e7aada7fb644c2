// spec §5 "Authentication"
/**
 * Decoding the app token. A decoded token must have exactly 3
 * dot-separated parts; an undecodable payload and an illegal base64url string each have their own
 * message; expiry is read from `exp`, and a token without `exp` never expires.
 */

// spec §5
/** The token does not have exactly three dot-separated parts. */
export const JWT_PARTS_ERROR = 'JWT must have 3 parts';
// spec §5
/** The payload is base64url but not a JSON object. */
export const JWT_DECODE_ERROR = 'Cannot decode the token';
// spec §5
/** The payload is not a base64url string. */
// eslint-disable-next-line no-restricted-syntax -- a decoding error for the developer (as jwt-decode words it), not a user's message
export const JWT_BASE64URL_ERROR = 'Illegal base64url string!';

/**
 * The registered claims the portal reads; the rest stay available as unknown values.
 * @public
 */
export interface JwtPayload {
  /** Expiry, in seconds since the epoch. */
  exp?: number;
  /** Issued at, in seconds since the epoch. */
  iat?: number;
  /** Not before, in seconds since the epoch. */
  nbf?: number;
  /** The subject. */
  sub?: string;
  /** Any other claim. */
  [claim: string]: unknown;
}

/**
 * Decodes a base64url string to text; throws {@link JWT_BASE64URL_ERROR} when it is not one.
 * @public
 */
export function base64UrlDecode(input: string): string {
  // A base64url string uses A–Z a–z 0–9 - _ with optional padding, and its length mod 4 is never 1.
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(input) || input.replace(/=+$/, '').length % 4 === 1)
    throw new Error(JWT_BASE64URL_ERROR);
  const base64 = input.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(JWT_DECODE_ERROR);
  }
}

// spec §5
/**
 * Decodes a JWT's payload without verifying it (the server verifies; the browser only reads).
 * @public
 */
export function decodeJwt<T extends JwtPayload = JwtPayload>(token: string): T {
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error(JWT_PARTS_ERROR);
  const text = base64UrlDecode(parts[1]!);
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new Error(JWT_DECODE_ERROR);
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error(JWT_DECODE_ERROR);
  return payload as T;
}

// spec §5
/**
 * The expiry time in ms since the epoch, or `null` when the token has no `exp` (never expires).
 * @public
 */
export function tokenExpiresAt(token: string): number | null {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

// spec §5
/**
 * Whether the token has expired at `now`; a token without `exp` counts as never expired.
 * @public
 */
export function isTokenExpired(token: string, now: number = Date.now(), offsetSeconds = 0): boolean {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt - offsetSeconds * 1000 <= now;
}
