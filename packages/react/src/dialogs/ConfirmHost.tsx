import type { ConfirmResult } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { usePortalClient } from '../provider/PortalProvider';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Props of {@link ConfirmHost}.
 * @public
 */
export interface ConfirmHostProps {
  /** Called after each dialog is answered, with its title and what `confirm()` resolved to. */
  onSettled?: (detail: { title?: string; result: ConfirmResult }) => void;
}

/**
 * Renders the confirmation dialogs asked for with `client.confirm()`, one at a time, oldest first.
 * Mount it once near the root of the app (the web-component form is `<cp-confirm-host>`).
 * @public
 */
export function ConfirmHost({ onSettled }: ConfirmHostProps) {
  const client = usePortalClient();
  const pending = useStore(client.dialogs.$dialogs);
  const current = pending[0];
  if (!current) return null;
  return (
    <ConfirmDialog
      key={current.id}
      open
      data={current.data}
      deadline={current.deadline}
      onResult={(confirmed) => {
        client.dialogs.settle(current.id, confirmed);
        onSettled?.({ title: current.data.title, result: confirmed ? { result: true } : null });
      }}
    />
  );
}
