import type { MouseEvent } from 'react';

/**
 * Whether a click on a link should be routed inside the app: a plain primary click. A middle click
 * or one with a modifier (new tab, new window, download) is left to the browser.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
