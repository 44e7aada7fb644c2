import { createPortalClient, getDefaultPortalClient, normalizeApiBase, type PortalClient } from '@cloudportal/core';

/** One client per API origin, so every element of a page with the same `api-base` shares one session. */
const clients = new Map<string, PortalClient>();

/** The portal client of `apiBase`: links and the session's moves go to that origin. */
export function clientFor(apiBase: string): PortalClient {
  const base = normalizeApiBase(apiBase);
  let client = clients.get(base);
  if (!client) {
    client = createPortalClient({ apiBase: base, navigate: (path) => globalThis.location.assign(`${base}${path}`) });
    clients.set(base, client);
  }
  return client;
}

/** The client of an element without a `client` property: one for its `api-base` when that is another origin, else the page-wide default. */
export function elementClient(apiBase: unknown): PortalClient {
  const fallback = getDefaultPortalClient();
  // Compared as the clients hold it: `https://portal.example/` is the page-wide client's `https://portal.example`.
  const base = typeof apiBase === 'string' ? normalizeApiBase(apiBase) : '';
  return base && base !== fallback.config.apiBase ? clientFor(base) : fallback;
}
