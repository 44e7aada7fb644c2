import { reportApis, createSavedViews, type SavedViewsStore } from '@cloudportal/core/embed';
import { useState } from 'react';
import { usePortalClient } from '../../provider/PortalProvider';
import { AddViewDialog, SavedViewsPopup } from '../SavedViews';

// A story's component lives outside its stories file so that it is exported: the docs' props table
// (react-docgen) documents exported components only, and names the others by their minified name.

/** The report's frame at the edge: its view is a state string. */
const frame = () => {
  const target = {
    current: 'state:default',
    captureState: async () => target.current,
    applyState: async (s: string) => void (target.current = s),
  };
  return target;
};

/** Props of {@link Views}. */
export interface SavedViewsStoryProps {
  /** `views`: the saved views popup; `add`: the dialog that saves the current view. */
  which: 'views' | 'add';
}

/** The saved views popup or the add-view dialog over a report's views, open, and a button that opens it again. */
export function Views({ which }: SavedViewsStoryProps) {
  const client = usePortalClient();
  const [store] = useState<SavedViewsStore>(() => {
    const views = createSavedViews({
      bookmarks: reportApis(client).bookmarks,
      toast: client.toast,
      t: client.t,
      pageName: 'billing-overview',
    });
    void views.attach(frame());
    return views;
  });
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {which === 'views' ? 'Saved views' : 'Save the current view'}
      </button>
      {which === 'views' ? (
        <SavedViewsPopup store={store} open={open} onClose={() => setOpen(false)} />
      ) : (
        <AddViewDialog store={store} open={open} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
