import { portalChat, createPortalClient, type PortalClient, type RelatedLink, type Translate } from '@cloudportal/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { PortalProvider } from '../provider/PortalProvider';
import { isolatedTabs, type FakeAnswer } from '../testing/fakeApi';
import { Toaster } from '../toasts/Toaster';
import { AssistantChat, type AssistantChatHandle } from './AssistantChat';
import { loadMarkdown } from './markdown';
import {
  chatFetch,
  COST_LINK,
  datasetRoutes,
  fakeChatbot,
  GREETING,
  groupedHistory,
  STARTERS,
  storedChat,
  type DatasetSet,
  type FakeChatbotOptions,
  OPEN_INVOICE_ACTION,
} from './testing/fakeChatbot';

const CHAT = '/services/ai-chatbot/api/chat';
const SUBTITLE = 'Instant answers and actionable insights to optimize your cloud environment';
const RATE_LIMITED =
  "We're limiting requests right now to keep things running smoothly. The rate limit is 2 requests per minute. Take a short break, and you'll be able to try again in a minute.";
const GENERIC = 'An error occurred. Please try again later.';
const NOT_ENABLED = 'Assistant is not enabled for your tenant. Please contact your administrator to enable it.';
const TOO_LONG = 'This chat is getting long. Start a new chat for faster and more accurate answers.';

const clients: PortalClient[] = [];

interface SetupOptions extends FakeChatbotOptions {
  datasets?: DatasetSet;
  over?: Record<string, FakeAnswer>;
  /** Wraps the client, e.g. to count translations. */
  wrap?: (client: PortalClient) => PortalClient;
}

/** Renders `ui` for a signed-in Ada (Contoso) with the chatbot at the network edge. */
async function setup(
  ui: ReactNode = <AssistantChat mode="page" />,
  { datasets = 'all', over = {}, wrap, ...options }: SetupOptions = {},
) {
  const chatbot = fakeChatbot(options);
  const fetch = chatFetch(chatbot, datasets, over);
  const client = createPortalClient({ fetch, storage: {}, navigate: vi.fn(), crossTab: isolatedTabs });
  clients.push(client);
  // The chat is a part of the client the view is given (a wrapped client has its own).
  const shown = wrap ? wrap(client) : client;
  const view = render(
    <PortalProvider client={shown}>
      {ui}
      <Toaster />
    </PortalProvider>,
  );
  await act(async () => {
    await client.start();
  });
  return { ...view, client: shown, fetch, chatbot };
}

/** Waits until the chat can be typed into. */
/** An answer held open until `open()`: what the chat shows meanwhile can be looked at for as long as needed. */
function gate() {
  let open!: () => void;
  const held = new Promise<void>((release) => (open = release));
  return { held, open };
}

async function ready(client: PortalClient) {
  await waitFor(() => expect(portalChat(client).$chat.get().status).toBe('ready'));
}

