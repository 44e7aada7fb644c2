// spec §2 "Search dialog", "Navbar", §3 "Search result", §5 "Search"
/**
 * Rules of the portal's search: the search index of a menu, matching, paging and the search
 * shortcut. Apart from the menu's rules, so a page shown alone does not carry them.
 */
import type { MenuNode, PageTab, SearchResult } from '../api/portal';
import { createTranslator, type Translate } from '../i18n/messages';
import { searchEn } from '../i18n/searchMessages';

// The English texts, whether or not a page has registered the search's messages (the server too).
// Pure, so a bundle that uses none of these texts leaves the catalogue out.
const english: Translate = /* @__PURE__ */ createTranslator(searchEn);

/**
 * Longest search text `GET /api/portal/menu/index` accepts.
 * @internal
 */
export const SEARCH_QUERY_MAX = 100;

/**
 * The tabs of a page, as the search index needs them.
 * @public
 */
export type SearchableTab = Pick<PageTab, 'name' | 'displayName' | 'description'>;

// spec §3 "Search result"
/**
 * The search index of a menu: one row per menu item with a page, then one per tab of its page. `path`
 * is the display names from the root down (' / '-joined); a tab's row carries its item's tags. A
 * page shared by several items lists its tabs once, under the first item.
 * @public
 */
export function menuSearchRows(
  tree: readonly MenuNode[],
  tabsOf: (item: MenuNode) => readonly SearchableTab[],
): SearchResult[] {
  const rows: SearchResult[] = [];
  const seenPages = new Set<string>();
  const walk = (nodes: readonly MenuNode[], trail: string[]) => {
    for (const node of nodes) {
      const here = [...trail, node.displayName];
      if (node.url) {
        rows.push({
          name: node.name,
          tabName: node.tabName,
          path: here.join(' / '),
          displayName: node.displayName,
          description: node.description,
          tags: [...node.tags],
        });
        if (!seenPages.has(node.url)) {
          seenPages.add(node.url);
          for (const tab of tabsOf(node)) {
            rows.push({
              name: node.name,
              tabName: tab.name,
              path: [...here, tab.displayName].join(' / '),
              displayName: tab.displayName,
              description: tab.description,
              tags: [...node.tags],
            });
          }
        }
      }
      walk(node.children, here);
    }
  };
  walk(tree, []);
  return rows;
}

// spec §2 "Search dialog"
/**
 * Whether a row matches, case-insensitively, in its name, tab name, path, display name, description or tags.
 * @public
 */
export function matchesSearch(row: SearchResult, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return false;
  const fields = [row.name, row.tabName ?? '', row.path, row.displayName, row.description, ...row.tags];
  return fields.some((field) => field.toLowerCase().includes(needle));
}

/**
 * The rows matching `query`, in menu order.
 * @public
 */
export function searchMenu(rows: readonly SearchResult[], query: string): SearchResult[] {
  return rows.filter((row) => matchesSearch(row, query));
}

/**
 * Messages of {@link searchQueryError} in English (the catalogue's `search.query.*`).
 * @public
 */
export const SEARCH_MESSAGES = {
  required: /* @__PURE__ */ english('search.query.required'),
  tooLong: /* @__PURE__ */ english('search.query.tooLong', { max: SEARCH_QUERY_MAX }),
} as const;

// spec §5 "Search: triggered only when the text is non-empty"
/**
 * Why a search text cannot be sent, or null.
 * @public
 */
export function searchQueryIssue(query: string | null | undefined): 'required' | 'tooLong' | null {
  const text = (query ?? '').trim();
  if (!text) return 'required';
  if (text.length > SEARCH_QUERY_MAX) return 'tooLong';
  return null;
}

/**
 * {@link searchQueryIssue}'s message in `t`'s words (English by default), or null.
 * @public
 */
export function searchQueryError(query: string | null | undefined, t: Translate = english): string | null {
  const issue = searchQueryIssue(query);
  return issue && t(issue === 'required' ? 'search.query.required' : 'search.query.tooLong', { max: SEARCH_QUERY_MAX });
}

// spec §2 "Navbar"
/**
 * The search opens on Meta+K (Ctrl+K on keyboards without Meta), not with Alt held.
 * @public
 */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey'>): boolean {
  return (event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

// spec §2 "Search dialog": "a paged grid of height 400"; the spec gives no page size.
/**
 * How many results the search dialog's grid shows per page: ten rows of about 36 px fill its
 * 400 px height with the header.
 * @public
 */
export const SEARCH_PAGE_SIZE = 10;

/**
 * How many pages `total` results fill (at least one, for the empty grid).
 * @public
 */
export function searchPageCount(total: number, size: number = SEARCH_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The rows of page `page` (0-based, clamped to the pages there are).
 * @public
 */
export function searchPageRows<T>(results: readonly T[], page: number, size: number = SEARCH_PAGE_SIZE): T[] {
  const last = searchPageCount(results.length, size) - 1;
  const at = Math.min(Math.max(0, Math.trunc(page) || 0), last);
  return results.slice(at * size, at * size + size);
}

// spec §2 "Search dialog"
/**
 * A row's tags as the grid shows them: joined with commas, or '-' when there are none.
 * @public
 */
export function searchTagsText(tags: readonly string[]): string {
  return tags.length > 0 ? tags.join(', ') : '-';
}
