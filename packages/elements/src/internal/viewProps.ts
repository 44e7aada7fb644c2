// What every element view receives: a leaf module, imported by the views, mount.tsx and createElement.ts.

/** Raises a `cp-*` event on the element; returns false when a listener called `preventDefault()`. */
export type Emit = <D extends object>(name: `cp-${string}`, detail: D) => boolean;

/** What every element view receives besides its own attributes. */
export interface ElementViewProps {
  /** Raises an event on the host element. */
  emit: Emit;
  /** The host element itself. */
  host: HTMLElement;
}

/** Where `<cp-assistant>` keeps the page context it was given, for its `context` getter. */
export const PAGE_CONTEXT = Symbol('cp-assistant-context');
/** Where `<cp-assistant>` keeps the actions its page offers, for its `actions` property. */
export const PAGE_ACTIONS = Symbol('cp-assistant-actions');
