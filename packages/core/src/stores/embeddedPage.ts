import type { PortalClient } from '../client/createPortalClient';
import { registerMessages } from '../i18n/messages';
import { dynamicPageEn } from '../i18n/dynamicPageMessages';
import { CONTENT_PREFIX } from '../rules/menu';
import { createNavigationStore, type NavigationStore } from './navigation';
import { createPageStore, namedPageRoute, type NamedPageRoute, type PageRoute, type PageStore } from './page';

/**
 * Options of the navigation a client's pages share.
 * @public
 */
export interface PortalNavigationOptions {
  /** Load menus and pages with `preview=true`. @default false */
  preview?: boolean;
  /** The content prefix routes live under. @default 'billing' */
  prefix?: string;
}

const navigations = new WeakMap<PortalClient, { navigation: NavigationStore; prefix: string; preview: boolean }>();

/**
 * The navigation (menu, personas, location) of `client`, created on first use — one per client, so
 * the shell and every embedded page on a partner's page share one menu: it loads once the session
 * is signed in, again on a persona or locale change, and is forgotten on logout. The first caller's options hold.
 * @public
 */
export function portalNavigation(
  client: PortalClient,
  options: PortalNavigationOptions = {},
): { navigation: NavigationStore; prefix: string; preview: boolean } {
  const existing = navigations.get(client);
  if (existing) return existing;
  const prefix = options.prefix ?? CONTENT_PREFIX;
  const preview = options.preview ?? false;
  const navigation = createNavigationStore({
    api: client.api.portal,
    $session: client.session.$session,
    storage: client.storage.strategy('local'),
    $locale: client.$locale,
    preview,
    prefix,
  });
  client.onReset(() => navigation.reset());
  const shared = { navigation, prefix, preview };
  navigations.set(client, shared);
  return shared;
}

/** The route-following page store of `client`'s shell, or one showing a page by name. */
export function clientPageStore(client: PortalClient, route?: PageRoute, started = true): PageStore {
  registerMessages(dynamicPageEn);
  const { navigation, prefix, preview } = portalNavigation(client);
  return createPageStore({
    api: client.api.portal,
    navigation,
    storage: client.storage.strategy('session'),
    route,
    started,
    navigate: (path) => client.navigate(path),
    notFound: (key) => client.t('page.notFound', { name: key }),
    menuFailed: () => client.t('nav.failed'),
    preview,
    prefix,
  });
}

/**
 * A page shown by name, outside the portal's router (`<FeaturePage>`, `<cp-page>`).
 * @public
 */
export interface EmbeddedPage extends PageStore {
  /** The page and tab shown; `route.show(name, tab)` moves to another. */
  readonly route: NamedPageRoute;
  /** The client's shared navigation (its menu decides what the visitor may see). */
  readonly navigation: NavigationStore;
  /** The content prefix of the portal's routes ('billing'): where the page lives in the portal. */
  readonly prefix: string;
}

/**
 * A page of the visitor's menu shown by name, under the portal's
 * access rules: its menu item is looked up in `client`'s menu, so a page the menu hides is the
 * not-found page and one the tenant is not licensed for is the unlicensed placeholder — the page is
 * never fetched for either. A tab is selected in place. It is inert until `start()` (call it when it
 * mounts; `stop()` when it leaves the document).
 * @public
 */
export function createEmbeddedPage(client: PortalClient, name: string, tabName: string | null = null): EmbeddedPage {
  const route = namedPageRoute(name, tabName);
  const store = clientPageStore(client, route, false);
  const { navigation, prefix } = portalNavigation(client);
  return { ...store, route, navigation, prefix };
}
