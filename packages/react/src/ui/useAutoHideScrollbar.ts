import { SCROLLBAR } from '@cloudportal/core';
import { useCallback, useRef } from 'react';

// spec §9 "Scrollbar: auto-hide 1300 ms"
/**
 * A ref callback for a scrolling box whose scrollbar shows
 * (`data-scrollbar="visible"`) while it scrolls or the pointer moves over it, and hides
 * `SCROLLBAR.autoHideMs` after the last of these. The style sheet draws the two states.
 */
export function useAutoHideScrollbar<T extends HTMLElement>(): (el: T | null) => void {
  const cleanup = useRef<(() => void) | null>(null);
  return useCallback((el: T | null) => {
    cleanup.current?.();
    cleanup.current = null;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      el.dataset.scrollbar = 'visible';
      clearTimeout(timer);
      timer = setTimeout(() => delete el.dataset.scrollbar, SCROLLBAR.autoHideMs);
    };
    el.addEventListener('scroll', show, { passive: true });
    el.addEventListener('pointermove', show, { passive: true });
    cleanup.current = () => {
      clearTimeout(timer);
      el.removeEventListener('scroll', show);
      el.removeEventListener('pointermove', show);
    };
  }, []);
}
