import type { IdentityProvider } from '@cloudportal/core';
import { EulaDialog, PortalShell, usePortalClient } from '@cloudportal/react';
import { Outlet, useLocation } from 'react-router';

/**
 * The guarded frame of /billing and the video library: the SDK's portal shell (spec §2 "Layout")
 * around the route's page, with the forced terms dialog in its dialog slot.
 */
export function PortalFrame({ msal }: { msal?: IdentityProvider }) {
  const client = usePortalClient();
  const location = useLocation();

  async function logout() {
    await client.session.logout();
    // Entra ID's own session ends too (a redirect that lands back on /login).
    await msal?.signOut();
  }

  return (
    <PortalShell location={location} onLogout={() => void logout()} dialogs={<EulaDialog />}>
      <Outlet />
    </PortalShell>
  );
}
