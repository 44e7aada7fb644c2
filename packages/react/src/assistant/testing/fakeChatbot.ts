// spec §7
/**
 * The chatbot service at the network edge, for the assistant's tests and stories: a
 * table of `METHOD /path` answers for `fakeApi`, backed by chats kept in memory the way the
 * reference server keeps them. Not part of the public API.
 */
import type {
  Chat,
  ChatDataset,
  ChatHistoryItem,
  ChatMessage,
  ChatQuestion,
  ChatSettings,
  PageActionProposal,
  RelatedLink,
} from '@cloudportal/core';
import { fakeApi, fakeAppToken, signedInRoutes, type FakeAnswer, type FakeResponse } from '../../testing/fakeApi';

const BASE = '/services/ai-chatbot/api/chat';
const PORTAL = '/services/api-portal-customer';

/** The chatbot's routes, for failures and delays. */
export type ChatRoute = 'settings' | 'create' | 'restore' | 'history' | 'generate' | 'followup' | 'rename' | 'remove';

/** What the fake chatbot holds and how it answers. */
export interface FakeChatbotOptions {
  /** Stored chats, oldest first; restoring without an id answers the last one. */
  chats?: Chat[];
  /** The history list as the server answers it; default: the stored chats, newest first. */
  history?: ChatHistoryItem[];
  /** @default { name: 'Cloud Assistant', modelName: 'gpt-4o-mini' } */
  settings?: ChatSettings;
  /** The answer to a question (Markdown and links). */
  answer?: (
    question: string,
    dataset: ChatDataset,
  ) => { response: string; related_links?: RelatedLink[]; action?: PageActionProposal };
  /** Follow-up questions after each answer. */
  followups?: string[];
  /** The follow-up questions a new chat is created with (`POST /create`'s `followup`). */
  starters?: string[];
  // spec §8 (the error body)
  /** A route answers this status (and an error body: `error` and `message`) instead. */
  failures?: Partial<Record<ChatRoute, number>>;
  /** Headers of a route's failure, e.g. `{ generate: { 'Retry-After': '3' } }` with a 429. */
  failureHeaders?: Partial<Record<ChatRoute, Record<string, string>>>;
  /** A route answers this many ms late (3_600_000: "still waiting"). */
  delays?: Partial<Record<ChatRoute, number>>;
  /** A route answers once this settles (a test looks at the wait for as long as it needs). */
  holds?: Partial<Record<ChatRoute, Promise<unknown>>>;
  /**
   * Questions asked with `Accept: text/event-stream` are answered as events: `'pieces'`
   * writes the answer in pieces of a few words, one task each; an {@link AnswerWriter} lets the test
   * write them; `{ hold }` writes those pieces and holds the rest (a story of an answer being
   * written). A stopped answer is stored as far as it was written, `type: 'stopped'`.
   */
  stream?: 'pieces' | AnswerWriter | { hold: string[] };
}

/** The text of a streamed answer, written by the test (`FakeChatbotOptions.stream`). */
export interface AnswerWriter {
  /** Writes the next piece (kept until the question arrives). */
  write(delta: string): void;
  /** Ends the answer: the text written is the answer, stored and sent as the final event. */
  finish(): void;
  /** Whether the client stopped the answer. */
  readonly stopped: boolean;
}

/** The sink a streamed answer writes to, once its question arrived. */
interface AnswerSink {
  write(delta: string): void;
  finish(): void;
}

/** A writer for `FakeChatbotOptions.stream`: the test writes the answer piece by piece. */
export function answerWriter(): AnswerWriter & { attach(sink: AnswerSink): void; stop(): void } {
  let sink: AnswerSink | null = null;
  const queued: (string | null)[] = [];
  let stopped = false;
  return {
    write(delta) {
      if (sink) sink.write(delta);
      else queued.push(delta);
    },
    finish() {
      if (sink) sink.finish();
      else queued.push(null);
    },
    get stopped() {
      return stopped;
    },
    attach(next) {
      sink = next;
      for (const item of queued.splice(0))
        if (item === null) next.finish();
        else next.write(item);
    },
    stop() {
      stopped = true;
      sink = null;
    },
  };
}

/** A fake chatbot: its routes and the chats it holds. */
export interface FakeChatbot {
  routes: Record<string, FakeAnswer>;
  /** The headers of the failure answered to `METHOD /path`, if any. */
  failureHeaders(call: string): Record<string, string> | undefined;
  chats: Map<string, Chat>;
  /** Questions asked, in order. */
  questions: ChatQuestion[];
}

