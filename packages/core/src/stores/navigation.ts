import { atom, computed, type ReadableAtom } from 'nanostores';
import type { Breadcrumb, MenuNode, PortalApi } from '../api/portal';
import type { SessionState } from '../auth/session';
import {
  activeTrail,
  menuMap,
  pageKeyFromUrl,
  PERSONAS_STORAGE_KEY,
  readPersonaSelection,
  selectedPersonas,
  trailBreadcrumbs,
} from '../rules/menu';
import type { StorageStrategy } from '../storage/webStorage';

/**
 * Where the user is: the host's router location (router-agnostic: the host hands it in).
 * @public
 */
export interface NavigationLocation {
  /** The route's path. */
  pathname: string;
  /** The query string, with or without its `?`. */
  search: string;
}

// spec §7 `GET /api/portal/menu`
/**
 * The signed-in user's menu.
 * @public
 */
export interface MenuState {
  /** Whether the menu is loading, loaded or failed. */
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** The menu's top-level items. */
  items: readonly MenuNode[];
  // spec §2 "Dynamic page"
  /** The menu map, keyed by item name. */
  map: ReadonlyMap<string, MenuNode>;
}

/**
 * The navigation of one portal client: menu, personas, location, active path and breadcrumbs.
 * @public
 */
export interface NavigationStore {
  /** The menu. */
  readonly $menu: ReadableAtom<MenuState>;
  // spec §3; §2
  /** The selected personas (persisted); empty means all personas. */
  readonly $personas: ReadableAtom<readonly string[]>;
  /** The personas the signed-in user may choose from (the app token's `personas` claim). */
  readonly $availablePersonas: ReadableAtom<readonly string[]>;
  /** Where the user is, as the host last said. */
  readonly $location: ReadableAtom<NavigationLocation>;
  // spec §2 "Dynamic page"
  /** The menu-map key of the location. */
  readonly $pageKey: ReadableAtom<string>;
  // spec §2 "Side navigation"
  /** The active item and its parents, root first. */
  readonly $activeTrail: ReadableAtom<readonly MenuNode[]>;
  /** The breadcrumb of the active page. */
  readonly $breadcrumbs: ReadableAtom<readonly Breadcrumb[]>;
  /** Tells the store where the user is; the host calls it on every route change. */
  setLocation(location: NavigationLocation): void;
  // spec §2 "Settings drawer"
  /** Selects personas (persisted); a change reloads the menu (and the page). */
  setPersonas(personas: readonly string[]): void;
  /** (Re)loads the menu with the selected personas (in the active locale: the server answers its texts in it). */
  loadMenu(): Promise<void>;
  /** Forgets the menu and the location (logout). */
  reset(): void;
}

/**
 * What the navigation store needs.
 * @public
 */
export interface NavigationOptions {
  /** The portal API's menu call. */
  api: Pick<PortalApi, 'menu'>;
  /** The session: the menu loads once it is signed in. */
  $session: ReadableAtom<SessionState>;
  /** Where the selected personas are kept. */
  storage: StorageStrategy;
  /**
   * The client's active locale: the server answers the menu's texts in it, so a change
   * reloads the menu (and with it the page), and the navigation reads in the new language at once.
   */
  $locale?: ReadableAtom<string>;
  /** Load the menu with `preview=true`. @default false */
  preview?: boolean;
  /** The content prefix routes live under. @default 'billing' */
  prefix?: string;
}

const EMPTY_MENU: MenuState = { status: 'idle', items: [], map: new Map() };

/**
 * Creates the navigation store; the menu loads once the session is signed in, and again on a persona or locale change.
 * @public
 */
export function createNavigationStore(options: NavigationOptions): NavigationStore {
  const $menu = atom<MenuState>(EMPTY_MENU);
  const $stored = atom<readonly string[]>(readPersonaSelection(options.storage.get(PERSONAS_STORAGE_KEY)));
  const $availablePersonas = computed(options.$session, (s) => s.claims?.personas ?? []);
  // Personas the token does not hold are dropped (a selection persisted in another tenant), as the server does.
  const $personas = computed([$stored, $availablePersonas], (stored, held) => selectedPersonas(stored, held));
  const $location = atom<NavigationLocation>({ pathname: '/', search: '' });
  const $pageKey = computed($location, (l) => pageKeyFromUrl(l.pathname, options.prefix));
  const $activeTrail = computed([$menu, $pageKey], (menu, key) => activeTrail(menu.items, key));
  const $breadcrumbs = computed($activeTrail, trailBreadcrumbs);
  let generation = 0;

  async function loadMenu() {
    if (options.$session.get().status !== 'authenticated') return;
    const mine = ++generation;
    $menu.set({ ...$menu.get(), status: 'loading' });
    try {
      const items = await options.api.menu({ personas: $personas.get(), preview: options.preview });
      if (mine === generation) $menu.set({ status: 'loaded', items, map: menuMap(items) });
    } catch {
      if (mine === generation) $menu.set({ ...$menu.get(), status: 'error' });
    }
  }

  let signedIn = false;
  options.$session.subscribe((s) => {
    const now = s.status === 'authenticated';
    if (now && !signedIn) void loadMenu();
    signedIn = now;
  });
  let lastPersonas = $personas.get().join('\n');
  $personas.listen((personas) => {
    if (personas.join('\n') === lastPersonas) return;
    lastPersonas = personas.join('\n');
    void loadMenu();
  });
  // Signed out, nothing loads (sign-in loads the menu in the locale of then).
  options.$locale?.listen(() => void loadMenu());

  return {
    $menu,
    $personas,
    $availablePersonas,
    $location,
    $pageKey,
    $activeTrail,
    $breadcrumbs,
    setLocation(location) {
      const current = $location.get();
      if (current.pathname !== location.pathname || current.search !== location.search)
        $location.set({ pathname: location.pathname, search: location.search });
    },
    setPersonas(personas) {
      const next = readPersonaSelection(personas);
      options.storage.set(PERSONAS_STORAGE_KEY, next);
      $stored.set(next);
    },
    loadMenu,
    reset() {
      // Forgetting the selection must not reload the menu of the user who is leaving.
      lastPersonas = '';
      $stored.set([]);
      generation++;
      $menu.set(EMPTY_MENU);
    },
  };
}
