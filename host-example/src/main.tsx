import {
  createDevIdentityProvider,
  createPortalClient,
  type AuthConfig,
  type IdentityProvider,
} from '@cloudportal/core';
import { PortalProvider } from '@cloudportal/react';
import { registerPortalPages } from '@cloudportal/react/pages';
// The theme's font (Inter, shipped with the SDK): the portal looks as its pieces do in Storybook.
import '@cloudportal/react/font.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { isRedirectRelay } from './relay';

async function boot() {
  // Inside MSAL's popup or hidden iframe, the redirect page only hands the answer back.
  if (isRedirectRelay()) {
    const { relayRedirectResponse } = await import('@cloudportal/core/msal');
    if (await relayRedirectResponse()) return;
  }

  // One portal client for the whole reference portal.
  const client = createPortalClient();
  const config = await client.api.auth.config().catch((): AuthConfig => ({ devSignIn: false, msal: null }));

  const providers: IdentityProvider[] = [];
  let msal: IdentityProvider | undefined;
  if (config.msal) {
    const { createMsalIdentityProvider } = await import('@cloudportal/core/msal');
    // Redirect by default; `/login?interaction=popup` signs in through a popup instead.
    const interaction = new URLSearchParams(location.search).get('interaction') === 'popup' ? 'popup' : 'redirect';
    msal = createMsalIdentityProvider({
      clientId: config.msal.clientId,
      authority: config.msal.authority,
      interaction,
    });
    providers.push(msal);
  }
  if (config.devSignIn) providers.push(createDevIdentityProvider(client.api.auth));

  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition (issue 42 §5): React renders it in slices of a few
  // milliseconds and lets the browser in between (the session's answer, the page's code and
  // rows arriving), instead of one task of 250–290 ms on a phone (CPU 4× slower) that blocks
  // every input meanwhile. The splash stays until the render commits, as before.
  startTransition(() =>
    root.render(
      <StrictMode>
        <PortalProvider client={client}>
          <BrowserRouter>
            <App providers={providers} msal={msal} />
          </BrowserRouter>
        </PortalProvider>
      </StrictMode>,
    ),
  );
}

// The SDK's feature pages, opened by component name from the menu and the billing routes (spec §2).
registerPortalPages();

void boot();
