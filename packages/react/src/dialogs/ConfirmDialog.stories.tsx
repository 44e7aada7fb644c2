import type { ConfirmData } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../ui/Button';
import { ConfirmDialog } from './ConfirmDialog';
import { ConfirmHost } from './ConfirmHost';

/** Opens the dialog on first render and again from a button after it closes, so every state can be revisited. */
function Reopenable({ data, onResult }: { data: ConfirmData; onResult: (confirmed: boolean) => void }) {
  const [open, setOpen] = useState(true);
  const [last, setLast] = useState<string>('');
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <p aria-live="polite">{last}</p>
      {open ? (
        <ConfirmDialog
          open
          data={data}
          onResult={(confirmed) => {
            onResult(confirmed);
            setLast(confirmed ? 'Result: {result: true}' : 'Result: null');
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * A confirmation dialog: an icon, a title, a text, a confirm button and an optional cancel button,
 * optionally closing itself after a visible countdown. An app mounts `ConfirmHost` once near its
 * root and asks with `client.confirm()`; the host shows each dialog in turn.
 */
const meta = {
  title: 'Dialogs/ConfirmDialog',
  // The pseudo-locale sweep: the story's button that opens the dialog. On the Docs page each story
  // is in a frame of its own: its modal dialog would cover the whole page.
  parameters: { pseudoLocale: { fixed: 'button.cp-button' }, docs: { story: { inline: false, height: '420px' } } },
  component: ConfirmDialog,
  subcomponents: { ConfirmHost },
  args: {
    open: true,
    onResult: fn(),
    data: {
      icon: 'question',
      title: 'Delete the selected views?',
      text: 'Deleted views cannot be restored.',
      showCancelButton: true,
    },
  },
  render: (args) => <Reopenable data={args.data} onResult={args.onResult} />,
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  args: {
    data: { icon: 'success', title: 'Settings saved', text: 'Your changes are live for every user of the tenant.' },
  },
};
export const Warning: Story = {
  args: {
    data: {
      icon: 'warning',
      title: 'Unsaved changes',
      text: 'Leave this page and lose them?',
      showCancelButton: true,
      confirmButtonText: 'Leave',
      cancelButtonText: 'Stay',
    },
  },
};
export const Error: Story = {
  args: { data: { icon: 'error', title: 'Upload failed', text: 'The file is larger than the 5 MB limit.' } },
};
export const Info: Story = {
  args: {
    data: { icon: 'info', title: 'Maintenance tonight', text: 'The portal is read-only from 22:00 to 23:00 UTC.' },
  },
};
export const Question: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(page.getByRole('button', { name: 'OK' }));
    await expect(args.onResult).toHaveBeenCalledWith(true);
    await expect(page.getByText('Result: {result: true}')).toBeInTheDocument();
  },
};
export const WithoutCancel: Story = {
  args: { data: { icon: 'info', title: 'Report refreshed', text: 'The data is current as of 09:00.' } },
};
export const WithCancel: Story = {
  args: {
    data: {
      icon: 'warning',
      title: 'Log out?',
      text: 'Open reports will close.',
      showCancelButton: true,
      confirmButtonText: 'Log out',
      cancelButtonText: 'Cancel',
    },
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    await expect(args.onResult).toHaveBeenCalledWith(false);
  },
};
export const WithTimer: Story = {
  args: { data: { icon: 'success', title: 'View Saved', text: 'This message closes by itself.', timer: 8000 } },
};
export const NoIcon: Story = {
  args: { data: { title: 'Plain question', text: 'No icon is shown when none is given.', showCancelButton: true } },
};
export const LongText: Story = {
  args: {
    data: {
      icon: 'warning',
      title: 'A rather long title that has to wrap over more than one line in a narrow dialog',
      text: 'Line one of a long explanation.\nLine two explains more, and the text keeps going so that the dialog shows how it wraps long content within its 500 px maximum width without overflowing.',
      showCancelButton: true,
    },
  },
};
export const Dark: Story = {
  parameters: { theme: 'dark' },
  args: {
    data: { icon: 'question', title: 'Dark mode', text: 'Tokens switch to their dark values.', showCancelButton: true },
  },
};
export const DarkWithTimer: Story = {
  parameters: { theme: 'dark' },
  args: { data: { icon: 'info', title: 'Closing soon', text: 'A timed dialog in dark mode.', timer: 8000 } },
};
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1' } },
  args: { data: { icon: 'error', title: 'Could Not Capture View', text: 'Please try again.', showCancelButton: true } },
};
