import { toastRole, type Toast } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { useStyles } from '../ui/useStyles';
import { usePortalClient, useT } from '../provider/PortalProvider';
import css from './Toaster.css?inline';

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const t = useT();
  return (
    <div className="cp-toast" data-kind={toast.kind} role={toastRole(toast.kind)} part={`toast toast-${toast.kind}`}>
      <div>
        {toast.title ? <p className="cp-toast__title">{toast.title}</p> : null}
        {toast.text ? <p className="cp-toast__text">{toast.text}</p> : null}
      </div>
      <Button variant="icon" aria-label={t('toast.dismiss')} onClick={onDismiss}>
        <Icon name="close" size={18} />
      </Button>
    </div>
  );
}

// spec §8 "3 s, bottom right, danger style"; §9 "Toast time-out"
/**
 * Shows the toasts raised with `client.toast()`: bottom right, several stacked, each gone after the
 * toast time-out (3000 ms); errors in the danger style and announced assertively.
 * Mount it once near the root of the app (the web-component form is `<cp-toaster>`).
 *
 * Parts: `toaster`, `toast`, `toast-{success|info|warning|error}`.
 * @public
 */
export function Toaster() {
  const ref = useStyles<HTMLElement>(css);
  const client = usePortalClient();
  const t = useT();
  const toasts = useStore(client.toasts.$toasts);
  // The region stays mounted even when empty, so screen readers already know it when a toast arrives.
  return (
    <section ref={ref} aria-label={t('toast.region')} className="cp-toaster-region">
      <div className="cp-toaster" part="toaster">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} onDismiss={() => client.toasts.dismiss(item.id)} />
        ))}
      </div>
    </section>
  );
}
