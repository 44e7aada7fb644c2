/** Types for chromium.mjs (a node script, so it stays plain JavaScript). */

/** The flags every Chromium of the tests and benches starts with. */
export const CHROMIUM_FLAGS: string[];

/** CHROMIUM_PATH when set; else Debian's binary of `kind`; else the other kind's, then Playwright's. */
export function findChromium(kind?: 'shell' | 'browser', options?: { preferredOnly?: boolean }): string | undefined;

/** A Chromium of `kind`: found, or installed from Debian when running as root; exits when there is none. */
export function ensureChromium(kind?: 'shell' | 'browser'): string;
