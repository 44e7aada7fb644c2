import {
  menuIndentLevel,
  menuItemPath,
  sidenavMode,
  TOOLTIP_DELAY_MS,
  type MenuNode,
  type MenuState,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { computed } from 'nanostores';
import { memo, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useAccount, useProductName, useSession } from '../auth/useSession';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { ProgressBar } from '../ui/ProgressBar';
import { Skeleton } from '../ui/Skeleton';
import { Tooltip } from '../ui/Tooltip';
import { useAutoHideScrollbar } from '../ui/useAutoHideScrollbar';
import { useStyles } from '../ui/useStyles';
import { ShellIcon } from './icons';
import { createNavKeys } from './navKeys';
import { shellCss as css } from './shellStyles';
import { useShell } from './useShell';
import { useFollowLink, useNavToggles, useOverlayFocus } from './useSideNav';

/**
 * How the shell moves the user: `path` is the portal route, `item` the menu item followed (null for other links).
 * @public
 */
export type ShellNavigate = (path: string, item: MenuNode | null) => void;

/**
 * Props of {@link SideNav}.
 * @public
 */
export interface SideNavProps {
  /** Follows a link of the menu. @default the portal client's `navigate` (the host's router) */
  onNavigate?: ShellNavigate;
  /** Logs out. @default the session's logout */
  onLogout?: () => void;
  /** Origin put before the portal's routes in links (a partner page links to the portal's origin). @default '' */
  origin?: string;
}

// spec §2 "Layout"
/**
 * The side navigation: logo, tenant and user, the nested menu of the signed-in
 * user, logout, and 'Powered by' unless `plgDisabled`. On a desktop it is pinned open, docked
 * (narrow, expanding on hover and on keyboard focus) or closed (icons only, each label a tooltip);
 * on a phone it is an overlay and a slide-in panel, closed by its backdrop, by Escape and on
 * navigation, keeping focus inside while open. Keyboard: Tab through links, or Up/Down, Home/End,
 * Right/Left to expand and collapse, and type-ahead.
 * @public
 */
export function SideNav({ onNavigate, onLogout, origin = '' }: SideNavProps) {
  const ref = useStyles<HTMLElement>(css);
  const client = usePortalClient();
  const shell = useShell();
  const t = useT();
  // Only the mode re-renders the menu: other layout changes (the settings drawer, dark mode) do not.
  const mode = useStore(useMemo(() => computed(client.layout.$layout, sidenavMode), [client]));
  const menu = useStore(shell.navigation.$menu);
  const trail = useStore(shell.navigation.$activeTrail);
  const pageKey = useStore(shell.navigation.$pageKey);
  const collapsed = mode === 'docked' || mode === 'closed';
  const overlay = mode === 'overlay-open';
  const navKeys = useMemo(() => createNavKeys(), []);
  const menuScroll = useAutoHideScrollbar<HTMLDivElement>();
  const { trailIds, toggled, last, toggle } = useNavToggles(trail);
  const follow = useFollowLink(onNavigate);
  const onKeyDown = useOverlayFocus(overlay, ref);

  // The tree is built only when what it shows changes; rows are memoized, so a toggle re-renders
  // the rows whose state changed, and only the group just opened by the user animates.
  const tree = useMemo(() => {
    const animate = toggled ? last : null;
    const renderItems = (items: readonly MenuNode[], depth: number): ReactNode =>
      items.map((item) => {
        const parent = item.children.length > 0;
        const open = parent && (toggled?.get(item.uuid) ?? trailIds.has(item.uuid));
        return (
          <li key={item.uuid}>
            <NavRow
              item={item}
              depth={depth}
              active={item.name === pageKey}
              onTrail={trailIds.has(item.uuid)}
              expanded={parent ? open : undefined}
              collapsed={mode === 'closed' && depth === 0}
              named={collapsed}
              origin={origin}
              prefix={shell.prefix}
              onFollow={follow}
              onToggle={toggle}
            />
            {open ? (
              <ul className="cp-nav-group" data-animate={item.uuid === animate || undefined}>
                {renderItems(item.children, depth + 1)}
              </ul>
            ) : null}
          </li>
        );
      });
    return renderItems(menu.items, 0);
  }, [menu.items, toggled, last, trailIds, pageKey, mode, collapsed, origin, shell.prefix, follow, toggle]);

  return (
    <>
      {overlay ? (
        <button
          type="button"
          className="cp-sidenav-backdrop"
          tabIndex={-1}
          aria-label={t('nav.close')}
          onClick={() => client.layout.close('main')}
        />
      ) : null}
      <nav
        ref={ref}
        className="cp-sidenav"
        data-mode={mode}
        data-collapsed={collapsed}
        aria-label={t('nav.label')}
        part="sidenav"
        onKeyDown={onKeyDown}
      >
        <Brand origin={origin} short={collapsed} />
        <TenantBlock origin={origin} prefix={shell.prefix} onFollow={follow} />
        <div ref={menuScroll} className="cp-sidenav__menu" onKeyDown={navKeys}>
          <MenuStatus
            status={menu.status}
            empty={menu.items.length === 0}
            onRetry={() => void shell.navigation.loadMenu()}
          />
          <ul className="cp-nav-tree">{tree}</ul>
        </div>
        <Footer onLogout={onLogout} />
      </nav>
    </>
  );
}

/** The menu's state above the tree: a progress bar while the first menu loads, the failure with Retry, or that it is empty. */
function MenuStatus({ status, empty, onRetry }: { status: MenuState['status']; empty: boolean; onRetry: () => void }) {
  const t = useT();
  return (
    <>
      {status === 'loading' && empty ? <ProgressBar label={t('nav.loading')} /> : null}
      {status === 'error' ? (
        <p className="cp-sidenav__status" role="alert">
          {t('nav.failed')}{' '}
          <button type="button" className="cp-nav-section" onClick={onRetry}>
            {t('nav.retry')}
          </button>
        </p>
      ) : null}
      {status === 'loaded' && empty ? <p className="cp-sidenav__status">{t('nav.empty')}</p> : null}
    </>
  );
}

interface NavRowProps {
  item: MenuNode;
  depth: number;
  active: boolean;
  onTrail: boolean;
  /** undefined for a leaf. */
  expanded: boolean | undefined;
  // spec §2 "When closed it shows icons only"
  /** Icons only, the label as a tooltip. */
  collapsed: boolean;
  /** The label is hidden (docked or closed): the control carries the item's name itself. */
  named: boolean;
  origin: string;
  prefix: string;
  onFollow: (event: MouseEvent<HTMLAnchorElement>, path: string, item: MenuNode) => void;
  onToggle: (item: MenuNode) => void;
}

/** One menu row; memoized, so a toggle or a new current page re-renders only the rows it changes. */
const NavRow = memo(function NavRow({
  item,
  depth,
  active,
  onTrail,
  expanded,
  collapsed,
  named,
  origin,
  prefix,
  onFollow,
  onToggle,
}: NavRowProps) {
  const path = menuItemPath(item, prefix);
  const label = <span className="cp-nav-label">{item.displayName}</span>;
  // Top-level items always show an icon (closed, they are icons only); deeper items without one show a dot (CSS).
  const icon = depth === 0 || item.icon ? <ShellIcon name={item.icon} /> : null;
  const primary = path ? (
    <a
      className="cp-nav-link"
      data-dot={icon ? undefined : ''}
      href={origin + path}
      data-nav-focus=""
      aria-current={active ? 'page' : undefined}
      aria-expanded={expanded}
      aria-label={named ? item.displayName : undefined}
      onClick={(e) => onFollow(e, path, item)}
    >
      {icon}
      {label}
    </a>
  ) : (
    <button
      type="button"
      className="cp-nav-section"
      data-dot={icon ? undefined : ''}
      data-nav-focus=""
      aria-expanded={expanded}
      aria-label={named ? item.displayName : undefined}
      onClick={() => onToggle(item)}
    >
      {icon}
      {label}
    </button>
  );
  return (
    <div
      className="cp-nav-row"
      data-nav-row=""
      data-depth={menuIndentLevel(depth)}
      data-active={active}
      data-on-trail={onTrail}
    >
      {collapsed ? (
        <Tooltip content={item.displayName} delay={TOOLTIP_DELAY_MS.navbar} placement="bottom">
          {primary}
        </Tooltip>
      ) : (
        primary
      )}
      {path && expanded !== undefined ? (
        <button
          type="button"
          className="cp-nav-toggle"
          tabIndex={-1}
          aria-expanded={expanded}
          aria-label={item.displayName}
          onClick={() => onToggle(item)}
        >
          {CHEVRON}
        </button>
      ) : null}
    </div>
  );
});

/** The expand arrow (lucide's chevron-down), drawn plainly and made once: the menu has one per parent. */
const CHEVRON = (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.75"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="m6 9 6 6 6-6" />
  </svg>
);

// spec §2
/** The logo (short when collapsed), with skeletons while a branded logo loads; `/billing` reloads the portal. */
function Brand({ origin, short }: { origin: string; short: boolean }) {
  const shell = useShell();
  const client = usePortalClient();
  const t = useT();
  const productName = useProductName();
  const branding = useStore(shell.branding.$branding);
  const src = short ? branding.logoShortUrl : branding.logoUrl;
  const skeleton = short ? branding.logoShortSkeleton : branding.logoSkeleton;
  const layout = useStore(client.layout.$layout);
  return (
    <div className="cp-sidenav__brand">
      <a
        className="cp-sidenav__logo"
        href={`${origin}/${shell.prefix}`}
        aria-label={t('nav.home', { productName })}
        part="logo"
      >
        {skeleton ? (
          <Skeleton width={short ? 40 : 140} height={32} shape="rect" />
        ) : src ? (
          <img src={src} alt="" data-short={short} />
        ) : (
          <span className="cp-sidenav__product">{short ? productName.slice(0, 2) : productName}</span>
        )}
      </a>
      {layout.isMobile ? (
        <button
          type="button"
          className="cp-nav-toggle"
          aria-label={t('nav.close')}
          onClick={() => client.layout.close('main')}
        >
          <ShellIcon name="close" />
        </button>
      ) : layout.isSidenavOpen ? (
        <Tooltip
          content={layout.isSidenavDocked ? t('nav.pin') : t('nav.dock')}
          delay={TOOLTIP_DELAY_MS.navbar}
          placement="bottom"
        >
          <button
            type="button"
            className="cp-nav-toggle"
            aria-label={layout.isSidenavDocked ? t('nav.pin') : t('nav.dock')}
            aria-pressed={layout.isSidenavDocked}
            onClick={() => client.layout.dockSidenav(!layout.isSidenavDocked)}
          >
            <ShellIcon name={layout.isSidenavDocked ? 'pin' : 'dock'} />
          </button>
        </Tooltip>
      ) : null}
    </div>
  );
}

// spec §2
/** Tenant and user; a link to the settings dashboard only for users who may manage settings. */
function TenantBlock({
  origin,
  prefix,
  onFollow,
}: {
  origin: string;
  prefix: string;
  onFollow: (event: MouseEvent<HTMLAnchorElement>, path: string, item: null) => void;
}) {
  const t = useT();
  const { whois } = useAccount();
  const { identity } = useSession();
  const tenant = whois?.currentTenant.displayName ?? '';
  const who = (
    <>
      <ShellIcon name="building" />
      {/* The tenant's and the user's names: data, which browsers' translators leave alone. */}
      <span className="cp-sidenav__who" translate="no">
        <strong>{tenant}</strong>
        <span>{identity?.upn ?? whois?.upn}</span>
      </span>
    </>
  );
  if (!whois?.canManageSettings)
    return (
      <div className="cp-sidenav__tenant" part="tenant">
        {who}
      </div>
    );
  const path = `/${prefix}/admin-section-settings-dashboard`;
  return (
    <a className="cp-sidenav__tenant" href={origin + path} part="tenant" onClick={(e) => onFollow(e, path, null)}>
      <span className="cp-visually-hidden">{t('nav.tenantSettings')}</span>
      {who}
      <ShellIcon name="chevron" size={16} />
    </a>
  );
}

function Footer({ onLogout }: { onLogout?: () => void }) {
  const client = usePortalClient();
  const t = useT();
  const productName = useProductName();
  const { settings } = useAccount();
  return (
    <div className="cp-sidenav__footer">
      <div className="cp-nav-row">
        <button
          type="button"
          className="cp-nav-section"
          aria-label={t('session.logout')}
          onClick={() => (onLogout ? onLogout() : void client.session.logout())}
        >
          <ShellIcon name="logout" />
          <span className="cp-nav-label">{t('session.logout')}</span>
        </button>
      </div>
      {settings && !settings.plgDisabled ? (
        <p className="cp-sidenav__footer-text" part="powered-by">
          {t('nav.poweredBy')} <strong translate="no">{productName}</strong>
        </p>
      ) : null}
    </div>
  );
}
