import { reportApis, createSavedViews, type SavedViewsStore } from '@cloudportal/core/embed';
import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { usePortalClient } from '../provider/PortalProvider';
import { isolatedTabs } from '../testing/fakeApi';
import { AddViewDialog, SavedViewsPopup } from './SavedViews';
import { fakeBookmarkService, fakeReportsApi } from './testing/fakeReports';

/** The report's frame at the edge: its view is a state string. */
const frame = () => {
  const target = {
    current: 'state:default',
    captureState: async () => target.current,
    applyState: async (s: string) => void (target.current = s),
  };
  return target;
};

function Views({ which }: { which: 'views' | 'add' }) {
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

const withViews = (seed: Parameters<typeof fakeBookmarkService>[0]) => ({
  portal: {
    config: { fetch: fakeReportsApi(fakeBookmarkService(seed).route), crossTab: isolatedTabs },
    setup: (client: { start(): Promise<void> }) => void client.start(),
  },
});
const QUARTERS = [
  { name: 'Q1 costs', state: 'state:q1' },
  { name: 'Q2 costs', state: 'state:q2' },
  { name: 'Storage by region', state: 'state:storage' },
];
const SIXTEEN = Array.from({ length: 16 }, (_, i) => ({ name: `View ${i + 1}`, state: `state:${i + 1}` }));

const meta = {
  title: 'Report/Saved views',
  component: Views,
  args: { which: 'views' },
  parameters: withViews(QUARTERS),
} satisfies Meta<typeof Views>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement.ownerDocument.body).findByRole('dialog', { name }, { timeout: 5000 });

/** The popup with three views, the first applied. */
export const Popup: Story = {
  play: async ({ canvasElement }) => {
    const popup = await dialog(canvasElement, 'Saved views');
    await waitFor(
      () => expect(within(popup).getByRole('button', { name: 'Q1 costs' })).toHaveAttribute('aria-current', 'true'),
      { timeout: 5000 },
    );
  },
};

/** No saved view yet: the Default View only. */
export const Empty: Story = {
  parameters: withViews([]),
  play: async ({ canvasElement }) => {
    await within(await dialog(canvasElement, 'Saved views')).findByText('No saved views yet.', {}, { timeout: 5000 });
  },
};

/** The most a page may hold: 16 views. */
export const SixteenViews: Story = {
  parameters: withViews(SIXTEEN),
  play: async ({ canvasElement }) => {
    await within(await dialog(canvasElement, 'Saved views')).findByRole(
      'button',
      { name: 'View 16' },
      { timeout: 5000 },
    );
  },
};

/** Filtered by name. */
export const Filtered: Story = {
  play: async ({ canvasElement }) => {
    const popup = await dialog(canvasElement, 'Saved views');
    await within(popup).findByRole('button', { name: 'Storage by region' }, { timeout: 5000 });
    await userEvent.type(within(popup).getByRole('searchbox', { name: 'Filter views by name' }), 'costs');
    await expect(within(popup).queryByRole('button', { name: 'Storage by region' })).toBeNull();
  },
};

/** Two deletions queued: applied when the popup closes, each can be kept. */
export const QueuedDeletes: Story = {
  play: async ({ canvasElement }) => {
    const popup = await dialog(canvasElement, 'Saved views');
    await userEvent.click(await within(popup).findByRole('button', { name: 'Delete Q2 costs' }, { timeout: 5000 }));
    await userEvent.click(within(popup).getByRole('button', { name: 'Delete Storage by region' }));
    await expect(within(popup).getByRole('status')).toHaveTextContent(
      '2 view(s) will be deleted when you close this list.',
    );
  },
};

/** The add-view dialog with a valid name. */
export const AddValid: Story = {
  args: { which: 'add' },
  play: async ({ canvasElement }) => {
    const add = await dialog(canvasElement, 'Save view');
    await userEvent.type(within(add).getByRole('textbox', { name: 'View name' }), 'Storage by region');
    await expect(within(add).getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};

/** A name over 40 characters. */
export const AddTooLong: Story = {
  args: { which: 'add' },
  play: async ({ canvasElement }) => {
    const add = await dialog(canvasElement, 'Save view');
    await userEvent.type(
      within(add).getByRole('textbox', { name: 'View name' }),
      'A view name that is much longer than forty characters',
    );
    await expect(within(add).getByRole('alert')).toHaveTextContent('Maximum length is 40 characters.');
  },
};

/** The reserved name. */
export const AddReserved: Story = {
  args: { which: 'add' },
  play: async ({ canvasElement }) => {
    const add = await dialog(canvasElement, 'Save view');
    await userEvent.type(within(add).getByRole('textbox', { name: 'View name' }), 'default view');
    await expect(within(add).getByRole('alert')).toHaveTextContent('Default View is reserved and cannot be added');
  },
};

/** A name already taken: it is accepted and saved as 'Q1 costs (1)'. */
export const AddDuplicate: Story = {
  args: { which: 'add' },
  play: async ({ canvasElement }) => {
    const add = await dialog(canvasElement, 'Save view');
    await userEvent.type(within(add).getByRole('textbox', { name: 'View name' }), 'Q1 costs');
    await expect(within(add).getByRole('button', { name: 'Save' })).toBeEnabled();
  },
};

/** Dark mode. */
export const Dark: Story = {
  parameters: { ...withViews(QUARTERS), theme: 'dark' },
  play: async ({ canvasElement }) => {
    await dialog(canvasElement, 'Saved views');
  },
};
