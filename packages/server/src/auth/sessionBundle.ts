/**
 * The session bundle (issue 42 §3): a token answer asked with `?include=session` also carries the
 * answers of the four calls every signed-in piece makes right after it — the account, who-is, the
 * settings and the active licences — so a piece is signed in and knows its user in one round trip.
 *
 * Each part is what its own route answers for the new token, because it is that route's answer: the
 * route is called in-process (Fastify's `inject`) with the new token and the caller's language and
 * origin, through every hook and guard a call from the browser meets (a connected site's scope and
 * rate limit included). A part whose route answers anything but 200 is left out; the client then
 * makes that call itself and meets its answer. The spec's calls stay as they are.
 */
import type { SessionBundle, TokenResponse } from '@cloudportal/core';
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

/** True when the token call asks for the bundle (`?include=session`). */
export function wantsSessionBundle(request: FastifyRequest): boolean {
  const include = (request.query as Record<string, unknown> | undefined)?.include;
  return typeof include === 'string' && include.split(',').includes('session');
}

/** `answer`, with the session bundle when the request asks for it (its parts from `request.server`'s routes). */
export async function withSessionBundle(
  request: FastifyRequest,
  answer: TokenResponse,
): Promise<TokenResponse & Partial<SessionBundle>> {
  if (!wantsSessionBundle(request)) return answer;
  const headers = { ...passedOnHeaders(request), authorization: `Bearer ${answer.access_token}` };
  const parts = await Promise.all(
    Object.entries(SESSION_BUNDLE_ROUTES).map(async ([part, url]) => {
      const res = await request.server.inject({ method: 'GET', url, headers });
      return res.statusCode === 200 ? ([part, res.json()] as const) : undefined;
    }),
  );
  return { ...answer, ...Object.fromEntries(parts.filter((p) => p !== undefined)) };
}
