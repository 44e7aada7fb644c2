import { ConfirmHost } from '@cloudportal/react/dialogs';
import type { ElementViewProps } from './internal/viewProps';

/** The view of `<cp-confirm-host>`, loaded when the element first connects. */
export default function ConfirmHostView({ emit }: ElementViewProps) {
  return <ConfirmHost onSettled={(detail) => emit('cp-confirm-settled', detail)} />;
}
