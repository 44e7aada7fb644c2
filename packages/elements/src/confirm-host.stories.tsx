import type { ConfirmData } from '@cloudportal/core';
import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { isolatedTabs } from '#react/testing/fakeApi';
import { CONFIRM_HOST_TAG, defineConfirmHost } from './confirm-host';
import type { PortalElement } from './internal/createElement';
import { forwardEvents, shadowOf } from './testing/stories';

defineConfirmHost();

interface PartnerConfirmProps {
  /** The partner's button. */
  label: string;
  /** What the button asks with `client.confirm()`. */
  data: ConfirmData;
  /** Receives each cp-confirm-settled event (the actions panel). */
  onEvent?: (name: string, detail: unknown) => void;
}

/**
 * `<cp-confirm-host>` as a partner pastes it: the element made in the page, sharing the page's
 * portal client; the partner's button asks with `client.confirm()` and its status line shows the answer.
 */
function PartnerConfirm({ label, data, onEvent }: PartnerConfirmProps) {
  const client = usePortalClient();
  const host = useRef<HTMLDivElement>(null);
  const [answer, setAnswer] = useState('No answer yet.');
  useLayoutEffect(() => {
    const element = document.createElement(CONFIRM_HOST_TAG) as PortalElement;
    element.client = client;
    forwardEvents(element, ['cp-confirm-settled'], onEvent);
    host.current!.append(element);
    return () => element.remove();
  }, [client, onEvent]);
  const ask = () => {
    setAnswer('Waiting for an answer…');
    void client.confirm(data).then((result) => setAnswer(`confirm() resolved ${JSON.stringify(result)}`));
  };
  return (
    <div ref={host}>
      <button type="button" onClick={ask}>
        {label}
      </button>
      <p role="status">{answer}</p>
    </div>
  );
}

/**
 * `<cp-confirm-host>`: shows the confirmation dialogs a partner's page asks for with `confirm()`, one
 * at a time, oldest first. Place one per page; `confirm()` adds one when there is none.
 */
const meta = {
  title: 'Elements/<cp-confirm-host>',
  component: PartnerConfirm,
  args: {
    label: 'Delete views',
    data: {
      icon: 'question',
      title: 'Delete the selected views?',
      text: 'Deleted views cannot be restored.',
      showCancelButton: true,
    },
    onEvent: fn(),
  },
  argTypes: { label: { control: 'text' }, data: { control: 'object' } },
  parameters: { portal: { config: { crossTab: isolatedTabs } } },
} satisfies Meta<typeof PartnerConfirm>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 4000 };

/** The element's shadow root, once its dialog shows. */
async function dialogOf(canvasElement: HTMLElement) {
  await shadowOf(canvasElement, CONFIRM_HOST_TAG, '[part~="confirm-button"]', LOAD.timeout);
  return canvasElement.querySelector(CONFIRM_HOST_TAG)!.shadowRoot!;
}

/** A question with OK and Cancel; the answer goes to `confirm()` and to cp-confirm-settled. */
export const QuestionWithCancel: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Delete views' }));
    const root = await dialogOf(canvasElement);
    const dialog = within(root as unknown as HTMLElement).getByRole('alertdialog', {
      name: 'Delete the selected views?',
    });
    await expect(dialog).toHaveAccessibleDescription('Deleted views cannot be restored.');
    await expect(root.querySelector('[part~="title"]')).toHaveTextContent('Delete the selected views?');
    await expect(root.querySelector('[part~="cancel-button"]')).toHaveTextContent('Cancel');
    await expect(root.querySelector('[part~="confirm-button"]')).toHaveTextContent('OK');
    await userEvent.click(root.querySelector<HTMLElement>('[part~="confirm-button"]')!);
    await waitFor(
      () =>
        expect(args.onEvent).toHaveBeenCalledWith(
          'cp-confirm-settled',
          expect.objectContaining({ title: 'Delete the selected views?', result: { result: true } }),
        ),
      LOAD,
    );
    await waitFor(() => expect(page.getByRole('status')).toHaveTextContent('confirm() resolved {"result":true}'), LOAD);
    await expect(root.querySelector('[part~="confirm-button"]')).toBeNull();
  },
};

/** A timed message: 'Closes in n s' and a bar running down; it closes by itself (resolving null) unless answered. */
export const Timed: Story = {
  args: {
    label: 'Save view',
    data: { icon: 'success', title: 'View Saved', text: 'This message closes by itself.', timer: 8000 },
  },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Save view' }));
    const root = await dialogOf(canvasElement);
    await expect(root.querySelector('[part~="title"]')).toHaveTextContent('View Saved');
    await expect(root.querySelector('[part~="countdown"]')).toHaveTextContent(/^Closes in [1-8] s$/);
    await expect(
      within(root as unknown as HTMLElement).getByRole('progressbar', { name: 'Time left before this dialog closes' }),
    ).toHaveAttribute('part', 'progress');
    await expect(root.querySelector('[part~="cancel-button"]')).toBeNull();
    await userEvent.click(root.querySelector<HTMLElement>('[part~="confirm-button"]')!);
    await waitFor(
      () =>
        expect(args.onEvent).toHaveBeenCalledWith(
          'cp-confirm-settled',
          expect.objectContaining({ title: 'View Saved', result: { result: true } }),
        ),
      LOAD,
    );
    await waitFor(() => expect(page.getByRole('status')).toHaveTextContent('confirm() resolved {"result":true}'), LOAD);
  },
};
