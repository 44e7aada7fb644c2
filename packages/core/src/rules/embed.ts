// spec §5 "Embed facility rules"
/**
 * Rules of the embedding facility. The report engine (`@cloudportal/core/embed`) makes the
 * frame itself, so powerbi-client's own URL check does not run there: this is that check, once,
 * plus the origins of the reference server's Power BI embed emulator.
 */

// spec §5, quoted
/** The message for an embed URL that is not https or not on a Power BI host. */
export const INVALID_EMBED_URL =
  'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL';
// spec §5, quoted
/** The message for an embed URL with `autoAuth=true`. */
export const AUTO_AUTH_EMBED_URL =
  'Embed URL is invalid for this scenario. Please use Power BI REST APIs to get the valid URL';

// Spec §5: "a host under the provider's cloud, fabric or internal analysis domains" — the hosts
// powerbi-client 2.24 accepts (its allowedPowerBiHostsRegex) …
const CLOUD_HOSTS =
  /(.+\.powerbi\.com$)|(.+\.fabric\.microsoft\.com$)|(.+\.analysis\.windows-int\.net$)|(.+\.analysis-df\.windows\.net$)/;
// … "or a sovereign-cloud app host" (its allowedPowerBiHostsSovRegex).
const SOVEREIGN_HOSTS =
  /^app\.powerbi\.cn$|^app(\.mil\.|\.canaryhigh\.|\.high\.|\.)powerbigov\.us$|^app\.powerbi\.sovcloud-api\.fr$|^app\.powerbi\.eaglex\.ic\.gov$|^app\.powerbi\.microsoft\.scloud$/;

// spec §5
/**
 * Whether `hostname` is a Power BI host (cloud, fabric, internal analysis or sovereign).
 * @public
 */
export function isPowerBiHost(hostname: string): boolean {
  return CLOUD_HOSTS.test(hostname) || SOVEREIGN_HOSTS.test(hostname);
}

// spec §5
/**
 * The message an embed URL breaks, or null when it may be embedded. `emulatorOrigins` are
 * origins trusted besides Power BI's hosts (the reference server's embed emulator, on the API's own
 * origin), for which http is accepted too, and so are their loopback twins ({@link loopbackTwin}:
 * the same machine and port, where the reference server may serve the emulator instead). The URL
 * must be absolute.
 * @public
 */
export function embedUrlError(embedUrl: string, emulatorOrigins: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(embedUrl);
  } catch {
    return INVALID_EMBED_URL;
  }
  if (url.searchParams.get('autoAuth')?.toLowerCase() === 'true') return AUTO_AUTH_EMBED_URL;
  const { origin } = url;
  if (emulatorOrigins.includes(origin) || emulatorOrigins.includes(loopbackTwin(origin) ?? origin)) return null;
  return url.protocol === 'https:' && isPowerBiHost(url.hostname) ? null : INVALID_EMBED_URL;
}

/** A loopback origin: its scheme, one of the two loopback names and its port. */
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

// Not in the spec.
/**
 * The other loopback name of a local origin — `http://localhost:4173` ↔ `http://127.0.0.1:4173`, the
 * same scheme and port — or null for any other origin. The reference server serves its Power BI embed
 * emulator there, a site of its own beside the portal's as Power BI's frame is, so the report runs in
 * a process of its own, off the portal's main thread.
 * @public
 */
export function loopbackTwin(origin: string): string | null {
  return LOOPBACK_ORIGIN.test(origin)
    ? origin.replace(/localhost|127\.0\.0\.1/, (name) => (name === 'localhost' ? '127.0.0.1' : 'localhost'))
    : null;
}

// spec §7 "carry the uid query"
/**
 * The frame's URL: the embed URL with the embed's unique id in its `uid` query and, given a locale, Power BI's
 * `language` and `formatLocale` queries, as powerbi-client adds them for its `localeSettings`: Power BI reads them when
 * its frame loads.
 * @public
 */
export function frameUrl(embedUrl: string, uniqueId: string, locale?: string): string {
  const url = new URL(embedUrl);
  url.searchParams.set('uid', uniqueId);
  if (locale) {
    url.searchParams.set('language', locale);
    url.searchParams.set('formatLocale', locale);
  }
  return url.toString();
}
