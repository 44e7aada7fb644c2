/**
 * The page `npm run bench:chat` loads in Chromium: `<AssistantChat mode="page">` over the chatbot at
 * the network edge (the fake of the component tests), built with React's profiling build so each
 * commit's render time can be read. `window.chatBench` lets the runner restore a conversation of a
 * given length and time one question and its answer being appended.
 */
import { portalChat, createPortalClient, type Chat } from '@cloudportal/core';
import { AssistantChat } from '@cloudportal/react/assistant';
import { PortalProvider } from '@cloudportal/react/provider';
import { Profiler, type ProfilerOnRenderCallback } from 'react';
import { createRoot } from 'react-dom/client';
import {
  answerWriter,
  chatFetch,
  defaultAnswer,
  fakeChatbot,
  storedChat,
  type FakeChatbotOptions,
} from '../../../packages/react/src/assistant/testing/fakeChatbot';
import { isolatedTabs } from '../../../packages/react/src/testing/fakeApi';

/** One append: wall time from `send()` to the answer laid out, React's render time and the final layout in that span. */
export interface AppendTiming {
  wallMs: number;
  renderMs: number;
  layoutMs: number;
  commits: number;
}

/** What the runner calls (through `page.evaluate`). */
export interface ChatBench {
  /** Resolves once the chat has opened and shows its intro view. */
  ready(): Promise<void>;
  /** Opens a conversation of `messages` messages (0: a new, empty chat) and waits until every row shows. */
  open(messages: number): Promise<void>;
  /** Asks one question and resolves when its answer's row is in the document and laid out. */
  append(): Promise<AppendTiming>;
  /**
   * Asks one question whose answer (`LONG_ANSWER`, about 20 KB of Markdown) arrives in `pieces`
   * server-sent events over 1,000 tasks `paceMs` apart (0: back to back) — with one piece, whole on
   * the last task; resolves when the complete answer's row is laid out (issue 40 §3).
   */
  stream(pieces: number, paceMs: number): Promise<{ wallMs: number; bytes: number }>;
}

declare global {
  interface Window {
    chatBench: ChatBench;
  }
}

/** An answer with a Markdown table and a list, as the component tests use. */
const ANSWER = defaultAnswer('this month').response;

/** A stored conversation of `messages` messages (question and answer pairs). */
function conversation(id: string, messages: number): Chat {
  const pairs = Array.from(
    { length: messages / 2 },
    (_, i) => [`Question ${i + 1}: what did we spend in week ${i + 1}?`, ANSWER] as [string, string],
  );
  return storedChat(id, pairs, { chatName: `${messages} messages` });
}

/** A long answer as a model writes one: headings, paragraphs, lists, a table and code, about 20 KB. */
const LONG_ANSWER = (() => {
  const section = (i: number) =>
    [
      `## Week ${i}: where the money went`,
      '',
      `In week ${i} Contoso spent **USD ${(12_000 + i * 137).toLocaleString('en')}** on Azure, ${i % 3} % more than the week before. Compute led, storage followed, and networking stayed flat; the [cost analysis](billing/azure/cost-analysis) has the details by subscription.`,
      '',
      `- Virtual machines: USD ${(6_000 + i * 41).toLocaleString('en')}, most of it in *Production*`,
      `- Storage accounts: USD ${(2_500 + i * 13).toLocaleString('en')}`,
      `- Bandwidth: USD ${(400 + i).toLocaleString('en')}`,
      '',
      '| Subscription | Cost | Change |',
      '|---|---:|---:|',
      `| Production | USD ${(7_100 + i * 17).toLocaleString('en')} | +${i % 5} % |`,
      `| Development | USD ${(2_900 + i * 7).toLocaleString('en')} | -${i % 4} % |`,
      `| Sandbox | USD ${(310 + i).toLocaleString('en')} | +0 % |`,
      '',
    ].join('\n');
  let text = '';
  for (let i = 1; text.length < 20_000; i++) text += `${section(i)}\n`;
  return `${text}\n\`\`\`sql\nselect service, sum(cost) from costs group by service\n\`\`\`\n\nThat is all for now.`;
})();

const chatbotOptions: FakeChatbotOptions = {
  answer: () => ({ response: ANSWER, related_links: [] }),
  followups: ['Which subscription grew the most?'],
};
const chatbot = fakeChatbot(chatbotOptions);
const client = createPortalClient({
  fetch: chatFetch(chatbot, 'all'),
  crossTab: isolatedTabs,
  navigate: () => {},
  storage: {},
});

