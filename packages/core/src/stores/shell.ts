import { atom, type ReadableAtom } from 'nanostores';
import type { PortalClient } from '../client/createPortalClient';
import { registerMessages } from '../i18n/messages';
import { shellEn } from '../i18n/shellMessages';
import { createBrandingStore, type BrandingStore } from './branding';
import { clientPageStore, portalNavigation, type PortalNavigationOptions } from './embeddedPage';
import type { NavigationStore } from './navigation';
import type { PageStore } from './page';

// spec §2 "Navbar"
/**
 * The dialogs the navbar opens: search, feedback, guidance.
 * @public
 */
export type ShellDialog = 'search' | 'feedback' | 'guidance';

/**
 * The shell's state of one portal client: navigation, dynamic page, branding and the navbar's dialogs.
 * @public
 */
export interface PortalShellStores {
  /** The menu, personas, location and breadcrumbs. */
  readonly navigation: NavigationStore;
  /** The dynamic page. */
  readonly page: PageStore;
  /** The tenant's branding. */
  readonly branding: BrandingStore;
  /** The navbar dialog that is open, or null. */
  readonly $dialog: ReadableAtom<ShellDialog | null>;
  // spec §2 "Navbar"
  /** Opens the search dialog (the search box, Meta+K / Ctrl+K, Enter, the mobile search icon). */
  openSearch(): void;
  /**
   * The label of a route of the host's own (outside the menu: the legacy homepage, a custom report…),
   * which the navbar shows as the page title; null on the menu's pages. Set by the host's router.
   */
  readonly $routeLabel: ReadableAtom<string | null>;
  /** Sets the label of the current route when it is one of the host's own (null otherwise). */
  setRouteLabel(label: string | null): void;
  // spec §2 "Navbar"; §3 "Feedback"
  /**
   * Opens the feedback dialog about the current page. Feedback is about a menu
   * item (menuUuid), so on a route outside the menu nothing opens — and nothing
   * is kept for a later page: a navbar dialog closes when the route changes.
   */
  openFeedback(): void;
  // spec §2 "Navbar"
  /** Opens the guidance dialog, when the page has a guidance source. */
  openGuidance(): void;
  /** Closes the navbar dialog. */
  closeDialog(): void;
  /** The content prefix routes live under ('billing'). */
  readonly prefix: string;
}

/**
 * Options of the shell stores.
 * @public
 */
export type PortalShellOptions = PortalNavigationOptions;

const shells = new WeakMap<PortalClient, PortalShellStores>();

/**
 * The shell's stores of `client`, created on first use (one set per client): the menu and the
 * dynamic page load once the session is signed in, the branding once the account has loaded, and
 * logout resets them. Kept apart from `createPortalClient` so that a page using only the assistant
 * does not carry them.
 * @public
 */
export function portalShell(client: PortalClient, options: PortalShellOptions = {}): PortalShellStores {
  const existing = shells.get(client);
  if (existing) return existing;
  registerMessages(shellEn);
  const { navigation, prefix } = portalNavigation(client, options);
  const page = clientPageStore(client);
  const branding = createBrandingStore({
    api: client.api.settings,
    http: client.http,
    preload: client.config.preloadImage,
  });
  const $dialog = atom<ShellDialog | null>(null);
  const $routeLabel = atom<string | null>(null);
  // A dialog is about the page it was opened on: a new route closes it.
  let route = navigation.$pageKey.get();
  navigation.$location.listen(() => {
    if (navigation.$pageKey.get() === route) return;
    route = navigation.$pageKey.get();
    $dialog.set(null);
  });
  // Branding follows the account: loaded with the tenant's settings, forgotten on logout.
  let brandedFor: unknown = null;
  client.account.$account.subscribe((account) => {
    if (account.status === 'loaded' && account.settings !== brandedFor) {
      brandedFor = account.settings;
      void branding.load(account.settings);
    }
  });
  client.onReset(() => {
    branding.reset();
    brandedFor = null;
    $dialog.set(null);
  });
  const shell: PortalShellStores = {
    navigation,
    page,
    branding,
    $dialog,
    prefix,
    openSearch: () => $dialog.set('search'),
    $routeLabel,
    setRouteLabel: (label) => $routeLabel.set(label),
    openFeedback: () => {
      if (page.$page.get().item) $dialog.set('feedback');
    },
    openGuidance: () => {
      if (page.$guidance.get().src) $dialog.set('guidance');
    },
    closeDialog: () => $dialog.set(null),
  };
  shells.set(client, shell);
  return shell;
}
