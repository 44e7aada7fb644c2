import { describe, expect, it } from 'vitest';
import type { MenuNode, SearchResult } from '../api/portal';
import {
  ACCESSED_PAGES_MAX,
  activeTabIndex,
  activeTrail,
  isUnlicensedStatus,
  menuItemPath,
  readPersonaSelection,
  trailBreadcrumbs,
  assistanceSource,
  breadcrumbOf,
  componentKind,
  errorPageDescription,
  filterMenu,
  filterTabs,
  findHomePage,
  flattenMenu,
  isHomePage,
  isInPersonaScope,
  isVisibleByFeatures,
  menuMap,
  pageKeyFromUrl,
  pagePath,
  pageTitle,
  selectedPersonas,
  tabIndexByName,
  tabNameFromQuery,
  videoLibraryMenu,
} from './menu';
import {
  isSearchShortcut,
  matchesSearch,
  menuSearchRows,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  searchMenu,
  searchPageCount,
  searchPageRows,
  searchQueryError,
  searchTagsText,
} from './menuSearch';
import { item } from '../stores/shell.fixtures';

const node = (name: string, over: Partial<MenuNode> = {}): MenuNode =>
  item(name, { displayName: name.toUpperCase(), description: `About ${name}`, ...over });

/**
 * home (billing) · azure section (azure, no page) › costs (Finance) · resources (IT) · beta (preview)
 * · news (no features)
 */
const tree: MenuNode[] = [
  node('home', { features: ['billing'], tags: ['home'] }),
  node('azure', {
    url: null,
    features: ['azure'],
    children: [
      node('costs', { personas: ['Finance'], assistanceSrc: 'https://video/costs', tags: ['finops', 'report'] }),
      node('resources', { personas: ['IT'] }),
      node('beta', { preview: true }),
    ],
  }),
  node('news', { assistanceSrc: 'https://video/news' }),
];

const names = (t: MenuNode[]) => flattenMenu(t).map((n) => n.name);

