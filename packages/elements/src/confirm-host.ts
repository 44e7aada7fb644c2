import type { Theme } from '@cloudportal/core/rules';
import { createPortalElement, defineOnce } from './internal/createElement';

/** Attributes (and properties) of `<cp-confirm-host>`. */
export interface ConfirmHostElementProps {
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
 * `<cp-confirm-host>` — renders the confirmation dialogs asked for with `confirm()` on its
 * portal client. `confirm()` adds one to `document.body` if none exists.
 *
 * @csspart dialog - the native dialog box
 * @csspart icon - the icon above the title
 * @csspart title - the title
 * @csspart text - the body text
 * @csspart countdown - the "Closes in n s" line of a timed dialog
 * @csspart progress - the countdown bar of a timed dialog
 * @csspart confirm-button - the confirm button
 * @csspart cancel-button - the cancel button
 * @event cp-confirm-settled - after a dialog is answered; `detail: { title?: string, result: {result: true} | null }`
 * @cssproperty --cp-dialog-width - dialog width (default 80%)
 * @cssproperty --cp-dialog-max-width - maximum dialog width (default 500px)
 * @public
 */
export const CpConfirmHostElement = createPortalElement<ConfirmHostElementProps>(
  () => import('./confirm-host-view'),
  { theme: 'string', lang: 'string' },
  { session: false },
);

/**
 * Tag name of {@link CpConfirmHostElement}.
 * @public
 */
export const CONFIRM_HOST_TAG = 'cp-confirm-host';

/**
 * Defines `<cp-confirm-host>` (idempotent).
 * @public
 */
export function defineConfirmHost(): void {
  defineOnce(CONFIRM_HOST_TAG, CpConfirmHostElement);
}
