import { createPortalClient, portalChat, TRUSTED_TYPES_POLICIES, type PortalClient } from '@cloudportal/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { requireTrustedTypes, type TrustedTypesPage } from '#test/trustedTypes';
import { PortalProvider } from '../provider/PortalProvider';
import { isolatedTabs } from '../testing/fakeApi';
import { AssistantChat, type AssistantChatProps } from './AssistantChat';
import { loadMarkdown } from './markdown';
import {
  answerWriter,
  chatFetch,
  defaultAnswer,
  fakeChatbot,
  storedChat,
  type FakeChatbotOptions,
} from './testing/fakeChatbot';

/**
 * Answers as they are written (issue 40 §2–§4): the chat over a chatbot at the network edge that
 * streams server-sent events, written piece by piece by the test.
 */

const clients: PortalClient[] = [];

afterEach(() => {
  vi.useRealTimers();
  for (const client of clients.splice(0)) client.dispose();
});

async function setup(options: FakeChatbotOptions = {}, props: AssistantChatProps = {}) {
  const writer = answerWriter();
  const chatbot = fakeChatbot({
    chats: [storedChat('c1', [['What did we spend?', 'We spent **USD 12,480**.']])],
    stream: writer,
    ...options,
  });
  const client = createPortalClient({
    fetch: chatFetch(chatbot),
    storage: {},
    navigate: vi.fn(),
    crossTab: isolatedTabs,
  });
  clients.push(client);
  const view = render(
    <PortalProvider client={client}>
      <AssistantChat mode="page" {...props} />
    </PortalProvider>,
  );
  await act(async () => {
    await client.start();
  });
  await waitFor(() => expect(portalChat(client).$chat.get().status).toBe('ready'));
  await loadMarkdown();
  return { ...view, client, chatbot, writer };
}

const conversation = () => within(screen.getByRole('region', { name: 'Conversation' }));
const input = () => screen.getByRole('textbox', { name: 'Ask the assistant' });
const announcer = () => document.querySelector('[part="announcer"]')!;
const cost = () => document.querySelector('[part="cost"]');
const writing = () => document.querySelector<HTMLElement>('[data-type="writing"]');

async function ask(question: string) {
  await userEvent.type(input(), `${question}{Enter}`);
}

