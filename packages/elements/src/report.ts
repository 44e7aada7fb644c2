import type { Theme } from '@cloudportal/core/rules';
import { createPortalElement, defineOnce } from './internal/createElement';

/**
 * Attributes (and properties) of `<cp-report>`.
 * @public
 */
export interface ReportElementProps {
  /** The report's id: one of the portal's reports, or a tenant's custom report with `kind`. */
  reportId?: string;
  /** Which catalogue `report-id` is from: the portal's reports, a tenant's custom report, or its external (partner-site) embedding. @default 'report' */
  kind?: 'report' | 'custom' | 'external';
  /** The portal page (menu name) the report belongs to: its saved views are stored under it. @default the report id */
  pageName?: string;
  /** The tab of that page: the saved views are filtered to it. */
  tabName?: string;
  /** The display name of the report page to open, over the server's configured one. */
  reportPage?: string;
  /** Shows the saved-views toolbar; `saved-views="false"` hides it (a `<cp-saved-views>` may show it elsewhere). @default true */
  savedViews?: boolean;
  /** Pixels taken from the viewport height for the report's height. @default 105 */
  heightReduction?: number;
  /** Origin of the portal API, when it is not the page's own (`api-base="https://portal.example"`). */
  apiBase?: string;
  /**
   * Light or dark, the partner's choice: `light`, `dark`, `auto` (the visitor's `prefers-color-scheme`)
   * or `portal` (the portal's stored dark mode). Never the portal's preference unless asked for.
   * @default 'light'
   */
  theme?: Theme;
  /**
   * The element's language (`de`, `en`): over the visitor's choice in the portal and the browser's
   * languages. @default the visitor's choice, else the browser's languages, else English
   */
  lang?: string;
}

/**
 * `<cp-report>` — an embedded Power BI report of the portal:
 * the report on its configured page, the draggable toolbar with the saved views and 'Toggle Filter',
 * and the 'Unlicensed feature', 'Configuration Error' and marketing states. It resumes the visitor's
 * portal session on its own; a visitor without one sees a sign-in link. powerbi-client loads with the
 * view, when the element first connects.
 *
 * @event cp-report-loaded - the report loaded on its page; `detail: { reportId, name, page, pages }`
 * @event cp-report-page-changed - another page was opened; `detail: { page }` (`page.name`, `page.displayName`)
 * @event cp-report-error - the report cannot be shown; `detail: { status, message }` (`status`: `unlicensed`, `no-pages`, `marketing` or `report` for a frame error); or, when the portal refused this connected site's visitor, `detail: { code, message }`
 * @event cp-report-view-applied - a saved view (or the default view, `entryId` null) was applied; `detail: { entryId, name }`
 * @event cp-report-view-saved - the user saved a view; `detail: { entryId, name }`
 * @event cp-report-token-refreshed - a fresh embed token was set in place (no re-embed); `detail: { expiration }`
 * @csspart report - the view's box
 * @csspart report-frame - the box holding Power BI's frame
 * @csspart report-toolbar - the draggable toolbar
 * @csspart report-card - the 'Unlicensed feature', 'Configuration Error' or error card
 * @csspart report-marketing - the marketing image link
 * @csspart signin - the sign-in prompt shown to a signed-out visitor
 * @csspart views-dialog - the saved views popup
 * @csspart add-view-dialog - the add-view dialog
 * @cssproperty --cp-color-primary - the toolbar's and buttons' accent colour
 * @csspart unavailable - the alert shown instead of the element when its code could not be loaded (the network failed, or the browser refused a file whose integrity did not match)
 * @public
 */
export const CpReportElement = createPortalElement<ReportElementProps>(
  () => import('./report-view'),
  {
    reportId: 'string',
    kind: 'string',
    pageName: 'string',
    tabName: 'string',
    reportPage: 'string',
    savedViews: 'boolean',
    heightReduction: 'number',
    apiBase: 'string',
    theme: 'string',
    lang: 'string',
  },
  { errorEvent: 'cp-report-error' },
);

/**
 * Tag name of {@link CpReportElement}.
 * @public
 */
export const REPORT_TAG = 'cp-report';

/**
 * Defines `<cp-report>` (idempotent).
 * @public
 */
export function defineReport(): void {
  defineOnce(REPORT_TAG, CpReportElement);
}
