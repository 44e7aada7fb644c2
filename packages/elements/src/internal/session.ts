import type { PortalClient } from '@cloudportal/core';
import { useEffect } from 'react';

/** Clients whose session an element has seen started: from then on, an anonymous state is final. */
const started = new WeakSet<PortalClient>();

/** Whether `client`'s session has been started (so an anonymous state is final, and a sign-in prompt is due). */
export function sessionStarted(client: PortalClient): boolean {
  return started.has(client);
}

/**
 * Starts `client`'s session once per page: resumes the visitor's portal session from its refresh
 * cookie. A session already on its way (the page called `client.start()` itself) or signed in is
 * left as it is, and counts as started: when it ends anonymous, that is the answer.
 */
export function useStartedSession(client: PortalClient): void {
  useEffect(() => {
    if (started.has(client)) return;
    started.add(client);
    if (client.session.$session.get().status === 'anonymous') void client.start();
  }, [client]);
}
