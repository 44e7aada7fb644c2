import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APP_TOKEN_AUDIENCE,
  APP_TOKEN_ISSUER,
  AppTokenVerifier,
  signAppToken,
  TokenRejected,
  type Principal,
} from './appToken';

const secret = new TextEncoder().encode('a-test-secret-of-at-least-thirty-two-characters');
const other = new TextEncoder().encode('another-secret-of-at-least-thirty-two-characters');
const ada: Principal = {
  userId: 'u-ada',
  tenantId: 't-contoso',
  personas: ['Finance'],
  features: ['billing'],
  utype: ['csp'],
  demo: true,
};

async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TokenRejected);
  return (error as Error).message;
}

describe('the cache of verified app tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given a verified token, answers it again from the cache (the same frozen principal) until it expires', async () => {
    const verifier = new AppTokenVerifier();
    const token = await signAppToken(ada, secret, 60);
    const first = await verifier.verify(token, secret);
    expect(first).toEqual(ada);
    expect(Object.isFrozen(first) && Object.isFrozen(first.features)).toBe(true);
    expect(await verifier.verify(token, secret)).toBe(first);
    expect(verifier.size).toBe(1);
  });

  it('given a cached token past its exp, refuses it as expired (never served from the cache)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'));
    const verifier = new AppTokenVerifier();
    const token = await signAppToken(ada, secret, 10);
    await verifier.verify(token, secret);
    vi.setSystemTime(new Date('2025-06-01T12:00:09Z'));
    expect((await verifier.verify(token, secret)).userId).toBe('u-ada');
    vi.setSystemTime(new Date('2025-06-01T12:00:10Z'));
    expect(await refused(verifier.verify(token, secret))).toBe('The app token has expired.');
    expect(verifier.size).toBe(0);
    vi.setSystemTime(new Date('2025-06-01T13:00:00Z'));
    expect(await refused(verifier.verify(token, secret))).toBe('The app token has expired.');
  });

  it('given a token signed with another secret, or a cached token altered in its signature, refuses it', async () => {
    const verifier = new AppTokenVerifier();
    expect(await refused(verifier.verify(await signAppToken(ada, other, 60), secret))).toBe(
      'The app token is not valid.',
    );
    const token = await signAppToken(ada, secret, 60);
    await verifier.verify(token, secret);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await refused(verifier.verify(forged, secret))).toBe('The app token is not valid.');
    // Same claims, forged by someone holding another key: a new text, so it is verified, and refused.
    const lookalike = await new SignJWT({ tid: ada.tenantId, personas: [], features: [], utype: [], d: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(ada.userId)
      .setIssuer(APP_TOKEN_ISSUER)
      .setAudience(APP_TOKEN_AUDIENCE)
      .setExpirationTime('60s')
      .sign(other);
    expect(await refused(verifier.verify(lookalike, secret))).toBe('The app token is not valid.');
  });

  it('given the signing secret changes, forgets every cached token: one verified under the old secret is refused', async () => {
    const verifier = new AppTokenVerifier();
    const token = await signAppToken(ada, secret, 60);
    await verifier.verify(token, secret);
    // The same bytes in another array are the same secret: nothing is forgotten.
    await verifier.verify(token, new Uint8Array(secret));
    expect(verifier.size).toBe(1);
    expect(await refused(verifier.verify(token, other))).toBe('The app token is not valid.');
    expect(verifier.size).toBe(0);
  });

  it('is bounded: past its size the least recently used token goes first', async () => {
    const verifier = new AppTokenVerifier(3);
    const tokens = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((id) => signAppToken({ ...ada, userId: id }, secret, 60)),
    );
    for (const t of tokens.slice(0, 3)) await verifier.verify(t, secret);
    const kept = await verifier.verify(tokens[0]!, secret);
    for (const t of tokens.slice(3)) await verifier.verify(t, secret);
    expect(verifier.size).toBe(3);
    expect(await verifier.verify(tokens[0]!, secret)).toBe(kept);
  });
});
