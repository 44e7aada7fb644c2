import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed addresses of stored files, so `<img src>` can point at the server's own URL — which carries
 * the sandboxing headers — instead of the client fetching the bytes with its app token and re-wrapping
 * them as a same-origin `blob:` URL (where an SVG's script would run in the portal's origin).
 *
 * A signature binds the owner (tenant id) and the file id to an expiry; it is issued only to a signed-in
 * user of that tenant. The expiry is rounded up to the next whole hour plus one, so a file's URL stays
 * the same for an hour and the browser's cache holds; a URL lives at most two hours. The key is derived
 * from the app-token secret, so every instance sharing `APP_TOKEN_SECRET` accepts every other's URLs.
 */
export interface FileUrlSigner {
  /** The query parameters (`exp`, `sig`) that let an anonymous request read `owner`'s file `id`. */
  sign(owner: string, id: string, nowMs?: number): { exp: string; sig: string };
  /** Whether `sig` was issued for `owner`'s `id` and `exp` has not passed. */
  verify(owner: string, id: string, exp: string | undefined, sig: string | undefined, nowMs?: number): boolean;
}

const HOUR_S = 3600;

export function createFileUrlSigner(appTokenSecret: Uint8Array): FileUrlSigner {
  const key = createHmac('sha256', appTokenSecret).update('cloudportal file url v1').digest();
  const mac = (owner: string, id: string, exp: string) =>
    createHmac('sha256', key).update(`${owner}\n${id}\n${exp}`).digest();
  return {
    sign(owner, id, nowMs = Date.now()) {
      const exp = String((Math.floor(nowMs / 1000 / HOUR_S) + 2) * HOUR_S);
      return { exp, sig: mac(owner, id, exp).toString('base64url') };
    },
    verify(owner, id, exp, sig, nowMs = Date.now()) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= nowMs) return false;
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(owner, id, exp);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
