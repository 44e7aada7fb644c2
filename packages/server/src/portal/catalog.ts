import type { MenuNode, PageDescription, PageTab, PageTabType, PageType } from '@cloudportal/core';
import { filterMenu, filterTabs, isAllowedGuidanceVideo, selectedPersonas, type MenuFilter } from '@cloudportal/core/rules';
import { PORTAL } from '../account/routes';
import type { Principal } from '../auth/appToken';
import type { Database } from '../db/database';

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
 * The menu and page tables are written only by the seed and migrations, before the server
 * listens; no route changes them. So each database's catalog is read once and shared, frozen, by
 * every request (reading three tables per request made the menu the slowest route by far).
 */
const catalogs = new WeakMap<Database, Promise<Catalog>>();

/** Reads the menu tree (children in position order) and every page description, once per database. */
export function loadCatalog(db: Database): Promise<Catalog> {
  let catalog = catalogs.get(db);
  if (!catalog) {
    catalog = readCatalog(db).then(deepFreeze);
    catalogs.set(db, catalog);
    // A failed read is not remembered: the next request tries again.
    catalog.catch(() => catalogs.delete(db));
  }
  return catalog;
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

async function readCatalog(db: Database): Promise<Catalog> {
  // One after the other: a request holds one connection at a time.
  const items = await db.query<ItemRow>('select * from menu_items order by parent_uuid nulls first, position, name');
  const pages = await db.query<PageRow>('select * from menu_pages');
  const tabs = await db.query<TabRow>('select * from menu_page_tabs order by page_id, position');

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

/** What the caller asked to see: the selected personas and the preview flag. */
export interface ViewQuery {
  personas?: string[];
  preview?: boolean;
}

/**
 * The filter of the caller: features from the token (spec §6); the requested personas the token
 * holds (others are ignored, see `selectedPersonas`); preview as asked.
 */
export function filterOf(principal: Principal, query: ViewQuery, options: { personas: boolean } = { personas: true }): MenuFilter {
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
