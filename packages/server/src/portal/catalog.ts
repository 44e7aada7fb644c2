import type {
  MenuMessageKey,
  MenuNode,
  PageDescription,
  PageTab,
  PageTabType,
  PageType,
  SearchResult,
} from '@cloudportal/core';
import {
  filterMenu,
  filterTabs,
  flattenMenu,
  isAllowedGuidanceVideo,
  menuSearchRows,
  searchMenu,
  selectedPersonas,
  videoLibraryMenu,
  type MenuFilter,
} from '@cloudportal/core/rules';
import { PORTAL } from '../account/routes';
import type { Principal } from '../auth/appToken';
import { LruCache } from '../cache/lru';
import { VersionedCache } from '../cache/versioned';
import { CacheVersions, CATALOG_SCOPE, tenantScope, type Versions } from '../cache/versions';
import type { Database } from '../db/database';
import { localeTexts, type LocalizeText } from '../http/locale';
import { cacheMetric } from '../metrics';

/** The menu routes' base (spec §7 "Portal service"). */
export const MENU = `${PORTAL}/api/portal/menu`;

/** A stored tab: a page tab plus its gates (never answered; the route filters by them). */
export interface StoredTab extends PageTab {
  features: string[];
  personas: string[];
}

/** A stored page description with its gated tabs. */
export interface StoredPage extends Omit<PageDescription, 'contents'> {
  tabs: StoredTab[];
}

/** The whole menu and its pages, as stored: the same for every tenant. */
export interface Catalog {
  tree: MenuNode[];
  pages: Map<string, StoredPage>;
}

interface ItemRow {
  uuid: string;
  name: string;
  parent_uuid: string | null;
  display_name: string;
  description: string;
  icon: string;
  url: string | null;
  tab_name: string | null;
  features: string[];
  personas: string[];
  tags: string[];
  preview: boolean;
  assistance_src: string | null;
}

interface PageRow {
  id: string;
  type: PageType;
  component_class: string | null;
  report_id: string | null;
  pbi_report_page_filter: string[];
  assistance_src: string | null;
  error: string | null;
}

interface TabRow {
  page_id: string;
  name: string;
  display_name: string;
  description: string;
  type: PageTabType;
  assistance_src: string | null;
  component_class: string | null;
  report_id: string | null;
  features: string[];
  personas: string[];
}

/**
 * The server's memory of the menu: the catalog (the menu and page tables, shared by every tenant),
 * its texts in each locale asked for (issue 24 §2, see `localizeCatalog`) and, per caller's view —
 * (tenant, features, selected personas, preview, locale) — the filtered menu, its JSON, the search
 * rows, answered searches and page descriptions. Each is kept with the versions
 * (`cache_versions`, migration 019) of the catalog and the caller's tenant it was built from, and
 * is rebuilt when either has moved: the database's triggers move them in the transaction of every
 * write that can change what is kept, so a write through any server is seen by every server on
 * its next request (see {@link CacheVersions}).
 */
export class PortalCache {
  readonly versions: CacheVersions;
  /** The catalog as stored ('catalog') and in each locale ('catalog:de'…; the server's few locales). */
  private readonly catalogs = new VersionedCache<Catalog>(CATALOGS_KEPT, cacheMetric('portal_catalog'));
  readonly views: VersionedCache<PortalView>;

  constructor(
    private readonly db: Database,
    maxViews = PORTAL_VIEWS_KEPT,
  ) {
    this.versions = new CacheVersions(db);
    this.views = new VersionedCache(maxViews, cacheMetric('portal_views'));
  }

  /** The catalog as the database holds it now: its configured texts, or those of `locale` (a `requestLocale`). */
  async catalog(locale?: string): Promise<Catalog> {
    return this.catalogAt(await this.versions.read([CATALOG_SCOPE]), locale);
  }

  private catalogAt(versions: Versions, locale?: string): Promise<Catalog> {
    const version = versions.get(CATALOG_SCOPE)!;
    const stored = () => this.catalogs.get('catalog', version, () => readCatalog(this.db).then(deepFreeze));
    if (locale === undefined) return stored();
    return this.catalogs.get(`catalog:${locale}`, version, async () =>
      deepFreeze(localizeCatalog(await stored(), localeTexts(locale))),
    );
  }

