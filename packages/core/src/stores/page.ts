import { atom, computed, type ReadableAtom } from 'nanostores';
import { isApiError } from '../api/errors';
import type { MenuNode, PageDescription, PageTab, PortalApi } from '../api/portal';
import { ASSISTANCE_VIDEO_DELAY_MS } from '../rules/constants';
import {
  ACTIVE_TABS_STORAGE_KEY,
  activeTabIndex,
  assistanceSource,
  errorPageDescription,
  isUnlicensedStatus,
  pagePath,
  tabNameFromQuery,
} from '../rules/menu';
import type { StorageStrategy } from '../storage/webStorage';
import type { NavigationStore } from './navigation';

// spec §2 "Dynamic page"
/**
 * The page of the current route.
 * @public
 */
export interface PageState {
  /** `unlicensed`: the tenant may not use the page (its placeholder); `error` pages are `loaded` with `type: 'error'`. */
  status: 'idle' | 'loading' | 'loaded' | 'unlicensed';
  /** The menu-map key of the route. */
  key: string;
  /** The menu item of the route; null when the menu has none (then `description` is the error page). */
  item: MenuNode | null;
  /** The page's description, or null until loaded. */
  description: PageDescription | null;
  /** The active tab of a tabbed page (-1 for other types). */
  tabIndex: number;
  /** The active tab of a tabbed page, or null. */
  tab: PageTab | null;
}

// spec §2 "Guidance dialog"
/**
 * The video of the page (the tab's overrides the page's) and its title, the page name (the menu item's, on every tab).
 * @public
 */
export interface GuidanceState {
  /** The guidance video's source, or null when the page has none. */
  src: string | null;
  /** The dialog's title: the page's name. */
  title: string;
}

/**
 * The dynamic page of one portal client.
 * @public
 */
export interface PageStore {
  /** The page as it loads. */
  readonly $page: ReadableAtom<PageState>;
  /** Which page the store shows. */
  readonly route: PageRoute;
  // spec §2
  /** The published guidance source (set 200 ms after a tabbed page loads). */
  readonly $guidance: ReadableAtom<GuidanceState>;
  // spec §2
  /** Activates a tab: remembered for the route and put in the URL's `tab` parameter. */
  selectTab(index: number): void;
  /** Fetches the page again (the error page's "Try again"). */
  reload(): void;
  /** Follows the route and the menu (again), loading the page; returns {@link stop}. Idempotent. */
  start(): () => void;
  /** Stops following the route and the menu (an embedded page that left the document). */
  stop(): void;
}

/**
 * Which page a page store shows and how it moves between tabs: the shell's follows the URL (the
 * route's menu key, its `?tab=`, and selecting a tab navigates); an embedded page's is given by name
 * (`<FeaturePage name tabName>`, `<cp-page>`) and selects tabs in place.
 * @public
 */
export interface PageRoute {
  /** The menu-map key of the page. */
  readonly $key: ReadableAtom<string>;
  /** The tab asked for by name (the URL's `tab` parameter, an embedded page's `tabName`), or null. */
  readonly $tabName: ReadableAtom<string | null>;
  /** Shows the tab named `tabName` of the page `key`. */
  selectTab(key: string, tabName: string): void;
}

/**
 * The route of a page shown by name, outside the portal's router: its tab is selected in place.
 * @public
 */
export interface NamedPageRoute extends PageRoute {
  /** Shows another page, or asks for another tab (null: the remembered or default tab). */
  show(name: string, tabName?: string | null): void;
}

/**
 * A page route by name (an embedded page), starting at `name` and `tabName`.
 * @public
 */
export function namedPageRoute(name: string, tabName: string | null = null): NamedPageRoute {
  const $key = atom(name);
  const $tabName = atom<string | null>(tabName);
  return {
    $key,
    $tabName,
    selectTab: (_key, tab) => $tabName.set(tab),
    show(next, tab = null) {
      $key.set(next);
      $tabName.set(tab);
    },
  };
}

/**
 * What the page store needs.
 * @public
 */
export interface PageOptions {
  /** The portal API's page call. */
  api: Pick<PortalApi, 'page'>;
  /** The navigation store the page follows. */
  navigation: NavigationStore;
  /** Where the remembered tabs live (session storage: per route, for the browser tab). */
  storage: StorageStrategy;
  /** Which page shows. @default the navigation's location: its menu key and `?tab=`, a tab selected by `navigate` */
  route?: PageRoute;
  /** Follow the route and the menu at once. `false`: only once `start()` is called (an embedded page, on mount). @default true */
  started?: boolean;
  /** Opens a path (the default route's tab selection). */
  navigate?(path: string): void;
  /** What an unknown page says. */
  notFound(key: string): string;
  /** What the page says while the menu failed to load (no page can be told known or unknown then). @default notFound */
  menuFailed?(): string;
  /** Ask for preview items too. @default false */
  preview?: boolean;
  /** The content prefix of the portal's routes (the paths `navigate` opens). */
  prefix?: string;
}

