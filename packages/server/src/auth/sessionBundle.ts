/**
 * The session bundle (issue 42 §3): a token answer asked with `?include=session` also carries the
 * answers of the four calls every signed-in piece makes right after it — the account, who-is, the
 * settings and the active licences — so a piece is signed in and knows its user in one round trip.
 * With `include=session,menu&page=<name>` (a `<cp-page>`'s early refresh) it carries the menu and
 * the named pages' descriptions too (`PageBundle`), so the page's data is the second round trip.
 *
 * Each part is what its own route answers for the new token, because it is that route's answer: the
 * route is called in-process (Fastify's `inject`) with the new token and the caller's language and
 * origin, through every hook and guard a call from the browser meets (a connected site's scope and
 * rate limit included). A part whose route answers anything but 200 is left out; the client then
 * makes that call itself and meets its answer. The spec's calls stay as they are.
 */
import type { MenuNode, PageBundle, SessionBundle, TokenResponse } from '@cloudportal/core';
import { menuMap } from '@cloudportal/core/rules';
import type { FastifyRequest } from 'fastify';
import { PORTAL } from '../account/routes';
import { passedOnHeaders } from '../http/passOn';

/** Each part of the bundle, and the route whose answer it is. */
export const SESSION_BUNDLE_ROUTES: Readonly<Record<keyof SessionBundle, string>> = {
  account: `${PORTAL}/api/account`,
  whois: `${PORTAL}/api/whois`,
  settings: `${PORTAL}/api`,
  licenses: `${PORTAL}/api/license/activated`,
};

/** The menu's route, whose answer `include=menu` carries (all the personas the token holds). */
export const MENU_ROUTE = `${PORTAL}/api/portal/menu`;

/** At most this many pages' descriptions ride along one token answer (`page=` repeated). */
export const BUNDLED_PAGES_MAX = 4;

/** The parts the token call asks for (`?include=session,menu`). */
function included(request: FastifyRequest): string[] {
  const include = (request.query as Record<string, unknown> | undefined)?.include;
  return typeof include === 'string' ? include.split(',') : [];
}

/** True when the token call asks for the bundle (`?include=session`). */
export function wantsSessionBundle(request: FastifyRequest): boolean {
  return included(request).includes('session');
}

/** The page names asked along (`page=`, repeated), distinct, at most `BUNDLED_PAGES_MAX`. */
function askedPages(request: FastifyRequest): string[] {
  const page = (request.query as Record<string, unknown> | undefined)?.page;
  const names = (Array.isArray(page) ? page : [page]).filter((p): p is string => typeof p === 'string' && p !== '');
  return [...new Set(names)].slice(0, BUNDLED_PAGES_MAX);
}

/** A route's answer for the new token, or undefined unless it answers 200. */
async function answerOf<T>(
  request: FastifyRequest,
  url: string,
  headers: Record<string, string>,
): Promise<T | undefined> {
  const res = await request.server.inject({ method: 'GET', url, headers });
  return res.statusCode === 200 ? (res.json() as T) : undefined;
}

/**
 * The page bundle (`include=menu`, `page=`): the menu, and the description of each named page the
 * menu holds, each what its route answers for the new token (a page the menu lacks, or whose route
 * refuses, is left out).
 */
async function pageBundle(request: FastifyRequest, headers: Record<string, string>): Promise<Partial<PageBundle>> {
  const menu = await answerOf<MenuNode[]>(request, MENU_ROUTE, headers);
  if (!menu) return {};
  // The item of each name as the client finds it (core's menuMap, spec §2 "Dynamic page"): its url is the page's id.
  const items = menuMap(menu);
  const urls = askedPages(request).flatMap((name) => items.get(name)?.url ?? []);
  const described = await Promise.all(
    urls.map(async (url) => {
      const description = await answerOf<PageBundle['pages'][string]>(
        request,
        `${MENU_ROUTE}/page/${encodeURIComponent(url)}`,
        headers,
      );
      return description && ([url, description] as const);
    }),
  );
  return { menu, pages: Object.fromEntries(described.filter((d) => d !== undefined)) };
}

/** `answer`, with the session bundle when the request asks for it (its parts from `request.server`'s routes). */
export async function withSessionBundle(
  request: FastifyRequest,
  answer: TokenResponse,
): Promise<TokenResponse & Partial<SessionBundle> & Partial<PageBundle>> {
  if (!wantsSessionBundle(request)) return answer;
  const headers = { ...passedOnHeaders(request), authorization: `Bearer ${answer.access_token}` };
  const [parts, pages] = await Promise.all([
    Promise.all(
      Object.entries(SESSION_BUNDLE_ROUTES).map(async ([part, url]) => {
        const value = await answerOf(request, url, headers);
        return value === undefined ? undefined : ([part, value] as const);
      }),
    ),
    included(request).includes('menu') ? pageBundle(request, headers) : {},
  ]);
  return { ...answer, ...Object.fromEntries(parts.filter((p) => p !== undefined)), ...pages };
}
