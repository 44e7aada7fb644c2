import type { Theme } from '@cloudportal/core/rules';
import { createPortalElement, defineOnce } from './internal/createElement';

/**
 * Attributes (and properties) of `<cp-saved-views>`.
 * @public
 */
export interface SavedViewsElementProps {
  /** The id of the `<cp-report>` (in the same document or shadow root) whose views this manages. */
  for?: string;
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
 * `<cp-saved-views for="…">` — the saved views (the bookmark manager) of a `<cp-report>`
 * placed elsewhere on the page: 'Saved views' opens the views popup (choose, filter by name, queue
 * deletions, the Default View) and 'Save the current view' the add-view dialog. The buttons are
 * disabled until the bound report has loaded. Pair it with `saved-views="false"` on the report.
 * The report's `cp-report-view-applied` and `cp-report-view-saved` events tell what happened.
 *
 * @csspart saved-views - the box holding the two buttons
 * @csspart views-dialog - the saved views popup
 * @csspart add-view-dialog - the add-view dialog
 * @csspart unavailable - the alert shown instead of the element when its code could not be loaded (the network failed, or the browser refused a file whose integrity did not match)
 * @public
 */
export const CpSavedViewsElement = createPortalElement<SavedViewsElementProps>(() => import('./saved-views-view'), {
  for: 'string',
  theme: 'string',
  lang: 'string',
});

/**
 * Tag name of {@link CpSavedViewsElement}.
 * @public
 */
export const SAVED_VIEWS_TAG = 'cp-saved-views';

/**
 * Defines `<cp-saved-views>` (idempotent).
 * @public
 */
export function defineSavedViews(): void {
  defineOnce(SAVED_VIEWS_TAG, CpSavedViewsElement);
}
