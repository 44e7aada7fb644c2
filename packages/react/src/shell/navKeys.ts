import type { KeyboardEvent } from 'react';
import { deepActiveElement } from '../ui/focus';

/** How long typed letters are joined into one type-ahead search, in ms. */
const TYPEAHEAD_MS = 500;

/**
 * Keyboard of the side navigation (WAI-ARIA disclosure navigation, with the tree pattern's keys):
 * Up/Down move between items, Home/End to the first and last, Right expands a parent (or enters
 * it), Left collapses it (or goes to its parent), and typed letters jump to the next item whose
 * label starts with them. Focus moves in the DOM only, so no key press re-renders the menu.
 */
export function createNavKeys() {
  let typed = '';
  let typedAt = 0;
  // The focusable items in order and their lower-case labels, read once and again only after the
  // menu's DOM changed, so a key press costs the same in a 5,000-item menu as in a short one.
  let cache: { root: HTMLElement; items: HTMLElement[]; labels: string[] } | null = null;
  let observer: MutationObserver | null = null;
  const itemsOf = (root: HTMLElement) => {
    if (cache?.root !== root) {
      observer?.disconnect();
      observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(() => (cache = null));
      observer?.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
    }
    if (!cache || !observer) {
      const items = [...root.querySelectorAll<HTMLElement>('[data-nav-focus]')];
      cache = { root, items, labels: items.map((el) => (el.textContent ?? '').trim().toLowerCase()) };
    }
    return cache;
  };
  return function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const root = event.currentTarget;
    const { items, labels } = itemsOf(root);
    const active = deepActiveElement(root.ownerDocument);
    const index = items.indexOf(active as HTMLElement);
    if (index < 0) return;
    const current = items[index]!;
    const row = current.closest<HTMLElement>('[data-nav-row]');
    // A parent with a page of its own toggles through its chevron (the link would navigate); a
    // section without a page is its own toggle.
    const toggle =
      row?.querySelector<HTMLElement>('.cp-nav-toggle[aria-expanded]') ??
      (current.matches('button[aria-expanded]') ? current : null);
    const expanded = toggle?.getAttribute('aria-expanded') === 'true';
    const move = (to: HTMLElement | undefined) => {
      if (!to) return;
      event.preventDefault();
      to.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(items[index + 1]);
      case 'ArrowUp':
        return move(items[index - 1]);
      case 'Home':
        return move(items[0]);
      case 'End':
        return move(items[items.length - 1]);
      case 'ArrowRight':
        if (!toggle) return;
        event.preventDefault();
        if (!expanded) toggle.click();
        else items[index + 1]?.focus();
        return;
      case 'ArrowLeft': {
        event.preventDefault();
        if (toggle && expanded) {
          toggle.click();
          return;
        }
        const parentRow = row?.parentElement
          ?.closest('li')
          ?.parentElement?.closest('li')
          ?.querySelector<HTMLElement>(':scope > [data-nav-row] [data-nav-focus]');
        parentRow?.focus();
        return;
      }
      default: {
        if (event.key.length !== 1 || !/\S/.test(event.key)) return;
        const now = Date.now();
        typed = now - typedAt > TYPEAHEAD_MS ? event.key.toLowerCase() : typed + event.key.toLowerCase();
        typedAt = now;
        // A fresh letter searches from the next item; a longer prefix may match the current one.
        const start = typed.length === 1 ? index + 1 : index;
        for (let step = 0; step < items.length; step++) {
          const at = (start + step) % items.length;
          if (labels[at]!.startsWith(typed)) return move(items[at]);
        }
      }
    }
  };
}
