import type { PortalClient } from './createPortalClient';

const parts = new WeakMap<(client: PortalClient) => unknown, WeakMap<PortalClient, unknown>>();

/**
 * The part of `client` that `create` makes — a feature's stores or API group — created on first use,
 * one per client. Features that not every page uses (the assistant's chat, the report's calls, the
 * shell) live in such parts rather than in `createPortalClient`, so a page that does not use them
 * does not download them. `create` is the part's identity: pass the same (module-level) function
 * each time — an inline arrow would make a new part on every call.
 * @public
 */
export function clientPart<T>(client: PortalClient, create: (client: PortalClient) => T): T {
  let made = parts.get(create);
  if (!made) {
    made = new WeakMap();
    parts.set(create, made);
  }
  if (made.has(client)) return made.get(client) as T;
  const part = create(client);
  made.set(client, part);
  return part;
}
