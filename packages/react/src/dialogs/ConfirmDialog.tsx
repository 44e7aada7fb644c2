import { confirmIcon, secondsLeft, timeLeftRatio, type ConfirmData } from '@cloudportal/core';
import { useEffect, useId, useState } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Icon } from '../ui/Icon';
import { ProgressBar } from '../ui/ProgressBar';
import { useStyles } from '../ui/useStyles';
import { useT } from '../provider/PortalProvider';
import css from './ConfirmDialog.css?inline';

/**
 * Props of {@link ConfirmDialog}.
 * @public
 */
export interface ConfirmDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  // spec §2
  /** What it shows: icon, title, text, button labels, cancel button, timer. */
  data: ConfirmData;
  /**
   * Epoch ms at which a timed dialog closes (the countdown counts to it). `confirm()` sets it;
   * a controlled dialog with `data.timer` and no deadline counts from when it opened.
   */
  deadline?: number;
  /** Called once with `true` on confirm and `false` on cancel, Escape or a backdrop click. */
  onResult: (confirmed: boolean) => void;
}

/** Ticks `now` while a deadline is pending, so the countdown is visible. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

// spec §2
/**
 * Confirmation dialog: an icon (success, warning, error, info, question), title, text, a confirm
 * button and an optional cancel button; 80% wide, at most 500 px. With a timer it shows a visible
 * countdown and a bar running down. Usually rendered for you by `<ConfirmHost>` from `confirm()` calls.
 *
 * Parts: `dialog`, `icon`, `title`, `text`, `countdown`, `confirm-button`, `cancel-button`.
 * @public
 */
export function ConfirmDialog({ open, data, deadline, onResult }: ConfirmDialogProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const icon = confirmIcon(data.icon);
  const timer = data.timer && data.timer > 0 ? data.timer : undefined;
  const [openedAt] = useState(() => Date.now());
  const end = timer ? (deadline ?? openedAt + timer) : undefined;
  const now = useNow(open && end !== undefined);

  // A controlled timed dialog without confirm() behind it still closes itself at the deadline.
  useEffect(() => {
    if (!open || end === undefined || deadline !== undefined) return;
    const id = setTimeout(() => onResult(false), Math.max(0, end - Date.now()));
    return () => clearTimeout(id);
  }, [open, end, deadline, onResult]);

  const seconds = end !== undefined ? secondsLeft(end, now) : 0;
  const countdown = t('confirm.countdown', { seconds });

  return (
    <Dialog
      open={open}
      onClose={() => onResult(false)}
      labelledBy={data.title ? titleId : undefined}
      label={data.title ? undefined : (data.text ?? t('common.ok'))}
      describedBy={data.text ? textId : undefined}
      role={data.showCancelButton ? 'alertdialog' : 'dialog'}
      className="cp-confirm-dialog"
    >
      <div ref={ref} className="cp-confirm" data-icon={icon}>
        {icon ? (
          <span className="cp-confirm__icon" data-icon={icon} part="icon">
            <Icon name={icon} size={48} label={t(`confirm.icon.${icon}`)} />
          </span>
        ) : null}
        {data.title ? (
          <h2 id={titleId} className="cp-confirm__title" part="title">
            {data.title}
          </h2>
        ) : null}
        {data.text ? (
          <p id={textId} className="cp-confirm__text" part="text">
            {data.text}
          </p>
        ) : null}
        {end !== undefined ? (
          <>
            <p className="cp-confirm__countdown" part="countdown">
              {countdown}
            </p>
            <ProgressBar
              className="cp-confirm__timer"
              label={t('confirm.countdownLabel')}
              value={timeLeftRatio(end, timer ?? 1, now)}
              valueText={countdown}
            />
          </>
        ) : null}
        <div className="cp-confirm__actions">
          {data.showCancelButton ? (
            <Button variant="secondary" part="cancel-button" onClick={() => onResult(false)}>
              {data.cancelButtonText || t('common.cancel')}
            </Button>
          ) : null}
          <Button variant="primary" part="confirm-button" data-autofocus onClick={() => onResult(true)}>
            {data.confirmButtonText || t('common.ok')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
