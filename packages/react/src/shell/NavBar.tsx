import { isSearchShortcut, TOOLTIP_DELAY_MS } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Tooltip } from '../ui/Tooltip';
import { useStyles } from '../ui/useStyles';
import { ShellIcon } from './icons';
import { isPlainClick } from './plainClick';
import { shellCss as css } from './shellStyles';
import type { ShellNavigate } from './SideNav';
import { useShell } from './useShell';

/**
 * Props of {@link NavBar}.
 * @public
 */
export interface NavBarProps {
  /** The Assistant (sparkles) button, e.g. `<AssistantChat launcher="navbar" />`; `PortalShell` passes it. */
  assistant?: ReactNode;
  /** Follows a breadcrumb. @default the portal client's `navigate` */
  onNavigate?: ShellNavigate;
  /** Origin put before the portal's routes in links. @default '' */
  origin?: string;
  /** Listen for Meta+K / Ctrl+K on the whole document to open the search. @default true */
  searchShortcut?: boolean;
}

// spec §9
/** An icon button of the navbar with its 500 ms tooltip. */
function BarButton({
  icon,
  label,
  tooltip,
  onClick,
  disabled,
  pressed,
  expanded,
}: {
  icon: string;
  label: string;
  tooltip?: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  expanded?: boolean;
}) {
  return (
    <Tooltip content={tooltip ?? label} delay={TOOLTIP_DELAY_MS.navbar} placement="bottom">
      <Button
        variant="icon"
        aria-label={label}
        aria-disabled={disabled || undefined}
        aria-pressed={pressed}
        aria-expanded={expanded}
        onClick={() => {
          if (!disabled) onClick();
        }}
      >
        <ShellIcon name={icon} />
      </Button>
    </Tooltip>
  );
}

// spec §2 "Layout"
/**
 * The navbar: the menu button, breadcrumbs (or the page title), a search box
 * that opens the search (also Meta+K / Ctrl+K, and an icon on phones), Feedback, Video Guide (dimmed
 * and disabled with a tooltip when the page has no guidance), the Assistant, Help (the settings
 * drawer) and the dark-mode switch. Search, feedback and guidance open through the shell's actions.
 * @public
 */
export function NavBar({ assistant, onNavigate, origin = '', searchShortcut = true }: NavBarProps) {
  const ref = useStyles<HTMLElement>(css);
  const client = usePortalClient();
  const shell = useShell();
  const t = useT();
  const layout = useStore(client.layout.$layout);
  const crumbs = useStore(shell.navigation.$breadcrumbs);
  const guidance = useStore(shell.page.$guidance);
  const page = useStore(shell.page.$page);
  const menuFailed = useStore(shell.navigation.$menu).status === 'error';
  const routeLabel = useStore(shell.$routeLabel);

  useEffect(() => {
    if (!searchShortcut) return;
    const onKey = (event: KeyboardEvent) => {
      if (isSearchShortcut(event)) {
        event.preventDefault();
        shell.openSearch();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shell, searchShortcut]);

  const follow = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    (onNavigate ?? ((p: string) => client.navigate(p)))(path, null);
  };
  // A route outside the menu is titled by the host's label for it, an unknown one as not found.
  // While the menu failed to load, the page is neither: titled as one that cannot be shown.
  const notFound = page.status === 'loaded' && !page.item && page.description?.type === 'error';
  const title =
    crumbs[crumbs.length - 1]?.displayName ??
    page.item?.displayName ??
    routeLabel ??
    (notFound ? t(menuFailed ? 'page.unknownTitle' : 'page.notFoundTitle') : '');
  const navOpen = layout.isSidenavOpen;

  return (
    <header ref={ref} className="cp-navbar" aria-label={t('navbar.label')} part="navbar">
      <BarButton
        icon="menu"
        label={navOpen ? t('nav.close') : t('nav.open')}
        expanded={navOpen}
        onClick={() => client.layout.toggle('main')}
      />
      <div className="cp-navbar__where">
        {crumbs.length > 1 ? (
          <nav className="cp-breadcrumbs" aria-label={t('navbar.breadcrumbs')}>
            <ol>
              {crumbs.map((crumb, i) =>
                i === crumbs.length - 1 ? (
                  <li key={crumb.uuid} aria-current="page">
                    {crumb.displayName}
                  </li>
                ) : crumb.url ? (
                  <li key={crumb.uuid}>
                    <a
                      href={`${origin}/${shell.prefix}/${crumb.name}`}
                      onClick={(e) => follow(e, `/${shell.prefix}/${crumb.name}`)}
                    >
                      {crumb.displayName}
                    </a>
                  </li>
                ) : (
                  <li key={crumb.uuid}>{crumb.displayName}</li>
                ),
              )}
            </ol>
          </nav>
        ) : (
          <p className="cp-navbar__title">{title}</p>
        )}
      </div>
      <div className="cp-navbar__actions">
        <button
          type="button"
          className="cp-navbar__search"
          aria-keyshortcuts="Meta+K Control+K"
          onClick={shell.openSearch}
        >
          <ShellIcon name="search" size={16} />
          <span>{t('navbar.search')}</span>
          <kbd aria-hidden="true">{t('navbar.searchShortcut')}</kbd>
        </button>
        <span className="cp-navbar__search-icon">
          <BarButton icon="search" label={t('navbar.search')} onClick={shell.openSearch} />
        </span>
        <BarButton
          icon="feedback"
          label={t('navbar.feedback')}
          tooltip={page.item ? undefined : t('navbar.noFeedback')}
          disabled={!page.item}
          onClick={shell.openFeedback}
        />
        <BarButton
          icon="video"
          label={t('navbar.videoGuide')}
          tooltip={guidance.src ? undefined : t('navbar.noGuidance')}
          disabled={!guidance.src}
          onClick={shell.openGuidance}
        />
        {assistant}
        <BarButton
          icon="help"
          label={t('navbar.help')}
          expanded={layout.isSettingsSidenavOpen}
          onClick={() => client.layout.open('settings')}
        />
        <span className="cp-navbar__switch">
          <ShellIcon name="moon" size={16} />
          <button
            type="button"
            role="switch"
            className="cp-switch"
            aria-checked={layout.darkModeOn}
            aria-label={t('navbar.darkMode')}
            onClick={() => client.setDarkMode(!layout.darkModeOn)}
          />
        </span>
      </div>
    </header>
  );
}
