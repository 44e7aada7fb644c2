import { getDefaultPortalClient, type PortalClient, type Translate } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';

const PortalContext = createContext<PortalClient | null>(null);

/** Props of {@link PortalProvider}. */
export interface PortalProviderProps {
  /** The portal instance the components below use (from `createPortalClient`). */
  client: PortalClient;
  /**
   * Where dark mode (`darkModeOn`, spec §3) is applied as `data-cp-theme="dark"`:
   * the document's root element, a given element (a web component's host), or nowhere.
   * @default 'document'
   */
  themeTarget?: 'document' | 'none' | HTMLElement;
  children?: ReactNode;
}

/** Gives the components below one portal client, and applies its theme. */
export function PortalProvider({ client, themeTarget = 'document', children }: PortalProviderProps) {
  const { darkModeOn } = useStore(client.layout.$layout);
  useEffect(() => {
    if (themeTarget === 'none') return;
    const el = themeTarget === 'document' ? document.documentElement : themeTarget;
    if (darkModeOn) el.setAttribute('data-cp-theme', 'dark');
    else el.removeAttribute('data-cp-theme');
  }, [darkModeOn, themeTarget]);
  return <PortalContext.Provider value={client}>{children}</PortalContext.Provider>;
}

/** The portal client of the nearest `<PortalProvider>`, or the page-wide default client. */
export function usePortalClient(): PortalClient {
  return useContext(PortalContext) ?? getDefaultPortalClient();
}

/** The message lookup of the current portal client. */
export function useT(): Translate {
  return usePortalClient().t;
}
