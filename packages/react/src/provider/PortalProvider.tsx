import {
  getDefaultPortalClient,
  isDarkTheme,
  type PortalClient,
  type TelemetryListener,
  type Theme,
  type Translate,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useLatest } from '../ui/useLatest';
import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';

const PortalContext = createContext<PortalClient | null>(null);

/**
 * Props of {@link PortalProvider}.
 * @public
 */
export interface PortalProviderProps {
  /** The portal instance the components below use (from `createPortalClient`). */
  client: PortalClient;
  // spec §3
  /**
   * Where dark mode (`darkModeOn`) is applied as `data-cp-theme="dark"`:
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
  /**
   * The requested locale ('de', 'de-AT'): chosen first, before the user's choice
   * in the settings drawer, the browser's languages and English. Changing it switches the client's
   * locale without a reload; removing it leaves the choice to the others. With the `document` theme
   * target the active locale is also the document's `lang`, so screen readers pronounce the texts
   * correctly.
   */
  locale?: string;
  /**
   * Receives the pieces' typed telemetry (a piece ready, a question sent, an answer shown, an
   * error, an action offered and chosen) beside the client's own `onTelemetry`; the questions' and
   * answers' text only when the client was created with `telemetryText: true`.
   */
  onTelemetry?: TelemetryListener;
  /** The app, or the pieces, that use the client. */
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

/**
 * Requests the provider's locale of its client — null once the prop is removed, nothing while it was
 * never given (a `locale` the client was created with stays) — and writes the active locale as the
 * document's `lang`. An element target (a web component's host) is left alone: its `lang` attribute
 * is the partner's request, which the element passes on as `locale`.
 */
function useProvidedLocale(
  client: PortalClient,
  locale: string | undefined,
  themeTarget: PortalProviderProps['themeTarget'],
) {
  const active = useStore(client.$locale);
  const requested = useRef(false);
  useEffect(() => {
    if (locale === undefined && !requested.current) return;
    requested.current = locale !== undefined;
    void client.requestLocale(locale ?? null);
  }, [client, locale]);
  useEffect(() => {
    if (themeTarget !== 'document') return;
    const root = document.documentElement;
    const before = root.getAttribute('lang');
    root.setAttribute('lang', active);
    return () => {
      if (before === null) root.removeAttribute('lang');
      else root.setAttribute('lang', before);
    };
  }, [active, themeTarget]);
}

/**
 * Gives the components below one portal client, and applies its theme and locale.
 * @public
 */
export function PortalProvider({
  client,
  themeTarget = 'document',
  theme = 'portal',
  locale,
  onTelemetry,
  children,
}: PortalProviderProps) {
  useProvidedLocale(client, locale, themeTarget);
  const heard = useLatest(onTelemetry);
  const listening = onTelemetry !== undefined;
  useEffect(
    () => (listening ? client.listenTelemetry((event) => heard.current?.(event)) : undefined),
    [client, listening, heard],
  );
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

/**
 * The portal client of the nearest `<PortalProvider>`, or the page-wide default client.
 * @public
 */
export function usePortalClient(): PortalClient {
  return useContext(PortalContext) ?? getDefaultPortalClient();
}

/**
 * The message lookup of the current portal client, in its active locale. The component re-renders
 * when the locale changes, and the function is a new one for each locale, so what a component
 * memoizes over `t` is computed again in the new language.
 * @public
 */
export function useT(): Translate {
  const client = usePortalClient();
  const locale = useStore(client.$locale);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `locale` is the reason for a new function.
  return useMemo<Translate>(() => (key, params) => client.t(key, params), [client, locale]);
}

/**
 * The active locale's tag of the current portal client ('en', 'de'); the component re-renders when it changes.
 * @public
 */
export function useLocale(): string {
  return useStore(usePortalClient().$locale);
}
