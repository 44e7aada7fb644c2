import { portalShell, sessionStarted } from '@cloudportal/core';
import { PortalShell } from '@cloudportal/react/shell';
import { usePortalClient, useT } from '@cloudportal/react/provider';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { SignInPrompt, useSignInRefusal, useStartedSession } from '@cloudportal/react/auth';
import type { ElementViewProps } from './internal/viewProps';
import type { ShellElementProps } from './shell';

/**
 * The view of `<cp-shell>`, loaded when the element first connects: the portal shell around the
 * element's children (a slot), with links to the portal's origin and navigation raised as a
 * cancelable `cp-shell-navigate`.
 */
export default function ShellView({ contentPrefix, docked, pinned, emit }: ShellElementProps & ElementViewProps) {
  const client = usePortalClient();
  useStartedSession(client);
  useSignInRefusal(client, (refusal) => emit('cp-shell-error', refusal));
  // The shell's stores are created with the element's content prefix before the shell renders.
  portalShell(client, { prefix: contentPrefix });
  const t = useT();
  const { status } = useStore(client.session.$session);
  const origin = client.config.apiBase;

  useEffect(() => {
    if (docked !== undefined) client.layout.dockSidenav(docked);
  }, [client, docked]);
  useEffect(() => {
    if (!pinned) return;
    client.layout.dockSidenav(false);
    client.layout.open('main');
  }, [client, pinned]);

  if (status !== 'authenticated') {
    return (
      <>
        {status === 'anonymous' && sessionStarted(client) ? (
          <SignInPrompt href={`${origin}/login`} text={t('nav.signIn')} />
        ) : null}
        <slot />
      </>
    );
  }
  return (
    <PortalShell
      origin={origin}
      favicon={false}
      skipLink={false}
      onNavigate={(path, item) => {
        // Cancelable: a partner that routes itself calls preventDefault(); otherwise the portal page opens.
        if (emit('cp-shell-navigate', { path, item, url: origin + path })) globalThis.location.assign(origin + path);
      }}
    >
      <slot />
    </PortalShell>
  );
}
