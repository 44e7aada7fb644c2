import { describe, expect, it } from 'vitest';
import {
  base64UrlDecode,
  decodeJwt,
  isTokenExpired,
  JWT_BASE64URL_ERROR,
  JWT_DECODE_ERROR,
  JWT_PARTS_ERROR,
  tokenExpiresAt,
} from './jwt';

const b64url = (value: string) => Buffer.from(value, 'utf8').toString('base64url');
const jwt = (payload: unknown) =>
  `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.c2lnbmF0dXJl`;

describe('JWT decoding (spec §5 Authentication)', () => {
  it('given a token with three parts, when decoded, then its claims are read', () => {
    const claims = decodeJwt(jwt({ sub: 'u1', tid: 't1', personas: ['Finance'], d: true, exp: 2_000_000_000 }));
    expect(claims).toEqual({ sub: 'u1', tid: 't1', personas: ['Finance'], d: true, exp: 2_000_000_000 });
  });

  it('reads UTF-8 claims such as a display name with accents', () => {
    expect(decodeJwt(jwt({ name: 'Zoë Ünal' })).name).toBe('Zoë Ünal');
  });

  it.each(['a.b', 'a.b.c.d', '', 'single'])('given %j, then "JWT must have 3 parts"', (token) => {
    expect(() => decodeJwt(token)).toThrow(JWT_PARTS_ERROR);
    expect(JWT_PARTS_ERROR).toBe('JWT must have 3 parts');
  });

  it('given a payload that is base64url but not JSON, then "Cannot decode the token"', () => {
    expect(() => decodeJwt(`x.${b64url('not json')}.y`)).toThrow(JWT_DECODE_ERROR);
    expect(() => decodeJwt(`x.${b64url('"a string"')}.y`)).toThrow(JWT_DECODE_ERROR);
    expect(JWT_DECODE_ERROR).toBe('Cannot decode the token');
  });

  it('given a payload with characters outside base64url, then "Illegal base64url string!"', () => {
    expect(() => decodeJwt('x.@@@.y')).toThrow(JWT_BASE64URL_ERROR);
    expect(() => decodeJwt('x.abcde.y')).toThrow(JWT_BASE64URL_ERROR); // length mod 4 = 1
    expect(JWT_BASE64URL_ERROR).toBe('Illegal base64url string!');
  });

  it('decodes padded and unpadded base64url alike', () => {
    expect(base64UrlDecode('YQ')).toBe('a');
    expect(base64UrlDecode('YQ==')).toBe('a');
    const encoded = b64url('???>>>');
    expect(encoded).toMatch(/[-_]/);
    expect(base64UrlDecode(encoded)).toBe('???>>>');
  });
});

describe('expiry (spec §5: read from exp; without exp never expired)', () => {
  const now = Date.UTC(2026, 10, 23, 12, 0, 0);
  const inSeconds = (s: number) => Math.floor(now / 1000) + s;

  it('given exp in the future, then the token is not expired and its expiry is exp in ms', () => {
    const token = jwt({ exp: inSeconds(60) });
    expect(isTokenExpired(token, now)).toBe(false);
    expect(tokenExpiresAt(token)).toBe(inSeconds(60) * 1000);
  });

  it('given exp now or in the past, then the token is expired', () => {
    expect(isTokenExpired(jwt({ exp: inSeconds(0) }), now)).toBe(true);
    expect(isTokenExpired(jwt({ exp: inSeconds(-1) }), now)).toBe(true);
  });

  it('given an offset, then a token expiring within it counts as expired', () => {
    expect(isTokenExpired(jwt({ exp: inSeconds(20) }), now, 30)).toBe(true);
    expect(isTokenExpired(jwt({ exp: inSeconds(40) }), now, 30)).toBe(false);
  });

  it('given no exp, then the token never expires', () => {
    const token = jwt({ sub: 'u1' });
    expect(tokenExpiresAt(token)).toBeNull();
    expect(isTokenExpired(token, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});