/** A related link like the reference server's. */
export const COST_LINK: RelatedLink = {
  url: 'azure/cost-analysis',
  path: 'Azure / Cost Analysis',
  name: 'Cost Analysis',
  description:
    'Azure costs by subscription, resource group and service for the current billing period, with the trend of the last six months.',
};

/** A small PNG of a bar chart (240 × 140), as a screenshot `data:` URL. */
export const SAMPLE_SCREENSHOT =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAPAAAACMCAIAAADN17N/AAAB/ElEQVR42u3cMQqEMBRF0ezAPboyK1tb1yPYuADFzlqwCirh/wO3fgyTQ5hmUvbjlMJUfAUCWgJaAloCWkBLQEtAS0BLQAtoCWgJaAlo6UvQwzj5BgW0BLQEtIAGWkBL97p+rghoAQ20gAZaQAtooNUkFKAFNNACGmiggQYaaKCfQC/rpj+rgxLpc7qh3dBuaKCBBlpAAy2ggQYaaKCBBhpooIEW0EALaKAz4gMaaKCBBhpooAU00EADDTTQQAMNNNBAAw20gAYaaKCBBjrXJtBAAw000EALPqCBBhpooIEGGmiggQYaaH9Dgg9ooIHO/vpo5hc4M2+GfX3UDe2GBhpooIEGGmig4QMaFJtAgwI00DaBBtom0EDbBBpom0CDAjTQNoEG2ibQQNsEGmibQIMCNNA2gQbaJtBA2wwC2qHaBNqh2gTaJtBA2wQaaJtAO1SbQNu0CbRNoIG2CTTQNjO+PuoFTpuhXh91S9n0k8Oh2gTaJtBA2wQaaJtAO1SbQNu0CbRNoIG2CTTQNoF2qDaBtmkTaJtAA20TaKBtAu1QbQJtE2igbQINtE2gHYBNoB2qTaBtAg20TaCBtgm0A7AJtEO1CbRNoIG2CTTQNjOBln7uQ9BSawEtoCWgJaAloAW0BLQEtAS0BLSAloCWgJaAloAW0BLQEtDSu12zQ6zKkZRwbQAAAABJRU5ErkJggg==';

