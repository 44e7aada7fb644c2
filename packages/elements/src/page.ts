import type { Theme } from '@cloudportal/core/rules';
import { createPortalElement, defineOnce } from './internal/createElement';

/**
 * Attributes (and properties) of `<cp-page>`.
 * @public
 */
export interface PageElementProps {
  /** The page's name in the visitor's menu (`azure-budgets`): what follows `/billing/` in the portal's URL. */
  name?: string;
  /** The tab to open on a tabbed page, by its name. @default the menu item's tab, else the one last used, else the first */
  tabName?: string;
  /** Origin of the portal API and pages, when it is not the page's own (`api-base="https://portal.example"`). */
  apiBase?: string;
  /**
   * Light or dark, the partner's choice: `light`, `dark`, `auto` (the visitor's `prefers-color-scheme`)
   * or `portal` (the portal's stored dark mode). Never the portal's preference unless asked for.
   * @default 'light'
   */
  theme?: Theme;
  /**
   * The page's language (`de`, `en`): over the visitor's choice in the portal and the browser's
   * languages. @default the visitor's choice, else the browser's languages, else English
   */
  lang?: string;
}

/**
 * `<cp-page>` — one page of the visitor's portal menu, by name, on a partner's page without the shell:
 * any page the portal renders — a dataset page (key figures, toolbar, grid, its charts
 * loaded only when it has one), a dashboard, the licence questionnaire, release notes, a tabbed page,
 * a report page through the embedded report view. The portal's access rules hold: a page the visitor's
 * menu hides shows 'Page not found', one the tenant is not licensed for 'Unlicensed feature' — never
 * data. It resumes the visitor's portal session on its own; a visitor without one sees a sign-in link.
 *
 * @event cp-page-loaded - the page (and tab) is on screen — a grid page once its first rows arrived; again for each tab opened. `detail: { name, tab, rows }` (`rows`: the grid's row count, null without a grid)
 * @event cp-page-navigate - a link inside the page wants another portal page; `detail: { path, url }`. Cancelable: `preventDefault()` keeps the visitor on the partner's page; otherwise the browser opens `url` (the portal page)
 * @event cp-page-row-activated - a visitor opened a row of the page's grid (Enter on one of its cells, or a double click); `detail: { dataset, row }` (`row`: the row as the data service answers it), for your own detail view. Cancelable: the portal has no detail view of its own to open yet, so `preventDefault()` changes nothing today
 * @event cp-page-error - the page shows a placeholder instead; `detail: { name, tab, reason, message }` (`reason`: `not-found`, `unlicensed` or `failed`); or, when the portal refused this connected site's visitor, `detail: { code, message }`
 * @csspart page - the page's box: its heading, tabs and content
 * @csspart placeholder - the 'Page not found', 'Unlicensed feature' or error card
 * @csspart dataset-page - a dataset page's box
 * @csspart kpi-cards - a dataset page's key figures
 * @csspart grid-toolbar - a dataset page's toolbar (search, filters, columns, export)
 * @csspart data-grid - a dataset page's grid
 * @csspart chart - a chart of a dataset page or dashboard
 * @csspart report - a report page's embedded report view
 * @csspart signin - the sign-in prompt shown to a signed-out visitor
 * @cssproperty --cp-color-primary - accent colour of links, buttons and the selected tab
 * @cssproperty --cp-color-surface - background of cards, the grid and the toolbar
 * @cssproperty --cp-color-text - body text colour
 * @cssproperty --cp-font-family - the page's font (default: Inter, when the page loads the package's `font.css`; else the system's UI font)
 * @cssproperty --cp-radius - corner radius of cards
 * @csspart unavailable - the alert shown instead of the element when its code could not be loaded (the network failed, or the browser refused a file whose integrity did not match)
 * @public
 */
export const CpPageElement = createPortalElement<PageElementProps>(
  () => import('./page-view'),
  { name: 'string', tabName: 'string', apiBase: 'string', theme: 'string', lang: 'string' },
  // Its early refresh brings the menu and this page's description: the page's rows are the second round trip.
  {
    earlyPage: ({ name }) => (typeof name === 'string' ? name : undefined),
    errorEvent: 'cp-page-error',
  },
);

/**
 * Tag name of {@link CpPageElement}.
 * @public
 */
export const PAGE_TAG = 'cp-page';

/**
 * Defines `<cp-page>` (idempotent).
 * @public
 */
export function definePage(): void {
  defineOnce(PAGE_TAG, CpPageElement);
}
