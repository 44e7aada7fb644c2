// spec §2 "Dynamic page", "Side navigation", §3 "Menu node", §6 "Roles and permissions"
/**
 * Rules of the menu and the dynamic page, used by the reference server to filter the menu and by the
 * shell to render it. The search's rules are menuSearch.ts.
 */
import type { Breadcrumb, MenuNode, PageDescription, PageTab } from '../api/portal';
import { hasAnyFeature } from './licenses';

// spec §2
/**
 * The content prefix pages live under ("the current URL, without the billing prefix").
 * @internal
 */
export const CONTENT_PREFIX = 'billing';

// spec §3
/** The tags that mark the home page. */
export const HOME_TAGS = ['homepage-url', 'home', 'overview'] as const;

/**
 * How many pages the last- and top-accessed lists hold.
 * @internal
 */
export const ACCESSED_PAGES_MAX = 10;

// spec §6
/**
 * Anything gated like a menu item or a tab: by features and scoped by personas.
 * @public
 */
export interface MenuGate {
  /** The feature types that gate it: shown when empty or when the user holds any of them. */
  features?: readonly string[];
  /** The personas it is meant for; empty means every persona. */
  personas?: readonly string[];
}

// spec §6 "Menu items are shown only if the principal has any of the types in the item's features; otherwise they
// are hidden."
/**
 * Whether an item is shown for the user's `features`: only when the user holds any of the feature
 * types the item names. An item without features is shown to everyone.
 * @public
 */
export function isVisibleByFeatures(item: MenuGate, features: readonly string[]): boolean {
  const wanted = item.features ?? [];
  return wanted.length === 0 || hasAnyFeature(features, wanted);
}

// spec §2 "Settings drawer" ("if none is chosen, all personas are used"); §6 ("personas … are sent when fetching
// menus, pages and search")
/**
 * Whether an item is in scope of the personas the user selected in the settings drawer (the selection
 * is sent when menus, pages and search results are fetched): with no selection everything is in
 * scope; otherwise an item is in scope when it names no personas or any selected one.
 * @public
 */
export function isInPersonaScope(item: MenuGate, selected: readonly string[]): boolean {
  const meant = item.personas ?? [];
  return selected.length === 0 || meant.length === 0 || meant.some((p) => selected.includes(p));
}

// spec §6 "Personas from the claims can be selected"; §3 "Persisted locally: personas"
/**
 * The selection the server applies is the requested personas the token holds. Others are dropped
 * rather than refused, so a selection persisted in one tenant cannot break the menu in another; a
 * selection left empty this way means all personas.
 * @public
 */
export function selectedPersonas(requested: readonly string[] | undefined, held: readonly string[]): string[] {
  return [...new Set((requested ?? []).filter((p) => held.includes(p)))];
}

/**
 * What the menu is filtered by.
 * @public
 */
export interface MenuFilter {
  // spec §6
  /** The token's features. */
  features: readonly string[];
  /** The selected personas; empty or omitted means all. */
  personas?: readonly string[];
  /** Keep items flagged preview. @default false */
  preview?: boolean;
}

// spec §2 "Side navigation", §6
/**
 * The tree the caller sees. An item stays when its features allow it, it is in the persona scope, and it is not a preview item (unless `preview`); its hidden
 * children go with it. A parent whose children are all hidden and which has no page of its own
 * (`url`) disappears.
 * @public
 */
export function filterMenu(tree: readonly MenuNode[], filter: MenuFilter): MenuNode[] {
  const personas = filter.personas ?? [];
  const out: MenuNode[] = [];
  for (const node of tree) {
    if (!isVisibleByFeatures(node, filter.features) || !isInPersonaScope(node, personas)) continue;
    if (node.preview && !filter.preview) continue;
    const children = filterMenu(node.children, filter);
    if (children.length === 0 && !node.url) continue;
    out.push({ ...node, children });
  }
  return out;
}

