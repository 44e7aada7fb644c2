import { createTranslator, type Messages, type Translate } from '../i18n/messages';
import { TOAST_TIMEOUT_MS } from '../rules/constants';
import type { ConfirmData, ConfirmResult } from '../rules/confirm';
import { createDialogStore, type DialogStore } from '../stores/dialogs';
import { createLayoutStore, type LayoutState, type LayoutStore } from '../stores/layout';
import { createToastStore, type ToastInput, type ToastStore } from '../stores/toasts';

/** Configuration of one portal instance. Every field is optional; the defaults suit the reference server on the same origin. */
export interface PortalClientConfig {
  /** Base URL of the portal API (the reference server's origin). @default '' (same origin) */
  apiBase?: string;
  /** Translations overlaid on the English catalogue. */
  messages?: Partial<Messages>;
  /** Toast time-out in ms. @default 3000 (spec §9) */
  toastTimeoutMs?: number;
  /** Initial layout state, e.g. `{ darkModeOn: true }`. */
  layout?: Partial<LayoutState>;
}

/** One portal instance: its configuration, stores and actions. Tests create a fresh one each time. */
export interface PortalClient {
  readonly config: Readonly<Required<Pick<PortalClientConfig, 'apiBase' | 'toastTimeoutMs'>>>;
  /** Looks a message up in this client's catalogue. */
  readonly t: Translate;
  readonly dialogs: DialogStore;
  readonly toasts: ToastStore;
  readonly layout: LayoutStore;
  /** Opens a confirmation dialog (spec §2); resolves `{result: true}` on confirm and `null` on close or timer expiry. */
  confirm(data?: ConfirmData): Promise<ConfirmResult>;
  /** Shows a toast for 3000 ms (spec §8, §9); returns its id. */
  toast(input: ToastInput): number;
  /** Switches the theme between light and dark (spec §3 `darkModeOn`). */
  setDarkMode(on: boolean): void;
  /** Closes dialogs, removes toasts and cancels their timers. */
  dispose(): void;
}

/** Creates one portal instance. */
export function createPortalClient(config: PortalClientConfig = {}): PortalClient {
  const toastTimeoutMs = config.toastTimeoutMs ?? TOAST_TIMEOUT_MS;
  const dialogs = createDialogStore();
  const toasts = createToastStore(toastTimeoutMs);
  const layout = createLayoutStore(config.layout);
  return {
    config: Object.freeze({ apiBase: (config.apiBase ?? '').replace(/\/+$/, ''), toastTimeoutMs }),
    t: createTranslator(config.messages),
    dialogs,
    toasts,
    layout,
    confirm: dialogs.confirm,
    toast: toasts.toast,
    setDarkMode: layout.setDarkMode,
    dispose() {
      dialogs.closeAll();
      toasts.clear();
    },
  };
}
