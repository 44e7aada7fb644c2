/**
 * The pseudo-locale check of issue 24 §2 (support/pseudo-check.js, injected into the page as axe is):
 * its locale and what it answers.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** What `window.cpPseudoCheck()` answers: one line per finding. */
export interface PseudoFindings {
  /** Visible text or a read attribute with English words and no pseudo-locale mark. */
  untranslated: string[];
  /** Text wider than its box (spilling out, or cut off without an ellipsis), or a page scrolling sideways. */
  overflow: string[];
}
