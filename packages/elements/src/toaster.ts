import type { Theme } from '@cloudportal/core/rules';
import { createPortalElement, defineOnce } from './internal/createElement';

/** Attributes (and properties) of `<cp-toaster>`. */
export interface ToasterElementProps {
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
 * `<cp-toaster>` — shows the toasts of its portal client: bottom right, stacked, 3000 ms each,
 * errors in the danger style. Place one per page; `toast()` adds one to `document.body` if none exists.
 *
 * @csspart toaster - the stack container
 * @csspart toast - every toast (also `toast-success`, `toast-info`, `toast-warning`, `toast-error`)
 * @cssproperty --cp-color-danger - background of error toasts
 * @cssproperty --cp-z-toast - stacking order of the toaster
 * @public
 */
export const CpToasterElement = createPortalElement<ToasterElementProps>(
  () => import('./toaster-view'),
  { theme: 'string', lang: 'string' },
  { session: false },
);

/**
 * Tag name of {@link CpToasterElement}.
 * @public
 */
export const TOASTER_TAG = 'cp-toaster';

/**
 * Defines `<cp-toaster>` (idempotent).
 * @public
 */
export function defineToaster(): void {
  defineOnce(TOASTER_TAG, CpToasterElement);
}
