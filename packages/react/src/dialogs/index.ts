export { ConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
export { ConfirmHost } from './ConfirmHost';
export type { ConfirmHostProps } from './ConfirmHost';