describe('AssistantChat — an answer as it is written (issue 40 §3)', () => {
  it('given the first words came, then they show before the answer is complete, the row is busy and only “answering” is announced; once complete the answer is announced once', async () => {
    const { writer } = await setup();
    await ask('And this month?');
    act(() => writer.write('Contoso spent '));
    await waitFor(() => expect(writing()).toHaveTextContent('Contoso spent'));
    expect(writing()!.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(announcer()).toHaveTextContent('The assistant is answering');
    act(() => writer.write('**USD 4,210** so far.'));
    await waitFor(() => expect(writing()).toHaveTextContent('Contoso spent **USD 4,210** so far.'));
    expect(announcer()).toHaveTextContent('The assistant is answering');
    act(() => writer.finish());
    await waitFor(() => expect(writing()).toBeNull());
    const answers = conversation()
      .getAllByRole('listitem')
      .filter((li) => li.dataset.sender === 'assistant');
    expect(answers.at(-1)!.querySelector('strong')).toHaveTextContent('USD 4,210');
    await waitFor(() => expect(announcer()).toHaveTextContent('Contoso spent USD 4,210 so far.'));
    expect(input()).toBeEnabled();
  });

  it('given finished blocks, then they are rendered as Markdown while the block being written shows as text', async () => {
    const { writer } = await setup();
    await ask('Costs?');
    act(() => writer.write('## June\n\nCompute cost **most**.\n\n- one\n- tw'));
    await waitFor(() => expect(writing()!.querySelector('h2')).toHaveTextContent('June'));
    expect(writing()!.querySelector('strong')).toHaveTextContent('most');
    expect(writing()!.querySelector('.cp-answer__writing')).toHaveTextContent('- one - tw');
    expect(writing()!.querySelector('ul')).toBeNull();
    await expectNoAxeViolations(document.body);
    act(() => writer.finish());
    await waitFor(() => expect(writing()).toBeNull());
  });

  it('given a hostile payload split across pieces, then it never runs — not while written, not once complete', async () => {
    const { writer } = await setup();
    const pwned = vi.fn();
    (window as unknown as { pwned: () => void }).pwned = pwned;
    await ask('Costs?');
    for (const piece of [
      'Look: <img src=x on',
      'error="window.pwned()"> and <scr',
      'ipt>window.pwned()</script>\n\n',
      '[click](javas',
      'cript:window.pwned()) <svg onload="window.pwned()">\n\n',
      'The end.',
    ])
      act(() => writer.write(piece));
    await waitFor(() => expect(writing()).toHaveTextContent('The end.'));
    const row = writing()!.querySelector('.cp-answer')!;
    expect(row.querySelector('script, svg, [onerror], [onload]')).toBeNull();
    expect(row.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    act(() => writer.finish());
    await waitFor(() => expect(writing()).toBeNull());
    const answer = [...document.querySelectorAll('li[data-sender="assistant"]')].at(-1)!.querySelector('.cp-answer')!;
    expect(answer).toHaveTextContent('The end.');
    expect(answer.querySelector('script, svg, [onerror], [onload]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pwned).not.toHaveBeenCalled();
  });
});

describe('AssistantChat — on a page that requires Trusted Types', () => {
  let page: TrustedTypesPage | undefined;
  afterEach(() => page?.restore());

  it('given the page allows the SDK’s policies, when an answer with a table and a link is written and completes, then it shows as Markdown, and every HTML sink of the page took a TrustedHTML of the cloudportal policy — never a string', async () => {
    page = requireTrustedTypes(TRUSTED_TYPES_POLICIES);
    const { writer } = await setup();
    await ask('Costs?');
    const { response } = defaultAnswer('Costs?');
    for (const piece of response.match(/[\s\S]{1,24}/g)!) act(() => writer.write(piece));
    await waitFor(() => expect(within(writing()!).getByRole('table')).toBeVisible());
    act(() => writer.finish());
    await waitFor(() => expect(writing()).toBeNull());

    const answer = conversation()
      .getAllByRole('listitem')
      .filter((li) => li.dataset.sender === 'assistant')
      .at(-1)!;
    expect(within(answer).getByRole('columnheader', { name: 'Subscription' })).toBeVisible();
    expect(within(answer).getByRole('link', { name: 'Azure pricing page' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await waitFor(() => expect(announcer()).toHaveTextContent('Here is what I found for Costs?.'));
    expect(page.violations).toEqual([]);
    // The blocks as they were written, the complete answer (React's dangerouslySetInnerHTML) and the
    // text read out: each through the SDK's policy, which is the only one the SDK made.
    expect(new Set(page.trusted.map(({ sink, value }) => `${sink} ← ${value.policy}`))).toEqual(
      new Set(['Element insertAdjacentHTML ← cloudportal', 'Element innerHTML ← cloudportal']),
    );
    expect(page.trusted.some(({ value }) => value.html.includes('<table>'))).toBe(true);
    expect(page.policies).toEqual(['cloudportal']);
  });
});

describe('AssistantChat — Stop and Regenerate (issue 40 §2)', () => {
  it('given an answer being written, when Stop is pressed, then what was written stays, marked as stopped, the cost shows what was spent, and Send is back', async () => {
    const { writer } = await setup();
    expect(cost()).toHaveTextContent('Chat cost: $0.0375');
    await ask('And this month?');
    act(() => writer.write('Contoso spent a lot '));
    await waitFor(() => expect(writing()).toHaveTextContent('Contoso spent a lot'));
    const stop = screen.getByRole('button', { name: 'Stop' });
    await waitFor(() => expect(stop).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(writing()).toBeNull());
    const last = [...document.querySelectorAll<HTMLElement>('li[data-sender="assistant"]')].at(-1)!;
    expect(last).toHaveTextContent('Contoso spent a lot');
    expect(within(last).getByText('You stopped this answer.')).toBeVisible();
    expect(writer.stopped).toBe(true);
    await waitFor(() => expect(cost()).toHaveTextContent('Chat cost: $0.05'));
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    await waitFor(() => expect(input()).toHaveFocus());
    await waitFor(() => expect(announcer()).toHaveTextContent('Contoso spent a lot You stopped this answer.'));
  });

  it('given the last answer, when Regenerate is pressed, then its question is asked again and the new answer replaces it', async () => {
    const { writer, chatbot } = await setup();
    const answers = () =>
      conversation()
        .getAllByRole('listitem')
        .filter((li) => li.dataset.sender === 'assistant');
    expect(answers()).toHaveLength(1);
    await userEvent.click(within(answers()[0]!).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() =>
      expect(chatbot.questions.at(-1)).toMatchObject({ question: 'What did we spend?', regenerate: true }),
    );
    act(() => {
      writer.write('We spent **USD 12,481**.');
      writer.finish();
    });
    await waitFor(() => expect(answers()).toHaveLength(1));
    await waitFor(() => expect(answers()[0]).toHaveTextContent('We spent USD 12,481.'));
    expect(chatbot.chats.get('c1')!.messages.map((m) => m.message)).toEqual([
      'What did we spend?',
      'We spent **USD 12,481**.',
    ]);
    // Only the last answer offers Regenerate.
    await ask('And this month?');
    act(() => {
      writer.write('More.');
      writer.finish();
    });
    await waitFor(() => expect(answers()).toHaveLength(2));
    expect(within(answers()[0]!).queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(within(answers()[1]!).getByRole('button', { name: 'Regenerate' })).toBeEnabled();
  });
});

describe('AssistantChat — onAnswerProgress (issue 40 §4)', () => {
  it('given an answer written in many pieces, then progress is told at most every 250 ms, and its last words before the answer is received', async () => {
    const progress = vi.fn();
    const received = vi.fn();
    const { writer } = await setup({}, { onAnswerProgress: progress, onAnswerReceived: received });
    await ask('Costs?');
    await waitFor(() => expect(portalChat(clients.at(-1)!).$answer.get()).toBe(''));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    for (let i = 0; i < 40; i++) {
      act(() => writer.write(`word${i} `));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(25);
      });
    }
    const told = progress.mock.calls.length;
    expect(told).toBeGreaterThanOrEqual(3);
    expect(told).toBeLessThanOrEqual(5);
    act(() => writer.finish());
    await waitFor(() => expect(received).toHaveBeenCalled());
    expect(progress.mock.calls.at(-1)![0]).toEqual({
      text: Array.from({ length: 40 }, (_, i) => `word${i} `).join(''),
    });
    expect(progress.mock.invocationCallOrder.at(-1)!).toBeLessThan(received.mock.invocationCallOrder[0]!);
  });
});
