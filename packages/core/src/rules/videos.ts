// spec §2 "Guidance dialog"
/**
 * A page's guidance video (`assistanceSrc`) is shown in an `<iframe src>`.
 * A frame runs whatever its address holds — `data:text/html,…` or `javascript:` included — so the
 * address is checked before it is stored (server) and before it is framed (client): our own
 * `/videos/` pages, or an `https:` page on an allowed video origin. Nothing else: no other scheme,
 * no credentials in the address, no whitespace or control characters (browsers strip them, which
 * turns ` javascript:` into `javascript:`).
 */

/** Where the reference server serves its own guidance videos. */
export const OWN_VIDEO_PATH = '/videos/';

/** Whether an https origin matches an allowed entry (`https://host[:port]` or `https://*.host[:port]`). */
function originAllowed(url: URL, allowed: readonly string[]): boolean {
  const port = url.port ? `:${url.port}` : '';
  return allowed.some((entry) => {
    const match = /^https:\/\/(\*\.)?([^/:]+)(:\d+)?\/?$/i.exec(entry.trim());
    if (!match) return false;
    const [, wildcard, host, entryPort = ''] = match;
    if (entryPort !== port) return false;
    const hostname = url.hostname.toLowerCase();
    const base = host!.toLowerCase();
    return wildcard ? hostname.endsWith(`.${base}`) : hostname === base;
  });
}

/**
 * Whether `src` may be framed as a guidance video.
 * @param allowedOrigins the deployment's video origins (the server's GUIDANCE_VIDEO_ORIGINS); when
 * left out (a client, which cannot know them), any `https:` host is accepted — the server has checked
 * the origin already, and the portal's `frame-src` enforces it again.
 * @public
 */
export function isAllowedGuidanceVideo(src: unknown, allowedOrigins?: readonly string[]): src is string {
  // Whitespace, control characters (code points up to U+001F, and U+007F) and backslashes: refused.
  if (
    typeof src !== 'string' ||
    src === '' ||
    /[\s\\]/.test(src) ||
    [...src].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  )
    return false;
  if (src.startsWith('/')) {
    if (src.startsWith('//')) return false;
    try {
      const own = new URL(src, 'https://portal.invalid');
      return (
        own.origin === 'https://portal.invalid' &&
        own.pathname.startsWith(OWN_VIDEO_PATH) &&
        `${own.pathname}${own.search}${own.hash}` === src
      );
    } catch {
      return false;
    }
  }
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return false;
  return allowedOrigins === undefined || originAllowed(url, allowedOrigins);
}