let renderMs = 0;
let commits = 0;
const onRender: ProfilerOnRenderCallback = (_id, _phase, actualDuration) => {
  renderMs += actualDuration;
  commits += 1;
};

const rows = () => document.querySelectorAll('[data-sender="assistant"].cp-assistant-msg').length;
const userRows = () => document.querySelectorAll('[data-sender="user"].cp-assistant-msg').length;
/** The last row of the conversation — read in O(1), so the check costs the same at any length. */
const lastRow = () => document.querySelector('[part="messages"]')?.lastElementChild ?? null;
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Resolves when `done()` holds, checked after every DOM change (and once at once). */
function until(done: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (done()) return resolve();
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`Timed out waiting for ${what}`));
    }, timeoutMs);
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

const chatState = () => portalChat(client).$chat.get();
let asked = 0;

window.chatBench = {
  stream: (pieces, paceMs) => streamAnswer(pieces, paceMs),
  async ready() {
    await until(
      () => chatState().status === 'ready' && document.querySelector('[part="assistant"][data-state="ready"]') !== null,
      'the chat to open',
    );
  },
  async open(messages) {
    if (messages === 0) {
      await portalChat(client).newChat();
    } else {
      // The same stored conversation each time: answers appended by earlier runs are dropped.
      const id = `c-${messages}`;
      chatbot.chats.set(id, conversation(id, messages));
      await portalChat(client).selectHistory(id);
    }
    // A new chat opens with the greeting /chat/create answers (spec §2 "Assistant chat"): one
    // assistant row more than the questions asked.
    await until(
      () => chatState().status === 'ready' && userRows() === messages / 2 && rows() >= messages / 2,
      `${messages} messages`,
    );
    // Markdown of the restored answers, the scroll to the latest message (250 ms) and follow-ups settle.
    await new Promise((r) => setTimeout(r, 400));
    await frame();
  },
  async append() {
    const before = lastRow();
    renderMs = 0;
    commits = 0;
    const start = performance.now();
    asked += 1;
    const sent = portalChat(client).send(`Benchmark question ${asked}: what did we spend this week?`);
    await until(() => {
      const last = lastRow();
      return last !== before && last?.getAttribute('data-sender') === 'assistant' && chatState().status === 'ready';
    }, 'the answer');
    // Style and layout, as the browser must do before it can paint the new row.
    const layoutStart = performance.now();
    void document.body.getBoundingClientRect().height;
    const end = performance.now();
    const timing = { wallMs: end - start, renderMs, layoutMs: end - layoutStart, commits };
    if (!(await sent)) throw new Error('The question was not answered.');
    return timing;
  },
};

/** The next task (not throttled like a timer of 0 ms). */
/** The tasks the streamed answers are written over (`stream`). */
const STREAM_TICKS = 1000;

function nextTask() {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function streamAnswer(pieces: number, paceMs: number) {
  const writer = answerWriter();
  chatbotOptions.stream = writer;
  const size = Math.ceil(LONG_ANSWER.length / pieces);
  const before = lastRow();
  const start = performance.now();
  asked += 1;
  const sent = portalChat(client).send(`Benchmark question ${asked}: what did we spend, week by week?`);
  // The same STREAM_TICKS tasks, `paceMs` apart, whatever the pieces: the answer whole comes on the
  // last one, so both ways spend the same time waiting, and differ only in the rendering.
  for (let tick = 1; tick <= STREAM_TICKS; tick++) {
    await (paceMs ? new Promise((resolve) => setTimeout(resolve, paceMs)) : nextTask());
    const piece = Math.floor((tick * pieces) / STREAM_TICKS) - Math.floor(((tick - 1) * pieces) / STREAM_TICKS);
    if (piece > 0) {
      const at = (Math.floor((tick * pieces) / STREAM_TICKS) - 1) * size;
      writer.write(LONG_ANSWER.slice(at, pieces === 1 ? undefined : at + size));
    }
  }
  writer.finish();
  await until(() => {
    const last = lastRow();
    return last !== before && last?.getAttribute('data-type') !== 'writing' && chatState().status === 'ready';
  }, 'the answer');
  void document.body.getBoundingClientRect().height;
  const wallMs = performance.now() - start;
  chatbotOptions.stream = undefined;
  if (!(await sent)) throw new Error('The question was not answered.');
  return { wallMs, bytes: LONG_ANSWER.length };
}

void client.start();
createRoot(document.getElementById('root')!).render(
  <Profiler id="assistant" onRender={onRender}>
    <PortalProvider client={client}>
      <AssistantChat mode="page" />
    </PortalProvider>
  </Profiler>,
);
