import { createPortalClient, type PortalClient, type PortalClientConfig } from './createPortalClient';

// Kept on globalThis under a registered symbol so that every copy of the SDK on a page
// (the standalone bundle and a module build, say) shares one page-wide default.
const KEY = Symbol.for('cloudportal.defaultClient');
type Holder = { [KEY]?: PortalClient };

/**
 * The page-wide portal client that web components use when none is given to them. Created on first use.
 * @public
 */
export function getDefaultPortalClient(): PortalClient {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= createPortalClient());
}

/**
 * Replaces the page-wide default client (disposing the previous one) and returns the new one.
 * @public
 */
export function setDefaultPortalClient(client: PortalClient): PortalClient {
  const holder = globalThis as Holder;
  if (holder[KEY] && holder[KEY] !== client) holder[KEY].dispose();
  holder[KEY] = client;
  return client;
}

/**
 * Configures the page-wide default client: `configure({ apiBase: 'https://portal.example' })`.
 * @public
 */
export function configure(config: PortalClientConfig): PortalClient {
  return setDefaultPortalClient(createPortalClient(config));
}