const conversation = () => within(screen.getByRole('region', { name: 'Conversation' }));
const input = () => screen.getByRole('textbox', { name: 'Ask the assistant' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const announcer = () => document.querySelector('[part="announcer"]')!;
const count = (calls: string[], call: string) => calls.filter((c) => c === call).length;

const ONE_EXCHANGE = [storedChat('c1', [['What did we spend?', 'We spent **USD 12,480**.', [COST_LINK]]])];

afterEach(() => {
  vi.useRealTimers();
  for (const client of clients.splice(0)) client.dispose();
});

describe('AssistantChat — intro view (spec §2)', () => {
  it('given a new chat, then the title, the subtitle and both quick starts show for dataset all, and it is axe clean', async () => {
    const { client } = await setup();
    expect(await screen.findByRole('heading', { name: 'Cloud Assistant', level: 3 })).toBeVisible();
    expect(screen.getByText(SUBTITLE)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Company Overview Azure' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Company Overview M365' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Dataset' })).toHaveDisplayValue('All');
    expect(
      within(screen.getByRole('combobox', { name: 'Dataset' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'M365', 'Azure']);
    expect(portalChat(client).$chat.get().chatId).toBe('chat-1');
    await expectNoAxeViolations();
  });

  it('given only M365, then only the M365 quick start and dataset', async () => {
    await setup(undefined, { datasets: 'm365' });
    expect(await screen.findByRole('button', { name: 'Company Overview M365' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Company Overview Azure' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('combobox', { name: 'Dataset' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['M365']);
  });

  it('given only Azure, then only the Azure quick start', async () => {
    await setup(undefined, { datasets: 'azure' });
    expect(await screen.findByRole('button', { name: 'Company Overview Azure' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Company Overview M365' })).not.toBeInTheDocument();
  });

  it('when a quick start is clicked, then its text is asked', async () => {
    const { chatbot } = await setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Company Overview Azure' }));
    // The user's own message (the answer may name it too, in bold once Markdown has loaded).
    expect(
      await conversation().findByText('Company Overview Azure', { selector: 'li[data-sender="user"] p' }),
    ).toBeVisible();
    await waitFor(() => expect(chatbot.questions.map((q) => q.question)).toEqual(['Company Overview Azure']));
    expect(chatbot.questions[0]!.chat_dataset).toBe('all');
  });

  it("shows the header: the assistant's name and model, 'Start a new chat' with the beta label, and the disclaimer", async () => {
    await setup(undefined, { settings: { name: 'Contoso Copilot', modelName: 'gpt-4o' } });
    expect(await screen.findByRole('heading', { name: 'Contoso Copilot', level: 2 })).toBeVisible();
    expect(await screen.findByText('gpt-4o')).toBeVisible();
    expect(screen.getByText('Start a new chat')).toBeVisible();
    expect(screen.getByText('Beta')).toBeVisible();
    expect(
      screen.getByText('The assistant can make mistakes. Check important information before you act on it.'),
    ).toBeVisible();
  });

  it('given the account has not loaded, then the chat is not opened (a restoring skeleton shows) until it has', async () => {
    const licenses = 'GET /services/api-portal-customer/api/license/activated';
    const { fetch, client } = await setup(undefined, {
      over: { [licenses]: { ...(datasetRoutes('all')[licenses] as object), delayMs: 80 } },
    });
    expect(screen.getByText('Loading the chat')).toBeInTheDocument();
    expect(fetch.calls).not.toContain(`POST ${CHAT}/restore`);
    await ready(client);
    expect(fetch.calls).toContain(`POST ${CHAT}/restore`);
  });
});

describe('AssistantChat — a new chat and the header (spec §2, §4 "a new chat is created (intro view, or with follow-up questions)")', () => {
  const chatTitle = () => document.querySelector('[part="chat-title"]');

  it('given a new chat, then the greeting of POST /create shows under the intro, with its follow-up questions as suggestions that ask', async () => {
    const { client, chatbot } = await setup();
    await ready(client);
    expect(screen.getByRole('heading', { name: 'Cloud Assistant', level: 3 })).toBeVisible();
    expect(conversation().getByText(GREETING)).toBeVisible();
    const suggestions = screen.getByRole('group', { name: 'Suggested questions' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(STARTERS);
    await expectNoAxeViolations();
    await userEvent.click(within(suggestions).getByRole('button', { name: STARTERS[0] }));
    await waitFor(() => expect(chatbot.questions.map((q) => q.question)).toEqual([STARTERS[0]]));
    expect(conversation().getByText(GREETING)).toBeVisible();
  });

  it('given a new chat whose service suggests the quick starts again, then each suggestion shows once: the quick starts, and the other follow-ups', async () => {
    const { client } = await setup(undefined, {
      starters: ['Company Overview Azure', 'Company Overview M365', 'Which services cost the most?'],
    });
    await ready(client);
    expect(screen.getAllByRole('button', { name: 'Company Overview Azure' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Company Overview M365' })).toHaveLength(1);
    expect(
      within(screen.getByRole('group', { name: 'Suggested questions' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Which services cost the most?']);
  });

  it('given a new chat whose only suggestions are the quick starts, then no empty suggestions group shows', async () => {
    const { client } = await setup(undefined, { starters: ['Company Overview Azure', 'Company Overview M365'] });
    await ready(client);
    expect(screen.getByRole('button', { name: 'Company Overview Azure' })).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Suggested questions' })).not.toBeInTheDocument();
  });

  it('given a conversation, when New Chat is pressed, then the new chat greets and offers its suggestions', async () => {
    const { client } = await setup(undefined, { chats: ONE_EXCHANGE });
    expect(await conversation().findByText('What did we spend?')).toBeVisible();
    expect(conversation().queryByText(GREETING)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(await conversation().findByText(GREETING)).toBeVisible();
    expect(conversation().queryByText('What did we spend?')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Suggested questions' })).getByRole('button', { name: STARTERS[1] }),
    ).toBeVisible();
    expect(portalChat(client).$chat.get().chatId).toBe('chat-2');
  });

  it("given a restored empty chat named by the server, then the header reads 'Start a new chat' until the first question, and then names the chat after it", async () => {
    const empty = storedChat('c-empty', [], { chatName: 'New chat', followup: ['Which subscription costs the most?'] });
    const { client } = await setup(undefined, { chats: [empty] });
    await ready(client);
    expect(chatTitle()).toHaveTextContent(/^Start a new chat$/);
    expect(
      within(screen.getByRole('group', { name: 'Suggested questions' })).getByRole('button', {
        name: 'Which subscription costs the most?',
      }),
    ).toBeVisible();
    await userEvent.type(input(), 'Azure costs by month{Enter}');
    await waitFor(() => expect(chatTitle()).toHaveTextContent(/^Azure costs by month$/));
    await waitFor(() => expect(input()).toBeEnabled());
    expect(chatTitle()).toHaveTextContent(/^Azure costs by month$/);
  });
});

describe('AssistantChat — not enabled (spec §5)', () => {
  it('given no dataset, then the not-enabled text shows instead of the intro, and sending toasts it without a call', async () => {
    const { fetch, client } = await setup(undefined, { datasets: 'none' });
    expect(await screen.findByText(NOT_ENABLED)).toBeVisible();
    expect(screen.queryByText(SUBTITLE)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Dataset' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
    await userEvent.type(input(), 'Hello');
    await userEvent.click(sendButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ENABLED);
    expect(fetch.calls.some((c) => c.startsWith(`POST ${CHAT}`))).toBe(false);
    expect(portalChat(client).$chat.get().messages).toEqual([]);
    expect(input()).toHaveValue('Hello');
  });
});

describe('AssistantChat — the input (spec §5 "Chat message")', () => {
  it('counts characters, n / 2000, and Send is disabled while empty or whitespace only', async () => {
    const { client } = await setup();
    await ready(client);
    expect(screen.getByText('0 / 2000')).toBeVisible();
    expect(sendButton()).toBeDisabled();
    await userEvent.type(input(), '   ');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByText('3 / 2000')).toBeVisible();
    await userEvent.clear(input());
    await userEvent.type(input(), 'Hello');
    expect(screen.getByText('5 / 2000')).toBeVisible();
    expect(sendButton()).toBeEnabled();
    expect(input()).toHaveAttribute('maxlength', '2000');
    expect(input()).toHaveAccessibleDescription('5 / 2000');
  });

  it('sends on Enter and clears the input; Shift+Enter adds a line without sending', async () => {
    const { client, chatbot } = await setup();
    await ready(client);
    await userEvent.type(input(), 'first line{Shift>}{Enter}{/Shift}second line');
    expect(input()).toHaveValue('first line\nsecond line');
    expect(chatbot.questions).toHaveLength(0);
    await userEvent.type(input(), '{Enter}');
    expect(input()).toHaveValue('');
    await waitFor(() => expect(chatbot.questions.map((q) => q.question)).toEqual(['first line\nsecond line']));
    expect(
      await conversation().findByText('first line second line', {
        selector: 'li[data-sender="user"] p',
        normalizer: (s) => s.replace(/\s+/g, ' '),
      }),
    ).toBeVisible();
  });

  describe('screenshot (spec §3 data.screenshot, §5 "Send is disabled when the text is empty and there is no screenshot")', () => {
    const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const image = (name = 'shot.png', type = 'image/png', bytes: BlobPart = PNG) => new File([bytes], name, { type });
    const attachButton = () => screen.getByRole('button', { name: 'Attach screenshot' });
    const fileInput = () => document.querySelector<HTMLInputElement>('[part="composer"] input[type="file"]')!;

    it('given an empty input, when a PNG is attached, then it shows as a preview, Send is enabled, and sending it shows it in the bubble and sends it', async () => {
      const { client, chatbot } = await setup();
      await ready(client);
      expect(sendButton()).toBeDisabled();
      expect(fileInput()).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
      await userEvent.upload(fileInput(), image());
      const preview = await screen.findByRole('img', { name: 'Screenshot to send' });
      expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
      expect(sendButton()).toBeEnabled();
      await userEvent.click(sendButton());
      expect(screen.queryByRole('img', { name: 'Screenshot to send' })).not.toBeInTheDocument();
      expect(await conversation().findByRole('img', { name: 'Attached screenshot' })).toHaveAttribute(
        'src',
        preview.getAttribute('src'),
      );
      await waitFor(() => expect(chatbot.questions).toHaveLength(1));
      expect(chatbot.questions[0]).toMatchObject({ question: '', screenshot: preview.getAttribute('src') });
    });

    it('given a question and a screenshot, when sent with Enter, then both go out together', async () => {
      const { client, chatbot } = await setup();
      await ready(client);
      await userEvent.upload(fileInput(), image('shot.jpg', 'image/jpeg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0])));
      await screen.findByRole('img', { name: 'Screenshot to send' });
      await userEvent.type(input(), 'What is this chart?{Enter}');
      await waitFor(() => expect(chatbot.questions).toHaveLength(1));
      expect(chatbot.questions[0]).toMatchObject({
        question: 'What is this chart?',
        screenshot: expect.stringMatching(/^data:image\/jpeg;base64,/),
      });
    });

    it("given a GIF, then 'Attach a PNG, JPEG or WebP image.' shows and nothing is attached", async () => {
      const { client } = await setup();
      await ready(client);
      await userEvent.setup({ applyAccept: false }).upload(fileInput(), image('anim.gif', 'image/gif'));
      expect(await screen.findByRole('alert')).toHaveTextContent('Attach a PNG, JPEG or WebP image.');
      expect(screen.queryByRole('img', { name: 'Screenshot to send' })).not.toBeInTheDocument();
      expect(sendButton()).toBeDisabled();
      expect(attachButton()).toHaveAccessibleDescription('Attach a PNG, JPEG or WebP image.');
    });

    it("given an image over 2 MB, then 'The screenshot is larger than 2 MB.' shows", async () => {
      const { client } = await setup();
      await ready(client);
      await userEvent.upload(fileInput(), image('big.png', 'image/png', new Uint8Array(2 * 1024 * 1024 + 1)));
      expect(await screen.findByRole('alert')).toHaveTextContent('The screenshot is larger than 2 MB.');
      expect(screen.queryByRole('img', { name: 'Screenshot to send' })).not.toBeInTheDocument();
    });

    it('given an attached screenshot, when Remove screenshot is pressed, then the preview goes, Send is disabled again and focus returns to the input', async () => {
      const { client } = await setup();
      await ready(client);
      await userEvent.upload(fileInput(), image());
      await screen.findByRole('img', { name: 'Screenshot to send' });
      await userEvent.click(screen.getByRole('button', { name: 'Remove screenshot' }));
      expect(screen.queryByRole('img', { name: 'Screenshot to send' })).not.toBeInTheDocument();
      expect(sendButton()).toBeDisabled();
      expect(input()).toHaveFocus();
    });

    it('given an image on the clipboard, when pasted into the input, then it is attached; pasted text stays text', async () => {
      const { client } = await setup();
      await ready(client);
      const paste = (files: File[], text: string) =>
        fireEvent.paste(input(), {
          clipboardData: { files, getData: (type: string) => (type === 'text/plain' ? text : '') },
        });
      paste([image()], '');
      expect(await screen.findByRole('img', { name: 'Screenshot to send' })).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Remove screenshot' }));
      paste([image()], 'Cost table');
      expect(screen.queryByRole('img', { name: 'Screenshot to send' })).not.toBeInTheDocument();
    });

    it('given an answer generating, then Attach screenshot is disabled', async () => {
      const answer = gate();
      const { client } = await setup(undefined, { holds: { generate: answer.held } });
      await ready(client);
      await userEvent.type(input(), 'How much?{Enter}');
      expect(attachButton()).toBeDisabled();
      answer.open();
      await waitFor(() => expect(attachButton()).toBeEnabled());
    });

    it('given a restored chat whose question carried a screenshot, then the bubble shows it', async () => {
      const shot = 'data:image/png;base64,iVBORw0KGgoAAAAA';
      const chat = storedChat('c-shot', [['', 'I cannot read screenshots yet.']]);
      chat.messages[0]!.data = { screenshot: shot };
      const { client } = await setup(undefined, { chats: [chat] });
      await ready(client);
      expect(await conversation().findByRole('img', { name: 'Attached screenshot' })).toHaveAttribute('src', shot);
    });
  });

  it('disables the input while the answer generates — Stop, enabled and focused, takes Send’s place (issue 40 §2) — and enables them after it', async () => {
    const answer = gate();
    const { client } = await setup(undefined, { holds: { generate: answer.held } });
    await ready(client);
    await userEvent.type(input(), 'How much?{Enter}');
    expect(input()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop' })).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Dataset' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Conversation' })).toHaveAttribute('aria-busy', 'true');
    answer.open();
    await waitFor(() => expect(input()).toBeEnabled());
    await userEvent.type(input(), 'x');
    expect(sendButton()).toBeEnabled();
  });

  it('gives focus back to the input after the answer when Send was clicked', async () => {
    const answer = gate();
    const { client } = await setup(undefined, { holds: { generate: answer.held } });
    await ready(client);
    await userEvent.type(input(), 'Costs?');
    await userEvent.click(sendButton());
    expect(input()).toBeDisabled();
    answer.open();
    // Enabled, then focused in the render after: wait for both.
    await waitFor(() => {
      expect(input()).toBeEnabled();
      expect(input()).toHaveFocus();
    });
  });

  it('lets the user type while the chat restores, but not send', async () => {
    // The restore answers late enough that typing (slow on a loaded machine) always ends before it.
    const { client } = await setup(undefined, { delays: { restore: 1500 } });
    await waitFor(() => expect(portalChat(client).$chat.get().status).toBe('restoring'));
    expect(screen.getByText('Loading the chat')).toBeInTheDocument();
    await userEvent.type(input(), 'Early question');
    expect(portalChat(client).$chat.get().status).toBe('restoring');
    expect(sendButton()).toBeDisabled();
    await waitFor(() => expect(portalChat(client).$chat.get().status).toBe('ready'), { timeout: 3000 });
    expect(sendButton()).toBeEnabled();
  });

  it('puts the sanitized question in a user bubble with the initials of the signed-in user', async () => {
    const { client, chatbot } = await setup();
    await ready(client);
    await userEvent.type(input(), '<b onclick="alert(1)">Costs</b> by month{Enter}');
    const bubble = (
      await conversation().findByText('Costs by month', { selector: 'li[data-sender="user"] p' })
    ).closest('li')!;
    expect(within(bubble).getByText('AL')).toBeInTheDocument();
    expect(bubble.querySelector('b')).toBeNull();
    await waitFor(() => expect(chatbot.questions[0]?.question).toBe('Costs by month'));
  });
});

describe('AssistantChat — answers (spec §2)', () => {
  it('renders the answer as Markdown with a table and links, the related link with its description, the cost, and is axe clean', async () => {
    const { client } = await setup();
    await ready(client);
    await userEvent.type(input(), 'Azure costs{Enter}');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Subscription' })).toBeVisible();
    expect(within(table).getByRole('cell', { name: '12,480.00' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Table' })).toContainElement(table);
    const external = screen.getByRole('link', { name: 'Azure pricing page' });
    expect(external).toHaveAttribute('href', 'https://azure.microsoft.com/pricing/');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const related = screen.getByRole('link', { name: 'Cost Analysis' });
    expect(related).toHaveAttribute('href', '/billing/azure/cost-analysis');
    expect(related).not.toHaveAttribute('target');
    expect(screen.getByText('Azure / Cost Analysis')).toBeVisible();
    expect(screen.getByText(COST_LINK.description)).toBeVisible();
    expect(screen.getByText('Chat cost: $0.0125')).toBeVisible();
    await expectNoAxeViolations();
  });

  it('a conversation with several tables and related links is axe clean, and page mode has no Close chat', async () => {
    const answer = (n: number) => `Answer ${n}\n\n| A | B |\n| --- | --- |\n| ${n} | ${n + 1} |`;
    const { client } = await setup(undefined, {
      chats: [
        storedChat('c1', [
          ['One?', answer(1), [COST_LINK]],
          ['Two?', answer(2), [COST_LINK]],
          ['Three?', answer(3), [COST_LINK]],
        ]),
      ],
    });
    await ready(client);
    await waitFor(() => expect(screen.getAllByRole('table')).toHaveLength(3));
    expect(screen.getAllByRole('link', { name: 'Cost Analysis' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Close chat' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('cuts a related link description at 220 characters plus an ellipsis', async () => {
    const long = 'A'.repeat(200) + 'B'.repeat(30) + 'C'.repeat(50);
    const link: RelatedLink = { url: '/azure/budgets', path: 'Azure / Budgets', name: 'Budgets', description: long };
    const { client } = await setup(undefined, { chats: [storedChat('c1', [['Budgets?', 'See budgets.', [link]]])] });
    await ready(client);
    expect(screen.getByText('A'.repeat(200) + 'B'.repeat(20) + '\u2026')).toBeVisible();
    expect(screen.queryByText(long)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Budgets' })).toHaveAttribute('href', '/billing/azure/budgets');
  });

  it('routes related links under the content prefix, and lets the host route them itself', async () => {
    const onLinkChosen = vi.fn(() => true);
    const { client } = await setup(<AssistantChat mode="page" contentPrefix="portal" onLinkChosen={onLinkChosen} />, {
      chats: ONE_EXCHANGE,
    });
    await ready(client);
    const link = screen.getByRole('link', { name: 'Cost Analysis' });
    expect(link).toHaveAttribute('href', '/portal/azure/cost-analysis');
    // fireEvent answers false when the click's default action (the navigation) was cancelled.
    expect(fireEvent.click(link)).toBe(false);
    expect(onLinkChosen).toHaveBeenCalledWith(COST_LINK);
  });

  it('offers follow-ups as suggestions after the answer; clicking one asks it', async () => {
    const { client, chatbot } = await setup();
    await ready(client);
    await userEvent.type(input(), 'Azure costs{Enter}');
    const suggestions = await screen.findByRole('group', { name: 'Suggested questions' });
    await userEvent.click(within(suggestions).getByRole('button', { name: 'How did costs change last month?' }));
    await waitFor(() =>
      expect(chatbot.questions.map((q) => q.question)).toEqual(['Azure costs', 'How did costs change last month?']),
    );
  });

  it("on HTTP 429, then the rate-limit text is the assistant's message and the input is enabled again", async () => {
    const { client } = await setup(undefined, { failures: { generate: 429 } });
    await ready(client);
    await userEvent.type(input(), 'Hello{Enter}');
    expect(await conversation().findByText(RATE_LIMITED)).toBeVisible();
    expect(conversation().getByText(RATE_LIMITED).closest('li')).toHaveAttribute('data-type', 'error');
    expect(input()).toBeEnabled();
  });

  describe('HTTP 429 with Retry-After (spec §8, §9 "Assistant rate limit")', () => {
    /** Lets the fake server's answer and the store settle without moving the fake clock. */
    async function settle(done: () => boolean) {
      for (let i = 0; i < 100 && !done(); i++) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    }
    const countdown = () => screen.queryByRole('timer');

    it('given a 429 with Retry-After: 3, then the rate-limit text, the question back in the input, Send disabled while 3, 2, 1 seconds count down, and enabled at the end', async () => {
      const { client, fetch } = await setup(undefined, {
        failures: { generate: 429 },
        failureHeaders: { generate: { 'Retry-After': '3' } },
      });
      await ready(client);
      await userEvent.type(input(), 'What did we spend?');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      fireEvent.keyDown(input(), { key: 'Enter' });
      await settle(() => countdown() !== null);
      expect(conversation().getByText(RATE_LIMITED)).toBeVisible();
      expect(countdown()).toHaveTextContent('You can ask again in 3 seconds.');
      expect(input()).toHaveValue('What did we spend?');
      expect(input()).toBeEnabled();
      expect(sendButton()).toBeDisabled();
      expect(sendButton()).toHaveAccessibleDescription('You can ask again in 3 seconds.');
      act(() => vi.advanceTimersByTime(1000));
      expect(countdown()).toHaveTextContent('You can ask again in 2 seconds.');
      act(() => vi.advanceTimersByTime(1000));
      expect(countdown()).toHaveTextContent('You can ask again in 1 second.');
      expect(sendButton()).toBeDisabled();
      fireEvent.keyDown(input(), { key: 'Enter' });
      expect(count(fetch.calls, `POST ${CHAT}/generate`)).toBe(1);
      act(() => vi.advanceTimersByTime(1000));
      expect(countdown()).not.toBeInTheDocument();
      expect(sendButton()).toBeEnabled();
      expect(input()).toHaveValue('What did we spend?');
      expect(conversation().getByText(RATE_LIMITED)).toBeVisible();
    });

    it('given the countdown runs, then the quick starts and suggestions do not ask either', async () => {
      const { client, fetch } = await setup(undefined, {
        failures: { generate: 429 },
        failureHeaders: { generate: { 'Retry-After': '30' } },
      });
      await ready(client);
      await userEvent.click(
        within(screen.getByRole('group', { name: 'Suggested questions' })).getByRole('button', { name: STARTERS[0] }),
      );
      expect(await screen.findByRole('timer')).toHaveTextContent('You can ask again in 30 seconds.');
      expect(count(fetch.calls, `POST ${CHAT}/generate`)).toBe(1);
      await userEvent.click(screen.getByRole('button', { name: 'New Chat' }));
      expect(await screen.findByRole('button', { name: 'Company Overview Azure' })).toBeDisabled();
      expect(
        within(screen.getByRole('group', { name: 'Suggested questions' })).getByRole('button', { name: STARTERS[0] }),
      ).toBeDisabled();
      expect(screen.getByRole('timer')).toBeVisible();
      expect(input()).toHaveValue(STARTERS[0]);
    });
  });

  it('on another error, then the generic text, and the input is enabled again', async () => {
    const { client } = await setup(undefined, { failures: { generate: 500 } });
    await ready(client);
    await userEvent.type(input(), 'Hello{Enter}');
    expect(await conversation().findByText(GENERIC)).toBeVisible();
    expect(input()).toBeEnabled();
    await expectNoAxeViolations();
  });

  it('reports the question sent and the answer received', async () => {
    const onMessageSent = vi.fn();
    const onAnswerReceived = vi.fn();
    const { client } = await setup(
      <AssistantChat mode="page" onMessageSent={onMessageSent} onAnswerReceived={onAnswerReceived} />,
    );
    await ready(client);
    await userEvent.type(input(), 'Azure costs{Enter}');
    expect(onMessageSent).toHaveBeenCalledWith({ question: 'Azure costs', dataset: 'all' });
    await waitFor(() => expect(onAnswerReceived).toHaveBeenCalledTimes(1));
    expect(onAnswerReceived.mock.calls[0]![0].message).toMatchObject({
      sender: 'assistant',
      relatedLinks: [COST_LINK],
    });
  });
});

describe('AssistantChat — timing (spec §9)', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => undefined) },
      configurable: true,
    });
  });

  it("copies an answer and shows 'Copied' for 500 ms", async () => {
    const { client } = await setup(undefined, { chats: ONE_EXCHANGE });
    await ready(client);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const copy = screen.getByRole('button', { name: 'Copy' });
    await act(async () => {
      fireEvent.click(copy);
    });
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('We spent **USD 12,480**.');
    expect(screen.getByText('Copied')).toBeVisible();
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByText('Copied')).toBeVisible();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });

  it('shows tooltips after 1000 ms', async () => {
    const { client } = await setup();
    await ready(client);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'New Chat' }));
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('New Chat');
  });

  /** The frame after the answer renderer is ready: where the scroll to the latest question is drawn. */
  const nextFrame = () => act(() => vi.advanceTimersByTimeAsync(16));
  const SCROLL_TIMERS = { toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] } as const;

  it('scrolls to the latest user message 250 ms after it is sent, in the frame the conversation is drawn in', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    try {
      const { client } = await setup(undefined, { chats: ONE_EXCHANGE, delays: { generate: 3_600_000 } });
      await ready(client);
      await loadMarkdown();
      vi.useFakeTimers({ toFake: [...SCROLL_TIMERS.toFake] });
      fireEvent.change(input(), { target: { value: 'And last month?' } });
      fireEvent.keyDown(input(), { key: 'Enter' });
      await act(() => vi.advanceTimersByTimeAsync(249));
      expect(scrolled).toHaveLength(0);
      act(() => vi.advanceTimersByTime(1));
      await nextFrame();
      expect(scrolled).toHaveLength(1);
      expect(scrolled[0]).toHaveTextContent('And last month?');
      expect(scrolled[0]).toHaveAttribute('data-sender', 'user');
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('scrolls smoothly over a short way and jumps over more than two screens', async () => {
    const calls: { sender: string | null; behavior: ScrollBehavior | undefined }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      calls.push({
        sender: this.getAttribute('data-sender'),
        behavior: typeof options === 'object' ? options.behavior : undefined,
      });
    });
    // The conversation is 600 px high; the latest question stands 900 px, then 1,300 px below its top.
    let questionTop = 900;
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.getAttribute('data-sender') === 'user' ? questionTop : 0;
      return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) };
    });
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    try {
      const { client } = await setup(undefined, { chats: ONE_EXCHANGE });
      await ready(client);
      await loadMarkdown();
      vi.useFakeTimers({ toFake: [...SCROLL_TIMERS.toFake] });
      const ask = async (question: string) => {
        fireEvent.change(input(), { target: { value: question } });
        fireEvent.keyDown(input(), { key: 'Enter' });
        act(() => vi.advanceTimersByTime(250));
        await nextFrame();
      };
      await ask('And last month?');
      expect(calls.at(-1)).toEqual({ sender: 'user', behavior: 'smooth' });
      vi.useRealTimers();
      await waitFor(() => expect(portalChat(client).$chat.get().status).toBe('ready'));
      questionTop = 1_300;
      vi.useFakeTimers({ toFake: [...SCROLL_TIMERS.toFake] });
      await ask('And the month before?');
      expect(calls.at(-1)).toEqual({ sender: 'user', behavior: 'auto' });
    } finally {
      Element.prototype.scrollIntoView = original;
      rect.mockRestore();
      height.mockRestore();
    }
  });

  it('given an error answer drawn below the conversation, then its end is brought into view once drawn', async () => {
    // The conversation's bottom edge at 600 px; the error answer's end at 760 px below its top.
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const bottom = this.getAttribute('data-type') === 'error' ? 760 : this.localName === 'li' ? 400 : 600;
      return { top: 0, bottom, left: 0, right: 0, width: 0, height: bottom, x: 0, y: 0, toJSON: () => ({}) };
    });
    try {
      const { client } = await setup(undefined, { chats: ONE_EXCHANGE, failures: { generate: 429 } });
      await ready(client);
      const scroller = screen.getByRole('region', { name: 'Conversation' });
      scroller.scrollTop = 0;
      fireEvent.change(input(), { target: { value: 'And last month?' } });
      fireEvent.keyDown(input(), { key: 'Enter' });
      await within(scroller).findByText(/limiting requests right now/);
      await waitFor(() => expect(scroller.scrollTop).toBe(160));
    } finally {
      rect.mockRestore();
    }
  });

  it('clears the conversation when the dataset changes and creates one chat after 300 ms of quiet', async () => {
    const { client, fetch } = await setup(undefined, { chats: ONE_EXCHANGE });
    await ready(client);
    expect(conversation().getByText('What did we spend?')).toBeVisible();
    const creates = count(fetch.calls, `POST ${CHAT}/create`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByRole('combobox', { name: 'Dataset' }), { target: { value: 'm365' } });
    expect(conversation().queryByText('What did we spend?')).not.toBeInTheDocument();
    expect(screen.getByText(SUBTITLE)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Company Overview M365' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Company Overview Azure' })).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Dataset' }), { target: { value: 'azure' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(count(fetch.calls, `POST ${CHAT}/create`)).toBe(creates);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(count(fetch.calls, `POST ${CHAT}/create`)).toBe(creates + 1);
    vi.useRealTimers();
    await waitFor(() => expect(portalChat(client).$chat.get()).toMatchObject({ chatId: 'chat-2', dataset: 'azure' }));
  });
});

describe('AssistantChat — screen readers', () => {
  it("announces that the assistant is answering, then the finished answer's text, once each", async () => {
    const { client } = await setup(undefined, {
      delays: { generate: 40 },
      answer: () => ({ response: 'Costs rose by **4%** in [May](https://example.com/may).' }),
    });
    await ready(client);
    const heard: string[] = [];
    const observer = new MutationObserver(() => {
      const text = announcer().textContent ?? '';
      if (text && text !== heard.at(-1)) heard.push(text);
    });
    observer.observe(announcer(), { childList: true, characterData: true, subtree: true });
    await userEvent.type(input(), 'Costs?{Enter}');
    await waitFor(() => expect(heard).toEqual(['The assistant is answering', 'Costs rose by 4% in May.']));
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
    expect(heard).toEqual(['The assistant is answering', 'Costs rose by 4% in May.']);
    expect(announcer()).toHaveAttribute('aria-live', 'polite');
  });

  it('announces the error text when the answer failed', async () => {
    const { client } = await setup(undefined, { failures: { generate: 429 } });
    await ready(client);
    await userEvent.type(input(), 'Hi{Enter}');
    await waitFor(() => expect(announcer()).toHaveTextContent(RATE_LIMITED));
  });
});

describe('AssistantChat — restore and history (spec §4)', () => {
  it('restores the latest chat on open, and selecting a history item restores that chat', async () => {
    const chats = [
      storedChat('c1', [['Older question', 'Older answer']], { chatName: 'Older chat' }),
      storedChat('c2', [['Latest question', 'Latest answer']], { chatName: 'Latest chat' }),
    ];
    const { client } = await setup(undefined, { chats });
    expect(await conversation().findByText('Latest question')).toBeVisible();
    expect(screen.getByText('Latest chat', { selector: '[part="chat-title"]' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Chat history' }));
    const history = await screen.findByRole('region', { name: 'Chat history' });
    expect(await within(history).findByRole('button', { name: 'Latest chat just now' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await userEvent.click(within(history).getByRole('button', { name: 'Older chat just now' }));
    expect(await conversation().findByText('Older question')).toBeVisible();
    expect(conversation().queryByText('Latest question')).not.toBeInTheDocument();
    expect(portalChat(client).$chat.get().chatId).toBe('c1');
    expect(screen.queryByRole('region', { name: 'Chat history' })).not.toBeInTheDocument();
  });

  it('given the history list open, when an answer arrives, then the list is loaded again, not left on its skeleton', async () => {
    const chats = [storedChat('c1', [['Older question', 'Older answer']], { chatName: 'Older chat' })];
    const { client } = await setup(undefined, { chats });
    await ready(client);
    await userEvent.click(screen.getByRole('button', { name: 'Chat history' }));
    const history = await screen.findByRole('region', { name: 'Chat history' });
    expect(await within(history).findByRole('button', { name: 'Older chat just now' })).toBeVisible();
    // An answer arrives while the list is open (spec §4: the history cache resets after a reply).
    await portalChat(client).send('Costs?');
    await waitFor(() => expect(within(history).queryByRole('status')).not.toBeInTheDocument());
    expect(await within(history).findByRole('button', { name: 'Older chat just now' })).toBeVisible();
  });

  it('shows a skeleton while the history loads, then the groups THIS WEEK, LAST WEEK, THIS MONTH, OLDER, and is axe clean', async () => {
    const answer = gate();
    const { client } = await setup(undefined, { history: groupedHistory(), holds: { history: answer.held } });
    await ready(client);
    await userEvent.click(screen.getByRole('button', { name: 'Chat history' }));
    expect(screen.getByRole('button', { name: 'Chat history' })).toHaveAttribute('aria-expanded', 'true');
    const history = screen.getByRole('region', { name: 'Chat history' });
    expect(within(history).getByRole('status')).toHaveTextContent('Loading chat history');
    answer.open();
    await waitFor(() =>
      expect(
        within(history)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['THIS WEEK', 'LAST WEEK', 'THIS MONTH', 'OLDER']),
    );
    const thisWeek = within(history).getByRole('region', { name: 'THIS WEEK' });
    expect(within(thisWeek).getByRole('button', { name: 'Azure spend this month yesterday' })).toBeVisible();
    // A chat without a name shows its first question.
    expect(within(thisWeek).getByRole('button', { name: 'Which M365 licences are unused? 3 days ago' })).toBeVisible();
    const older = within(history).getByRole('region', { name: 'OLDER' });
    expect(within(older).getAllByRole('listitem')).toHaveLength(2);
    await expectNoAxeViolations();
  });

  it("given no chats, then 'No chat history available'", async () => {
    const { client } = await setup(undefined, { history: [] });
    await ready(client);
    await userEvent.click(screen.getByRole('button', { name: 'Chat history' }));
    expect(await screen.findByText('No chat history available')).toBeVisible();
  });

  it('closes the list on Escape and returns focus to its button', async () => {
    const { client } = await setup(undefined, { history: [] });
    await ready(client);
    await userEvent.click(screen.getByRole('button', { name: 'Chat history' }));
    await screen.findByText('No chat history available');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Chat history' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat history' })).toHaveFocus();
  });

  it('deleting the open chat toasts and starts a new one', async () => {
    const { client, fetch } = await setup(undefined, { chats: ONE_EXCHANGE });
    await ready(client);
    await userEvent.click(screen.getByRole('button', { name: 'Chat history' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete What did we spend?' }));
    expect(await screen.findByText('Chat deleted successfully')).toBeVisible();
    await waitFor(() => expect(screen.getByText(SUBTITLE)).toBeVisible());
    expect(conversation().queryByText('What did we spend?')).not.toBeInTheDocument();
    expect(fetch.calls).toContain(`DELETE ${CHAT}/history/c1`);
    expect(count(fetch.calls, `POST ${CHAT}/create`)).toBe(1);
    expect(screen.getByText('No chat history available')).toBeVisible();
  });

  it('New Chat starts an empty chat with the intro', async () => {
    const { client } = await setup(undefined, { chats: ONE_EXCHANGE });
    await ready(client);
    await userEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(await screen.findByText(SUBTITLE)).toBeVisible();
    await waitFor(() => expect(portalChat(client).$chat.get().chatId).toBe('chat-2'));
  });
});

describe('AssistantChat — rename (spec §5 "Chat rename", §8)', () => {
  async function openRename() {
    const chats = [storedChat('c1', [['What did we spend?', 'Answer']], { chatName: 'Azure spend' })];
    const view = await setup(undefined, { chats });
    await ready(view.client);
    await userEvent.click(screen.getByRole('button', { name: 'Chat history' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Azure spend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename chat' });
    return {
      ...view,
      dialog,
      field: within(dialog).getByRole('textbox', { name: 'Chat name' }),
      rename: within(dialog).getByRole('button', { name: 'Rename' }),
    };
  }

  it('renames with a valid name: the toast, the new name in the list and the header', async () => {
    const { dialog, field, rename, fetch } = await openRename();
    expect(field).toHaveValue('Azure spend');
    expect(field).toHaveFocus();
    expect(rename).toBeDisabled();
    await userEvent.clear(field);
    await userEvent.type(field, '  Azure costs  ');
    expect(rename).toBeEnabled();
    await expectNoAxeViolations();
    await userEvent.click(rename);
    expect(await screen.findByText('Chat renamed successfully')).toBeVisible();
    expect(dialog).not.toBeInTheDocument();
    expect(fetch.calls).toContain(`PUT ${CHAT}/history/c1`);
    expect(screen.getByRole('button', { name: /^Azure costs/ })).toBeVisible();
    expect(screen.getByText('Azure costs', { selector: '[part="chat-title"]' })).toBeVisible();
  });

  it("refuses an empty or blank name with 'Chat name is required'", async () => {
    const { field, rename } = await openRename();
    await userEvent.clear(field);
    expect(within(screen.getByRole('dialog', { name: 'Rename chat' })).getByRole('alert')).toHaveTextContent(
      'Chat name is required',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(rename).toBeDisabled();
    await userEvent.type(field, '   ');
    expect(rename).toBeDisabled();
    expect(screen.getByText('Chat name is required')).toBeVisible();
    await expectNoAxeViolations();
  });

  it('closes without a call when the name is unchanged after trimming (Enter)', async () => {
    const { field, rename, fetch, dialog } = await openRename();
    await userEvent.type(field, '  ');
    expect(rename).toBeDisabled();
    await userEvent.type(field, '{Enter}');
    expect(dialog).not.toBeInTheDocument();
    expect(fetch.calls.some((c) => c.startsWith('PUT '))).toBe(false);
  });

  it("on failure toasts 'Failed to rename chat' and keeps the dialog open", async () => {
    const chats = [storedChat('c1', [['Q', 'A']], { chatName: 'Azure spend' })];
    const { client } = await setup(undefined, { chats, failures: { rename: 500 } });
    await ready(client);
    await userEvent.click(screen.getByRole('button', { name: 'Chat history' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Azure spend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename chat' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Chat name' }), ' 2{Enter}');
    expect(await screen.findByText('Failed to rename chat')).toBeVisible();
    expect(dialog).toBeInTheDocument();
  });
});

describe('AssistantChat — too-long tip (spec §4, §9)', () => {
  const pairs = (n: number) =>
    Array.from({ length: n }, (_, i) => [`Question ${i + 1}`, `Answer ${i + 1}`] as [string, string]);

  it('shows at 15 user messages, not at 14', async () => {
    const { client } = await setup(undefined, {
      chats: [storedChat('c1', pairs(14))],
      delays: { generate: 3_600_000 },
    });
    await ready(client);
    expect(screen.queryByText(TOO_LONG)).not.toBeInTheDocument();
    await userEvent.type(input(), 'Question 15{Enter}');
    expect(await screen.findByText(TOO_LONG)).toBeVisible();
  });

  it('can be dismissed and shows again after the next reply', async () => {
    const answer = gate();
    const { client } = await setup(undefined, {
      chats: [storedChat('c1', pairs(15))],
      holds: { generate: answer.held },
    });
    await ready(client);
    const tip = screen.getByRole('note');
    expect(tip).toHaveTextContent(TOO_LONG);
    await userEvent.click(within(tip).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(TOO_LONG)).not.toBeInTheDocument();
    await userEvent.type(input(), 'One more{Enter}');
    expect(screen.queryByText(TOO_LONG)).not.toBeInTheDocument();
    answer.open();
    await waitFor(() => expect(input()).toBeEnabled());
    expect(screen.getByText(TOO_LONG)).toBeVisible();
  });
});

describe('AssistantChat — dialog mode (spec §2)', () => {
  it('opens from the floating Assistant button, reports opened/closed, closes with Close chat and gives focus back', async () => {
    const onOpened = vi.fn();
    const onClosed = vi.fn();
    const { client } = await setup(<AssistantChat launcher="floating" onOpened={onOpened} onClosed={onClosed} />);
    const launcher = screen.getByRole('button', { name: 'Assistant' });
    expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(launcher);
    const dialog = await screen.findByRole('dialog', { name: 'Cloud Assistant' });
    expect(onOpened).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('textbox', { name: 'Ask the assistant' })).toHaveFocus();
    await ready(client);
    expect(within(dialog).getByText(SUBTITLE)).toBeVisible();
    await expectNoAxeViolations();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(launcher).toHaveFocus();
  });

  it('Escape in the history list closes the list, not the dialog; Escape again closes the dialog', async () => {
    const onOpenChange = vi.fn();
    const { client } = await setup(<AssistantChat defaultOpen onOpenChange={onOpenChange} />, { history: [] });
    await ready(client);
    await userEvent.click(screen.getByRole('button', { name: 'Chat history' }));
    await screen.findByText('No chat history available');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByText('No chat history available')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cloud Assistant' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is controlled by open/onOpenChange, and the navbar launcher is an icon button named Assistant', async () => {
    const { rerender, client } = await setup(<AssistantChat open={false} launcher="navbar" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assistant' })).toHaveAttribute('aria-haspopup', 'dialog');
    rerender(
      <PortalProvider client={client}>
        <AssistantChat open launcher="navbar" />
      </PortalProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Cloud Assistant' })).toBeVisible();
    expect(screen.getByRole('dialog')).toHaveClass('cp-assistant-dialog');
  });
});

describe('AssistantChat — performance', () => {
  it('appending an answer to a 200-message conversation renders only the new rows', async () => {
    const pairs = Array.from({ length: 100 }, (_, i) => [`Question ${i}`, `Answer ${i}`] as [string, string]);
    const lookups: string[] = [];
    const wrap = (client: PortalClient): PortalClient => {
      const t: Translate = (key, params) => {
        lookups.push(key);
        return client.t(key, params);
      };
      return { ...client, t };
    };
    const { client } = await setup(undefined, { chats: [storedChat('c1', pairs)], wrap });
    await ready(client);
    await screen.findByText('gpt-4o-mini');
    await waitFor(() => expect(document.querySelectorAll('[data-format="markdown"]')).toHaveLength(100));
    expect(document.querySelectorAll('li[data-sender]')).toHaveLength(200);
    lookups.length = 0;
    await userEvent.type(input(), 'One more{Enter}');
    await waitFor(() => expect(document.querySelectorAll('li[data-sender]')).toHaveLength(202));
    await waitFor(() => expect(input()).toBeEnabled());
    // Each user row looks up its 'You' label when it renders, each answer row its Copy label.
    expect(lookups.filter((k) => k === 'chat.sender.user')).toHaveLength(1);
    // The new answer's row (Copy is its tooltip and its label); the 100 earlier answers stay put.
    expect(lookups.filter((k) => k === 'chat.copy').length).toBeGreaterThan(0);
    expect(lookups.filter((k) => k === 'chat.copy').length).toBeLessThanOrEqual(4);
  }, 20_000); // It counts renders, it does not time them: 200 rows show it as well as 1,000 (bench:chat times 1,000 in Chromium), at a fifth of the cost in jsdom
});

describe('AssistantChat — driven by the host page: the context chip, ask(), prefill()', () => {
  const INVOICE = { title: 'Invoice 4711', data: { invoice: '4711', amount: 1250.5 } };

  it('given a page context, then "Using: Invoice 4711" shows above the composer, goes with the question and shows on it; the visitor removes it, and the focus returns to the input', async () => {
    const { chatbot, client, container } = await setup(<AssistantChat mode="page" context={INVOICE} />);
    await ready(client);
    expect(await screen.findByText('Using: Invoice 4711')).toBeVisible();
    expect(input()).toHaveAccessibleDescription(expect.stringContaining('Using: Invoice 4711'));
    await userEvent.type(input(), 'What is this?{Enter}');
    await waitFor(() => expect(chatbot.questions).toHaveLength(1));
    expect(chatbot.questions[0]!.pageContext).toEqual(INVOICE);
    expect(await conversation().findByText('Using: Invoice 4711')).toBeVisible();
    await ready(client);
    await userEvent.click(screen.getByRole('button', { name: 'Stop using Invoice 4711' }));
    expect(container.querySelector('[part="context-chip"]')).toBeNull();
    expect(input()).toHaveFocus();
    await userEvent.type(input(), 'And now?{Enter}');
    await waitFor(() => expect(chatbot.questions).toHaveLength(2));
    expect(chatbot.questions[1]!.pageContext).toBeUndefined();
    await expectNoAxeViolations(container);
  });

  it('given a context the rules refuse, then no chip shows and onContextRefused says why', async () => {
    const refused = vi.fn();
    const { client } = await setup(
      <AssistantChat mode="page" context={{ title: 'x', data: [1] } as never} onContextRefused={refused} />,
    );
    await ready(client);
    expect(refused).toHaveBeenCalledWith('pageContext.data must be a JSON object ({ "key": value, … }).');
    expect(screen.queryByText(/^Using:/)).toBeNull();
  });

  it('given a closed dialog, when the host asks through the ref, then the dialog opens and the question is answered', async () => {
    const handle = createRef<AssistantChatHandle>();
    const { chatbot } = await setup(<AssistantChat ref={handle} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Not awaited inside act(): the dialog it opens renders only once act() lets React go on.
    let asked!: ReturnType<AssistantChatHandle['ask']>;
    act(() => {
      asked = handle.current!.ask('Which services cost the most?', { context: INVOICE });
    });
    const outcome = await asked;
    expect(outcome).toEqual({ ok: true, answered: true });
    expect(screen.getByRole('dialog')).toBeVisible();
    expect(chatbot.questions.map((q) => [q.question, q.pageContext])).toEqual([
      ['Which services cost the most?', INVOICE],
    ]);
    act(() => handle.current!.close());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when the host prefills, then the composer holds the text, replacing what was typed, and nothing is sent', async () => {
    const handle = createRef<AssistantChatHandle>();
    const { chatbot, client } = await setup(<AssistantChat mode="page" ref={handle} />);
    await ready(client);
    await userEvent.type(input(), 'typed');
    await act(() => handle.current!.prefill('Ask about invoice 4711'));
    await waitFor(() => expect(input()).toHaveValue('Ask about invoice 4711'));
    expect(chatbot.questions).toEqual([]);
  });

  it("when the host asks a question over 2000 characters, then it is refused, and the composer shows it with the limit's message", async () => {
    const handle = createRef<AssistantChatHandle>();
    const { chatbot, client } = await setup(<AssistantChat mode="page" ref={handle} />);
    await ready(client);
    let asked!: ReturnType<AssistantChatHandle['ask']>;
    act(() => {
      asked = handle.current!.ask('x'.repeat(2001));
    });
    const outcome = await asked;
    expect(outcome).toMatchObject({ ok: false, code: 'question-too-long' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Maximum length is 2000 characters.');
    expect(input()).toHaveValue('x'.repeat(2001));
    expect(chatbot.questions).toEqual([]);
  });
});

describe('AssistantChat — a chat taken away: Download chat and exportChat()', () => {
  it('given a conversation, when the visitor downloads it as Markdown or JSON, then the browser saves the transcript; Escape closes the choice and the focus returns', async () => {
    const saved: { name: string; text: Promise<string>; type: string }[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: '', text: blob.text(), type: blob.type });
      return 'blob:transcript';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    const { client, container } = await setup(<AssistantChat mode="page" />, { chats: ONE_EXCHANGE });
    await ready(client);
    const toggle = screen.getByRole('button', { name: 'Download chat' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'As Markdown (.md)' }));
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'As Markdown (.md)' })).toBeNull();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'As JSON (.json)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved.map((s) => [s.name.replace(/\d{4}-\d\d-\d\d/, 'DATE'), s.type])).toEqual([
      ['what-did-we-spend-DATE.md', 'text/markdown;charset=utf-8'],
      ['what-did-we-spend-DATE.json', 'application/json'],
    ]);
    const markdown = await saved[0]!.text;
    expect(markdown).toMatch(/^# What did we spend\?\n/);
    expect(markdown).toContain('> What did we spend?');
    expect(markdown).toContain('We spent **USD 12,480**.');
    expect(markdown).toMatch(/- \[Cost Analysis\]\(http:\/\/localhost(:\d+)?\/billing\/azure\/cost-analysis\)/);
    const json = JSON.parse(await saved[1]!.text) as { messages: { sender: string; text: string }[] };
    expect(json.messages.map((m) => [m.sender, m.text])).toEqual([
      ['user', 'What did we spend?'],
      ['assistant', 'We spent **USD 12,480**.'],
    ]);
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await expectNoAxeViolations(container);
    click.mockRestore();
  });

  it('given a new chat without a question, then there is nothing to download', async () => {
    const { client } = await setup();
    await ready(client);
    expect(screen.getByRole('button', { name: 'Download chat' })).toBeDisabled();
  });

  it('when the host asks for the chat through the ref, then it gets the transcript', async () => {
    const handle = createRef<AssistantChatHandle>();
    const { client } = await setup(<AssistantChat mode="page" ref={handle} />, { chats: ONE_EXCHANGE });
    await ready(client);
    const transcript = await handle.current!.exportChat();
    expect(transcript).toMatchObject({ chatId: 'c1', title: 'What did we spend?', currency: expect.any(String) });
    expect(transcript.messages.map((m) => m.sender)).toEqual(['user', 'assistant']);
  });
});

describe("AssistantChat — the host page's actions: proposed as buttons, run by the host", () => {
  /** An answer that proposes opening `invoice` (as the server checked it). */
  const proposing = (invoice: string) => () => ({
    response: `I can open invoice ${invoice}.`,
    action: { name: 'openInvoice', description: 'Open invoice', arguments: { invoice } },
  });

  it('given registered actions and an answer that proposes one, then its button shows; the click runs the host’s handler with the arguments, and what it answers shows under the button and is stored', async () => {
    const onAction = vi.fn(async () => 'Invoice 4711 opened.');
    const { chatbot, client, container } = await setup(
      <AssistantChat mode="page" actions={[OPEN_INVOICE_ACTION]} onAction={onAction} />,
      { answer: proposing('4711') },
    );
    await ready(client);
    await userEvent.type(input(), 'Open invoice 4711{Enter}');
    const button = await conversation().findByRole('button', { name: 'Open invoice 4711' }, { timeout: 3000 });
    expect(chatbot.questions[0]!.pageActions).toEqual([OPEN_INVOICE_ACTION]);
    expect(onAction).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(onAction).toHaveBeenCalledWith({ name: 'openInvoice', arguments: { invoice: '4711' }, messageId: 'msg-2' });
    expect(await conversation().findByRole('status')).toHaveTextContent('Invoice 4711 opened.');
    expect(chatbot.chats.get(portalChat(client).$chat.get().chatId!)!.messages[1]!.action?.result).toBe(
      'Invoice 4711 opened.',
    );
    await expectNoAxeViolations(container);
  });

  it('given a proposal whose arguments the page’s parameters refuse, then no button shows', async () => {
    const onAction = vi.fn();
    const { client } = await setup(<AssistantChat mode="page" actions={[OPEN_INVOICE_ACTION]} onAction={onAction} />, {
      answer: proposing('47; DROP TABLE'),
    });
    await ready(client);
    await userEvent.type(input(), 'Open it{Enter}');
    await conversation().findByText('I can open invoice 47; DROP TABLE.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(conversation().queryByRole('button', { name: /Open invoice/ })).toBeNull();
    expect(onAction).not.toHaveBeenCalled();
  });

  it('given the page stops offering the action, then its button goes', async () => {
    const onAction = vi.fn();
    const { client, rerender } = await setup(
      <AssistantChat mode="page" actions={[OPEN_INVOICE_ACTION]} onAction={onAction} />,
      { answer: proposing('4711') },
    );
    await ready(client);
    await userEvent.type(input(), 'Open invoice 4711{Enter}');
    await conversation().findByRole('button', { name: 'Open invoice 4711' }, { timeout: 3000 });
    rerender(
      <PortalProvider client={client}>
        <AssistantChat mode="page" actions={[]} onAction={onAction} />
      </PortalProvider>,
    );
    await waitFor(() => expect(conversation().queryByRole('button', { name: 'Open invoice 4711' })).toBeNull());
  });

  it('given no onAction, then a proposal shows no button; given actions the rules refuse, onActionsRefused says why', async () => {
    const refused = vi.fn();
    const { client } = await setup(
      <AssistantChat mode="page" actions={[{ name: 'open invoice', description: 'x' }]} onActionsRefused={refused} />,
      { answer: proposing('4711') },
    );
    await waitFor(() =>
      expect(refused).toHaveBeenCalledWith(
        'pageActions[0].name must be a letter followed by letters, digits or "_", at most 48 characters.',
      ),
    );
    await ready(client);
    await userEvent.type(input(), 'Open invoice 4711{Enter}');
    await conversation().findByText('I can open invoice 4711.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(conversation().queryByRole('button', { name: 'Open invoice 4711' })).toBeNull();
  });
});