describe('menu rules (spec §2 "Dynamic page", "Side navigation", §6)', () => {
  it('given item features, it is shown when it has none or the principal has any of them (§6)', () => {
    expect(isVisibleByFeatures({ features: [] }, [])).toBe(true);
    expect(isVisibleByFeatures({}, ['m365'])).toBe(true);
    expect(isVisibleByFeatures({ features: ['azure', 'm365'] }, ['m365'])).toBe(true);
    expect(isVisibleByFeatures({ features: ['azure'] }, ['m365'])).toBe(false);
    expect(isVisibleByFeatures({ features: ['azure'] }, [])).toBe(false);
  });

  it('given a persona selection, an item is in scope when the selection is empty, the item names no persona, or they share one', () => {
    expect(isInPersonaScope({ personas: ['Finance'] }, [])).toBe(true);
    expect(isInPersonaScope({ personas: [] }, ['IT'])).toBe(true);
    expect(isInPersonaScope({ personas: ['Finance', 'IT'] }, ['IT'])).toBe(true);
    expect(isInPersonaScope({ personas: ['Finance'] }, ['IT'])).toBe(false);
  });

  it('given requested personas, only those the token holds are selected, once each', () => {
    expect(selectedPersonas(['IT', 'HR', 'IT'], ['Finance', 'IT'])).toEqual(['IT']);
    expect(selectedPersonas(['HR'], ['Finance'])).toEqual([]);
    expect(selectedPersonas(undefined, ['Finance'])).toEqual([]);
  });

  it('given the features, hidden items go with their children, and a parent without a page whose children are all hidden disappears', () => {
    expect(names(filterMenu(tree, { features: ['billing', 'azure'] }))).toEqual([
      'home',
      'azure',
      'costs',
      'resources',
      'news',
    ]);
    expect(names(filterMenu(tree, { features: ['billing'] }))).toEqual(['home', 'news']);
    expect(names(filterMenu(tree, { features: [] }))).toEqual(['news']);
  });

  it('given personas, out-of-scope items go, and an emptied section without a page goes too', () => {
    expect(names(filterMenu(tree, { features: ['azure'], personas: ['IT'] }))).toEqual(['azure', 'resources', 'news']);
    const financeOnly = [node('section', { url: null, children: [node('costs', { personas: ['Finance'] })] })];
    expect(filterMenu(financeOnly, { features: [], personas: ['IT'] })).toEqual([]);
    expect(names(filterMenu(financeOnly, { features: [], personas: ['Finance'] }))).toEqual(['section', 'costs']);
  });

  it('given a parent with a page of its own, it stays when its children are all hidden', () => {
    const withPage = [node('parent', { children: [node('child', { features: ['admin'] })] })];
    expect(filterMenu(withPage, { features: [] })).toEqual([node('parent')]);
  });

  it('given the preview flag, preview items show only with preview on', () => {
    expect(names(filterMenu(tree, { features: ['azure'] }))).not.toContain('beta');
    expect(names(filterMenu(tree, { features: ['azure'], preview: true }))).toContain('beta');
  });

  it('given filtering, the input tree is left unchanged', () => {
    const before = JSON.stringify(tree);
    filterMenu(tree, { features: [] });
    videoLibraryMenu(tree);
    expect(JSON.stringify(tree)).toBe(before);
  });

  it('given the video library, only items with a guidance video are kept, inside their sections', () => {
    const library = videoLibraryMenu(tree);
    expect(names(library)).toEqual(['azure', 'costs', 'news']);
    expect(library[0]!.children.map((c) => c.name)).toEqual(['costs']);
  });

  it('given a tree, flattening lists parents before children and the menu map finds items by name', () => {
    expect(names(tree)).toEqual(['home', 'azure', 'costs', 'resources', 'beta', 'news']);
    const map = menuMap(tree);
    expect(map.get('costs')?.uuid).toBe('uuid-costs');
    expect(map.get('missing')).toBeUndefined();
    expect(map.size).toBe(6);
  });

  it('given a URL, the page key drops the billing prefix, slashes, query string and fragment (§2)', () => {
    expect(pageKeyFromUrl('/billing/azure-budgets?tab=Budgets')).toBe('azure-budgets');
    expect(pageKeyFromUrl('/billing/overview')).toBe('overview');
    expect(pageKeyFromUrl('/billing/')).toBe('');
    expect(pageKeyFromUrl('/billing')).toBe('');
    expect(pageKeyFromUrl('billing/overview#top')).toBe('overview');
    expect(pageKeyFromUrl('https://portal.example/billing/usage/teams?x=1')).toBe('usageteams');
    expect(pageKeyFromUrl('/billingx/overview')).toBe('billingxoverview');
    expect(pageKeyFromUrl('/billing/release%20notes')).toBe('release notes');
    expect(pageKeyFromUrl('/billing/%E0%A4%A')).toBe('%E0%A4%A');
    expect(pageKeyFromUrl('/portal/overview', 'portal')).toBe('overview');
  });

  it('given the tab query parameter, plus signs become spaces (§2)', () => {
    expect(tabNameFromQuery('?tab=Cost+by+Region')).toBe('Cost by Region');
    expect(tabNameFromQuery('x=1&tab=RI%20and%20SP+Contracts')).toBe('RI and SP Contracts');
    expect(tabNameFromQuery('?tab=')).toBeNull();
    expect(tabNameFromQuery('?tab')).toBeNull();
    expect(tabNameFromQuery('?tabs=Other')).toBeNull();
    expect(tabNameFromQuery('')).toBeNull();
    expect(tabNameFromQuery('?tab=100%')).toBe('100%');
  });

  it('given a tab name, the tab is found case-insensitively, or -1', () => {
    const tabs = [{ name: 'Overview' }, { name: 'Cost by Region' }];
    expect(tabIndexByName(tabs, 'cost by region')).toBe(1);
    expect(tabIndexByName(tabs, 'Missing')).toBe(-1);
    expect(tabIndexByName(tabs, null)).toBe(-1);
  });

  it('given a page and tab, the route is /billing/{name} with the tab query using plus signs', () => {
    expect(pagePath('azure-budgets')).toBe('/billing/azure-budgets');
    expect(pagePath('overview', 'Cost by Service')).toBe('/billing/overview?tab=Cost+by+Service');
    expect(tabNameFromQuery(pagePath('x', 'A & B').split('?')[1]!)).toBe('A & B');
    expect(pagePath('x', null, 'portal')).toBe('/portal/x');
  });

  it('given tags, homepage-url, home or overview mark the home page (§3)', () => {
    expect(isHomePage({ tags: ['homepage-url'] })).toBe(true);
    expect(isHomePage({ tags: ['report', 'Home'] })).toBe(true);
    expect(isHomePage({ tags: ['overview'] })).toBe(true);
    expect(isHomePage({ tags: ['homepage'] })).toBe(false);
    expect(isHomePage({ tags: [] })).toBe(false);
    expect(findHomePage(tree)?.name).toBe('home');
    expect(findHomePage([node('x')])).toBeUndefined();
  });

  it('given a product name and a label, the title is "{product} - {label}" (§2)', () => {
    expect(pageTitle('Cloud Portal', 'Billing Overview')).toBe('Cloud Portal - Billing Overview');
    expect(pageTitle('Cloud Portal', '')).toBe('Cloud Portal');
    expect(pageTitle('Cloud Portal')).toBe('Cloud Portal');
  });

  it('given an item by uuid or name, the breadcrumb runs from the root down to it; unknown is null', () => {
    const crumbs = breadcrumbOf(tree, 'uuid-costs');
    expect(crumbs).toEqual([
      { uuid: 'uuid-azure', name: 'azure', displayName: 'AZURE', url: null },
      { uuid: 'uuid-costs', name: 'costs', displayName: 'COSTS', url: 'costs' },
    ]);
    expect(breadcrumbOf(tree, 'costs')).toEqual(crumbs);
    expect(breadcrumbOf(tree, 'news')).toEqual([{ uuid: 'uuid-news', name: 'news', displayName: 'NEWS', url: 'news' }]);
    expect(breadcrumbOf(tree, 'missing')).toBeNull();
  });

  it('given tabs, features gate them strictly and personas scope them unless that would leave none', () => {
    const tabs = [
      { name: 'A', features: [], personas: [] },
      { name: 'B', features: ['azure'], personas: [] },
      { name: 'C', features: [], personas: ['Finance'] },
    ];
    expect(filterTabs(tabs, { features: [] }).map((t) => t.name)).toEqual(['A', 'C']);
    expect(filterTabs(tabs, { features: ['azure'], personas: ['IT'] }).map((t) => t.name)).toEqual(['A', 'B']);
    const financeOnly = [
      { name: 'F', personas: ['Finance'] },
      { name: 'G', personas: ['Finance'], features: ['admin'] },
    ];
    expect(filterTabs(financeOnly, { features: [], personas: ['IT'] }).map((t) => t.name)).toEqual(['F']);
    expect(filterTabs([{ name: 'X', features: ['admin'] }], { features: [] })).toEqual([]);
  });

  it('given a failed page fetch, the error page description carries the message (§2)', () => {
    expect(errorPageDescription('x', 'Not found')).toEqual({
      id: 'x',
      type: 'error',
      contents: [],
      componentClass: null,
      reportId: null,
      pbiReportPageFilter: [],
      assistanceSrc: null,
      error: 'Not found',
    });
  });

  it("given a page and a tab, the tab's video overrides the page's (§2)", () => {
    expect(assistanceSource({ assistanceSrc: 'page' }, { assistanceSrc: 'tab' })).toBe('tab');
    expect(assistanceSource({ assistanceSrc: 'page' }, { assistanceSrc: null })).toBe('page');
    expect(assistanceSource({ assistanceSrc: 'page' })).toBe('page');
    expect(assistanceSource({ assistanceSrc: null }, null)).toBeNull();
  });
});

