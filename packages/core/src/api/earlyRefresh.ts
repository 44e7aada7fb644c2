/**
 * The resuming refresh asked for early: a cp-* element that starts loading its view
 * asks `POST /api/auth/refresh-token?include=session` at once (with `<cp-page>`s, their menu and
 * page descriptions too), while React and the view download,
 * instead of after they have loaded and rendered; the client's first resuming refresh then takes
 * that answer instead of asking again. Tiny on purpose: the elements' entry carries it.
 */
import { normalizeApiBase } from './apiBase';
import type { PageDescription } from './pageDescription';

/**
 * The Web Lock every refresh of the page (and of other tabs) takes: the refresh cookie is spent on first use.
 * @internal
 */
export const REFRESH_LOCK = 'cloudportal-refresh';

/**
 * An early answer older than this is not taken (the client asks again).
 * @internal
 */
export const EARLY_REFRESH_MAX_AGE_MS = 30_000;

/** One origin's early refresh: the pages asked along (read when it is sent), and its answer. */
interface EarlyRefresh {
  at: number;
  pages: (() => string | undefined)[];
  answer: Promise<Response | undefined>;
}

const early = new Map<string, EarlyRefresh>();

/**
 * The key of an API origin's resuming refresh as the client holds it (`''`: the page's own): its URL without a query.
 * @public
 */
export function earlyRefreshUrl(apiBase: string): string {
  return `${normalizeApiBase(apiBase)}/api/auth/refresh-token`;
}

/**
 * The query of an early refresh: the session bundle, and with pages named the menu and their
 * descriptions too — `SESSION_BUNDLE_QUERY` and `pageBundleQuery` written out here, so the elements'
 * entry imports nothing beyond this file (earlyRefresh.test.ts pins the URL the server reads).
 */
function earlyQuery(pages: readonly (() => string | undefined)[]): string {
  const names = new Set(pages.map((page) => page()).filter((name) => !!name));
  const query = new URLSearchParams({ include: names.size ? 'session,menu' : 'session' });
  for (const name of names) query.append('page', name!);
  return query.toString();
}

/**
 * Asks the resuming refresh of `apiBase` once per page and origin, under the refresh lock; the
 * client's first resuming refresh of that origin takes the answer (`takeEarlyRefresh`). It is sent
 * once the task that asked is over, so every element connected with it can add its `page` (a
 * `<cp-page>`'s name, read then: an element made by script gets its attributes after it is made):
 * the answer then carries the menu and those pages' descriptions. Does nothing where there is no
 * `fetch` (a server render).
 * @public
 */
export function startEarlyRefresh(apiBase: string, page?: () => string | undefined): void {
  const url = earlyRefreshUrl(apiBase);
  if (typeof fetch !== 'function') return;
  const asked = early.get(url);
  if (asked) {
    if (page) asked.pages.push(page);
    return;
  }
  const pages = page ? [page] : [];
  const ask = () =>
    fetch(`${url}?${earlyQuery(pages)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  // Sent after the current task: the elements connected with this one add their pages first.
  const answer = Promise.resolve().then(() => (locks ? locks.request(REFRESH_LOCK, ask) : ask()) as Promise<Response>);
  // A failed request is not an error of the page: the client asks again when it resumes.
  early.set(url, { at: Date.now(), pages, answer: answer.catch(() => undefined) });
}

/**
 * The early answer for `url` (`earlyRefreshUrl`), once: undefined when none was asked, it was taken,
 * or it is older than `EARLY_REFRESH_MAX_AGE_MS`. A failed request resolves undefined (the caller
 * asks itself).
 * @public
 */
export function takeEarlyRefresh(url: string, now = Date.now()): Promise<Response | undefined> | undefined {
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  if (now - entry.at > EARLY_REFRESH_MAX_AGE_MS) return undefined;
  return entry.answer;
}

/**
 * The page descriptions the early refresh of `apiBase` brought (with `?page=`), by page url, read
 * from a copy of its answer; `{}` when none was asked, it failed, or it carried none. For the page's
 * first script, to ask a page's code while the rest downloads: called before the client
 * takes the answer (its copy is made first), it leaves the answer whole for the client.
 * @public
 */
export function earlyPages(apiBase: string): Promise<Record<string, PageDescription>> {
  const entry = early.get(earlyRefreshUrl(apiBase));
  if (!entry) return Promise.resolve({});
  return entry.answer
    .then((response) => (response?.ok ? (response.clone().json() as Promise<{ pages?: unknown }>) : undefined))
    .then(
      (body) => (body?.pages && typeof body.pages === 'object' ? (body.pages as Record<string, PageDescription>) : {}),
      () => ({}),
    );
}
