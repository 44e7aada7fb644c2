import type { Chat, PortalClient, RelatedLink } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { isolatedTabs } from '../testing/fakeApi';
import { Toaster } from '../toasts/Toaster';
import { AssistantChat, type AssistantChatProps } from './AssistantChat';
import { AssistantLauncher } from './AssistantLauncher';
import {
  chatFetch,
  COST_LINK,
  fakeChatbot,
  GREETING,
  groupedHistory,
  SAMPLE_SCREENSHOT,
  sampleScreenshotFile,
  storedChat,
  type DatasetSet,
  type FakeChatbotOptions,
  OPEN_INVOICE_ACTION,
} from './testing/fakeChatbot';

const FOREVER = 3_600_000;

const LICENSE_LINK: RelatedLink = {
  url: 'm365/license-usage',
  path: 'Microsoft 365 / Licences / Usage',
  name: 'Licence Usage',
  description:
    'Assigned and unused Microsoft 365 licences per SKU, with the users who have not signed in for 30 days or more, the monthly cost of every unused seat, and a forecast of the savings you would make by removing or reassigning them before the next renewal date of your agreement.',
};

const TABLE_ANSWER = `Your Azure spend for **November** is **USD 15,595.50**, up 2.9% on October.

| Subscription | Owner | Cost (USD) | Change |
| --- | --- | ---: | ---: |
| Production | IT Operations | 12,480.00 | +4.2% |
| Development | Engineering | 3,115.50 | -1.8% |

The increase comes mostly from *Virtual Machines* in West Europe. See the [Azure pricing calculator](https://azure.microsoft.com/pricing/calculator/) to compare reserved prices.`;

const LICENSE_ANSWER = `You have **42 unused licences**:

1. Microsoft 365 E3 — 30 seats
2. Visio Plan 2 — 12 seats

Removing them saves about \`USD 1,260\` a month.`;

const LONG_ANSWER = `## Cost optimisation review

Here is a full review of your Azure estate for the last quarter.

### 1. Compute

- **Right-size** 14 virtual machines running below 10% CPU.
- Move 6 development VMs to an auto-shutdown schedule (weekdays 19:00–07:00).
- Consider [Azure Reservations](https://learn.microsoft.com/azure/cost-management-billing/reservations/) for the 22 VMs that run all month.

| VM size | Count | Avg. CPU | Suggested size | Monthly saving (USD) |
| --- | ---: | ---: | --- | ---: |
| D8s v5 | 6 | 7% | D4s v5 | 1,402.56 |
| E16s v5 | 4 | 9% | E8s v5 | 1,690.24 |
| F4s v2 | 4 | 5% | F2s v2 | 284.16 |

### 2. Storage

> Premium SSD disks attached to stopped VMs still cost money.

1. Delete 9 unattached managed disks (2.3 TB).
2. Move 48 TB of logs older than 90 days to the **Cool** tier.

\`\`\`kusto
Resources
| where type == "microsoft.compute/disks"
| where properties.diskState == "Unattached"
\`\`\`

### 3. Licences

Hybrid Benefit is not applied to **11 Windows Server VMs** that are covered by your Software Assurance. Applying it saves about USD 980 a month.

---

*Estimated total saving: **USD 4,356.96 a month** (about 28%).*`;

const conversation = (extra: Partial<Chat> = {}) =>
  storedChat(
    'c-ada',
    [
      ['What did we spend on Azure in November?', TABLE_ANSWER, [COST_LINK]],
      ['Which Microsoft 365 licences are unused?', LICENSE_ANSWER, [LICENSE_LINK]],
    ],
    {
      chatName: 'November spend',
      followup: ['Which subscription grew the most?', 'Show me the unused licences by department'],
      ...extra,
    },
  );

const tooLong = () =>
  storedChat(
    'c-long',
    Array.from(
      { length: 15 },
      (_, i) =>
        [
          `Question ${i + 1}: how did costs change in week ${i + 1}?`,
          `Costs changed by **${(i % 5) + 1}%** in week ${i + 1}.`,
        ] as [string, string],
    ),
    { chatName: 'Weekly costs' },
  );

