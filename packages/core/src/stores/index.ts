export { createDialogStore } from './dialogs';
export type { DialogStore, PendingConfirm } from './dialogs';
export { createToastStore } from './toasts';
export type { Toast, ToastInput, ToastStore } from './toasts';
export { createLayoutStore, DEFAULT_LAYOUT } from './layout';
export type { LayoutState, LayoutStore } from './layout';
export { createAccountStore } from './account';
export type { AccountState, AccountStore } from './account';
