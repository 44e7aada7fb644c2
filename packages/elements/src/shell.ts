import type { Theme } from '@cloudportal/core/rules';
import { createPortalElement, defineOnce } from './internal/createElement';

/**
 * Attributes (and properties) of `<cp-shell>`.
 * @public
 */
export interface ShellElementProps {
  /** Origin of the portal API and pages, when it is not the page's own (`api-base="https://portal.example"`). */
  apiBase?: string;
  /** The content prefix of the portal's routes. @default 'billing' */
  contentPrefix?: string;
  /** Start with the side navigation docked (narrow, expanding on hover and focus). */
  docked?: boolean;
  /** Start with the side navigation pinned open. */
  pinned?: boolean;
  /**
   * Light or dark: `portal` follows the portal's dark mode (the shell's settings drawer switches it);
   * `light`, `dark` or `auto` (the visitor's `prefers-color-scheme`) fix it for the partner's page.
   * @default 'portal'
   */
  theme?: Theme;
  /**
   * The element's language (`de`, `en`): over the visitor's choice in the portal and the browser's
   * languages. @default the visitor's choice, else the browser's languages, else English
   */
  lang?: string;
}

/**
 * `<cp-shell>` — a partner's own pages framed by the tenant's portal navigation:
 * side navigation, navbar, settings drawer and guidance around the element's children. It resumes
 * the visitor's portal session on its own; a visitor without one sees a sign-in link and the content.
 *
 * @slot - the partner's content, shown in the shell's main area
 * @event cp-shell-error - the portal refused this connected site's visitor; `detail: { code, message }` (`code`: `origin-not-registered`, `site-disabled`, `bad-signature`, `token-expired`, `token-reused`, `token-invalid`, `user-not-in-tenant`, `piece-not-allowed`, `provider-failed` or `unavailable`; `message`: what the element shows)
 * @event cp-shell-navigate - a menu item, breadcrumb or drawer link was followed; `detail: { path, item, url }`
 *   (`item` is the menu item, or null). Cancelable: `preventDefault()` keeps the partner on its page;
 *   otherwise the browser opens `url` (the portal page).
 * @csspart shell - the frame
 * @csspart sidenav - the side navigation
 * @csspart navbar - the top bar
 * @csspart main - the main area holding the slot
 * @csspart logo - the logo link
 * @csspart tenant - the tenant and user block
 * @csspart powered-by - the 'Powered by' footer text
 * @csspart settings-drawer - the settings and help drawer
 * @csspart guidance-dialog - the guidance video dialog
 * @cssproperty --cp-sidenav-width - width of the open side navigation (default 256px)
 * @cssproperty --cp-sidenav-collapsed-width - width of the docked or closed side navigation (default 64px)
 * @cssproperty --cp-navbar-height - height of the navbar (default 56px)
 * @csspart unavailable - the alert shown instead of the element when its code could not be loaded (the network failed, or the browser refused a file whose integrity did not match)
 * @public
 */
export const CpShellElement = createPortalElement<ShellElementProps>(
  () => import('./shell-view'),
  {
    apiBase: 'string',
    contentPrefix: 'string',
    docked: 'boolean',
    pinned: 'boolean',
    theme: 'string',
    lang: 'string',
  },
  // The page's own content (the element's children) shows while the shell loads.
  { slotWhileLoading: true, defaultTheme: 'portal', errorEvent: 'cp-shell-error' },
);

/**
 * Tag name of {@link CpShellElement}.
 * @public
 */
export const SHELL_TAG = 'cp-shell';

/**
 * Defines `<cp-shell>` (idempotent).
 * @public
 */
export function defineShell(): void {
  defineOnce(SHELL_TAG, CpShellElement);
}
