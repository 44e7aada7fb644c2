import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { fakeDataFetch, type FakeDataOptions } from '../../kit/testing/fakeData';
import { isolatedTabs } from '../../testing/fakeApi';
import ReleaseNotes from './ReleaseNotes';
import { sampleReleaseNotes } from './testing';

/** Story parameters: the data service at the network edge, answering `options`. */
const portal = (options: FakeDataOptions) => ({
  portal: { config: { fetch: fakeDataFetch(options), crossTab: isolatedTabs } },
});

/**
 * The portal's release notes: one entry per version, newest first, each note marked New, Improved
 * or Fixed with the area it concerns, and a choice of area to narrow them down.
 */
const meta = {
  title: 'Pages/Release notes',
  component: ReleaseNotes,
  args: {},
  parameters: { ...portal({ rows: { releaseNotes: sampleReleaseNotes() } }), layout: 'padded' },
} satisfies Meta<typeof ReleaseNotes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three versions, newest first, with their notes. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const articles = await within(canvasElement).findAllByRole('article', {}, { timeout: 3000 });
    await expect(articles).toHaveLength(3);
  },
};

/** No release yet. */
export const Empty: Story = {
  parameters: portal({ rows: { releaseNotes: [] } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No release notes yet', {}, { timeout: 3000 })).toBeVisible();
  },
};

/** The data service failed: the message and Retry. */
export const LoadError: Story = {
  parameters: portal({ rows: { releaseNotes: [] }, status: 500 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Retry' }, { timeout: 3000 })).toBeVisible();
  },
};

/** The loaded notes in the dark theme. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  play: Loaded.play,
};
