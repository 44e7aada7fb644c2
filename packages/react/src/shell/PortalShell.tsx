import { relatedLinkHref, sidenavMode, type NavigationLocation } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { AssistantChat } from '../assistant/AssistantChat';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { useStyles } from '../ui/useStyles';
import { GuidanceDialog } from './GuidanceDialog';
import { NavBar } from './NavBar';
import { SettingsDrawer } from './SettingsDrawer';
import { ShellFeedback } from './ShellFeedback';
import { ShellSearch } from './ShellSearch';
import { shellCss as css } from './shellStyles';
import { SideNav, type ShellNavigate } from './SideNav';
import { useShell } from './useShell';

// spec §2 "On mobile"
/** Below this width the side navigation is an overlay. */
export const MOBILE_MEDIA_QUERY = '(max-width: 959px)';

/**
 * Props of {@link PortalShell}.
 * @public
 */
export interface PortalShellProps {
  /** The main outlet: the page of the current route. */
  children?: ReactNode;
  /** Where the user is (the host's router location). @default the browser's location */
  location?: NavigationLocation;
  /** How links move the user. @default the portal client's `navigate` (the host's router) */
  onNavigate?: ShellNavigate;
  /** Logs out. @default the session's logout */
  onLogout?: () => void;
  /** The Assistant button of the navbar. @default the assistant chat as a right-side dialog; `null` for none */
  assistant?: ReactNode;
  // spec §2 "Layout"
  /** Dialogs the shell holds, such as the forced terms dialog. */
  dialogs?: ReactNode;
  /** Origin put before the portal's routes in links (a partner page links to the portal). @default '' */
  origin?: string;
  // spec §4 "Branding"
  /** Set the document's favicon from the branding icon. @default true */
  favicon?: boolean;
  /** Render a "Skip to the page" link first (off inside a shadow root, where its target cannot be linked). @default true */
  skipLink?: boolean;
}

// spec §2 "Layout"
/**
 * The portal's frame: side navigation, navbar, the main outlet, the settings
 * drawer, the guidance, search and feedback dialogs and the host's dialogs (the forced terms dialog). It tells the
 * navigation store where the user is, follows the screen size (overlay navigation on phones) and
 * the branding's favicon.
 * @public
 */
export function PortalShell({
  children,
  location,
  onNavigate,
  onLogout,
  assistant,
  dialogs,
  origin = '',
  favicon = true,
  skipLink = true,
}: PortalShellProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const shell = useShell();
  const t = useT();
  const mainId = useId();
  const layout = useStore(client.layout.$layout);
  const { iconUrl } = useStore(shell.branding.$branding);
  const [assistantOpen, setAssistantOpen] = useState(false);
  const navigate: ShellNavigate = onNavigate ?? ((path) => client.navigate(path));

  const pathname = location?.pathname;
  const search = location?.search;
  useEffect(() => {
    if (pathname !== undefined) {
      shell.navigation.setLocation({ pathname, search: search ?? '' });
      return;
    }
    const sync = () =>
      shell.navigation.setLocation({ pathname: globalThis.location.pathname, search: globalThis.location.search });
    sync();
    globalThis.addEventListener('popstate', sync);
    return () => globalThis.removeEventListener('popstate', sync);
  }, [shell, pathname, search]);

  // Before the first paint: a phone never sees the desktop layout for a frame (a layout shift of the
  // whole column, as Lighthouse counts it).
  useLayoutEffect(() => {
    const media = globalThis.matchMedia?.(MOBILE_MEDIA_QUERY);
    if (!media) return;
    const apply = () => client.layout.setMobile(media.matches);
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [client]);

  useEffect(() => {
    if (!favicon || !iconUrl) return;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = iconUrl;
  }, [favicon, iconUrl]);

  const assistantButton =
    assistant === undefined ? (
      <AssistantChat
        launcher="navbar"
        open={assistantOpen}
        onOpenChange={setAssistantOpen}
        contentPrefix={shell.prefix}
        onLinkChosen={(link) => {
          setAssistantOpen(false);
          navigate(relatedLinkHref(shell.prefix, link.url), null);
          return true;
        }}
      />
    ) : (
      assistant
    );

  return (
    <div ref={ref} className="cp-shell" data-mobile={layout.isMobile} part="shell">
      {skipLink ? (
        <a className="cp-visually-hidden cp-skip-link" href={`#${mainId}`}>
          {t('shell.skipToMain')}
        </a>
      ) : null}
      <div className="cp-sidenav-rail" data-mode={sidenavMode(layout)}>
        <SideNav onNavigate={navigate} onLogout={onLogout} origin={origin} />
      </div>
      <div className="cp-shell__column">
        <NavBar assistant={assistantButton} onNavigate={navigate} origin={origin} />
        <main id={mainId} className="cp-shell__main" tabIndex={-1} part="main">
          {children}
        </main>
      </div>
      <SettingsDrawer onNavigate={navigate} origin={origin} />
      <GuidanceDialog />
      <ShellSearch onNavigate={navigate} />
      <ShellFeedback />
      {dialogs}
    </div>
  );
}