/** {@link SAMPLE_SCREENSHOT} as a file, as the file picker or the clipboard hands it over. */
export function sampleScreenshotFile(name = 'cost-chart.png'): File {
  const bytes = Uint8Array.from(atob(SAMPLE_SCREENSHOT.slice(SAMPLE_SCREENSHOT.indexOf(',') + 1)), (c) =>
    c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

/** The greeting of a new chat (`POST /create`'s `response`). */
export const GREETING = 'Hello! Ask me about your cloud.';

/** The follow-up questions a new chat is created with, by default. */
export const STARTERS = ['What did we spend last month?', 'Which licences are unused?'];

/** An action a host page offers in the tests and stories: open an invoice by its number. */
export const OPEN_INVOICE_ACTION = {
  name: 'openInvoice',
  description: 'Open invoice',
  parameters: {
    type: 'object' as const,
    properties: { invoice: { type: 'string', pattern: '^[0-9]{4,8}$' } },
    required: ['invoice'],
  },
};

/** The default answer: Markdown with a table, a list and a link. */
export function defaultAnswer(question: string): { response: string; related_links: RelatedLink[] } {
  return {
    response: [
      `Here is what I found for **${question}**.`,
      '',
      '| Subscription | Cost (USD) | Change |',
      '| --- | ---: | ---: |',
      '| Production | 12,480.00 | +4.2% |',
      '| Development | 3,115.50 | -1.8% |',
      '',
      '- Most of the increase comes from *Virtual Machines*.',
      '- See the [Azure pricing page](https://azure.microsoft.com/pricing/) for list prices.',
    ].join('\n'),
    related_links: [COST_LINK],
  };
}

/** The chats the fake chatbot holds, the questions asked, and the id of the next chat. */
interface ChatbotMemory {
  chats: Map<string, Chat>;
  questions: ChatQuestion[];
  nextId: () => string;
}

/** Wraps a route's handler so it answers its configured failure or delay first. */
type RouteWrapper = (
  name: ChatRoute,
  handler: (body: unknown, request: { headers: Headers; signal?: AbortSignal }) => FakeResponse,
) => FakeAnswer;

// spec §8 (the error body)
/** The route wrapper of `options`: a route's configured failure (with its error body) or delay first. */
function routeWrapper(options: FakeChatbotOptions): RouteWrapper {
  return (name, handler) =>
    ({ body, headers, signal }) => {
      const delayMs = options.delays?.[name];
      const until = options.holds?.[name];
      const status = options.failures?.[name];
      if (status)
        return {
          status,
          delayMs,
          until,
          json: {
            error: 'Failure',
            message: status === 429 ? 'Too Many Requests' : 'Something went wrong on the server.',
          },
        };
      return { ...handler(body, { headers, ...(signal ? { signal } : {}) }), delayMs, until };
    };
}

/** `POST /create`: a new empty chat on dataset all, answered with the greeting and the starters. */
function createChat(memory: ChatbotMemory, starters: string[] | undefined): FakeResponse {
  const chat: Chat = {
    chatId: memory.nextId(),
    chatName: '',
    messages: [],
    chat_dataset: 'all',
    chat_cost: 0,
    chat_cost_currency: 'USD',
    followup: [],
    related_links: [],
    created: new Date().toISOString(),
  };
  memory.chats.set(chat.chatId, chat);
  return {
    json: {
      chatId: chat.chatId,
      chat_dataset: chat.chat_dataset,
      chat_cost: 0,
      chat_cost_currency: 'USD',
      response: GREETING,
      followup: starters ?? STARTERS,
    },
  };
}

/** `POST /generate`: the question and its answer are appended to the chat, and its cost grows. */
function generate(
  memory: ChatbotMemory,
  body: unknown,
  request: { headers: Headers; signal?: AbortSignal },
  answerWith: NonNullable<FakeChatbotOptions['answer']>,
  stream: FakeChatbotOptions['stream'],
): FakeResponse {
  const question = body as ChatQuestion;
  memory.questions.push(question);
  const chat = memory.chats.get(question.chatId);
  if (!chat) return { status: 404, json: { error: 'Not Found', message: 'Chat not found.' } };
  const { response, related_links = [], action } = answerWith(question.question, question.chat_dataset);
  const store = (written: ChatMessage) => {
    const answer: ChatMessage = { ...written, id: `msg-${chat.messages.length + 2}`, ...(action ? { action } : {}) };
    // Regenerate: the answer replaces the last question and answer.
    if (question.regenerate) chat.messages.splice(-2);
    chat.chat_cost = Math.round((chat.chat_cost + 0.0125) * 10_000) / 10_000;
    chat.messages.push(
      {
        sender: 'user',
        message: question.question,
        ...(question.screenshot ? { data: { screenshot: question.screenshot } } : {}),
      },
      answer,
    );
    return {
      response: answer.message,
      chat_dataset: question.chat_dataset,
      related_links: answer.relatedLinks ?? [],
      chat_cost: chat.chat_cost,
      chat_cost_currency: 'USD',
      message_id: answer.id,
      ...(action ? { action } : {}),
    };
  };
  if (stream && request.headers.get('accept') === 'text/event-stream')
    return { stream: answerEvents(stream, response, related_links, store, request.signal) };
  return { json: store({ sender: 'assistant', message: response, relatedLinks: related_links }) };
}

/**
 * A streamed answer as the reference server writes it: `text` events, then `links` and `done` (the
 * answer stored); stopped by the client, the text written so far is stored as a stopped answer.
 */
function answerEvents(
  stream: NonNullable<FakeChatbotOptions['stream']>,
  response: string,
  links: RelatedLink[],
  store: (answer: ChatMessage) => unknown,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let written = '';
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let ended = false;
      const send = (event: string, data: unknown) =>
        controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
      const sink: AnswerSink = {
        write(delta) {
          if (ended) return;
          written += delta;
          send('text', { delta });
        },
        finish() {
          if (ended) return;
          ended = true;
          if (links.length) send('links', { related_links: links });
          send('done', store({ sender: 'assistant', message: written, relatedLinks: links }));
          controller.close();
        },
      };
      signal?.addEventListener('abort', () => {
        if (ended) return;
        ended = true;
        if (stream !== 'pieces' && !('hold' in stream)) (stream as ReturnType<typeof answerWriter>).stop();
        store({ sender: 'assistant', type: 'stopped', message: written.trim() });
        controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      });
      if (stream === 'pieces') void writePieces(response, sink);
      else if ('hold' in stream) for (const piece of stream.hold) sink.write(piece);
      else (stream as ReturnType<typeof answerWriter>).attach(sink);
    },
  });
}

