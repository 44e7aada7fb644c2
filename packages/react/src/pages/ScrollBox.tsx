import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content (a table) is wider than the page, so the page itself
 * never does. It is a labelled group in the tab order, so a keyboard user can scroll
 * it too (axe: scrollable-region-focusable). Styled by pageSections.css.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="cp-page-section__scroll" role="group" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
