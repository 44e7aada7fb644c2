import { ProgressBar, usePortalClient, useSession, useT } from '@cloudportal/react';
import { useEffect } from 'react';

/**
 * `/id_token` (spec §2, labelled Authenticate): where Entra ID sends the user back. By the time it
 * renders, the session start has handled the answer; it moves on to the portal or to /login.
 */
export function IdTokenPage() {
  const client = usePortalClient();
  const t = useT();
  const { status } = useSession();
  useEffect(() => {
    if (status === 'authenticated') client.navigate('/billing/overview');
    else if (status === 'anonymous') client.navigate('/login');
  }, [status, client]);
  return <ProgressBar label={t('session.starting')} />;
}