/** Story parameters: a signed-in Ada whose tenant has `datasets`, and the chatbot at the network edge. */
function portal(
  options: FakeChatbotOptions = {},
  datasets: DatasetSet = 'all',
  setup?: (client: PortalClient) => void,
) {
  return {
    portal: {
      // A chatbot of its own for each story shown: its chats never carry over to the next story.
      config: () => ({ fetch: chatFetch(fakeChatbot(options), datasets), crossTab: isolatedTabs }),
      setup: (client: PortalClient) => {
        void client.start();
        setup?.(client);
      },
    },
  };
}

function Frame({ width, children }: { width?: number; children: ReactNode }) {
  return (
    <div style={{ height: 680, width: width ?? '100%', maxWidth: '100%', margin: '0 auto' }}>
      {children}
      <Toaster />
    </div>
  );
}

/**
 * The AI assistant chat: a user asks about the tenant's cloud costs, licences and usage and reads
 * answers with tables, related pages and follow-up suggestions, and finds earlier chats in the
 * history. It opens as a right-side dialog from the Assistant button (`AssistantLauncher`) or sits
 * embedded in a page of its own.
 */
const meta = {
  title: 'Assistant/Assistant chat',
  component: AssistantChat,
  subcomponents: { AssistantLauncher },
  args: { mode: 'page' },
  render: (args: AssistantChatProps) => (
    <Frame>
      <AssistantChat {...args} />
    </Frame>
  ),
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...portal() },
} satisfies Meta<typeof AssistantChat>;

export default meta;
type Story = StoryObj<typeof meta>;

const canvasOf = (canvasElement: HTMLElement) => within(canvasElement);
const waitReady = async (canvasElement: HTMLElement) => {
  await waitFor(
    () => expect(canvasElement.querySelector('[part="assistant"]')).toHaveAttribute('data-state', 'ready'),
    { timeout: 5000 },
  );
};

/**
 * Intro of a tenant with both datasets: 'All', 'M365' and 'Azure', and both quick starts; the new
 * chat's greeting and its suggested questions (spec §4 "intro view, or with follow-up questions").
 */
