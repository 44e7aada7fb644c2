/**
 * The page description's types (spec §3), apart from the portal client so the early refresh
 * (`earlyRefresh.ts`, which the portal client imports) can name them without an import loop.
 */

/**
 * Spec §2 "Dynamic page" page types.
 * @public
 */
export const PAGE_TYPES = ['tabbed', 'ui', 'pbiReport', 'error'] as const;
/**
 * One of {@link PAGE_TYPES}.
 * @public
 */
export type PageType = (typeof PAGE_TYPES)[number];

/**
 * A tab's type: `report` is an embedded report; any other tab (`ui`) shows a component (spec §2).
 * @public
 */
export type PageTabType = 'report' | 'ui';

/**
 * Spec §3 "Page description" contents: one tab of a tabbed page.
 * @public
 */
export interface PageTab {
  /** The tab's name: what the `tab` query parameter selects (spec §2). */
  name: string;
  /** The tab's label. */
  displayName: string;
  /** What the tab shows. */
  description: string;
  /** What the tab holds: a component (`ui`) or a report. */
  type: PageTabType;
  /** The tab's guidance video; overrides the page's (spec §2). */
  assistanceSrc: string | null;
  /** The component a `ui` tab shows; null for a report tab. */
  componentClass: string | null;
  /** The demo or Power BI report a `report` tab embeds; null for a `ui` tab. */
  reportId: string | null;
}

/**
 * Spec §3 "Page description".
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