/** Writes `text` to `sink` in pieces of a few words, one task each, then finishes. */
async function writePieces(text: string, sink: AnswerSink): Promise<void> {
  for (let at = 0; at < text.length;) {
    const space = text.indexOf(' ', at + 23);
    const end = space === -1 ? text.length : space + 1;
    sink.write(text.slice(at, end));
    at = end;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  sink.finish();
}

/** The chatbot's fixed routes: settings, create, restore, history, generate and follow-ups. */
function fixedRoutes(memory: ChatbotMemory, options: FakeChatbotOptions, route: RouteWrapper) {
  const { chats } = memory;
  const answerWith = options.answer ?? defaultAnswer;
  const historyItems = (): ChatHistoryItem[] =>
    options.history ??
    [...chats.values()].reverse().map((c) => ({
      chatId: c.chatId,
      chatName: c.chatName,
      input: c.messages.find((m) => m.sender === 'user')?.message ?? '',
      created: c.created,
    }));
  const routes: Record<string, FakeAnswer> = {
    [`GET ${BASE}/settings`]: route('settings', () => ({
      json: options.settings ?? { name: 'Cloud Assistant', modelName: 'gpt-4o-mini' },
    })),
    [`POST ${BASE}/create`]: route('create', () => createChat(memory, options.starters)),
    [`POST ${BASE}/restore`]: route('restore', (body) => {
      const wanted = (body as { chatId?: string } | undefined)?.chatId;
      const chat = wanted ? chats.get(wanted) : [...chats.values()].at(-1);
      if (wanted && !chat) return { status: 404, json: { error: 'Not Found', message: 'Chat not found.' } };
      return { json: chat ?? null };
    }),
    [`GET ${BASE}/history`]: route('history', () => ({ json: historyItems() })),
    [`POST ${BASE}/generate`]: route('generate', (body, request) =>
      generate(memory, body, request, answerWith, options.stream),
    ),
    // What the host page answered for an action the visitor ran: stored with the answer.
    [`POST ${BASE}/action-result`]: route('generate', (body) => {
      const { chatId, messageId, result } = body as { chatId: string; messageId: string; result: string };
      const message = chats.get(chatId)?.messages.find((m) => m.id === messageId);
      if (!message?.action) return { status: 404, json: { error: 'Not Found', message: 'Not found.' } };
      message.action = { ...message.action, result };
      return { json: message.action };
    }),
    [`POST ${BASE}/followup`]: route('followup', () => ({
      json: {
        followup: options.followups ?? ['Which subscription costs the most?', 'How did costs change last month?'],
      },
    })),
  };
  return routes;
}

/** The per-chat routes (read with GET, rename with PUT, delete with DELETE) of `METHOD /history/{id}`. */
function perChatRoute(memory: ChatbotMemory, route: RouteWrapper) {
  const { chats } = memory;
  return (method: string, id: string): FakeAnswer | undefined => {
    if (method === 'PUT')
      return route('rename', (body) => {
        const chat = chats.get(id);
        const chatName = (body as { chatName: string }).chatName;
        if (chat) chat.chatName = chatName;
        return {
          json: { chatId: id, chatName, input: chat?.messages[0]?.message ?? '', created: chat?.created ?? null },
        };
      });
    if (method === 'GET')
      return route('restore', () => {
        const chat = chats.get(id);
        return chat ? { json: chat } : { status: 404, json: { error: 'Not Found', message: 'Chat not found.' } };
      });
    if (method === 'DELETE')
      return route('remove', () => {
        chats.delete(id);
        return { status: 204 };
      });
    return undefined;
  };
}

/** The headers of the failure answered to `METHOD /path` (a fixed route with a configured failure), if any. */
function failureHeadersOf(options: FakeChatbotOptions) {
  const fixedCalls: Partial<Record<ChatRoute, string>> = {
    settings: `GET ${BASE}/settings`,
    create: `POST ${BASE}/create`,
    restore: `POST ${BASE}/restore`,
    history: `GET ${BASE}/history`,
    generate: `POST ${BASE}/generate`,
    followup: `POST ${BASE}/followup`,
  };
  return (call: string) => {
    const name = (Object.keys(fixedCalls) as ChatRoute[]).find((r) => fixedCalls[r] === call);
    return name && options.failures?.[name] ? options.failureHeaders?.[name] : undefined;
  };
}

/** Creates the chatbot's routes over chats kept in memory. */
export function fakeChatbot(options: FakeChatbotOptions = {}): FakeChatbot {
  const chats = new Map<string, Chat>((options.chats ?? []).map((c) => [c.chatId, structuredClone(c)]));
  let next = chats.size + 1;
  const memory: ChatbotMemory = { chats, questions: [], nextId: () => `chat-${next++}` };
  const route = routeWrapper(options);
  const routes = fixedRoutes(memory, options, route);
  // Per-chat routes: the table is consulted at call time, so chats created later answer too.
  const perChat = perChatRoute(memory, route);
  const table = new Proxy(routes, {
    get(target, key) {
      if (typeof key !== 'string') return undefined;
      if (key in target) return target[key];
      const match = new RegExp(`^(GET|PUT|DELETE) ${BASE}/history/(.+)$`).exec(key);
      return match ? perChat(match[1]!, decodeURIComponent(match[2]!)) : undefined;
    },
  });
  return { routes: table, chats, questions: memory.questions, failureHeaders: failureHeadersOf(options) };
}

// spec §5
/** Which datasets the signed-in tenant has: account types in the token, active licences. */
export type DatasetSet = 'all' | 'm365' | 'azure' | 'none';

const LICENSE = {
  azure: {
    licenseKey: 'AZURE-ESSENTIALS',
    licenseModule: 'azure',
    licenseSku: 'essentials',
    active: true,
    activatedAt: '2026-01-01T00:00:00.000Z',
  },
  m365: {
    licenseKey: 'M365-ESSENTIALS',
    licenseModule: 'm365',
    licenseSku: 'essentials',
    active: true,
    activatedAt: '2026-01-01T00:00:00.000Z',
  },
};

/** The token and licence routes that give a tenant `datasets`. */
export function datasetRoutes(datasets: DatasetSet): Record<string, FakeAnswer> {
  const utype = { all: ['ARM', 'Office365'], m365: ['Office365'], azure: ['ARM'], none: ['EA'] }[datasets];
  const licenses = { all: [LICENSE.azure, LICENSE.m365], m365: [LICENSE.m365], azure: [LICENSE.azure], none: [] }[
    datasets
  ];
  return {
    'POST /api/auth/refresh-token': { json: { access_token: fakeAppToken({ utype }) } },
    [`GET ${PORTAL}/api/license/activated`]: { json: licenses },
  };
}

/**
 * A fetch for a signed-in Contoso user (Ada Lovelace) with `datasets`, the chatbot over it, and any
 * other route overridden. Routes of the chatbot win over `over` only where `over` has none.
 */
export function chatFetch(
  chatbot: FakeChatbot,
  datasets: DatasetSet = 'all',
  over: Record<string, FakeAnswer> = {},
): typeof fetch & { calls: string[] } {
  const base = { ...signedInRoutes(datasetRoutes(datasets)), ...over };
  const api = fakeApi(
    new Proxy(base, {
      get: (target, key) => (typeof key === 'string' ? (target[key] ?? chatbot.routes[key]) : undefined),
    }),
  );
  // A failure's own headers (a 429's Retry-After) are added to the answer.
  const withHeaders = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const response = await api(input, init);
    const extra = chatbot.failureHeaders(
      `${(init.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://portal.test').pathname}`,
    );
    if (!extra) return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    return new Response(await response.text(), { status: response.status, headers });
  };
  return Object.assign(withHeaders, { calls: api.calls });
}

