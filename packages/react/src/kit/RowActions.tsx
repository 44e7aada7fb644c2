import { actionLabel, rowActionsFor, type DataAction, type DataGridStore, type DataRow } from '@cloudportal/core';
import { useId, useState, type FormEvent } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { rowName } from './gridText';

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
    <ReasonDialog
      action={actionLabel(t, store.dataset, pending.action)}
      name={rowName(store.def, pending.row)}
      onCancel={() => setPending(null)}
      onConfirm={(reason) => {
        setPending(null);
        void run(pending, reason);
      }}
    />
  ) : null;
  return { request, dialog };
}

function ReasonDialog({
  action,
  name,
  onCancel,
  onConfirm,
}: {
  /** The action's label in the active locale. */
  action: string;
  name: string;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <Dialog open onClose={onCancel} labelledBy={`${id}-title`} className="cp-grid-dialog">
      <form className="cp-grid-dialog__form" onSubmit={submit}>
        <h2 id={`${id}-title`}>{t('grid.action.title', { action, row: name })}</h2>
        <label htmlFor={`${id}-reason`}>{t('grid.action.reason')}</label>
        <textarea
          id={`${id}-reason`}
          aria-describedby={`${id}-hint`}
          required
          maxLength={500}
          rows={3}
          value={reason}
          data-autofocus
          onChange={(e) => setReason(e.target.value)}
        />
        <p id={`${id}-hint`} className="cp-grid-dialog__hint">
          {t('grid.action.reasonHint')}
        </p>
        <div className="cp-grid-dialog__buttons">
          <Button onClick={onCancel}>{t('grid.action.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={!reason.trim()}>
            {t('grid.action.confirm', { action })}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
