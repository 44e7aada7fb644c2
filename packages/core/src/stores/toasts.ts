import { atom, type ReadableAtom } from 'nanostores';
import { TOAST_TIMEOUT_MS } from '../rules/constants';
import { isToastEmpty, toastKind, type ToastKind } from '../rules/toasts';

/**
 * What a caller passes to `toast()`.
 * @public
 */
export interface ToastInput {
  /** Bold first line. */
  title?: string;
  /** Second line. */
  text?: string;
  // spec §8
  /** `error` uses the danger style. @default 'info' */
  kind?: ToastKind;
}

/**
 * A toast on screen.
 * @public
 */
export interface Toast {
  /** The toast's id, for `dismiss`. */
  readonly id: number;
  /** Its title. */
  readonly title?: string;
  /** Its text. */
  readonly text?: string;
  /** How it is styled. */
  readonly kind: ToastKind;
}

/**
 * The toasts of one portal client, oldest first; several stack.
 * @public
 */
export interface ToastStore {
  /** The toasts on screen, oldest first. */
  readonly $toasts: ReadableAtom<readonly Toast[]>;
  // spec §9
  /** Shows a toast for the client's toast time-out (3000 ms) and returns its id, or -1 when it had nothing to say. */
  toast(input: ToastInput): number;
  /** Removes a toast before its time-out. */
  dismiss(id: number): void;
  /** Removes every toast. */
  clear(): void;
}

/**
 * A toast store: each toast is dismissed after `timeoutMs` (3000 ms by default), errors too.
 * @public
 */
export function createToastStore(timeoutMs: number = TOAST_TIMEOUT_MS): ToastStore {
  const $toasts = atom<readonly Toast[]>([]);
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let nextId = 1;

  function dismiss(id: number): void {
    const timer = timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(id);
    $toasts.set($toasts.get().filter((t) => t.id !== id));
  }

  function toast(input: ToastInput): number {
    if (isToastEmpty(input.title, input.text)) return -1;
    const id = nextId++;
    const item: Toast = {
      id,
      kind: toastKind(input.kind),
      title: input.title?.trim() || undefined,
      text: input.text?.trim() || undefined,
    };
    $toasts.set([...$toasts.get(), item]);
    timers.set(
      id,
      setTimeout(() => dismiss(id), timeoutMs),
    );
    return id;
  }

  function clear(): void {
    for (const id of [...timers.keys()]) dismiss(id);
  }

  return { $toasts, toast, dismiss, clear };
}