describe('search rules (spec §2 "Search dialog", §3 "Search result")', () => {
  const tabsOf = (item: MenuNode) =>
    item.name === 'costs' ? [{ name: 'By Region', displayName: 'By region', description: 'Spend per region' }] : [];
  const rows = menuSearchRows(filterMenu(tree, { features: ['billing', 'azure'] }), tabsOf);

  it('given a tree, each item with a page is a row and each of its tabs another, with the display-name path', () => {
    expect(rows.map((r) => [r.name, r.tabName, r.path])).toEqual([
      ['home', null, 'HOME'],
      ['costs', null, 'AZURE / COSTS'],
      ['costs', 'By Region', 'AZURE / COSTS / By region'],
      ['resources', null, 'AZURE / RESOURCES'],
      ['news', null, 'NEWS'],
    ]);
    expect(rows[2]).toEqual({
      name: 'costs',
      tabName: 'By Region',
      path: 'AZURE / COSTS / By region',
      displayName: 'By region',
      description: 'Spend per region',
      tags: ['finops', 'report'],
    });
  });

  it('given two items opening one page, its tabs are listed once, and an item keeps its own tab name', () => {
    const shared = [
      node('joiners', { url: 'people', tabName: 'Joiners' }),
      node('leavers', { url: 'people', tabName: 'Leavers' }),
    ];
    const both = menuSearchRows(shared, () => [
      { name: 'Joiners', displayName: 'Joiners', description: '' },
      { name: 'Leavers', displayName: 'Leavers', description: '' },
    ]);
    expect(both.map((r) => [r.name, r.tabName])).toEqual([
      ['joiners', 'Joiners'],
      ['joiners', 'Joiners'],
      ['joiners', 'Leavers'],
      ['leavers', 'Leavers'],
    ]);
  });

  it('given a query, a row matches case-insensitively by name, tab name, path, display name, description or tag', () => {
    const row: SearchResult = {
      name: 'azure-budgets',
      tabName: 'Burn Rate',
      path: 'Azure / Cost Management / Budgets',
      displayName: 'Budgets',
      description: 'Spend against plan',
      tags: ['FinOps'],
    };
    for (const q of ['AZURE-BUDGETS', 'burn rate', 'cost management /', 'budgets', 'AGAINST', 'finops', '  finops  '])
      expect(matchesSearch(row, q)).toBe(true);
    expect(matchesSearch(row, 'licence')).toBe(false);
    expect(matchesSearch(row, '   ')).toBe(false);
    expect(matchesSearch({ ...row, tabName: null }, 'burn')).toBe(false);
  });

  it('given rows, the search keeps the matching ones in menu order', () => {
    expect(searchMenu(rows, 'region').map((r) => r.tabName)).toEqual(['By Region']);
    expect(searchMenu(rows, 'azure').map((r) => r.name)).toEqual(['costs', 'costs', 'resources']);
    expect(searchMenu(rows, 'report').map((r) => r.name)).toEqual(['costs', 'costs']);
  });

  it('given a search text, it must be non-empty after trimming and at most 100 characters', () => {
    expect(searchQueryError('budgets')).toBeNull();
    expect(searchQueryError('')).toBe(SEARCH_MESSAGES.required);
    expect(searchQueryError('  \t')).toBe(SEARCH_MESSAGES.required);
    expect(searchQueryError(null)).toBe(SEARCH_MESSAGES.required);
    expect(searchQueryError('x'.repeat(SEARCH_QUERY_MAX))).toBeNull();
    expect(searchQueryError(` ${'x'.repeat(SEARCH_QUERY_MAX)} `)).toBeNull();
    expect(searchQueryError('x'.repeat(SEARCH_QUERY_MAX + 1))).toBe(SEARCH_MESSAGES.tooLong);
    expect(SEARCH_MESSAGES).toEqual({
      required: 'Enter something to search for.',
      tooLong: 'Search for at most 100 characters.',
    });
  });

  it("given a row's tags, they are joined, or '-' when there are none", () => {
    expect(searchTagsText(['finops', 'report'])).toBe('finops, report');
    expect(searchTagsText(['home'])).toBe('home');
    expect(searchTagsText([])).toBe('-');
  });

  it('given the loader, known names are feature pages, provider/reseller/customer overview the moved notice, anything else unknown', () => {
    expect(componentKind('subscriptions')).toBe('feature');
    expect(componentKind('chat-assistant')).toBe('feature');
    expect(componentKind('provider-overview')).toBe('moved');
    expect(componentKind('reseller-overview')).toBe('moved');
    expect(componentKind('customer-overview')).toBe('moved');
    expect(componentKind('insights-canvas')).toBe('unknown');
    expect(componentKind(null)).toBe('unknown');
    expect(ACCESSED_PAGES_MAX).toBe(10);
  });
});

