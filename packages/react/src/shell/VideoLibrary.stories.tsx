import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { MENU_ROUTE } from './testing/fakePortal';
import { pageParameters } from './testing/storyPortal';
import { VideoLibrary } from './VideoLibrary';

/**
 * The video library: the portal's guidance videos by menu section, with the chosen video playing
 * beside the list. The settings drawer's Video Library link opens it.
 */
const meta = {
  title: 'Shell/Video library',
  component: VideoLibrary,
  args: { selected: 'azure-costs' },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...pageParameters('/informational-videos-main-dashboard/azure-costs') },
} satisfies Meta<typeof VideoLibrary>;

export default meta;
type Story = StoryObj<typeof meta>;

const WAIT = { timeout: 5000 };

/** A video chosen: the video menu beside it, the chosen item current, its video playing. */
export const Playing: Story = {
  play: async ({ canvasElement }) => {
    const menu = await within(canvasElement).findByRole('navigation', { name: 'Videos' }, WAIT);
    await expect(within(menu).getByRole('link', { name: 'Cost analysis' })).toHaveAttribute('aria-current', 'page');
    await expect(within(canvasElement).getByTitle('Video: Cost analysis')).toBeVisible();
  },
};

/** No video chosen yet. */
export const NoneChosen: Story = {
  args: { selected: '' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'Choose a video from the list.' }, WAIT);
  },
};

/** A user whose menu has no guidance videos. */
export const Empty: Story = {
  args: { selected: '' },
  parameters: pageParameters('/informational-videos-main-dashboard', { menu: [] }),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('No guidance videos are available to you.', {}, WAIT);
  },
};

/** The video menu could not be loaded: the message and Try again. */
export const Failed: Story = {
  parameters: pageParameters('/informational-videos-main-dashboard', { failures: { [MENU_ROUTE]: 500 } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, WAIT)).toHaveTextContent(
      'The video library could not be loaded.',
    );
  },
};
