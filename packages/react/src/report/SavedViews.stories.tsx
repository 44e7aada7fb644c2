import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { isolatedTabs } from '../testing/fakeApi';
import { AddViewDialog, SavedViews, SavedViewsPopup } from './SavedViews';
import { fakeBookmarkService, fakeReportsApi } from './testing/fakeReports';
import { Views } from './testing/savedViewsStory';

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

/**
 * The saved views of a report: the popup to apply, find and delete views, and the dialog to save
 * the current view under a name. The report's toolbar opens them with its 'Saved views' and 'Save
 * the current view' buttons (`SavedViews`).
 */
const meta = {
  title: 'Report/Saved views',
  component: Views,
  subcomponents: { SavedViews, SavedViewsPopup, AddViewDialog },
  args: { which: 'views' },
  // Each story in a frame of its own on the Docs page: its modal dialog would cover the whole page.
  parameters: { ...withViews(QUARTERS), docs: { story: { inline: false, height: '600px' } } },
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
