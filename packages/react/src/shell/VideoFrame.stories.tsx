import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { VideoFrame } from './GuidanceDialog';

/**
 * An embedded guidance video, 16:9, as the guidance dialog and the video library show it. Only the
 * portal's own video pages and https pages are shown; any other address shows a note instead.
 */
const meta = {
  title: 'Shell/Video frame',
  component: VideoFrame,
  args: { src: 'data:text/html,<script>parent.alert(1)</script>', title: 'Subscriptions' },
} satisfies Meta<typeof VideoFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A guidance address that is neither our own /videos/ page nor an https page (here a `data:` page):
 * no frame is made; a note says the video cannot be shown. (A framed video: the shell's GuidanceOpen.)
 */
export const RefusedAddress: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('note')).toHaveTextContent(
      'This video cannot be shown: its address is not an allowed video page.',
    );
    await expect(canvasElement.querySelector('iframe')).toBeNull();
  },
};

/** The same, dark. */
export const RefusedAddressDark: Story = { ...RefusedAddress, parameters: { theme: 'dark' } };
