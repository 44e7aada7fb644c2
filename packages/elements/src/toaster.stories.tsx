import type { ToastInput } from '@cloudportal/core';
import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { isolatedTabs } from '#react/testing/fakeApi';
import type { PortalElement } from './internal/createElement';
import { shadowOf } from './testing/stories';
import { defineToaster, TOASTER_TAG } from './toaster';

defineToaster();

interface PartnerToasterProps {
  /** The partner's button. */
  label: string;
  /** The toasts the button raises with `client.toast()`, in order. */
  toasts: ToastInput[];
}

/**
 * `<cp-toaster>` as a partner pastes it: the element made in the page, sharing the page's portal
 * client, and the partner's button raising toasts on that client.
 */
function PartnerToaster({ label, toasts }: PartnerToasterProps) {
  const client = usePortalClient();
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = document.createElement(TOASTER_TAG) as PortalElement;
    element.client = client;
    host.current!.append(element);
    return () => element.remove();
  }, [client]);
  return (
    <div ref={host}>
      <button type="button" onClick={() => toasts.forEach((toast) => client.toast(toast))}>
        {label}
      </button>
    </div>
  );
}

/**
 * `<cp-toaster>`: shows the portal's toasts on a partner's page, at the bottom right. Place one per
 * page; `toast()` adds one when there is none.
 */
const meta = {
  title: 'Elements/<cp-toaster>',
  component: PartnerToaster,
  args: {
    label: 'Show success toast',
    toasts: [{ title: 'View Saved', text: 'Q1 costs is now in your saved views.', kind: 'success' }],
  },
  argTypes: { label: { control: 'text' }, toasts: { control: 'object' } },
  parameters: {
    // Story toasts stay long enough to review; the product's 3000 ms is covered by the component tests.
    portal: { config: { crossTab: isolatedTabs, toastTimeoutMs: 60_000 } },
  },
} satisfies Meta<typeof PartnerToaster>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 4000 };

/** The toasts in the element's shadow root, once `count` of them show. */
async function toastsOf(canvasElement: HTMLElement, count: number) {
  await shadowOf(canvasElement, TOASTER_TAG, '[part~="toaster"]', LOAD.timeout);
  const root = canvasElement.querySelector(TOASTER_TAG)!.shadowRoot!;
  await waitFor(() => expect(root.querySelectorAll('[part~="toast"]')).toHaveLength(count), LOAD);
  return [...root.querySelectorAll<HTMLElement>('[part~="toast"]')];
}

/** A green 'View Saved' toast, bottom right, after 'Show success toast'. */
export const SuccessToast: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show success toast' }));
    const [toast] = await toastsOf(canvasElement, 1);
    await expect(toast).toHaveAttribute('part', 'toast toast-success');
    await expect(toast).toHaveAttribute('role', 'status');
    await expect(toast).toHaveTextContent('View Saved');
    await expect(toast).toHaveTextContent('Q1 costs is now in your saved views.');
  },
};

/** An error toast in the danger style, announced at once (`role="alert"`). */
export const ErrorToast: Story = {
  args: {
    label: 'Show error toast',
    toasts: [
      { title: 'Delete Failed', text: 'Selected view(s) could not be deleted. Please try again.', kind: 'error' },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show error toast' }));
    const [toast] = await toastsOf(canvasElement, 1);
    await expect(toast).toHaveAttribute('part', 'toast toast-error');
    const toaster = within(canvasElement.querySelector(TOASTER_TAG)!.shadowRoot as unknown as HTMLElement);
    await expect(toaster.getByRole('alert')).toHaveTextContent('Delete Failed');
    await expect(toaster.getByRole('button', { name: 'Dismiss notification' })).toBeEnabled();
  },
};

/** Four toasts, one of each kind, stacked bottom right: the oldest on top, the error last in the danger style. */
export const SeveralStacked: Story = {
  args: {
    label: 'Show several toasts',
    toasts: [
      { title: 'View Saved', kind: 'success' },
      { title: 'Heads up', text: 'Reports refresh at 09:00.', kind: 'warning' },
      { title: 'Terms and Conditions accepted.', kind: 'info' },
      { title: 'Delete Failed', text: 'Selected view(s) could not be deleted. Please try again.', kind: 'error' },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show several toasts' }));
    const toasts = await toastsOf(canvasElement, 4);
    await expect(toasts.map((toast) => toast.getAttribute('part'))).toEqual([
      'toast toast-success',
      'toast toast-warning',
      'toast toast-info',
      'toast toast-error',
    ]);
    await expect(toasts[1]).toHaveTextContent('Reports refresh at 09:00.');
    await expect(toasts[3]).toHaveTextContent('Delete Failed');
  },
};