  /** The caller's view: `filter` is {@link filterOf}'s, for `tenantId`, with the texts of `locale` (a `requestLocale`). */
  async view(tenantId: string, filter: MenuFilter, locale = 'en'): Promise<PortalView> {
    const scope = tenantScope(tenantId);
    const versions = await this.versions.read([CATALOG_SCOPE, scope]);
    const stamp = `${versions.get(CATALOG_SCOPE)}/${versions.get(scope)}`;
    const key = [
      tenantId,
      filter.features.join('\u0001'),
      (filter.personas ?? []).join('\u0001'),
      filter.preview ? '1' : '0',
      locale,
    ].join('\u0000');
    return this.views.get(key, stamp, async () => new PortalView(await this.catalogAt(versions, locale), filter));
  }
}

/** How many catalogs a {@link PortalCache} keeps: the stored one and one per locale the server answers in. */
const CATALOGS_KEPT = 8;
/** How many callers' views a {@link PortalCache} keeps. */
export const PORTAL_VIEWS_KEPT = 1000;
/** How many answered searches a view keeps. */
const SEARCHES_KEPT = 64;

/** One caller's view of the catalog; its parts are built when first asked for. */
export class PortalView {
  readonly tree: MenuNode[];
  private menu?: string;
  private videoLibrary?: string;
  private rows?: SearchResult[];
  private reachable?: Set<string>;
  private readonly searches = new LruCache<string, string>(SEARCHES_KEPT);
  private readonly pages = new Map<string, string | null>();

  constructor(
    readonly catalog: Catalog,
    readonly filter: MenuFilter,
  ) {
    this.tree = deepFreeze(visibleTree(catalog, filter));
  }

  /** The menu as JSON (the video library's with `videoLibrary`). */
  menuJson(videoLibrary = false): string {
    if (videoLibrary) return (this.videoLibrary ??= JSON.stringify(videoLibraryMenu(this.tree)));
    return (this.menu ??= JSON.stringify(this.tree));
  }

  /** Spec §2 "Search dialog": the answer to a valid query, as JSON. */
  searchJson(query: string): string {
    let json = this.searches.get(query);
    if (json === undefined) {
      this.rows ??= menuSearchRows(this.tree, (item) =>
        visibleTabs(item.url ? this.catalog.pages.get(item.url) : undefined, this.filter),
      );
      json = JSON.stringify(searchMenu(this.rows, query));
      this.searches.set(query, json);
    }
    return json;
  }

  /**
   * A page description as JSON, or null when no menu item the caller's features (and preview)
   * show opens it. Personas scope its tabs, not whether it is readable.
   */
  pageJson(id: string): string | null {
    let json = this.pages.get(id);
    if (json === undefined) {
      this.reachable ??= new Set(
        flattenMenu(visibleTree(this.catalog, { ...this.filter, personas: [] })).flatMap((n) => (n.url ? [n.url] : [])),
      );
      const page = this.reachable.has(id) ? this.catalog.pages.get(id) : undefined;
      json = page ? JSON.stringify(describePage(page, this.filter)) : null;
      // Only ids of real pages are remembered, so unknown ids cannot fill the map.
      if (this.catalog.pages.has(id)) this.pages.set(id, json);
    }
    return json;
  }
}

const shared = new WeakMap<Database, PortalCache>();

/**
 * The catalog of a database, through one {@link PortalCache} per database (for routes outside the
 * portal's): its configured texts, or those of `locale` (a `requestLocale`).
 */
export function loadCatalog(db: Database, locale?: string): Promise<Catalog> {
  let cache = shared.get(db);
  if (!cache) {
    cache = new PortalCache(db, 1);
    shared.set(db, cache);
  }
  return cache.catalog(locale);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    const children = value instanceof Map ? [...value.values()] : Object.values(value);
    for (const child of children) deepFreeze(child);
  }
  return value;
}

/**
 * A stored guidance video, or null when a row written by other means holds an address no frame may
 * load (core's rule, as the seed applies it when storing; the origins are enforced by `frame-src`).
 */
const framable = (src: string | null) => (src !== null && isAllowedGuidanceVideo(src) ? src : null);

