import type { IdentityProvider } from '@cloudportal/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { ProgressBar } from '../ui/ProgressBar';

/** Props of {@link SessionStart}. */
export interface SessionStartProps {
  /** The identity provider whose redirect answer may be waiting (MSAL); the dev provider has none. */
  provider?: IdentityProvider;
  children?: ReactNode;
}

/**
 * Starts the session once, on page load (a sign-in coming back from the identity provider, else a
 * resume from the refresh cookie), and shows a progress bar until it is known whether the user is
 * signed in — so guarded routes never bounce a signed-in user to /login on reload.
 */
export function SessionStart({ provider, children }: SessionStartProps) {
  const client = usePortalClient();
  const t = useT();
  const [ready, setReady] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void client.start(provider).finally(() => setReady(true));
  }, [client, provider]);
  if (!ready) return <ProgressBar label={t('session.starting')} />;
  return <>{children}</>;
}
