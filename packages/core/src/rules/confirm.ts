// spec §2 "Confirmation dialog"
/**
 * Data icon (success, warning, error, info, question), title, text,
 * confirmButtonText, cancelButtonText, showCancelButton, timer. It returns {result: true} on confirm
 * and null on close or timer expiry.
 */

// spec §2
/**
 * The icons a confirmation dialog may show.
 * @public
 */
export const CONFIRM_ICONS = ['success', 'warning', 'error', 'info', 'question'] as const;

/**
 * One of {@link CONFIRM_ICONS}.
 * @public
 */
export type ConfirmIcon = (typeof CONFIRM_ICONS)[number];

// spec §2
/**
 * What a caller passes to `confirm()`. Every field is optional.
 * @public
 */
export interface ConfirmData {
  // spec §8 "Icons"
  /** Icon shown above the title. An unknown name shows no icon. */
  icon?: ConfirmIcon;
  /** Dialog title; also its accessible name. */
  title?: string;
  /** Body text. */
  text?: string;
  /** Label of the confirm button. @default the catalogue's 'OK' */
  confirmButtonText?: string;
  /** Label of the cancel button. @default the catalogue's 'Cancel' */
  cancelButtonText?: string;
  /** Whether a cancel button is shown. @default false */
  showCancelButton?: boolean;
  /** Milliseconds after which the dialog closes by itself, resolving `null`. */
  timer?: number;
}

// spec §2
/**
 * What `confirm()` resolves to: `{result: true}` on confirm, `null` on close or timer expiry.
 * @public
 */
export type ConfirmResult = { result: true } | null;

// spec §2
/** The result of a confirmed dialog. */
export const CONFIRMED: ConfirmResult = Object.freeze({ result: true as const });

// spec §8 "Icons"
/**
 * An unknown icon is not provided, and no icon name means none.
 * Returns the icon when it is one of the five, otherwise `undefined`.
 * @public
 */
export function confirmIcon(name: string | undefined): ConfirmIcon | undefined {
  return (CONFIRM_ICONS as readonly string[]).includes(name ?? '') ? (name as ConfirmIcon) : undefined;
}

// spec §2
/**
 * Timer: only a positive, finite number of milliseconds starts a timer.
 * Anything else (0, negative, NaN, a string from an attribute that did not parse) means no timer.
 * @public
 */
export function confirmTimer(timer: unknown): number | undefined {
  return typeof timer === 'number' && Number.isFinite(timer) && timer > 0 ? timer : undefined;
}

/**
 * The visible countdown of a timed dialog: whole seconds left, rounded up so the display
 * reads 3, 2, 1 and never 0 while the dialog is still open.
 * @public
 */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The share of a timed dialog's time that is left, 0–1, for the countdown bar.
 * @public
 */
export function timeLeftRatio(deadline: number, timer: number, now: number): number {
  return Math.min(1, Math.max(0, (deadline - now) / timer));
}
