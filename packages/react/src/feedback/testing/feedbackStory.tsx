import { portalFeedback, type FeedbackFields } from '@cloudportal/core';
import { useEffect, useState } from 'react';
import { usePortalClient } from '../../provider/PortalProvider';
import { Toaster } from '../../toasts/Toaster';
import { FeedbackDialog } from '../FeedbackDialog';

// A story's component lives outside its stories file so that it is exported: the docs' props table
// (react-docgen) documents exported components only, and names the others by their minified name.

// Written out rather than `Pick<FeedbackDialogProps, …>`: the docs' props table reads them so.
/** Props of the story: the page the dialog is about, and the draft the page already holds. */
export interface FeedbackStoryProps {
  /** The menu item (page) the feedback is about. */
  menuUuid: string;
  /** The tab of a tabbed page the feedback is about. */
  tabName?: string | null;
  /** The page's display name, shown in the dialog's title ('Feedback: …'). */
  pageDisplayName: string;
  /** What the user entered before (a draft kept while the dialog was closed). */
  draft?: Partial<FeedbackFields>;
}

/** The dialog as the shell shows it: open, re-opened by a button, with the toasts. */
export function FeedbackStory({ draft, ...page }: FeedbackStoryProps) {
  const client = usePortalClient();
  const [open, setOpen] = useState(true);
  const { menuUuid, tabName } = page;
  useEffect(() => {
    if (draft) portalFeedback(client).update({ menuUuid, tabName }, draft);
  }, [client, draft, menuUuid, tabName]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Give feedback
      </button>
      <FeedbackDialog {...page} open={open} onClose={() => setOpen(false)} />
      <Toaster />
    </>
  );
}
