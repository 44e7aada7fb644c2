import type { PortalClient } from '@cloudportal/core';
import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { chatFetch, fakeChatbot } from '../../react/src/assistant/testing/fakeChatbot';
import { isolatedTabs } from '../../react/src/test/fakeApi';
import { ASSISTANT_TAG, defineAssistant, type AssistantElementProps } from './assistant';
import type { PortalElement } from './internal/createElement';
import { forwardEvents, shadowOf } from './testing/stories';

defineAssistant();

/** The events of `<cp-assistant>`, shown in Storybook's actions panel. */
const EVENTS = ['cp-assistant-opened', 'cp-assistant-closed', 'cp-assistant-message-sent', 'cp-assistant-answer-received', 'cp-assistant-link-chosen'] as const;

interface PartnerAssistantProps extends Pick<AssistantElementProps, 'mode' | 'contentPrefix'> {
  /** Receives each cp-assistant-* event (the actions panel). */
  onEvent?: (name: string, detail: unknown) => void;
}

/** `<cp-assistant>` as a partner pastes it: made in the page, attributes as a partner writes them. */
function PartnerAssistant({ mode = 'launcher', contentPrefix, onEvent }: PartnerAssistantProps) {
  const client = usePortalClient();
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = document.createElement(ASSISTANT_TAG) as PortalElement;
    element.client = client;
    element.setAttribute('mode', mode);
    if (contentPrefix) element.setAttribute('content-prefix', contentPrefix);
    forwardEvents(element, EVENTS, onEvent);
    host.current!.append(element);
    return () => element.remove();
  }, [client, mode, contentPrefix, onEvent]);
  return <div ref={host} style={{ minHeight: mode === 'page' ? 560 : 80 }} />;
}

const meta = {
  title: 'Elements/<cp-assistant>',
  component: PartnerAssistant,
  args: { mode: 'launcher', onEvent: fn() },
  argTypes: { mode: { control: 'inline-radio', options: ['launcher', 'page', 'dialog'] }, contentPrefix: { control: 'text' } },
  parameters: {
    portal: {
      config: { fetch: chatFetch(fakeChatbot(), 'all'), crossTab: isolatedTabs },
      setup: (client: PortalClient) => void client.start(),
    },
  },
} satisfies Meta<typeof PartnerAssistant>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 4000 };

/** The floating 'Assistant' button; a click opens the chat and raises cp-assistant-opened. */
export const Launcher: Story = {
  play: async ({ canvasElement, args }) => {
    const assistant = await shadowOf(canvasElement, ASSISTANT_TAG, 'button', LOAD.timeout);
    await userEvent.click(assistant.getByRole('button', { name: 'Assistant' }));
    await waitFor(() => expect(args.onEvent).toHaveBeenCalledWith('cp-assistant-opened', {}), LOAD);
  },
};

/** The chat embedded in the partner's page. */
export const Page: Story = {
  args: { mode: 'page' },
  play: async ({ canvasElement }) => {
    await shadowOf(canvasElement, ASSISTANT_TAG, '[part~="composer"]', LOAD.timeout);
  },
};
