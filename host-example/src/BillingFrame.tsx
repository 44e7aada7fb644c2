import { relatedLinkHref, type IdentityProvider } from '@cloudportal/core';
import { AssistantChat, Button, useAccount, usePortalClient, useProductName, useSession, useT } from '@cloudportal/react';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { DarkModeToggle } from './DarkModeToggle';

/**
 * The guarded frame of /billing and the video library: product, tenant and user, dark mode and
 * logout. The side navigation, navbar and settings drawer of spec §2 replace it with the shell.
 */
export function BillingFrame({ msal }: { msal?: IdentityProvider }) {
  const client = usePortalClient();
  const t = useT();
  const productName = useProductName();
  const { identity } = useSession();
  const { whois } = useAccount();
  const [assistantOpen, setAssistantOpen] = useState(false);

  async function logout() {
    await client.session.logout();
    // Entra ID's own session ends too (a redirect that lands back on /login).
    await msal?.signOut();
  }

  return (
    <div className="host-frame">
      <header className="host-topbar">
        <p className="host-product">{productName}</p>
        <p className="host-who">
          <span className="host-tenant">{whois?.currentTenant.displayName}</span>
          <span className="host-user">{identity?.upn}</span>
        </p>
        {/* Spec §2 navbar: Assistant (sparkles button); related links route through the portal's router. */}
        <AssistantChat
          launcher="navbar"
          open={assistantOpen}
          onOpenChange={setAssistantOpen}
          onLinkChosen={(link) => {
            setAssistantOpen(false);
            client.navigate(relatedLinkHref('billing', link.url));
            return true;
          }}
        />
        <DarkModeToggle />
        <Button onClick={() => void logout()}>{t('session.logout')}</Button>
      </header>
      <main className="host-main">
        <Outlet />
      </main>
    </div>
  );
}
