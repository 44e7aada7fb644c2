import {
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import css from './Dialog.css?inline';
import { deepActiveElement, focusableIn } from './focus';
import { useStyles } from './useStyles';

/**
 * Why a dialog asked to close.
 * @public
 */
export type DialogCloseReason = 'escape' | 'backdrop';

/**
 * Props of {@link Dialog}.
 * @public
 */
export interface DialogProps {
  /** Whether the dialog is shown (modal, in the top layer). */
  open: boolean;
  /** Called when the user asks to close it with Escape or a backdrop click. Not called when `dismissible` is false. */
  onClose?: (reason: DialogCloseReason) => void;
  /** Id of the element that names the dialog (usually its title). */
  labelledBy?: string;
  /** Accessible name when there is no visible title. */
  label?: string;
  /** Id of the element that describes the dialog. */
  describedBy?: string;
  /** `false` for dialogs that must be answered (the forced terms dialog): Escape and backdrop do nothing. @default true */
  dismissible?: boolean;
  /** Whether a click on the backdrop closes it. @default true */
  closeOnBackdrop?: boolean;
  /** `alertdialog` for dialogs that interrupt with a question. @default 'dialog' */
  role?: 'dialog' | 'alertdialog';
  /** A class added to the `<dialog>`, beside `cp-dialog`. */
  className?: string;
  /** The `part` name exposed to `::part()` when rendered inside a web component. @default 'dialog' */
  part?: string;
  /** The dialog's content, rendered only while it is open. */
  children?: ReactNode;
}

/**
 * Modal dialog on the native `<dialog>`: shown with `showModal()` (the page behind becomes inert),
 * focus moves to the element marked `data-autofocus` or the first focusable one, Tab and Shift+Tab
 * cycle inside, Escape closes, and focus returns to where it was when the dialog opened.
 * Sizing: `--cp-dialog-width` (default 80%) and `--cp-dialog-max-width` (default 500px).
 * @public
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  label,
  describedBy,
  dismissible = true,
  closeOnBackdrop = true,
  role = 'dialog',
  className,
  part = 'dialog',
  children,
}: DialogProps) {
  const ref = useStyles<HTMLDialogElement>(css, 'base');
  const returnFocusTo = useRef<Element | null>(null);
  const closeRequested = useRef(false);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    returnFocusTo.current = deepActiveElement(dialog.ownerDocument);
    closeRequested.current = false;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function' && dialog.isConnected) dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(dialog)[0] ?? dialog;
    first.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      const back = returnFocusTo.current;
      returnFocusTo.current = null;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [open, ref]);

  function requestClose(reason: DialogCloseReason) {
    if (!dismissible || closeRequested.current) return;
    closeRequested.current = true;
    onClose?.(reason);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      requestClose('escape');
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusableIn(event.currentTarget);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const active = deepActiveElement(event.currentTarget.ownerDocument);
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  // The browser's own close request (Escape on a modal dialog) must not close it behind React's back.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    requestClose('escape');
  }

  function onClick(event: MouseEvent<HTMLDialogElement>) {
    // A click whose target is the <dialog> itself landed on the backdrop (the content fills the box).
    if (closeOnBackdrop && event.target === event.currentTarget) requestClose('backdrop');
  }

  return (
    <dialog
      ref={ref}
      className={className ? `cp-dialog ${className}` : 'cp-dialog'}
      part={part}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      aria-describedby={describedBy}
      data-state={open ? 'open' : 'closed'}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClick={onClick}
    >
      {open ? <div className="cp-dialog__body">{children}</div> : null}
    </dialog>
  );
}