describe('shell rules (spec §2 "Side navigation", "Dynamic page")', () => {
  const leaf = (name: string, over: Partial<MenuNode> = {}): MenuNode =>
    item(name, { uuid: `u-${name}`, displayName: name.toUpperCase(), ...over });
  const tree = [
    leaf('home'),
    leaf('azure', { children: [leaf('section', { url: null, children: [leaf('budgets')] })] }),
  ];

  it('activeTrail: the active item and its parents, root first', () => {
    expect(activeTrail(tree, 'budgets').map((n) => n.name)).toEqual(['azure', 'section', 'budgets']);
    expect(activeTrail(tree, 'home').map((n) => n.name)).toEqual(['home']);
    expect(activeTrail(tree, 'nowhere')).toEqual([]);
    expect(activeTrail(tree, '')).toEqual([]);
  });

  it('menuItemPath: /{content prefix}/{name}, or null for a section without a page', () => {
    expect(menuItemPath(leaf('azure-budgets'))).toBe('/billing/azure-budgets');
    expect(menuItemPath(leaf('section', { url: null }))).toBeNull();
  });

  it('trailBreadcrumbs: one step per item of the trail', () => {
    expect(trailBreadcrumbs(activeTrail(tree, 'budgets'))).toEqual([
      { uuid: 'u-azure', name: 'azure', displayName: 'AZURE', url: 'azure' },
      { uuid: 'u-section', name: 'section', displayName: 'SECTION', url: null },
      { uuid: 'u-budgets', name: 'budgets', displayName: 'BUDGETS', url: 'budgets' },
    ]);
  });

  it('readPersonaSelection: distinct non-empty strings, else none (= all personas)', () => {
    expect(readPersonaSelection(['IT', 'IT', '', 3, 'Finance'])).toEqual(['IT', 'Finance']);
    expect(readPersonaSelection('IT')).toEqual([]);
    expect(readPersonaSelection(undefined)).toEqual([]);
  });

  const tabs = [{ name: 'Overview' }, { name: 'Cost by Region' }, { name: 'Leavers' }];
  it('activeTabIndex: the tab query wins, then the item tab, then the remembered index, else the first', () => {
    expect(activeTabIndex(tabs, { query: 'cost by region', itemTab: 'Leavers', remembered: 0 })).toBe(1);
    expect(activeTabIndex(tabs, { query: 'Unknown', itemTab: 'Leavers', remembered: 0 })).toBe(2);
    expect(activeTabIndex(tabs, { query: null, itemTab: null, remembered: 1 })).toBe(1);
    expect(activeTabIndex(tabs, { remembered: 9 })).toBe(0);
    expect(activeTabIndex(tabs, {})).toBe(0);
  });

  it('isUnlicensedStatus: 402 and 403 show the unlicensed placeholder; other failures the error page', () => {
    expect(isUnlicensedStatus(403)).toBe(true);
    expect(isUnlicensedStatus(402)).toBe(true);
    expect(isUnlicensedStatus(404)).toBe(false);
    expect(isUnlicensedStatus(500)).toBe(false);
  });
});

