import { actionLabel, rowActionsFor, type DataAction, type DataGridStore, type DataRow } from '@cloudportal/core';
import { lazy, Suspense, useState } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { rowName } from './gridText';

// The reason's dialog loads when an action first asks for a reason: a page whose rows are only looked
// at (and a <cp-page>) does not carry it.
const ReasonDialog = lazy(() => import('./ReasonDialog').then((m) => ({ default: m.ReasonDialog })));

/** An action the user asked for on a row. */
export interface PendingAction {
  row: DataRow;
  action: DataAction;
}

/** The buttons of one row's actions cell (only those its status allows). */
export function RowActionButtons({
  store,
  row,
  tabbable,
  onAction,
}: {
  store: DataGridStore;
  row: DataRow;
  tabbable: boolean;
  onAction: (pending: PendingAction) => void;
}) {
  const t = useT();
  const name = rowName(store.def, row);
  return (
    <span className="cp-grid__actions">
      {rowActionsFor(store.def, row).map((action) => {
        const label = actionLabel(t, store.dataset, action);
        return (
          <Button
            key={action.verb}
            tabIndex={tabbable ? 0 : -1}
            aria-label={t('grid.action.of', { action: label, row: name })}
            onClick={() => onAction({ row, action })}
          >
            {label}
          </Button>
        );
      })}
    </span>
  );
}

/**
 * Runs row actions: one without a reason at once; one with a reason (a dismissal) after the user
 * gave it in a dialog. Success and failure are toasted. Returns the dialog to render and `request`.
 */
export function useRowActions(store: DataGridStore) {
  const client = usePortalClient();
  const t = useT();
  const [pending, setPending] = useState<PendingAction | null>(null);

  async function run({ row, action }: PendingAction, reason?: string) {
    const name = rowName(store.def, row);
    try {
      await store.act(row.id, action.verb, reason);
      client.toast({
        title: t('grid.action.saved'),
        text: t('grid.action.done', { action: actionLabel(t, store.dataset, action), row: name }),
        kind: 'success',
      });
    } catch (error) {
      client.toast({
        title: t('grid.action.failed'),
        text: error instanceof Error ? error.message : String(error),
        kind: 'error',
      });
    }
  }

  const request = (next: PendingAction) => (next.action.reason ? setPending(next) : void run(next));
  const dialog = pending ? (
    <Suspense fallback={null}>
      <ReasonDialog
        action={actionLabel(t, store.dataset, pending.action)}
        name={rowName(store.def, pending.row)}
        onCancel={() => setPending(null)}
        onConfirm={(reason) => {
          setPending(null);
          void run(pending, reason);
        }}
      />
    </Suspense>
  ) : null;
  return { request, dialog };
}
