import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element `ref` holds has come within `margin` of the viewport, once: it stays true after.
 * A piece that is costly to draw and may start below the fold (a chart on a phone) waits for it, so a
 * page's first seconds are not spent on what nobody sees yet. Where there is no
 * `IntersectionObserver` (a test DOM, an old browser) it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
