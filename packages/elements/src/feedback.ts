import type { Theme } from '@cloudportal/core/rules';
import { createPortalElement, defineOnce } from './internal/createElement';

/**
 * Attributes (and properties) of `<cp-feedback>`.
 * @public
 */
export interface FeedbackElementProps {
  /** The portal page the feedback is about: its menu name (`/billing/{page}`), e.g. `azure-budgets`. */
  page?: string;
  /** The tab of that page the feedback is about, when it has tabs. */
  tabName?: string;
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
 * `<cp-feedback>` — a Feedback button for a partner's page that opens the portal's feedback dialog
 * about the portal page named by `page` (and `tab-name`): 'Feedback:
 * {page display name}', a 5-star rating, the type, the comment (required, at most 2000 characters).
 * A draft survives closing the dialog until it is sent; a failed send keeps it. The page is looked up
 * in the visitor's portal menu; a visitor without a portal session sees a sign-in link.
 *
 * @event cp-feedback-opened - the dialog opened; `detail: { page, tabName }`
 * @event cp-feedback-error - the portal refused this connected site's visitor; `detail: { code, message }` (`code`: `origin-not-registered`, `site-disabled`, `bad-signature`, `token-expired`, `token-reused`, `token-invalid`, `user-not-in-tenant`, `piece-not-allowed`, `provider-failed` or `unavailable`; `message`: what the element shows)
 * @event cp-feedback-submitted - the feedback was stored; `detail: { feedback }` (the stored entry)
 * @csspart feedback-button - the Feedback button
 * @csspart feedback-dialog - the dialog
 * @csspart signin - the sign-in prompt shown to a signed-out visitor
 * @csspart unavailable - the alert shown instead of the element when its code could not be loaded (the network failed, or the browser refused a file whose integrity did not match)
 * @public
 */
export const CpFeedbackElement = createPortalElement<FeedbackElementProps>(
  () => import('./feedback-view'),
  {
    page: 'string',
    tabName: 'string',
    apiBase: 'string',
    theme: 'string',
    lang: 'string',
  },
  { errorEvent: 'cp-feedback-error' },
);

/**
 * Tag name of {@link CpFeedbackElement}.
 * @public
 */
export const FEEDBACK_TAG = 'cp-feedback';

/**
 * Defines `<cp-feedback>` (idempotent).
 * @public
 */
export function defineFeedback(): void {
  defineOnce(FEEDBACK_TAG, CpFeedbackElement);
}