// spec §2 "Video Library"
/**
 * The menu of the video library (the menu loaded with a videos flag): only the items that carry a
 * guidance video (`assistanceSrc`), kept inside their sections; sections without one disappear.
 * @public
 */
export function videoLibraryMenu(tree: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of tree) {
    const children = videoLibraryMenu(node.children);
    if (!node.assistanceSrc && children.length === 0) continue;
    out.push({ ...node, children });
  }
  return out;
}

/**
 * Every node of the tree, parents before their children, in menu order.
 * @public
 */
export function flattenMenu(tree: readonly MenuNode[]): MenuNode[] {
  return tree.flatMap((node) => [node, ...flattenMenu(node.children)]);
}

// spec §2 "Dynamic page"
/**
 * The menu map the page "looks … up in", keyed by item name.
 * @public
 */
export function menuMap(tree: readonly MenuNode[]): Map<string, MenuNode> {
  const map = new Map<string, MenuNode>();
  for (const node of flattenMenu(tree)) if (!map.has(node.name)) map.set(node.name, node);
  return map;
}

// spec §2 "Dynamic page": "the current URL, without the billing prefix, slashes and query string"
/**
 * The key of the menu map for a URL: the URL without its origin, the content prefix, slashes and
 * query string. `/billing/azure-budgets?tab=Budgets` → `azure-budgets`.
 * @public
 */