export const IntroAllDatasets: Story = {
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await expect(
      await canvas.findByRole('button', { name: 'Company Overview Azure' }, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Company Overview M365' })).toBeVisible();
    await expect(await canvas.findByText(GREETING, {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Suggested questions' })).toBeVisible();
  },
};

/** max@fabrikam.example: Office365 and an m365 licence — the M365 quick start only. */
export const IntroM365Only: Story = {
  parameters: portal({}, 'm365'),
  play: async ({ canvasElement }) => {
    await expect(
      await canvasOf(canvasElement).findByRole('button', { name: 'Company Overview M365' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** An Azure-only tenant: the Azure quick start only. */
export const IntroAzureOnly: Story = {
  parameters: portal({}, 'azure'),
  play: async ({ canvasElement }) => {
    await expect(
      await canvasOf(canvasElement).findByRole('button', { name: 'Company Overview Azure' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** Opening: the latest chat is being restored (the server has not answered). */
export const Restoring: Story = {
  parameters: portal({ delays: { restore: FOREVER } }),
};

/** A restored conversation: Markdown tables, lists, links, related links (one description cut at 220), follow-ups and the cost. */
export const Conversation: Story = {
  parameters: portal({ chats: [conversation()] }),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await expect(await canvas.findByRole('table', {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Licence Usage' })).toHaveAttribute(
      'href',
      '/billing/m365/license-usage',
    );
  },
};

/** A screenshot attached in the composer (spec §3 data.screenshot): its preview with Remove; Send is enabled without text. */
export const ScreenshotAttached: Story = {
  parameters: portal({ chats: [conversation()] }),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await waitReady(canvasElement);
    await userEvent.upload(
      canvasElement.querySelector<HTMLInputElement>('[part="composer"] input[type="file"]')!,
      sampleScreenshotFile(),
    );
    await expect(await canvas.findByRole('img', { name: 'Screenshot to send' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeEnabled();
  },
};

/** A question asked with a screenshot: the image in the user's bubble, and the assistant's answer. */
export const ConversationWithScreenshot: Story = {
  parameters: portal({
    chats: [
      (() => {
        const chat = storedChat('c-shot', [['Why did costs jump in week 5?', TABLE_ANSWER, [COST_LINK]]], {
          chatName: 'Cost jump',
        });
        chat.messages[0]!.data = { screenshot: SAMPLE_SCREENSHOT };
        return chat;
      })(),
    ],
  }),
  play: async ({ canvasElement }) => {
    await expect(
      await canvasOf(canvasElement).findByRole('img', { name: 'Attached screenshot' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

const INVOICE = {
  title: 'Invoice 4711',
  data: { invoice: '4711', period: '2026-11', amount: 1250.5, currency: 'EUR', status: 'open' },
};

/**
 * The host page tells the assistant what the visitor is looking at there (the `context` prop, the
 * element's `context`): a chip above the composer, 'Using: Invoice 4711', that the visitor may remove;
 * the earlier question it went with says so under its text.
 */
export const PageContext: Story = {
  args: { context: INVOICE },
  parameters: portal({
    chats: [
      (() => {
        const chat = storedChat(
          'c-invoice',
          [['What is this invoice about?', 'On this page you are looking at **Invoice 4711**.', []]],
          { chatName: 'Invoice 4711' },
        );
        chat.messages[0]!.data = { pageContext: INVOICE };
        return chat;
      })(),
    ],
  }),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await waitReady(canvasElement);
    // The page context's rules load with the first context: the chip shows a moment later.
    await expect(await canvas.findByRole('button', { name: 'Stop using Invoice 4711' })).toBeEnabled();
    await expect(canvasElement.querySelector('[part="context-chip"]')).toHaveTextContent('Using: Invoice 4711');
    await expect(canvasElement.querySelector('[part="message-context"]')).toHaveTextContent('Using: Invoice 4711');
  },
};

/** An answer that proposes one of the page's actions, and one the page ran: the result shows under it. */
function proposingChat(): Chat {
  const chat = storedChat(
    'c-actions',
    [
      [
        'Open invoice 4711',
        'This page can do that for you: choose **Open invoice 4711** below to go ahead. Nothing happens until you do.',
        [],
      ],
      [
        'Open invoice 4712',
        'This page can do that for you: choose **Open invoice 4712** below to go ahead. Nothing happens until you do.',
        [],
      ],
    ],
    { chatName: 'Invoices' },
  );
  const action = (invoice: string) => ({ name: 'openInvoice', description: 'Open invoice', arguments: { invoice } });
  chat.messages[1] = {
    ...chat.messages[1]!,
    id: 'm-2',
    action: { ...action('4711'), result: 'Invoice 4711 opened in the side panel.' },
  };
  chat.messages[3] = { ...chat.messages[3]!, id: 'm-4', action: action('4712') };
  return chat;
}

/** The page's actions: an answer proposes one as a button; the one the visitor ran shows what the page did. */
export const ActionProposed: Story = {
  args: {
    actions: [OPEN_INVOICE_ACTION],
    onAction: ({ arguments: args }) => `Invoice ${String(args.invoice)} opened.`,
  },
  parameters: portal({ chats: [proposingChat()] }),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await waitReady(canvasElement);
    // The proposal's check loads with the first one: its button shows a moment later.
    await expect(await canvas.findByRole('button', { name: 'Open invoice 4712' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Open invoice 4711' })).toBeEnabled();
    await expect(canvas.getByText('Invoice 4711 opened in the side panel.')).toBeVisible();
  },
};

/** Download chat, open: the visitor saves the conversation as Markdown or as JSON. */
export const DownloadChat: Story = {
  parameters: portal({ chats: [conversation()] }),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await waitReady(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Download chat' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('button', { name: 'As Markdown (.md)' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'As JSON (.json)' })).toBeVisible();
  },
};

/** Once the chat is ready, asks how December looks (Enter); answers the canvas. */
async function askDecember(canvasElement: HTMLElement) {
  const canvas = canvasOf(canvasElement);
  await waitReady(canvasElement);
  await userEvent.type(
    canvas.getByRole('textbox', { name: 'Ask the assistant' }),
    'And how does December look so far?{Enter}',
  );
  return canvas;
}

/** Waiting for the answer: the question is in, the input is disabled, Stop takes Send's place, the dots run. */
export const Generating: Story = {
  parameters: portal({ chats: [conversation()], delays: { generate: FOREVER } }),
  play: async ({ canvasElement }) => {
    const canvas = await askDecember(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Ask the assistant' })).toBeDisabled();
  },
};

/**
 * An answer being written (issue 40): its finished blocks rendered, the block being written as
 * text, the dots below; Stop in Send's place.
 */
export const WritingAnswer: Story = {
  parameters: portal({
    chats: [conversation()],
    stream: { hold: [TABLE_ANSWER.slice(0, 260), TABLE_ANSWER.slice(260, 330)] },
  }),
  play: async ({ canvasElement }) => {
    const canvas = await askDecember(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('[data-type="writing"]')).not.toBeNull(), {
      timeout: 5000,
    });
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeEnabled();
  },
};

/** An answer the visitor stopped (issue 40): what was written, 'You stopped this answer.', and Regenerate. */
export const StoppedAnswer: Story = {
  parameters: portal({
    chats: [
      (() => {
        const chat = storedChat('c-stopped', [['What did we spend in November?', TABLE_ANSWER.slice(0, 120)]], {
          chatName: 'November',
        });
        chat.messages[1]!.type = 'stopped';
        return chat;
      })(),
    ],
  }),
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await expect(await canvas.findByText('You stopped this answer.', {}, { timeout: 5000 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
  },
};

/** Spec §4: 15 user messages — the tip to start a new chat, dismissible. */
export const TooLongTip: Story = {
  parameters: portal({ chats: [tooLong()] }),
  play: async ({ canvasElement }) => {
    await expect(await canvasOf(canvasElement).findByRole('note', {}, { timeout: 5000 })).toBeVisible();
  },
};

/** The pseudo-locale sweep: an error answer is kept in the conversation as worded when it came. */
const ERROR_FIXED = { pseudoLocale: { fixed: '.cp-answer[data-format="error"]' } };

/**
 * Spec §8: HTTP 429 — the rate-limit text as the assistant's message; its Retry-After counts down
 * beside a disabled Send, and the question is back in the input.
 */
export const RateLimited: Story = {
  parameters: {
    ...portal({
      chats: [conversation()],
      failures: { generate: 429 },
      failureHeaders: { generate: { 'Retry-After': '45' } },
    }),
    ...ERROR_FIXED,
  },
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await waitReady(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Ask the assistant' }), 'And December?{Enter}');
    await expect(
      await canvas.findByText(/limiting requests right now/, { selector: 'li p' }, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('timer')).toHaveTextContent(/You can ask again in 4[45] seconds\./);
    await expect(canvas.getByRole('textbox', { name: 'Ask the assistant' })).toHaveValue('And December?');
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

/** Spec §8: any other failure — 'An error occurred. Please try again later.', input enabled again. */
export const GenericError: Story = {
  name: 'Error',
  parameters: { ...portal({ chats: [conversation()], failures: { generate: 500 } }), ...ERROR_FIXED },
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await waitReady(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Ask the assistant' }), 'And December?{Enter}');
    await expect(
      await canvas.findByText('An error occurred. Please try again later.', { selector: 'li p' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** sam@litware.example: no dataset — the assistant is not enabled; sending only toasts. */
export const NotEnabled: Story = {
  parameters: portal({}, 'none'),
  play: async ({ canvasElement }) => {
    await expect(
      await canvasOf(canvasElement).findByText(/Assistant is not enabled for your tenant/, {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

const openHistory = async (canvasElement: HTMLElement) => {
  await waitReady(canvasElement);
  await userEvent.click(canvasOf(canvasElement).getByRole('button', { name: 'Chat history' }));
};

/** The history dropdown while its list loads. */
export const HistoryLoading: Story = {
  parameters: portal({ chats: [conversation()], delays: { history: FOREVER } }),
  play: async ({ canvasElement }) => {
    await openHistory(canvasElement);
    await expect(canvasOf(canvasElement).getByText('Loading chat history')).toBeInTheDocument();
  },
};

/** 'No chat history available'. */
export const HistoryEmpty: Story = {
  parameters: portal({ history: [] }),
  play: async ({ canvasElement }) => {
    await openHistory(canvasElement);
    await expect(await canvasOf(canvasElement).findByText('No chat history available')).toBeVisible();
  },
};

/** Chats under THIS WEEK, LAST WEEK, THIS MONTH and OLDER, with rename and delete. */
export const HistoryGrouped: Story = {
  parameters: portal({ chats: [conversation()], history: groupedHistory() }),
  play: async ({ canvasElement }) => {
    await openHistory(canvasElement);
    await expect(await canvasOf(canvasElement).findByRole('heading', { name: 'OLDER' })).toBeVisible();
  },
};

const openRename = async (canvasElement: HTMLElement) => {
  await openHistory(canvasElement);
  const body = within(canvasElement.ownerDocument.body);
  await userEvent.click(await body.findByRole('button', { name: 'Rename November spend' }));
  return within(await body.findByRole('dialog', { name: 'Rename chat' }));
};

/** Rename with a new, valid name: Rename is enabled. */
export const RenameValid: Story = {
  parameters: portal({ chats: [conversation()] }),
  play: async ({ canvasElement }) => {
    const dialog = await openRename(canvasElement);
    const field = dialog.getByRole('textbox', { name: 'Chat name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Azure and M365 spend');
    await expect(dialog.getByRole('button', { name: 'Rename' })).toBeEnabled();
  },
};

/** Rename with a blank name: 'Chat name is required', Rename disabled. */
export const RenameInvalid: Story = {
  parameters: portal({ chats: [conversation()] }),
  play: async ({ canvasElement }) => {
    const dialog = await openRename(canvasElement);
    await userEvent.clear(dialog.getByRole('textbox', { name: 'Chat name' }));
    await expect(dialog.getByText('Chat name is required')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Rename' })).toBeDisabled();
  },
};

/** A phone (375 px): the compact layout. */
export const MobileWidth: Story = {
  parameters: portal({ chats: [conversation()] }),
  play: async ({ canvasElement }) => {
    await expect(await canvasOf(canvasElement).findAllByRole('table', {}, { timeout: 5000 })).toHaveLength(1);
  },
  render: (args: AssistantChatProps) => (
    <Frame width={375}>
      <AssistantChat {...args} />
    </Frame>
  ),
};

/** Dark mode, through the tokens. */
export const Dark: Story = {
  parameters: { ...portal({ chats: [conversation()] }), theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await canvasOf(canvasElement).findAllByRole('table', {}, { timeout: 5000 })).toHaveLength(1);
  },
};

/** A long answer: headings, lists, a wide table, a quote and code. */
export const LongMarkdown: Story = {
  parameters: portal({
    chats: [
      storedChat('c-review', [['Give me a full cost optimisation review', LONG_ANSWER, [COST_LINK]]], {
        chatName: 'Cost review',
      }),
    ],
  }),
  play: async ({ canvasElement }) => {
    await expect(
      await canvasOf(canvasElement).findByRole('heading', { name: 'Cost optimisation review' }, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** Dialog mode: the right-side dialog, 90% wide, at most 1200 px, opened. */
export const DialogMode: Story = {
  args: { mode: 'dialog', defaultOpen: true },
  // In a frame of its own on the Docs page: the modal dialog would cover the whole page.
  parameters: { ...portal({ chats: [conversation()] }), docs: { story: { inline: false, height: '760px' } } },
  play: async ({ canvasElement }) => {
    const dialog = within(await canvasOf(canvasElement).findByRole('dialog', { name: 'Cloud Assistant' }));
    await expect(await dialog.findByRole('table', {}, { timeout: 5000 })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close chat' })).toBeVisible();
  },
};

/** The launchers: the floating 'Assistant' button and the navbar icon button, both opening the dialog. */
export const Launchers: Story = {
  render: () => <LauncherDemo />,
  play: async ({ canvasElement }) => {
    const canvas = canvasOf(canvasElement);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Assistant' })[0]!);
    const dialog = await canvas.findByRole('dialog', { name: 'Cloud Assistant' });
    await expect(dialog).toBeVisible();
    // The chat as it settles: the new chat's greeting and its follow-ups (a chatbot of its own per story).
    await expect(await within(dialog).findByText('Hello! Ask me about your cloud.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Which licences are unused?' })).toBeVisible();
  },
};

function LauncherDemo() {
  const [open, setOpen] = useState(false);
  return (
    <Frame>
      <nav
        aria-label="Navbar"
        style={{
          display: 'flex',
          justifyContent: 'flex-end',
          padding: 8,
          borderBottom: '1px solid var(--cp-color-border)',
        }}
      >
        <AssistantLauncher variant="navbar" expanded={open} onClick={() => setOpen(true)} />
      </nav>
      <AssistantLauncher variant="floating" expanded={open} onClick={() => setOpen(true)} />
      <AssistantChat open={open} onOpenChange={setOpen} />
    </Frame>
  );
}
