import type { PortalClient } from '@cloudportal/core';
import { useEffect } from 'react';

/** Each client's session is started (resumed from the refresh cookie) once, by the first element that needs it. */
const started = new WeakSet<PortalClient>();

/** Whether an element already started `client`'s session (so an anonymous state is final). */
export function sessionStarted(client: PortalClient): boolean {
  return started.has(client);
}

/** Starts `client`'s session once per page: resumes the visitor's portal session from its refresh cookie. */
export function useStartedSession(client: PortalClient): void {
  useEffect(() => {
    if (started.has(client) || client.session.$session.get().status !== 'anonymous') return;
    started.add(client);
    void client.start();
  }, [client]);
}
