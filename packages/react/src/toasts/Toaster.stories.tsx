import type { PortalClient } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { usePortalClient } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Toaster } from './Toaster';

function Raise() {
  const client = usePortalClient();
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => client.toast({ title: 'View Saved', kind: 'success' })}>Success toast</Button>
      <Button onClick={() => client.toast({ title: 'Permission not granted', kind: 'error' })}>Error toast</Button>
      <Button onClick={() => client.toast({ title: 'Heads up', text: 'Reports refresh at 09:00.', kind: 'warning' })}>
        Warning toast
      </Button>
    </div>
  );
}

// Story toasts stay long enough to review; the product's 3000 ms is covered by tests.
const keep = (client: PortalClient, ...toasts: Parameters<PortalClient['toast']>[0][]) => {
  for (const t of toasts) client.toast(t);
};

/**
 * The portal's toasts: short messages at the bottom right that confirm an action or report a
 * problem, each gone after 3 seconds. An app mounts one toaster near its root; any piece raises a
 * toast with `client.toast()`.
 */
const meta = {
  title: 'Toasts/Toaster',
  // The pseudo-locale sweep: the story's buttons that raise toasts.
  parameters: { pseudoLocale: { fixed: 'button.cp-button' } },
  component: Toaster,
  render: () => (
    <>
      <Raise />
      <Toaster />
    </>
  ),
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Success: Story = {
  parameters: {
    portal: {
      setup: (c: PortalClient) =>
        keep(c, {
          title: 'Thank you',
          text: 'Your feedback has been submitted and will be reviewed by our team.',
          kind: 'success',
        }),
    },
  },
};
export const Error: Story = {
  parameters: {
    portal: {
      setup: (c: PortalClient) =>
        keep(c, { title: 'Authentication error', text: 'Unable to identify user: ada@contoso.example', kind: 'error' }),
    },
  },
};
export const Stack: Story = {
  parameters: {
    portal: {
      setup: (c: PortalClient) =>
        keep(
          c,
          { title: 'View Saved', kind: 'success' },
          { title: 'Heads up', text: 'Reports refresh at 09:00.', kind: 'warning' },
          { title: 'Terms and Conditions accepted.', kind: 'info' },
          { title: 'Delete Failed', text: 'Selected view(s) could not be deleted. Please try again.', kind: 'error' },
        ),
    },
  },
};
export const DarkStack: Story = { ...Stack, parameters: { ...Stack.parameters, theme: 'dark' } };
export const RaiseAndDismiss: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Error toast' }));
    await expect(page.getByRole('alert')).toHaveTextContent('Permission not granted');
    await userEvent.click(page.getByRole('button', { name: 'Dismiss notification' }));
    await expect(page.queryByRole('alert')).not.toBeInTheDocument();
  },
};
