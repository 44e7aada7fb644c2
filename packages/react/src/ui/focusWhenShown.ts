// A module of its own, apart from ui/focus.ts (which every element's view loads with the dialog):
// only the side navigation's overlay uses it, so only the shell's view carries it.
/** Whether `el` is rendered and reachable: laid out, not hidden, not inert. */
function isShown(el: HTMLElement): boolean {
  if (el.closest('[inert]')) return false;
  // jsdom has no layout: there, what is in the document counts as shown.
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : el.isConnected;
}

/**
 * Moves focus into `root` when what should have it is there and shown, not after a guess at timing:
 * `pick` answers the element wanted now (`preferred`: the one focus is for, e.g. the current page's
 * link) or a stand-in while that one has not arrived (`fallback`). It is tried at once and again
 * whenever `root`'s content, attributes or animations change, so a target that renders, loads or
 * becomes visible later still gets focus. It stops once the preferred element has focus, or as soon
 * as focus is somewhere this did not put it (the visitor moved it). Answers the stop function.
 */
export function focusWhenShown(
  root: HTMLElement,
  pick: () => { preferred: HTMLElement | null; fallback?: HTMLElement | null },
): () => void {
  const scope = root.getRootNode() as Document | ShadowRoot;
  let placed: HTMLElement | null = null;
  let stopped = false;
  const observer = new MutationObserver(() => place());
  const stop = () => {
    if (stopped) return;
    stopped = true;
    observer.disconnect();
    root.removeEventListener('animationend', place);
    root.removeEventListener('transitionend', place);
  };
  function place() {
    if (stopped) return;
    if (placed && scope.activeElement !== placed) return stop();
    const { preferred, fallback } = pick();
    const target = preferred && isShown(preferred) ? preferred : fallback && isShown(fallback) ? fallback : null;
    if (target && target !== placed) {
      target.focus();
      if (scope.activeElement === target) placed = target;
    }
    if (placed && placed === preferred) stop();
  }
  observer.observe(root, { subtree: true, childList: true, attributes: true });
  root.addEventListener('animationend', place);
  root.addEventListener('transitionend', place);
  place();
  return stop;
}
