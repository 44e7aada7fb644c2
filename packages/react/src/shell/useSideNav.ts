/**
 * The side navigation's behaviour apart from its markup (SideNav.tsx renders it): which groups are
 * open, following a link, and the mobile overlay's focus and keys.
 */
import type { MenuNode } from '@cloudportal/core';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { usePortalClient } from '../provider/PortalProvider';
import { focusableIn } from '../ui/focus';
import { focusWhenShown } from '../ui/focusWhenShown';
import { isPlainClick } from './plainClick';

/** The user's own expand/collapse choices, valid for one active path; `last` is the item toggled last. */
interface Toggles {
  trail: ReadonlySet<string>;
  open: ReadonlyMap<string, boolean>;
  last: string | null;
}

// spec §2 "A parent is expanded when it is on the active path"
/**
 * Which menu parents are expanded: a parent on the active path is; the user's own toggles win until the
 * path changes. Answers the ids on the active path, the user's toggles for it (undefined once the
 * path changed), the item toggled last (its group animates) and `toggle`.
 */
export function useNavToggles(trail: readonly MenuNode[]) {
  const trailIds = useMemo(() => new Set(trail.map((n) => n.uuid)), [trail]);
  const [toggles, setToggles] = useState<Toggles>({ trail: trailIds, open: new Map(), last: null });
  const toggled = toggles.trail === trailIds ? toggles.open : undefined;
  // Functional, so toggles in one batch all count (each starts from the one before).
  const toggle = useCallback(
    (item: MenuNode) =>
      setToggles((prev) => {
        const open = new Map(prev.trail === trailIds ? prev.open : undefined);
        return {
          trail: trailIds,
          open: open.set(item.uuid, !(open.get(item.uuid) ?? trailIds.has(item.uuid))),
          last: item.uuid,
        };
      }),
    [trailIds],
  );
  return { trailIds, toggled, last: toggles.last, toggle };
}

/**
 * Follows a link of the menu on a plain click (closing the mobile overlay first) through the latest
 * `onNavigate`, or the portal client's `navigate`. The answer stays the same across renders.
 */
export function useFollowLink(onNavigate: ((path: string, item: MenuNode | null) => void) | undefined) {
  const client = usePortalClient();
  // The latest onNavigate, read when a link is followed, so `follow` stays the same across renders.
  const navigateRef = useRef(onNavigate);
  useEffect(() => {
    navigateRef.current = onNavigate;
  });
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>, path: string, item: MenuNode | null) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      // Spec §2: on mobile the overlay closes on navigation.
      if (client.layout.$layout.get().isMobile) client.layout.close('main');
      (navigateRef.current ?? ((p: string) => client.navigate(p)))(path, item);
    },
    [client],
  );
}

/**
 * While the mobile overlay is open, focus starts in it (on the current page's link, once the menu has
 * it and the overlay shows it) and stays in it:
 * Tab and Shift+Tab wrap, Escape closes it; focus goes back where it was when it closes. Answers the
 * navigation's key handler.
 */
export function useOverlayFocus(overlay: boolean, ref: RefObject<HTMLElement | null>) {
  const client = usePortalClient();
  const returnTo = useRef<Element | null>(null);
  useEffect(() => {
    const nav = ref.current;
    if (!overlay || !nav) return;
    returnTo.current = nav.ownerDocument.activeElement;
    // The menu, and with it the current page's link, may arrive after the overlay opened (a slow
    // answer): focus waits in the overlay's first stop and moves to that link once it is shown.
    const stop = focusWhenShown(nav, () => ({
      preferred: nav.querySelector<HTMLElement>('[aria-current="page"]'),
      fallback: focusableIn(nav)[0],
    }));
    return () => {
      stop();
      const back = returnTo.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [overlay, ref]);
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!overlay) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      client.layout.close('main');
    } else if (event.key === 'Tab') {
      const items = focusableIn(event.currentTarget);
      const first = items[0];
      const last = items[items.length - 1];
      const active = event.currentTarget.ownerDocument.activeElement;
      if (event.shiftKey && active === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };
}