/** Reads the menu tree (children in position order) and every page description. */
async function readCatalog(db: Database): Promise<Catalog> {
  // One after the other: a request holds one connection at a time.
  const items = await db.query<ItemRow>(
    'select * from menu_items order by parent_uuid nulls first, position, name',
    [],
    { name: 'cp_catalog_items' },
  );
  const pages = await db.query<PageRow>('select * from menu_pages', [], { name: 'cp_catalog_pages' });
  const tabs = await db.query<TabRow>('select * from menu_page_tabs order by page_id, position', [], {
    name: 'cp_catalog_tabs',
  });

  const nodes = new Map<string, MenuNode>();
  for (const r of items.rows) {
    nodes.set(r.uuid, {
      uuid: r.uuid,
      name: r.name,
      displayName: r.display_name,
      description: r.description,
      icon: r.icon,
      url: r.url,
      tabName: r.tab_name,
      features: r.features,
      personas: r.personas,
      tags: r.tags,
      preview: r.preview,
      assistanceSrc: framable(r.assistance_src),
      children: [],
    });
  }
  const tree: MenuNode[] = [];
  for (const r of items.rows) {
    const node = nodes.get(r.uuid)!;
    const parent = r.parent_uuid ? nodes.get(r.parent_uuid) : undefined;
    (parent ? parent.children : tree).push(node);
  }

  const byPage = new Map<string, StoredPage>();
  for (const p of pages.rows) {
    byPage.set(p.id, {
      id: p.id,
      type: p.type,
      componentClass: p.component_class,
      reportId: p.report_id,
      pbiReportPageFilter: p.pbi_report_page_filter,
      assistanceSrc: framable(p.assistance_src),
      error: p.error,
      tabs: [],
    });
  }
  for (const t of tabs.rows) {
    byPage.get(t.page_id)?.tabs.push({
      name: t.name,
      displayName: t.display_name,
      description: t.description,
      type: t.type,
      assistanceSrc: framable(t.assistance_src),
      componentClass: t.component_class,
      reportId: t.report_id,
      features: t.features,
      personas: t.personas,
    });
  }
  return { tree, pages: byPage };
}

/**
 * The ids of the menu's texts (issue 24 §2; `MenuMessageKey`, the German in core's
 * `i18n/de/menuMessages.ts`), made from names and page ids as they are configured.
 */
export const menuTextId = {
  /** A menu item's display name. */
  item: (name: string): MenuMessageKey => `menu.item.${name}`,
  /** A menu item's description. */
  itemDescription: (name: string): MenuMessageKey => `menu.item.${name}.description`,
  /** A tab's display name (tabs belong to a page, which several items may open). */
  tab: (page: string, tab: string): MenuMessageKey => `menu.page.${page}.tab.${tab}`,
  /** A tab's description. */
  tabDescription: (page: string, tab: string): MenuMessageKey => `menu.page.${page}.tab.${tab}.description`,
  /** An error page's text. */
  error: (page: string): MenuMessageKey => `menu.page.${page}.error`,
};

/**
 * The catalog with its texts in a locale: each item's display name and description, each tab's and
 * each error page's, looked up by id ({@link menuTextId}); a text without a message in the locale —
 * a tenant's own item — keeps its configured words. Names, page ids and tab names (what links,
 * `?tab=` and feedback refer to) are never translated.
 */
export function localizeCatalog(catalog: Catalog, text: LocalizeText): Catalog {
  const node = (item: MenuNode): MenuNode => ({
    ...item,
    displayName: text(menuTextId.item(item.name), item.displayName),
    description: text(menuTextId.itemDescription(item.name), item.description),
    children: item.children.map(node),
  });
  const pages = new Map<string, StoredPage>();
  for (const [id, page] of catalog.pages)
    pages.set(id, {
      ...page,
      error: page.error === null ? null : text(menuTextId.error(id), page.error),
      tabs: page.tabs.map((tab) => ({
        ...tab,
        displayName: text(menuTextId.tab(id, tab.name), tab.displayName),
        description: text(menuTextId.tabDescription(id, tab.name), tab.description),
      })),
    });
  return { tree: catalog.tree.map(node), pages };
}

/** What the caller asked to see: the selected personas and the preview flag. */
export interface ViewQuery {
  personas?: string[];
  preview?: boolean;
}

/**
 * The filter of the caller: features from the token (spec §6); the requested personas the token
 * holds (others are ignored, see `selectedPersonas`); preview as asked.
 */
export function filterOf(
  principal: Principal,
  query: ViewQuery,
  options: { personas: boolean } = { personas: true },
): MenuFilter {
  return {
    features: principal.features,
    personas: options.personas ? selectedPersonas(query.personas, principal.personas) : [],
    preview: query.preview === true,
  };
}

/** The caller's menu tree. */
export function visibleTree(catalog: Catalog, filter: MenuFilter): MenuNode[] {
  return filterMenu(catalog.tree, filter);
}

/** The tabs of a page the caller sees, without their gates. */
export function visibleTabs(page: StoredPage | undefined, filter: MenuFilter): PageTab[] {
  if (!page || page.type !== 'tabbed') return [];
  return filterTabs(page.tabs, filter).map(({ features: _features, personas: _personas, ...tab }) => tab);
}

/** The page description as answered: its tabs filtered for the caller. */
export function describePage(page: StoredPage, filter: MenuFilter): PageDescription {
  const { tabs: _tabs, ...rest } = page;
  return { ...rest, contents: visibleTabs(page, filter) };
}
