import { useEffect, type ReactNode } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { ProgressBar } from '../ui/ProgressBar';
import { useSession } from './useSession';

/**
 * Props of {@link RequireAuth}.
 * @public
 */
export interface RequireAuthProps {
  /** Where a signed-out user goes. @default '/login' */
  loginPath?: string;
  /** Lets the 300 answer's tenant-select token in (the /tenant route). @default false */
  allowTenantSelect?: boolean;
  /** The guarded route's content, shown to a signed-in user. */
  children?: ReactNode;
}

// spec §2, §6 "Guarded routes need authentication"
/**
 * A guarded route: renders its children for a
 * signed-in user, a progress bar while signing in, and otherwise moves to /login (or, with a
 * tenant still to choose, to /tenant) through the client's navigate.
 * @public
 */
export function RequireAuth({ loginPath = '/login', allowTenantSelect = false, children }: RequireAuthProps) {
  const client = usePortalClient();
  const t = useT();
  const { status } = useSession();
  const allowed = status === 'authenticated' || (allowTenantSelect && status === 'tenant-select');
  useEffect(() => {
    if (status === 'anonymous') client.navigate(loginPath);
    else if (status === 'tenant-select' && !allowTenantSelect) client.navigate('/tenant');
  }, [status, client, loginPath, allowTenantSelect]);
  if (allowed) return <>{children}</>;
  if (status === 'signing-in') return <ProgressBar label={t('session.starting')} />;
  return null;
}
