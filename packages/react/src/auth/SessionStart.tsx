import type { IdentityProvider } from '@cloudportal/core';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { ProgressBar } from '../ui/ProgressBar';

/**
 * Props of {@link SessionStart}.
 * @public
 */
export interface SessionStartProps {
  /** The identity provider whose redirect answer may be waiting (MSAL); the dev provider has none. */
  provider?: IdentityProvider;
  /**
   * What shows until the session is known, e.g. the host's splash (its mark, painted with its HTML,
   * kept in place). Leave it out for a progress bar labelled "Signing you in".
   */
  fallback?: ReactNode;
  /** The app, shown once it is known whether the user is signed in. */
  children?: ReactNode;
}

/**
 * Starts the session once, on page load (a sign-in coming back from the identity provider, else a
 * resume from the refresh cookie), and shows a progress bar until it is known whether the user is
 * signed in — so guarded routes never bounce a signed-in user to /login on reload. `fallback`
 * replaces the progress bar.
 * @public
 */
export function SessionStart({ provider, fallback, children }: SessionStartProps) {
  const client = usePortalClient();
  const t = useT();
  const [ready, setReady] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // A transition: the portal's first render yields to the browser every few milliseconds
    // instead of holding the main thread in one long task (Lighthouse's total blocking time).
    void client.start(provider).finally(() => startTransition(() => setReady(true)));
  }, [client, provider]);
  if (!ready) return fallback ?? <ProgressBar label={t('session.starting')} />;
  return <>{children}</>;
}
