import { useId, useState, type FormEvent } from 'react';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

/** The dialog a row action with a reason (a dismissal) asks it in, before it runs. */
export function ReasonDialog({
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