const IDLE: PageState = { status: 'idle', key: '', item: null, description: null, tabIndex: -1, tab: null };

/**
 * Creates the dynamic page store over the navigation store's location, menu and personas.
 * @public
 */
export function createPageStore(options: PageOptions): PageStore {
  const { navigation } = options;
  const route: PageRoute = options.route ?? {
    $key: navigation.$pageKey,
    $tabName: computed(navigation.$location, (location) => tabNameFromQuery(location.search)),
    selectTab: (key, tabName) => options.navigate?.(pagePath(key, tabName, options.prefix)),
  };
  const $page = atom<PageState>(IDLE);
  const $guidance = atom<GuidanceState>({ src: null, title: '' });
  let generation = 0;
  let guidanceTimer: ReturnType<typeof setTimeout> | undefined;
  const remembered = () => options.storage.get<Record<string, number>>(ACTIVE_TABS_STORAGE_KEY) ?? {};

  function publishGuidance(state: PageState) {
    clearTimeout(guidanceTimer);
    const next = {
      src: state.description ? assistanceSource(state.description, state.tab) : null,
      title: state.item?.displayName ?? '',
    };
    // Spec §9 "Assistance video set: 200 ms after a tabbed page loads".
    if (state.description?.type === 'tabbed')
      guidanceTimer = setTimeout(() => $guidance.set(next), ASSISTANCE_VIDEO_DELAY_MS);
    else $guidance.set(next);
  }

  function withTab(state: PageState): PageState {
    const tabs = state.description?.type === 'tabbed' ? state.description.contents : [];
    if (tabs.length === 0) return { ...state, tabIndex: -1, tab: null };
    const tabIndex = activeTabIndex(tabs, {
      query: route.$tabName.get(),
      itemTab: state.item?.tabName,
      remembered: remembered()[state.key],
    });
    return { ...state, tabIndex, tab: tabs[tabIndex] ?? null };
  }

  function show(state: PageState) {
    $page.set(state);
    publishGuidance(state);
  }

  async function load() {
    const key = route.$key.get();
    const menu = navigation.$menu.get();
    const mine = ++generation;
    if (menu.status !== 'loaded') {
      if (menu.status === 'error')
        show(
          withTab({
            ...IDLE,
            status: 'loaded',
            key,
            description: errorPageDescription(key, options.menuFailed?.() ?? options.notFound(key)),
          }),
        );
      else $page.set({ ...IDLE, status: 'loading', key });
      return;
    }
    const item = menu.map.get(key) ?? null;
    if (!item?.url) {
      show({ ...IDLE, status: 'loaded', key, item, description: errorPageDescription(key, options.notFound(key)) });
      return;
    }
    if ($page.get().key !== key || $page.get().status !== 'loaded')
      $page.set({ ...IDLE, status: 'loading', key, item });
    try {
      const description = await options.api.page(item.url, {
        personas: navigation.$personas.get(),
        preview: options.preview,
      });
      if (mine === generation) show(withTab({ ...IDLE, status: 'loaded', key, item, description }));
    } catch (error) {
      if (mine !== generation) return;
      // Spec §2: "An unlicensed page shows a placeholder"; "Page fetch error shows the error page".
      if (isApiError(error) && isUnlicensedStatus(error.status)) show({ ...IDLE, status: 'unlicensed', key, item });
      else
        show({
          ...IDLE,
          status: 'loaded',
          key,
          item,
          description: errorPageDescription(item.url, error instanceof Error ? error.message : String(error)),
        });
    }
  }

  // A new page, a new menu (after sign-in or a persona change) loads the page; a new tab name only moves the tab.
  let stops: (() => void)[] = [];
  function stop() {
    for (const unlisten of stops) unlisten();
    stops = [];
    generation++;
    clearTimeout(guidanceTimer);
  }
  function start() {
    if (stops.length > 0) return stop;
    stops = [
      route.$key.listen(() => void load()),
      route.$tabName.listen(() => {
        const state = $page.get();
        if (state.status === 'loaded' && state.key === route.$key.get()) show(withTab(state));
      }),
      navigation.$menu.listen((menu) => {
        if (menu.status !== 'loading') void load();
      }),
    ];
    if (navigation.$menu.get().status !== 'idle') void load();
    return stop;
  }
  if (options.started !== false) start();

  return {
    $page,
    $guidance,
    route,
    selectTab(index) {
      const state = $page.get();
      const tab = state.description?.type === 'tabbed' ? state.description.contents[index] : undefined;
      if (!tab) return;
      options.storage.set(ACTIVE_TABS_STORAGE_KEY, { ...remembered(), [state.key]: index });
      route.selectTab(state.key, tab.name);
    },
    reload: () => void load(),
    start,
    stop,
  };
}