const DAY = 24 * 60 * 60 * 1000;

/** A stored chat with `pairs` question/answer exchanges. */
export function storedChat(
  chatId: string,
  pairs: [question: string, answer: string, links?: RelatedLink[]][],
  extra: Partial<Chat> = {},
): Chat {
  return {
    chatId,
    chatName: '',
    messages: pairs.flatMap(([question, answer, links]) => [
      { sender: 'user' as const, message: question },
      { sender: 'assistant' as const, message: answer, relatedLinks: links ?? [] },
    ]),
    chat_dataset: 'all',
    chat_cost: 0.0375,
    chat_cost_currency: 'USD',
    followup: [],
    related_links: [],
    created: new Date().toISOString(),
    ...extra,
  };
}

// spec §4
/** History items in every group: 1 and 3 days, 9 days, 20 days, 45 days old and one undated. */
export function groupedHistory(now = Date.now()): ChatHistoryItem[] {
  const at = (days: number) => new Date(now - days * DAY).toISOString();
  return [
    {
      chatId: 'h1',
      chatName: 'Azure spend this month',
      input: 'What did we spend on Azure this month?',
      created: at(1),
    },
    { chatId: 'h2', chatName: '', input: 'Which M365 licences are unused?', created: at(3) },
    { chatId: 'h3', chatName: 'Teams usage', input: 'How active is Teams?', created: at(9) },
    { chatId: 'h4', chatName: 'Reserved instances', input: 'Should we buy reservations?', created: at(20) },
    { chatId: 'h5', chatName: 'Secure score', input: 'What is our secure score?', created: at(45) },
    { chatId: 'h6', chatName: 'Old import', input: 'Imported chat', created: null },
  ];
}
