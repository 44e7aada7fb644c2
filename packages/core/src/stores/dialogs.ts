import { atom, type ReadableAtom } from 'nanostores';
import { CONFIRMED, confirmIcon, confirmTimer, type ConfirmData, type ConfirmResult } from '../rules/confirm';

/**
 * A confirmation waiting for an answer. `deadline` is set when the data has a timer.
 * @public
 */
export interface PendingConfirm {
  /** The dialog's id, for `settle`. */
  readonly id: number;
  /** What the dialog shows. */
  readonly data: Readonly<ConfirmData>;
  /** Epoch milliseconds at which the timer closes the dialog with `null`. */
  readonly deadline?: number;
}

/**
 * The confirmation dialogs of one portal client, oldest first; the view shows the first.
 * @public
 */
export interface DialogStore {
  /** The dialogs waiting for an answer, oldest first. */
  readonly $dialogs: ReadableAtom<readonly PendingConfirm[]>;
  // spec §2
  /** Opens a confirmation dialog; resolves `{result: true}` on confirm, `null` on close or timer expiry. */
  confirm(data?: ConfirmData): Promise<ConfirmResult>;
  /** Answers one dialog. `true` confirms; anything else closes it. Unknown ids are ignored. */
  settle(id: number, confirmed: boolean): void;
  // spec §4
  /** Closes every open dialog with `null` (logout closes dialogs). */
  closeAll(): void;
}

/**
 * A store of confirmation dialogs, shown one at a time; a dialog with a timer closes with `null` when it runs out.
 * @public
 */
export function createDialogStore(): DialogStore {
  const $dialogs = atom<readonly PendingConfirm[]>([]);
  const waiting = new Map<number, { resolve: (r: ConfirmResult) => void; timer?: ReturnType<typeof setTimeout> }>();
  let nextId = 1;

  function settle(id: number, confirmed: boolean): void {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    $dialogs.set($dialogs.get().filter((d) => d.id !== id));
    entry.resolve(confirmed ? CONFIRMED : null);
  }

  function confirm(data: ConfirmData = {}): Promise<ConfirmResult> {
    const id = nextId++;
    const timer = confirmTimer(data.timer);
    const clean: ConfirmData = { ...data, icon: confirmIcon(data.icon), timer };
    return new Promise<ConfirmResult>((resolve) => {
      const entry: { resolve: (r: ConfirmResult) => void; timer?: ReturnType<typeof setTimeout> } = { resolve };
      // The timer runs in the store, not the view, so a timed confirm resolves even where no view is mounted.
      if (timer !== undefined) entry.timer = setTimeout(() => settle(id, false), timer);
      waiting.set(id, entry);
      const pending: PendingConfirm =
        timer !== undefined ? { id, data: clean, deadline: Date.now() + timer } : { id, data: clean };
      $dialogs.set([...$dialogs.get(), pending]);
    });
  }

  function closeAll(): void {
    for (const id of [...waiting.keys()]) settle(id, false);
  }

  return { $dialogs, confirm, settle, closeAll };
}
