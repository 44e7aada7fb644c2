import { IDLE_ACTIVITY_EVENTS, portalIdle } from '@cloudportal/core';
import { IDLE_WARNING_COUNTDOWN_MS } from '@cloudportal/core/rules';
import { useEffect, useId } from 'react';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ProgressBar } from '../ui/ProgressBar';
import { useStyles } from '../ui/useStyles';
import css from './EulaDialog.css?inline';
import { useIdle } from './useSession';

// spec §4 "Idle session"
/**
 * After `uiSessionTimeout` minutes without activity a warning with a
 * visible 30 s countdown; when it runs out the user is logged out. "Stay signed in" (or Escape)
 * keeps the session, and so does any activity on the page ("Activity resets the timer"). Forwards
 * the page's activity (throttled to 500 ms by the watcher) while mounted.
 *
 * Parts: `dialog`, `stay-button`, `logout-button`.
 * @public
 */
export function IdleWarningDialog() {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const t = useT();
  const { phase, secondsLeft } = useIdle();
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const target = globalThis.document;
    if (!target) return;
    // Spec §4: activity resets the timer, during the warning too — but not the press on the
    // warning's own buttons, which answer it (a mousedown on 'Log out' must not close it first).
    const onActivity = (event: Event) => {
      if (ref.current && event.composedPath().includes(ref.current)) return;
      portalIdle(client).activity();
    };
    for (const name of IDLE_ACTIVITY_EVENTS)
      target.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      for (const name of IDLE_ACTIVITY_EVENTS) target.removeEventListener(name, onActivity, { capture: true });
    };
  }, [client, ref]);

  const text = t('idle.text', { seconds: secondsLeft });
  return (
    <Dialog
      open={phase === 'warning'}
      role="alertdialog"
      labelledBy={titleId}
      describedBy={textId}
      onClose={() => portalIdle(client).stayActive()}
      closeOnBackdrop={false}
    >
      <div ref={ref} className="cp-eula">
        <h2 id={titleId} className="cp-eula__title">
          {t('idle.title')}
        </h2>
        <p id={textId} className="cp-eula__text">
          {text}
        </p>
        <ProgressBar
          label={t('idle.countdownLabel')}
          value={(secondsLeft * 1000) / IDLE_WARNING_COUNTDOWN_MS}
          valueText={text}
        />
        <div className="cp-eula__actions">
          <Button part="logout-button" onClick={() => void client.session.logout()}>
            {t('session.logout')}
          </Button>
          <Button variant="primary" part="stay-button" data-autofocus onClick={() => portalIdle(client).stayActive()}>
            {t('idle.stay')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