describe('search grid paging (spec §2 "a paged grid")', () => {
  const results = Array.from({ length: 23 }, (_, i) => i);
  it('given 23 results, then they fill 3 pages of 10, the last with 3', () => {
    expect(SEARCH_PAGE_SIZE).toBe(10);
    expect(searchPageCount(23)).toBe(3);
    expect(searchPageRows(results, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(searchPageRows(results, 2)).toEqual([20, 21, 22]);
  });
  it('given no results, then there is one empty page; a page past the end shows the last', () => {
    expect(searchPageCount(0)).toBe(1);
    expect(searchPageRows([], 0)).toEqual([]);
    expect(searchPageRows(results, 9)).toEqual([20, 21, 22]);
    expect(searchPageRows(results, -1)).toEqual(results.slice(0, 10));
  });
});

describe('the search shortcut (spec §2 "Navbar": Meta+K)', () => {
  const key = (over: Partial<KeyboardEvent>) => ({ key: 'k', metaKey: false, ctrlKey: false, altKey: false, ...over });
  it('given Meta+K or Ctrl+K (either case), then it opens the search', () => {
    expect(isSearchShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'K' }))).toBe(true);
  });
  it('given K alone, Alt held, or another key, then it does not', () => {
    expect(isSearchShortcut(key({}))).toBe(false);
    expect(isSearchShortcut(key({ metaKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'j' }))).toBe(false);
  });
});
