import type { PortalClient } from '@cloudportal/core';
import { usePortalClient } from '@cloudportal/react/provider';
import type { Meta, StoryObj } from '@storybook/react';
import { useLayoutEffect, useRef } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { chatFetch, fakeChatbot } from '#react/assistant/testing/fakeChatbot';
import { fakeApi, isolatedTabs } from '#react/testing/fakeApi';
import { ASSISTANT_TAG, defineAssistant, type AssistantElementProps } from './assistant';
import type { PortalElement } from './internal/createElement';
import { forwardEvents, shadowOf } from './testing/stories';

defineAssistant();

/** The events of `<cp-assistant>`, shown in Storybook's actions panel. */
const EVENTS = [
  'cp-assistant-opened',
  'cp-assistant-closed',
  'cp-assistant-message-sent',
  'cp-assistant-answer-progress',
  'cp-assistant-answer-received',
  'cp-assistant-link-chosen',
] as const;

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

/**
 * `<cp-assistant>`: the portal's AI assistant on a partner's page, as a floating Assistant button
 * that opens the chat in a side dialog, a dialog the page opens itself, or a chat embedded in the
 * page.
 */
const meta = {
  title: 'Elements/<cp-assistant>',
  component: PartnerAssistant,
  args: { mode: 'launcher', onEvent: fn() },
  argTypes: {
    mode: { control: 'inline-radio', options: ['launcher', 'page', 'dialog'] },
    contentPrefix: { control: 'text' },
  },
  parameters: {
    portal: {
      // A chatbot of its own for each story shown: its chats never carry over to the next story.
      config: () => ({ fetch: chatFetch(fakeChatbot(), 'all'), crossTab: isolatedTabs }),
      setup: (client: PortalClient) => void client.start(),
    },
  },
} satisfies Meta<typeof PartnerAssistant>;

export default meta;
type Story = StoryObj<typeof meta>;

const LOAD = { timeout: 4000 };

/**
 * The stand-in launcher (drawn without React) as the page first shows it, and the chat's own launcher
 * that takes its place when the pointer reaches it: the stand-in, detached once the chat has loaded.
 */
async function reachFor(canvasElement: HTMLElement) {
  const assistant = await shadowOf(canvasElement, ASSISTANT_TAG, 'button', LOAD.timeout);
  const standIn = assistant.getByRole('button', { name: 'Assistant' });
  await userEvent.hover(standIn);
  await waitFor(() => expect(standIn.isConnected).toBe(false), LOAD);
  return assistant;
}

/** The floating 'Assistant' button; reached for, the chat loads in its place, and a click opens it and raises cp-assistant-opened. */
export const Launcher: Story = {
  play: async ({ canvasElement, args }) => {
    const assistant = await reachFor(canvasElement);
    await userEvent.click(assistant.getByRole('button', { name: 'Assistant' }));
    await waitFor(() => expect(args.onEvent).toHaveBeenCalledWith('cp-assistant-opened', {}), LOAD);
  },
};

/** A tap on the stand-in: the chat takes the button's place between the tap's press and its click, and still opens. */
export const LauncherTapped: Story = {
  play: async ({ canvasElement, args }) => {
    const element = canvasElement.querySelector(ASSISTANT_TAG)!;
    await shadowOf(canvasElement, ASSISTANT_TAG, 'button', LOAD.timeout);
    // Only the press reaches the stand-in; its click would land on the chat's own launcher.
    fireEvent.pointerDown(
      within(element.shadowRoot as unknown as HTMLElement).getByRole('button', { name: 'Assistant' }),
    );
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

/** A visitor without a portal session: the launcher stays; a click shows where to sign in, above it. */
export const LauncherSignedOut: Story = {
  parameters: {
    portal: {
      config: {
        fetch: fakeApi({
          'POST /api/auth/refresh-token': { status: 401, json: { error: 'Unauthorized', message: 'No session' } },
        }),
        crossTab: isolatedTabs,
      },
      setup: (client: PortalClient) => void client.start(),
    },
  },
  play: async ({ canvasElement, args }) => {
    const assistant = await reachFor(canvasElement);
    await userEvent.click(assistant.getByRole('button', { name: 'Assistant' }));
    await expect(await assistant.findByRole('link', { name: 'Sign in to use the assistant' }, LOAD)).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(assistant.getByRole('button', { name: 'Assistant' })).toBeVisible();
    await expect(args.onEvent).not.toHaveBeenCalledWith('cp-assistant-opened', {});
  },
};
