// spec §3
/**
 * The page description's types, apart from the portal client so the early refresh
 * (`earlyRefresh.ts`, which the portal client imports) can name them without an import loop.
 */

// spec §2 "Dynamic page"
/**
 * Page types.
 * @public
 */
export const PAGE_TYPES = ['tabbed', 'ui', 'pbiReport', 'error'] as const;
/**
 * One of {@link PAGE_TYPES}.
 * @public
 */
export type PageType = (typeof PAGE_TYPES)[number];

// spec §2
/**
 * A tab's type: `report` is an embedded report; any other tab (`ui`) shows a component.
 * @public
 */
export type PageTabType = 'report' | 'ui';

// spec §3 "Page description"
/**
 * Contents: one tab of a tabbed page.
 * @public
 */
export interface PageTab {
  // spec §2
  /** The tab's name: what the `tab` query parameter selects. */
  name: string;
  /** The tab's label. */
  displayName: string;
  /** What the tab shows. */
  description: string;
  /** What the tab holds: a component (`ui`) or a report. */
  type: PageTabType;
  // spec §2
  /** The tab's guidance video; overrides the page's. */
  assistanceSrc: string | null;
  /** The component a `ui` tab shows; null for a report tab. */
  componentClass: string | null;
  /** The demo or Power BI report a `report` tab embeds; null for a `ui` tab. */
  reportId: string | null;
}

// spec §3 "Page description"
/**
 * What a portal page shows, as the server describes it: its type (a component, a report, tabs or an
 * error) and the component, report, tabs or error text that go with the type.
 * @public
 */
export interface PageDescription {
  /** The page id (the menu item's url). */
  id: string;
  /** What the page is: a component, a report, tabs, or an error. */
  type: PageType;
  /** The tabs of a `tabbed` page (already filtered for the caller); empty for other types. */
  contents: PageTab[];
  /** The component of a `ui` page. */
  componentClass: string | null;
  /** The report of a `pbiReport` page. */
  reportId: string | null;
  /** The page names a `pbiReport` page shows (its page-name filter); empty for other types. */
  pbiReportPageFilter: string[];
  /** The page's guidance video. */
  assistanceSrc: string | null;
  /** What an `error` page says; null for other types. */
  error: string | null;
}