export function pageKeyFromUrl(url: string, prefix: string = CONTENT_PREFIX): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  let path = withoutOrigin.split(/[?#]/)[0] ?? '';
  const head = `/${prefix}`;
  if (path === head || path.startsWith(`${head}/`)) path = path.slice(head.length);
  else if (path === prefix || path.startsWith(`${prefix}/`)) path = path.slice(prefix.length);
  const key = path.replace(/\//g, '');
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

// spec §2 "The query parameter tab selects the active tab by name; plus signs become spaces."
/**
 * The name of the tab the `tab` query parameter selects (plus signs become spaces).
 * Reads `tab` from a query string (`?tab=Cost+by+Region` → 'Cost by Region'); null when absent or empty.
 * @public
 */
export function tabNameFromQuery(query: string): string | null {
  for (const part of query.replace(/^\?/, '').split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    if (key !== 'tab') continue;
    const raw = (eq < 0 ? '' : part.slice(eq + 1)).replace(/\+/g, ' ');
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // A malformed escape is kept as typed.
    }
    return value.trim() ? value : null;
  }
  return null;
}

/**
 * The index of the tab named `name` (case-insensitive), or -1; the page then opens its first tab.
 * @public
 */
export function tabIndexByName(tabs: readonly Pick<PageTab, 'name'>[], name: string | null | undefined): number {
  if (!name) return -1;
  const wanted = name.toLowerCase();
  return tabs.findIndex((t) => t.name.toLowerCase() === wanted);
}

// spec §2 "Choosing a result navigates to /{app prefix}/{page name} and sets the active tab name"
/**
 * The route of a page (and tab): `/{content prefix}/{name}`, with `?tab=` where spaces are plus
 * signs.
 * @public
 */
export function pagePath(name: string, tabName?: string | null, prefix: string = CONTENT_PREFIX): string {
  const path = `/${prefix}/${encodeURIComponent(name)}`;
  return tabName ? `${path}?tab=${encodeURIComponent(tabName).replace(/%20/g, '+')}` : path;
}

// spec §3 "tags: homepage-url, home or overview mark the home page."
/**
 * Whether an item is a home page: one of its tags is `homepage-url`, `home` or `overview`
 * (case-insensitive).
 * @public
 */
export function isHomePage(item: Pick<MenuNode, 'tags'>): boolean {
  return item.tags.some((tag) => (HOME_TAGS as readonly string[]).includes(tag.toLowerCase()));
}

/**
 * The first home page of the tree (menu order), or undefined.
 * @public
 */
export function findHomePage(tree: readonly MenuNode[]): MenuNode | undefined {
  return flattenMenu(tree).find((node) => node.url && isHomePage(node));
}

// spec §2 "Page titles are the product title from settings, then ' - ', then a label."
/**
 * The browser title of a page: the product name from settings, then ' - ', then the label; the
 * product name alone without a label.
 * @public
 */
export function pageTitle(productName: string, label?: string | null): string {
  return label ? `${productName} - ${label}` : productName;
}

// spec §7 "breadcrumb"
/**
 * The chain from the root down to the item, found by uuid or by name; null when the tree does not
 * hold it.
 * @public
 */
export function breadcrumbOf(tree: readonly MenuNode[], id: string): Breadcrumb[] | null {
  const walk = (
    nodes: readonly MenuNode[],
    trail: Breadcrumb[],
    match: (n: MenuNode) => boolean,
  ): Breadcrumb[] | null => {
    for (const node of nodes) {
      const here = [...trail, { uuid: node.uuid, name: node.name, displayName: node.displayName, url: node.url }];
      if (match(node)) return here;
      const found = walk(node.children, here, match);
      if (found) return found;
    }
    return null;
  };
  return walk(tree, [], (n) => n.uuid === id) ?? walk(tree, [], (n) => n.name === id);
}

// spec §6
/**
 * The tabs of a page the caller sees: a tab's features gate it like a menu item; its
 * personas scope it, except that a selection never empties a page: when no tab is in scope, every
 * tab the features allow is shown.
 * @public
 */
export function filterTabs<T extends MenuGate>(tabs: readonly T[], filter: MenuFilter): T[] {
  const allowed = tabs.filter((t) => isVisibleByFeatures(t, filter.features));
  const scoped = allowed.filter((t) => isInPersonaScope(t, filter.personas ?? []));
  return scoped.length > 0 ? scoped : allowed;
}

// spec §2
/**
 * The page a failed page fetch shows ("Page fetch error shows the error page").
 * @public
 */
export function errorPageDescription(id: string, message: string): PageDescription {
  return {
    id,
    type: 'error',
    contents: [],
    componentClass: null,
    reportId: null,
    pbiReportPageFilter: [],
    assistanceSrc: null,
    error: message,
  };
}

// spec §2 "The tab or page assistance video source is published; the tab's overrides the page's."
/**
 * The video of the page with `tab` active.
 * @public
 */
export function assistanceSource(
  page: Pick<PageDescription, 'assistanceSrc'>,
  tab?: Pick<PageTab, 'assistanceSrc'> | null,
): string | null {
  return tab?.assistanceSrc || page.assistanceSrc || null;
}

// spec §2 "A loader opens feature pages by component name" (kebab-case forms of the spec's list)
/**
 * The component names of the reference portal (in kebab-case) that the loader opens as feature pages.
 * @public
 */
export const FEATURE_COMPONENTS = [
  'subscriptions',
  'macc',
  'pipelines',
  'dynamic-dashboard',
  'license-users',
  'users',
  'secure-score-profiles',
  'tags',
  'rules',
  'teams-calls',
  'm365-groups',
  'm365-devices',
  'licenses',
  'azure-resources',
  'azure-enrollments',
  'recommendations-m365',
  'recommendations-azure',
  'recommendations-archives',
  'usage-overview',
  'usage-teams',
  'usage-mail',
  'usage-sharepoint',
  'joiners',
  'leavers',
  'service-health',
  'customer-metrics',
  'alerts',
  'alert-definitions',
  'security-alerts',
  'worker-profiles',
  'financial-summary',
  'license-questionnaire',
  'third-party-apps',
  'ea-reservations',
  'copilot-score',
  'usage-score',
  'usage-assessment',
  'azure-budgets',
  'shared-costs',
  'ri-sp-contracts',
  'azure-focus',
  'metric-alerts',
  'home-dashboards',
  'sharepoint-tenant-settings',
  'aws-recommendations',
  'anomalies',
  'project-costs',
  'log-analytics',
  'bom-summary',
  'chat-assistant',
  // Pages with a route of their own (spec §2 children of billing) are loadable by name too.
  'settings-dashboard',
  'release-notes',
] as const;

// spec §2 "Provider, reseller and customer overview names show a 'functionality moved' notice."
/** The component names that show a 'functionality moved' notice instead of a page. */
export const MOVED_COMPONENTS = ['provider-overview', 'reseller-overview', 'customer-overview'] as const;

/**
 * What the loader shows for a component name: the feature page, the 'functionality moved' notice, or the error placeholder for an unknown name.
 * @public
 */
export function componentKind(name: string | null | undefined): 'feature' | 'moved' | 'unknown' {
  if (name && (FEATURE_COMPONENTS as readonly string[]).includes(name)) return 'feature';
  if (name && (MOVED_COMPONENTS as readonly string[]).includes(name)) return 'moved';
  return 'unknown';
}

// spec §2 "Side navigation"
/**
 * The item matching the current route and its parents, from the root down (empty when no item
 * matches). The route's page key is the item's name (see
 * {@link pageKeyFromUrl}); the first item of that name in menu order wins, as in {@link menuMap}.
 * @public
 */
export function activeTrail(tree: readonly MenuNode[], pageKey: string): MenuNode[] {
  if (!pageKey) return [];
  for (const node of tree) {
    if (node.name === pageKey) return [node];
    const below = activeTrail(node.children, pageKey);
    if (below.length > 0) return [node, ...below];
  }
  return [];
}

/**
 * The route a menu item opens (`/{content prefix}/{name}`), or null for a section without a page.
 * @public
 */
export function menuItemPath(item: Pick<MenuNode, 'name' | 'url'>, prefix: string = CONTENT_PREFIX): string | null {
  return item.url ? pagePath(item.name, null, prefix) : null;
}

// spec §2 "Navbar: breadcrumbs or page title"
/**
 * The breadcrumb steps of a trail.
 * @public
 */
export function trailBreadcrumbs(trail: readonly MenuNode[]): Breadcrumb[] {
  return trail.map(({ uuid, name, displayName, url }) => ({ uuid, name, displayName, url }));
}

// spec §3 "Persisted locally: personas"
/** Storage key of the selected personas. */
export const PERSONAS_STORAGE_KEY = 'personas';

/**
 * Reads a stored persona selection back: a list of distinct non-empty strings, else none (= all personas).
 * @public
 */
export function readPersonaSelection(stored: unknown): string[] {
  if (!Array.isArray(stored)) return [];
  return [...new Set(stored.filter((p): p is string => typeof p === 'string' && p.trim() !== ''))];
}

// spec §2 "Dynamic page"
/** Storage key (session storage) of the active tab index remembered per route. */
export const ACTIVE_TABS_STORAGE_KEY = 'activeTabs';

// spec §2 "Dynamic page"
/**
 * Which tab opens. The `tab` query parameter names it (plus signs are spaces); else the menu item's own tab; else the index remembered for the route; else the first.
 * An index out of range falls back to the first tab.
 * @public
 */
export function activeTabIndex(
  tabs: readonly Pick<PageTab, 'name'>[],
  choice: { query?: string | null; itemTab?: string | null; remembered?: number | null },
): number {
  const byQuery = tabIndexByName(tabs, choice.query);
  if (byQuery >= 0) return byQuery;
  const byItem = tabIndexByName(tabs, choice.itemTab);
  if (byItem >= 0) return byItem;
  const remembered = choice.remembered ?? -1;
  return Number.isInteger(remembered) && remembered >= 0 && remembered < tabs.length ? remembered : 0;
}

// spec §2 "Dynamic page"
/**
 * A fetch answer that means the page is not licensed for the tenant (its placeholder, not the error page).
 * @public
 */
export function isUnlicensedStatus(status: number): boolean {
  return status === 402 || status === 403;
}
