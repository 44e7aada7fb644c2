import type { Theme } from '@cloudportal/core/rules';
import { createPortalElement, defineOnce } from './internal/createElement';

/**
 * Attributes (and properties) of `<cp-search>`.
 * @public
 */
export interface SearchElementProps {
  /** Origin of the portal API and pages, when it is not the page's own (`api-base="https://portal.example"`). */
  apiBase?: string;
  /** The content prefix of the portal's routes: a result opens `/{content-prefix}/{page name}`. @default 'billing' */
  contentPrefix?: string;
  /** Meta+K / Ctrl+K anywhere on the page opens the search; `hotkey="false"` leaves the keys to the page. @default true */
  hotkey?: boolean;
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
 * `<cp-search>` — the portal's search for a partner's page: a search box
 * that opens the search dialog (also on Meta+K / Ctrl+K), searching the visitor's portal pages,
 * scoped to the personas chosen in the portal. A visitor without a portal session sees a sign-in link.
 *
 * @event cp-search-error - the portal refused this connected site's visitor; `detail: { code, message }` (`code`: `origin-not-registered`, `site-disabled`, `bad-signature`, `token-expired`, `token-reused`, `token-invalid`, `user-not-in-tenant`, `piece-not-allowed`, `provider-failed` or `unavailable`; `message`: what the element shows)
 * @event cp-search-result-chosen - a result was chosen; `detail: { path, tabName, url, result }`.
 *   Cancelable: without `preventDefault()` the element opens `url` (the portal page, on its tab).
 * @csspart search-box - the box that opens the dialog
 * @csspart search-dialog - the dialog
 * @csspart search-input - the text box 'What would you like to find?'
 * @csspart search-results - the results grid
 * @csspart search-result - one result row
 * @csspart search-pager - the grid's pager
 * @csspart signin - the sign-in prompt shown to a signed-out visitor
 * @cssproperty --cp-search-box-width - width of the search box (default 260px)
 * @csspart unavailable - the alert shown instead of the element when its code could not be loaded (the network failed, or the browser refused a file whose integrity did not match)
 * @public
 */
export const CpSearchElement = createPortalElement<SearchElementProps>(
  () => import('./search-view'),
  {
    apiBase: 'string',
    contentPrefix: 'string',
    hotkey: 'boolean',
    theme: 'string',
    lang: 'string',
  },
  { errorEvent: 'cp-search-error' },
);

/**
 * Tag name of {@link CpSearchElement}.
 * @public
 */
export const SEARCH_TAG = 'cp-search';

/**
 * Defines `<cp-search>` (idempotent).
 * @public
 */
export function defineSearch(): void {
  defineOnce(SEARCH_TAG, CpSearchElement);
}
