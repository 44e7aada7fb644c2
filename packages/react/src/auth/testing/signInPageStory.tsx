import { createDevIdentityProvider, type IdentityProvider } from '@cloudportal/core';
import { useMemo } from 'react';
import { usePortalClient } from '../../provider/PortalProvider';
import { Toaster } from '../../toasts/Toaster';
import { SignInPage } from '../SignInPage';

// A story's component lives outside its stories file so that it is exported: the docs' props table
// (react-docgen) documents exported components only, and names the others by their minified name.

/** A Microsoft sign-in that stays on the page (a real one redirects to Entra ID). */
const microsoft: IdentityProvider = {
  kind: 'msal',
  initialize: async () => null,
  signIn: async () => null,
  signOut: async () => undefined,
};

/** Props of {@link Page}: the sign-in ways the page offers. */
export interface SignInPageStoryProps {
  /** Offers the demo accounts (the dev identity provider). @default true */
  dev?: boolean;
  /** Offers the Microsoft sign-in. @default false */
  msal?: boolean;
}

/** The sign-in page with the chosen identity providers, and the toasts its answers raise. */
export function Page({ dev = true, msal = false }: SignInPageStoryProps) {
  const client = usePortalClient();
  const providers = useMemo(
    () => [...(msal ? [microsoft] : []), ...(dev ? [createDevIdentityProvider(client.api.auth)] : [])],
    [client, dev, msal],
  );
  return (
    <>
      <SignInPage providers={providers} />
      <Toaster />
    </>
  );
}
