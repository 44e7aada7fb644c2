/**
 * The network's and the browser's edges for core's client tests: a cross-tab channel and lock that
 * do nothing (no other tab), an unsigned app token as the reference server issues them, its
 * user's account, and a JSON response.
 */
import type { PortalClientConfig } from './createPortalClient';

/** No other tab: the session's channel posts to no one and its lock runs at once. */
export const quietTabs = {
  channel: { post() {}, subscribe: () => () => {}, close() {} },
  lock: <T>(_: string, fn: () => Promise<T>) => fn(),
} satisfies PortalClientConfig['crossTab'];

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** An app token (unsigned: the client reads its claims, the server checks it) for user u1 of tenant t1, valid 15 minutes, with `claims` over those. */
export const appTokenFor = (claims: Record<string, unknown> = {}) =>
  `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', tid: 't1', exp: Math.floor(Date.now() / 1000) + 900, ...claims })}.s`;

/** The account of user u1 of tenant t1 (ada, an IT administrator), as `GET …/api/account` answers it. */
export const accountOfU1 = {
  id: 'u1',
  upn: 'ada@contoso.example',
  displayName: 'Ada',
  role: 'ADMIN',
  types: ['ARM'],
  currency: 'USD',
  newTenant: false,
  tenantId: 't1',
  personas: ['IT'],
  features: ['billing'],
};

/** A JSON response of `status`. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
