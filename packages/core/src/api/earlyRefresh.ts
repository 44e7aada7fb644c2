/**
 * The resuming refresh asked for early (issue 42 §3): a cp-* element that starts loading its view
 * asks `POST /api/auth/refresh-token?include=session` at once, while React and the view download,
 * instead of after they have loaded and rendered; the client's first resuming refresh then takes
 * that answer instead of asking again. Tiny on purpose: the elements' entry carries it.
 */
import { normalizeApiBase } from './apiBase';

/** The Web Lock every refresh of the page (and of other tabs) takes: the refresh cookie is spent on first use. */
export const REFRESH_LOCK = 'cloudportal-refresh';

/** An early answer older than this is not taken (the client asks again). */
export const EARLY_REFRESH_MAX_AGE_MS = 30_000;

const early = new Map<string, { at: number; answer: Promise<Response | undefined> }>();

/** The URL of the resuming refresh for an API origin as the client holds it (`''`: the page's own). */
export function earlyRefreshUrl(apiBase: string): string {
  return `${normalizeApiBase(apiBase)}/api/auth/refresh-token?include=session`;
}

/**
 * Asks the resuming refresh of `apiBase` now, under the refresh lock, once per page and origin; the
 * client's first resuming refresh of that origin takes the answer (`takeEarlyRefresh`). Does nothing
 * where there is no `fetch` (a server render).
 */
export function startEarlyRefresh(apiBase: string): void {
  const url = earlyRefreshUrl(apiBase);
  if (early.has(url) || typeof fetch !== 'function') return;
  const ask = () => fetch(url, { method: 'POST', credentials: 'include', headers: { Accept: 'application/json' } });
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  const answer = (locks ? locks.request(REFRESH_LOCK, ask) : ask()) as Promise<Response>;
  // A failed request is not an error of the page: the client asks again when it resumes.
  early.set(url, { at: Date.now(), answer: answer.catch(() => undefined) });
}

/**
 * The early answer for `url`, once: undefined when none was asked, it was taken, or it is older than
 * `EARLY_REFRESH_MAX_AGE_MS`. A failed request resolves undefined (the caller asks itself).
 */
export function takeEarlyRefresh(url: string, now = Date.now()): Promise<Response | undefined> | undefined {
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  if (now - entry.at > EARLY_REFRESH_MAX_AGE_MS) return undefined;
  return entry.answer;
}
