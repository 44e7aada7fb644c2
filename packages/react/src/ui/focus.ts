const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Elements inside `root` that Tab reaches, in document order. */
export function focusableIn(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('inert') && !el.closest('[inert]'),
  );
}

/** The element that really has focus, looking through open shadow roots (web components). */
export function deepActiveElement(doc: Document = document): Element | null {
  let active: Element | null = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/**
 * Whether the focus was lost from `field`'s form: nothing focused, the body, an element gone from
 * the page, `field` itself (disabled while the chat answers) or a button that was disabled.
 */
export function focusLostFrom(field: HTMLElement): boolean {
  const active = deepActiveElement(field.ownerDocument);
  return (
    !active ||
    active === field.ownerDocument.body ||
    !active.isConnected ||
    active === field ||
    (active as HTMLButtonElement).disabled === true
  );
}
