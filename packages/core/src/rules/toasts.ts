// spec §8 "3 s, bottom right, danger style" for errors; §9 "Toast time-out" 3000 ms
/**
 * Rules of toasts: error toasts show for 3 s (3000 ms) at the bottom right in the danger style.
 */

// spec §8 (danger style)
/**
 * The kinds of toast. `error` uses the danger style.
 * @public
 */
export const TOAST_KINDS = ['success', 'info', 'warning', 'error'] as const;

/**
 * One of {@link TOAST_KINDS}.
 * @public
 */
export type ToastKind = (typeof TOAST_KINDS)[number];

/**
 * Unknown kinds fall back to `info` so a bad value never hides a message.
 * @public
 */
export function toastKind(kind: string | undefined): ToastKind {
  return (TOAST_KINDS as readonly string[]).includes(kind ?? '') ? (kind as ToastKind) : 'info';
}

/**
 * Errors interrupt (role alert, assertive); everything else is a polite status,
 * so a screen reader is not cut off by a success message.
 * @public
 */
export function toastRole(kind: ToastKind): 'alert' | 'status' {
  return kind === 'error' ? 'alert' : 'status';
}

/**
 * A toast needs something to say: a title or a text that is not blank.
 * @public
 */
export function isToastEmpty(title: string | undefined, text: string | undefined): boolean {
  return !(title ?? '').trim() && !(text ?? '').trim();
}
