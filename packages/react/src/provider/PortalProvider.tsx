import { getDefaultPortalClient, isDarkTheme, type PortalClient, type Theme, type Translate } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';

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
  /**
   * Whose light or dark applies: `portal` follows the portal's stored dark mode (the reference
   * portal's settings drawer); `light` or `dark` always that; `auto` the visitor's
   * `prefers-color-scheme`. A piece on a partner's page takes the partner's choice.
   * @default 'portal'
   */
  theme?: Theme;
  children?: ReactNode;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The visitor's colour-scheme preference, followed live; false where there is no `matchMedia`. */
function usePrefersDark(enabled: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = enabled ? globalThis.matchMedia?.(DARK_QUERY) : undefined;
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => (enabled ? (globalThis.matchMedia?.(DARK_QUERY).matches ?? false) : false),
    () => false,
  );
}

/** Gives the components below one portal client, and applies its theme. */
export function PortalProvider({ client, themeTarget = 'document', theme = 'portal', children }: PortalProviderProps) {
  const { darkModeOn } = useStore(client.layout.$layout);
  const prefersDark = usePrefersDark(theme === 'auto');
  const dark = isDarkTheme(theme, { portalDark: darkModeOn, prefersDark });
  useEffect(() => {
    if (themeTarget === 'none') return;
    const el = themeTarget === 'document' ? document.documentElement : themeTarget;
    if (dark) el.setAttribute('data-cp-theme', 'dark');
    else el.removeAttribute('data-cp-theme');
  }, [dark, themeTarget]);
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
