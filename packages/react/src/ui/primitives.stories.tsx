import { TOOLTIP_DELAY_MS } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { Field } from './Field';
import { Icon } from './Icon';
import { ProgressBar } from './ProgressBar';
import { Skeleton } from './Skeleton';
import { StarRating } from './StarRating';
import { Tooltip } from './Tooltip';

/**
 * The building blocks every piece of the portal is made of: buttons, dialogs, icons, progress bars,
 * loading skeletons, tooltips, form fields and the star rating. They take the theme's colours and
 * follow dark mode.
 */
const meta = {
  title: 'UI/Primitives',
  // The pseudo-locale sweep: the primitives' sample labels are the story's.
  parameters: { pseudoLocale: { fixed: 'button.cp-button, .cp-progress, .cp-visually-hidden, .cp-tooltip' } },
  component: Button,
  subcomponents: { Dialog, Field, Icon, ProgressBar, Skeleton, StarRating, Tooltip },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Buttons: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Button variant="primary">Submit</Button>
      <Button>Close</Button>
      <Button variant="primary" disabled>
        Disabled
      </Button>
      <Button variant="icon" aria-label="Close">
        <Icon name="close" />
      </Button>
    </div>
  ),
};

export const DarkButtons: Story = { ...Buttons, parameters: { theme: 'dark' } };

function DialogDemo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        Open dialog
      </Button>
      <Dialog open={open} label="Guidance" onClose={() => setOpen(false)}>
        <p>Focus is trapped here; Escape or the backdrop closes the dialog and focus returns to the opener.</p>
        <Button onClick={() => setOpen(false)}>Close</Button>
      </Dialog>
    </>
  );
}

export const DialogPrimitive: Story = {
  render: () => <DialogDemo />,
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    const opener = page.getByRole('button', { name: 'Open dialog' });
    await userEvent.click(opener);
    await expect(page.getByRole('dialog', { name: 'Guidance' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await expect(page.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(opener).toHaveFocus();
  },
};

/** A tooltip for each of the spec's delays; the first one shown, as the pointer resting on its button shows it. */
export const Tooltips: Story = {
  render: () => (
    // The visual test hides tooltips a story did not wait for; this one waits for its tooltip.
    <div data-screenshot-shows-tooltips="" style={{ display: 'flex', gap: 24, paddingTop: 48 }}>
      <Tooltip content="Toggle Filter" delay={TOOLTIP_DELAY_MS.filterButton}>
        <Button>500 ms (navbar, filter)</Button>
      </Tooltip>
      <Tooltip content="New Chat" delay={TOOLTIP_DELAY_MS.chat}>
        <Button>1000 ms (chat)</Button>
      </Tooltip>
      <Tooltip content="Drag left/right to change position" delay={TOOLTIP_DELAY_MS.dragButton} placement="bottom">
        <Button>1500 ms (drag)</Button>
      </Tooltip>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.hover(canvas.getByRole('button', { name: '500 ms (navbar, filter)' }));
    await expect(await canvas.findByRole('tooltip')).toHaveTextContent('Toggle Filter');
    await expect(canvas.getByRole('button', { name: '500 ms (navbar, filter)' })).toHaveAccessibleDescription(
      'Toggle Filter',
    );
  },
};

export const Progress: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 480 }}>
      <ProgressBar label="Loading" />
      <ProgressBar label="Upload" value={0.25} />
      <ProgressBar label="Upload" value={0.8} />
    </div>
  ),
};

export const Skeletons: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8, maxWidth: 320 }}>
      <Skeleton label="Loading history" width={160} height={40} shape="rect" />
      <Skeleton width="90%" />
      <Skeleton width="70%" />
      <Skeleton width={48} height={48} shape="circle" />
    </div>
  ),
};

export const DarkSkeletons: Story = { ...Skeletons, parameters: { theme: 'dark' } };
