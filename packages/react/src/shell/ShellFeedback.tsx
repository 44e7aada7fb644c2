import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { useShell } from './useShell';

// The feedback dialog loads when feedback is first opened (the navbar's Feedback button).
const FeedbackDialog = lazy(() => import('../feedback/FeedbackDialog').then((m) => ({ default: m.FeedbackDialog })));

// spec §2 "Feedback dialog"
/**
 * The shell's feedback: the dialog while `openFeedback()` holds it open,
 * about the page of the route — its menu item and, on a tabbed page, the active tab. A page outside
 * the menu (an error page) has no menu item to send feedback about: nothing opens.
 */
export function ShellFeedback() {
  const shell = useShell();
  const dialog = useStore(shell.$dialog);
  const page = useStore(shell.page.$page);
  if (dialog !== 'feedback' || !page.item) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackDialog
        open
        onClose={shell.closeDialog}
        menuUuid={page.item.uuid}
        tabName={page.tab?.name ?? null}
        pageDisplayName={page.item.displayName}
      />
    </Suspense>
  );
}
