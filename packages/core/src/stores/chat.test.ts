import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatApi, type Chat, type ChatDataset, type ChatMessage, type RelatedLink } from '../api/chat';
import { createHttp } from '../api/http';
import { createTranslator } from '../i18n/messages';
import { REPORT_CONTEXT_READ_TIMEOUT_MS, type ReportContext } from '../rules/reportContext';
import { createChatStore, type ChatStoreOptions } from './chat';
import { createReportContextRegistry } from './reportContext';
import type { ToastInput } from './toasts';
import { BUSY_MACHINE_WAIT } from '#test/wait';

const NOW = Date.parse('2025-06-30T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const BASE = '/services/ai-chatbot/api/chat';
const RATE_LIMITED =
  "We're limiting requests right now to keep things running smoothly. The rate limit is 2 requests per minute. Take a short break, and you'll be able to try again in a minute.";
const GENERIC = 'An error occurred. Please try again later.';
const NOT_ENABLED = 'Assistant is not enabled for your tenant. Please contact your administrator to enable it.';
const GREETING = 'Hello! Ask me about your cloud.';
const STARTERS = ['Company Overview Azure', 'Which Azure services cost the most?'];
const LINK: RelatedLink = {
  url: 'azure/cost',
  path: 'Azure / Cost Analysis',
  name: 'Cost Analysis',
  description: 'Costs by subscription.',
};

type Route =
  'create' | 'restore' | 'history' | 'chat' | 'generate' | 'followup' | 'rename' | 'remove' | 'action-result';

/**
 * The chatbot service at the network edge: answers like the reference server, from memory. `POST
 * /open` is made of its restore and create as the reference server makes it (issue 42 §3): `log()`
 * and `calls` list the service's calls, inner ones included; `requests()` the round trips. With
 * `withoutOpen`, a server that lacks the route (404).
 */
function fakeChatbot(seed: Chat[] = [], { withoutOpen = false } = {}) {
  const chats = new Map<string, Chat>(seed.map((c) => [c.chatId, structuredClone(c)]));
  const calls: { method: string; path: string; body: unknown }[] = [];
  const requests: string[] = [];
  const failures = new Map<Route, number | 'network'>();
  const failureHeaders = new Map<Route, Record<string, string>>();
  const gates = new Map<Route, Promise<void>>();
  // The next streamed answer's script (issue 40): the test writes its events.
  let nextStream: AnswerScript | null = null;
  let next = seed.length + 1;
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input), 'http://portal.test').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push(`${method} ${path.slice(BASE.length)}`);
    if (path !== `${BASE}/open`) return handle(method, path, body, init);
    if (withoutOpen) return json(404, { error: 'Not Found', message: 'Route POST:/open not found' });
    const restored = await handle('POST', `${BASE}/restore`, {}).catch(() => null);
    const chat: unknown = restored?.status === 200 ? await restored.json() : null;
    if (chat) return json(200, { restored: chat });
    const created = await handle('POST', `${BASE}/create`, undefined);
    return created.ok ? json(200, { created: await created.json() }) : created;
  };

  async function handle(method: string, path: string, body: unknown, init?: RequestInit): Promise<Response> {
    calls.push({ method, path, body });
    const rest = path.slice(BASE.length);
    const route: Route =
      rest === '/create'
        ? 'create'
        : rest === '/restore'
          ? 'restore'
          : rest === '/history'
            ? 'history'
            : rest === '/generate'
              ? 'generate'
              : rest === '/followup'
                ? 'followup'
                : rest === '/action-result'
                  ? 'action-result'
                  : method === 'GET'
                    ? 'chat'
                    : method === 'PUT'
                      ? 'rename'
                      : 'remove';
    await gates.get(route);
    const failure = failures.get(route);
    if (failure === 'network') throw new TypeError('fetch failed');
    if (failure)
      return json(
        failure,
        { error: 'Failure', message: failure === 429 ? 'Too Many Requests' : 'Something went wrong on the server.' },
        failureHeaders.get(route),
      );

    const id = decodeURIComponent(rest.replace('/history/', ''));
    switch (route) {
      case 'create': {
        const chat: Chat = {
          chatId: `chat-${next++}`,
          chatName: '',
          messages: [],
          chat_dataset: 'all',
          chat_cost: 0,
          chat_cost_currency: 'USD',
          followup: [],
          related_links: [],
          created: new Date(NOW).toISOString(),
        };
        chats.set(chat.chatId, chat);
        return json(200, {
          chatId: chat.chatId,
          chat_dataset: chat.chat_dataset,
          chat_cost: 0,
          chat_cost_currency: 'USD',
          response: GREETING,
          followup: STARTERS,
        });
      }
      case 'restore': {
        const wanted = (body as { chatId?: string }).chatId;
        const chat = wanted ? chats.get(wanted) : [...chats.values()].at(-1);
        if (wanted && !chat) return json(404, { error: 'Not Found', message: 'Chat not found.' });
        return json(200, chat ?? null);
      }
      case 'history':
        return json(
          200,
          [...chats.values()].reverse().map((c) => ({
            chatId: c.chatId,
            chatName: c.chatName,
            input: c.messages[0]?.message ?? '',
            created: c.created,
          })),
        );
      case 'generate': {
        const q = body as { chatId: string; question: string; chat_dataset: ChatDataset; regenerate?: boolean };
        const chat = chats.get(q.chatId)!;
        // Regenerate: the answer replaces the last question and answer.
        const streamed = nextStream;
        if (streamed && new Headers(init?.headers).get('accept') === 'text/event-stream') {
          nextStream = null;
          return streamed.respond(chat, q, init?.signal ?? undefined);
        }
        if (q.regenerate) chat.messages.splice(-2);
        chat.chat_cost += 0.0125;
        // A question that starts with an action's description is answered with its proposal.
        const offered = (body as { pageActions?: { name: string; description: string }[] }).pageActions ?? [];
        const named = offered.find((a) => q.question.startsWith(a.description));
        const action = named && {
          name: named.name,
          description: named.description,
          arguments: { invoice: q.question.slice(named.description.length).trim() },
        };
        const messageId = `m-${next++}`;
        chat.messages.push(
          { sender: 'user', message: q.question },
          {
            id: messageId,
            sender: 'assistant',
            message: `Answer to: ${q.question}`,
            relatedLinks: [LINK],
            ...(action ? { action } : {}),
          },
        );
        return json(200, {
          response: `Answer to: ${q.question}`,
          chat_dataset: q.chat_dataset,
          related_links: [LINK],
          chat_cost: chat.chat_cost,
          chat_cost_currency: 'EUR',
          message_id: messageId,
          ...(action ? { action } : {}),
        });
      }
      case 'action-result': {
        const r = body as { chatId: string; messageId: string; result: string };
        const message = chats.get(r.chatId)?.messages.find((m) => m.id === r.messageId);
        if (!message?.action) return json(404, { error: 'Not Found', message: 'Not found.' });
        message.action = { ...message.action, result: r.result };
        return json(200, message.action);
      }
      case 'chat': {
        const chat = chats.get(id);
        return chat ? json(200, chat) : json(404, { error: 'Not Found', message: 'Chat not found.' });
      }
      case 'followup':
        return json(200, { followup: ['Which subscription costs most?', 'How did costs change?'] });
      case 'rename': {
        const chat = chats.get(id)!;
        chat.chatName = (body as { chatName: string }).chatName;
        return json(200, { chatId: chat.chatId, chatName: chat.chatName, input: '', created: chat.created });
      }
      case 'remove':
        chats.delete(id);
        return new Response(null, { status: 204 });
    }
  }

  return {
    fetch,
    chats,
    calls,
    /** `METHOD /path-after-/api/chat` of every request the client sent, in order. */
    requests: () => [...requests],
    /** `METHOD /path-after-/api/chat` of every call, in order. */
    log: () => calls.map((c) => `${c.method} ${c.path.slice(BASE.length)}`),
    /** The route answers `status` (with `headers`, e.g. Retry-After) until healed. */
    fail: (route: Route, status: number | 'network', headers: Record<string, string> = {}) => {
      failures.set(route, status);
      failureHeaders.set(route, headers);
    },
    heal: (route: Route) => failures.delete(route),
    /** The next question asked with `Accept: text/event-stream` is answered by events the test writes. */
    streamNext() {
      nextStream = answerScript();
      return nextStream;
    },
    /** Holds a route's answers until the returned function is called. */
    hold(route: Route) {
      let release!: () => void;
      gates.set(route, new Promise<void>((r) => (release = r)));
      return () => {
        gates.delete(route);
        release();
      };
    },
  };
}

/**
 * A streamed answer the test writes event by event (the server's `text`, `restart` and `done`). When
 * the client aborts, the body ends with an AbortError, as a browser's does, and 150 ms later what
 * was written is stored as a stopped answer (the chat's cost grows by 0.005).
 */
function answerScript() {
  const encoder = new TextEncoder();
  let writer!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (writer = controller) });
  const send = (event: string, data: unknown) =>
    writer.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
  let written = '';
  let exchange: ((message: ChatMessage, cost: number) => Chat) | null = null;
  return {
    respond(
      chat: Chat,
      q: { question: string; chat_dataset: ChatDataset; regenerate?: boolean },
      signal?: AbortSignal,
    ): Response {
      // Stored as the server stores it, in one go when the answer ends (Regenerate: in the last one's place).
      exchange = (message, cost) => {
        if (q.regenerate) chat.messages.splice(-2);
        chat.chat_cost += cost;
        chat.messages.push({ sender: 'user', message: q.question }, message);
        return chat;
      };
      signal?.addEventListener('abort', () => {
        writer.error(new DOMException('The operation was aborted.', 'AbortError'));
        // The server stores the stopped answer a moment after it sees the request closed.
        setTimeout(() => {
          const stored = exchange!({ sender: 'assistant', type: 'stopped', message: written.trim() }, 0.005);
          stored.followup = STARTERS;
        }, 150);
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
    },
    text(delta: string) {
      written += delta;
      send('text', { delta });
    },
    restart() {
      written = '';
      send('restart', {});
    },
    done(dataset: ChatDataset = 'all') {
      const chat = exchange!({ sender: 'assistant', message: written }, 0.0125);
      send('done', {
        response: written,
        chat_dataset: dataset,
        related_links: [],
        chat_cost: chat.chat_cost,
        chat_cost_currency: 'EUR',
      });
      writer.close();
    },
  };
}

type AnswerScript = ReturnType<typeof answerScript>;

/** Waits until the fake server has received `call` (e.g. 'POST /generate'), so the answer is really on its way. */
async function untilCalled(server: ReturnType<typeof fakeChatbot>, call: string) {
  await vi.waitFor(() => expect(server.log()).toContain(call), BUSY_MACHINE_WAIT);
}

const userMessages = (n: number): ChatMessage[] =>
  Array.from({ length: n }, (_, i) => [
    { sender: 'user' as const, message: `Q${i + 1}` },
    { sender: 'assistant' as const, message: `A${i + 1}` },
  ]).flat();

const storedChat = (chatId: string, overrides: Partial<Chat> = {}): Chat => ({
  chatId,
  chatName: `Name of ${chatId}`,
  messages: userMessages(1),
  chat_dataset: 'azure',
  chat_cost: 0.5,
  chat_cost_currency: 'EUR',
  followup: ['Show the top costs'],
  related_links: [],
  created: new Date(NOW - 2 * DAY).toISOString(),
  ...overrides,
});

function setup(seed: Chat[] = [], extra: Partial<ChatStoreOptions> = {}, server = fakeChatbot(seed)) {
  const http = createHttp({
    baseUrl: 'http://portal.test',
    fetch: server.fetch as typeof fetch,
    getAppToken: () => 'app-token',
  });
  const toasts: ToastInput[] = [];
  const store = createChatStore({
    api: createChatApi(http),
    toast: (t) => toasts.push(t),
    t: createTranslator(),
    datasets: ['all', 'm365', 'azure'],
    // Core has no DOM; the React layer injects DOMPurify. This stand-in drops tags.
    sanitize: (html) => html.replace(/<[^>]*>/g, ''),
    now: () => NOW,
    ...extra,
  });
  return { store, server, toasts, chat: () => store.$chat.get(), history: () => store.$history.get() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('open() (spec §4 "Chat": restoring, then restored or a new chat)', () => {
  it('given no earlier chat, when opened, then it restores (POST /restore {}), finds none and creates a new chat: the intro view with the greeting and follow-ups of POST /create', async () => {
    const { store, server, chat } = setup();
    const opened = store.open();
    expect(chat().status).toBe('restoring');
    await opened;
    expect(server.calls.map((c) => [c.method, c.path.slice(BASE.length), c.body])).toEqual([
      ['POST', '/restore', {}],
      ['POST', '/create', undefined],
    ]);
    expect(chat()).toEqual({
      status: 'ready',
      chatId: 'chat-1',
      chatName: null,
      messages: [],
      dataset: 'all',
      greeting: GREETING,
      followups: STARTERS,
      cost: 0,
      currency: 'USD',
      retryIn: null,
      draft: null,
      tooLongTipVisible: false,
      notEnabled: false,
    });
  });

  it('given a server with POST /open (issue 42 §3), then opening is one round trip, whether the chat is restored or created', async () => {
    const fresh = setup();
    await fresh.store.open();
    expect(fresh.server.requests()).toEqual(['POST /open']);
    expect(fresh.chat()).toMatchObject({ status: 'ready', chatId: 'chat-1', greeting: GREETING, followups: STARTERS });
    const earlier = setup([storedChat('c1')]);
    await earlier.store.open();
    expect(earlier.server.requests()).toEqual(['POST /open']);
    expect(earlier.chat()).toMatchObject({ status: 'ready', chatId: 'c1', chatName: 'Name of c1' });
  });

  it('given a server without POST /open (404), then opening restores and creates by the spec calls', async () => {
    const { store, server, chat } = setup([], {}, fakeChatbot([], { withoutOpen: true }));
    await store.open();
    expect(server.requests()).toEqual(['POST /open', 'POST /restore', 'POST /create']);
    expect(chat()).toMatchObject({ status: 'ready', chatId: 'chat-1', greeting: GREETING });
  });

  it('given the creation is refused inside POST /open, then the chat is ready without an id, and the first question creates it', async () => {
    const { store, server, chat } = setup();
    server.fail('create', 500);
    await store.open();
    expect(server.requests()).toEqual(['POST /open']);
    expect(chat()).toMatchObject({ status: 'ready', chatId: null, messages: [] });
    server.heal('create');
    await store.send('Which subscription costs most?');
    expect(server.log().slice(-3)).toEqual(['POST /create', 'POST /generate', 'POST /followup']);
    expect(chat().chatId).toBe('chat-1');
  });

  it("given the latest chat is empty (its name the server's placeholder), when restored, then its follow-ups show and it has no name until a question is asked", async () => {
    const { store, chat } = setup([
      storedChat('c-empty', {
        chatName: 'New chat',
        messages: [],
        followup: STARTERS,
        chat_dataset: 'all',
        chat_cost: 0,
      }),
    ]);
    await store.open();
    expect(chat()).toMatchObject({
      status: 'ready',
      chatId: 'c-empty',
      chatName: null,
      messages: [],
      followups: STARTERS,
      greeting: null,
    });
  });

  it('given an earlier chat, when opened, then that chat is restored with its messages, dataset, follow-ups and cost; nothing is created', async () => {
    const { store, server, chat } = setup([storedChat('c-old')]);
    await store.open();
    expect(server.log()).toEqual(['POST /restore']);
    expect(chat()).toMatchObject({
      status: 'ready',
      chatId: 'c-old',
      chatName: 'Name of c-old',
      messages: userMessages(1),
      dataset: 'azure',
      followups: ['Show the top costs'],
      cost: 0.5,
      currency: 'EUR',
    });
  });

  it('given a restored chat on a dataset the tenant no longer has, then the first available dataset is used', async () => {
    const { store, chat } = setup([storedChat('c-old', { chat_dataset: 'azure' })], { datasets: ['m365'] });
    await store.open();
    expect(chat().dataset).toBe('m365');
  });

  it("given a restored chat whose last answer has no links of its own, then the chat's related links are attached to it", async () => {
    const { store, chat } = setup([storedChat('c-old', { related_links: [LINK] })]);
    await store.open();
    expect(chat().messages.at(-1)).toEqual({ sender: 'assistant', message: 'A1', relatedLinks: [LINK] });
  });

  it('given the restore call fails, then a new chat is created instead', async () => {
    const { store, server, chat } = setup();
    server.fail('restore', 500);
    await store.open();
    expect(server.log()).toEqual(['POST /restore', 'POST /create']);
    expect(chat()).toMatchObject({ status: 'ready', chatId: 'chat-1', messages: [] });
  });

  it('given a logout while restoring, then the late restore is dropped', async () => {
    const { store, server, chat } = setup([storedChat('c-old')]);
    const release = server.hold('restore');
    const opened = store.open();
    await untilCalled(server, 'POST /restore');
    store.reset();
    release();
    await opened;
    expect(chat().status).toBe('idle');
    expect(chat().chatId).toBeNull();
  });

  it('given an open chat, when opened again, then nothing is called', async () => {
    const { store, server } = setup();
    await store.open();
    await store.open();
    expect(server.log()).toEqual(['POST /restore', 'POST /create']);
  });
});

describe('no dataset available (spec §5)', () => {
  it('given no dataset, when opened, then the assistant is marked not enabled and no server is called', async () => {
    const { store, server, chat } = setup([], { datasets: [] });
    await store.open();
    expect(chat()).toMatchObject({ status: 'ready', notEnabled: true, chatId: null, dataset: null });
    expect(server.calls).toEqual([]);
  });

  it("given no dataset, when a message is sent, then the server is not called and the toast 'Assistant is not enabled…' shows (danger)", async () => {
    const { store, server, toasts, chat } = setup([], { datasets: [] });
    await store.open();
    await expect(store.send('What did we spend?')).resolves.toBe(false);
    expect(server.calls).toEqual([]);
    expect(toasts).toEqual([{ text: NOT_ENABLED, kind: 'error' }]);
    expect(chat().messages).toEqual([]);
  });

  it('given the datasets come from an atom, when licences arrive after opening, then a question creates the chat and is answered', async () => {
    const datasets = atom<readonly ChatDataset[]>([]);
    const { store, server, chat } = setup([], { datasets });
    await store.open();
    expect(chat().notEnabled).toBe(true);
    expect(store.$datasets.get()).toEqual([]);
    datasets.set(['m365']);
    expect(store.$datasets.get()).toEqual(['m365']);
    await expect(store.send('Licences?')).resolves.toBe(true);
    expect(server.log()).toEqual(['POST /create', 'POST /generate', 'POST /followup']);
    expect(server.calls[1]!.body).toEqual({ chatId: 'chat-1', question: 'Licences?', chat_dataset: 'm365' });
    expect(chat()).toMatchObject({ notEnabled: false, dataset: 'm365', chatId: 'chat-1' });
  });
});

describe('send() (spec §4 "Chat", §5 "Chat message", §8 "Chat")', () => {
  it('given a question, then it is sanitized and appended, the input is disabled while generating, and the answer is appended with its links and cost', async () => {
    const { store, server, chat } = setup();
    await store.open();
    const release = server.hold('generate');
    const sending = store.send('  What did <b>we</b> spend?<script>x()</script> ');
    expect(chat().status).toBe('generating');
    expect(chat().messages).toEqual([
      { sender: 'user', message: 'What did we spend?x()', created: new Date(NOW).toISOString() },
    ]);
    release();
    await expect(sending).resolves.toBe(true);
    expect(server.calls.find((c) => c.path.endsWith('/generate'))!.body).toEqual({
      chatId: 'chat-1',
      question: 'What did we spend?x()',
      chat_dataset: 'all',
    });
    expect(chat()).toMatchObject({ status: 'ready', cost: 0.0125, currency: 'EUR' });
    expect(chat().messages[1]).toEqual({
      id: 'm-2',
      sender: 'assistant',
      message: 'Answer to: What did we spend?x()',
      relatedLinks: [LINK],
      created: new Date(NOW).toISOString(),
    });
  });

  it('given a reply, then follow-ups are fetched (POST /followup {chatId}) and shown', async () => {
    const { store, server, chat } = setup();
    await store.open();
    await store.send('Costs?');
    expect(server.log().slice(-2)).toEqual(['POST /generate', 'POST /followup']);
    expect(server.calls.at(-1)!.body).toEqual({ chatId: 'chat-1' });
    expect(chat().followups).toEqual(['Which subscription costs most?', 'How did costs change?']);
  });

  it('given follow-ups on screen, when the next question is sent, then they are cleared until its reply', async () => {
    const { store, server, chat } = setup();
    await store.open();
    await store.send('Costs?');
    const release = server.hold('generate');
    const sending = store.send('And last month?');
    expect(chat().followups).toEqual([]);
    release();
    await sending;
    expect(chat().followups).toHaveLength(2);
  });

  it('given the follow-ups of an answer arrive after the next question was sent, then they are not shown for it', async () => {
    const { store, server, chat } = setup();
    await store.open();
    const releaseFollowups = server.hold('followup');
    const first = store.send('Costs?');
    await untilCalled(server, 'POST /followup');
    expect(chat().status).toBe('ready');
    const releaseAnswer = server.hold('generate');
    const second = store.send('And last month?');
    releaseFollowups();
    await first;
    expect(chat()).toMatchObject({ status: 'generating', followups: [] });
    releaseAnswer();
    await second;
    expect(chat().followups).toHaveLength(2);
  });

  it('given a failing follow-up call, then the answer stands and there are no suggestions', async () => {
    const { store, server, chat } = setup();
    await store.open();
    server.fail('followup', 500);
    await expect(store.send('Costs?')).resolves.toBe(true);
    expect(chat()).toMatchObject({ status: 'ready', followups: [] });
    expect(chat().messages).toHaveLength(2);
  });

  it('given a loaded history, when a reply arrives, then the history cache resets and the next load fetches again', async () => {
    const { store, server, history } = setup([storedChat('c-old')]);
    await store.open();
    await store.loadHistory();
    await store.loadHistory();
    expect(server.log().filter((c) => c === 'GET /history')).toHaveLength(1);
    expect(history().status).toBe('loaded');
    await store.send('Costs?');
    expect(history()).toEqual({ status: 'idle', items: [], groups: [] });
    await store.loadHistory();
    expect(server.log().filter((c) => c === 'GET /history')).toHaveLength(2);
    expect(history().status).toBe('loaded');
  });

  it('given the history list opened while an answer is generating, when the answer arrives, then the list loads again and shows, never stuck loading', async () => {
    const { store, server, history } = setup([storedChat('c-old')]);
    await store.open();
    const releaseAnswer = server.hold('generate');
    const sent = store.send('Costs?');
    const releaseList = server.hold('history');
    const listed = store.loadHistory();
    expect(history().status).toBe('loading');
    releaseAnswer();
    await sent;
    // The list that was loading is out of date (the answer changed the chat): it is asked for again.
    releaseList();
    await listed;
    await vi.waitFor(() => expect(history().status).toBe('loaded'), BUSY_MACHINE_WAIT);
    expect(server.log().filter((c) => c === 'GET /history')).toHaveLength(2);
  });

  it('given HTTP 429, then the assistant message is the rate-limit text of §8, typed error, and the input is re-enabled', async () => {
    const { store, server, chat } = setup();
    await store.open();
    server.fail('generate', 429);
    await expect(store.send('Costs?')).resolves.toBe(false);
    expect(chat().status).toBe('ready');
    expect(chat().messages).toEqual([
      { sender: 'user', message: 'Costs?', created: new Date(NOW).toISOString() },
      { sender: 'assistant', type: 'error', message: RATE_LIMITED, created: new Date(NOW).toISOString() },
    ]);
    expect(server.log()).not.toContain('POST /followup');
  });

  it.each([[500], [403], ['network' as const]])(
    'given %s, then the assistant message is the generic error text and the input is re-enabled',
    async (failure) => {
      const { store, server, chat } = setup();
      await store.open();
      server.fail('generate', failure);
      await store.send('Costs?');
      expect(chat().status).toBe('ready');
      expect(chat().messages.at(-1)).toMatchObject({ sender: 'assistant', type: 'error', message: GENERIC });
    },
  );

  it('given a failed answer, then the cost and the history cache stay as they were', async () => {
    const { store, server, chat, history } = setup([storedChat('c-old')]);
    await store.open();
    await store.loadHistory();
    server.fail('generate', 500);
    await store.send('Costs?');
    expect(chat().cost).toBe(0.5);
    expect(history().status).toBe('loaded');
  });

  it('given empty, whitespace-only or over-2000-character text, then nothing is sent', async () => {
    const { store, server, chat } = setup();
    await store.open();
    for (const text of ['', '   \n', 'x'.repeat(2001)]) await expect(store.send(text)).resolves.toBe(false);
    expect(server.log()).toEqual(['POST /restore', 'POST /create']);
    expect(chat().messages).toEqual([]);
  });

  it('given 2000 characters, then the message is sent', async () => {
    const { store } = setup();
    await store.open();
    await expect(store.send('x'.repeat(2000))).resolves.toBe(true);
  });

  it('given an answer is generating, then a second question is refused', async () => {
    const { store, server } = setup();
    await store.open();
    const release = server.hold('generate');
    const first = store.send('One');
    await expect(store.send('Two')).resolves.toBe(false);
    release();
    await first;
    expect(server.log().filter((c) => c === 'POST /generate')).toHaveLength(1);
  });

  it('given only a screenshot, then the message is sent with it (POST /generate {screenshot}) and the user bubble carries it', async () => {
    const { store, chat, server } = setup();
    await store.open();
    await expect(store.send('  ', 'data:image/png;base64,AAAA')).resolves.toBe(true);
    expect(chat().messages[0]).toEqual({
      sender: 'user',
      message: '',
      data: { screenshot: 'data:image/png;base64,AAAA' },
      created: new Date(NOW).toISOString(),
    });
    expect(server.calls.find((c) => c.path.endsWith('/generate'))?.body).toEqual({
      chatId: 'chat-1',
      question: '',
      chat_dataset: 'all',
      screenshot: 'data:image/png;base64,AAAA',
    });
  });

  it('given a screenshot that is not a PNG, JPEG or WebP data URL, or is over 2 MiB, then nothing is sent', async () => {
    const { store, server, chat } = setup();
    await store.open();
    const tooBig = 'data:image/png;base64,' + 'A'.repeat(Math.ceil((2 * 1024 * 1024 + 3) / 3) * 4);
    for (const screenshot of [
      'data:image/gif;base64,R0lGOD==',
      'https://example.com/x.png',
      'data:image/png,raw',
      tooBig,
    ]) {
      await expect(store.send('Look at this', screenshot)).resolves.toBe(false);
    }
    expect(server.log()).not.toContain('POST /generate');
    expect(chat().messages).toEqual([]);
  });

  it('given text that is only markup the sanitizer removes, then nothing is sent', async () => {
    const { store, server } = setup();
    await store.open();
    await expect(store.send('<img src=x onerror=alert(1)>')).resolves.toBe(false);
    expect(server.log()).not.toContain('POST /generate');
  });

  it('given the chat was never opened, then a question is refused', async () => {
    const { store, server } = setup();
    await expect(store.send('Hi')).resolves.toBe(false);
    expect(server.calls).toEqual([]);
  });

  it('given the new chat could not be created, when a question is sent, then creation is retried and its failure answers with the generic error', async () => {
    const { store, server, chat } = setup();
    server.fail('create', 503);
    await store.open();
    expect(chat()).toMatchObject({ status: 'ready', chatId: null });
    await store.send('Costs?');
    expect(server.log()).toEqual(['POST /restore', 'POST /create', 'POST /create']);
    expect(chat().messages.at(-1)).toMatchObject({ type: 'error', message: GENERIC });
    server.heal('create');
    await expect(store.send('Costs?')).resolves.toBe(true);
    expect(chat().chatId).toBe('chat-1');
  });
});

describe('send() with the live report view (beyond the spec: the assistant sees the report)', () => {
  const VIEW: ReportContext = {
    reportId: 'billing-overview',
    reportName: 'Billing overview',
    page: { name: 'ReportSection2', displayName: 'Cost by Service' },
    filters: [{ level: 'page', table: 'Costs', column: 'Service', operator: 'In', values: ['Virtual Machines'] }],
    savedView: 'My VMs',
  };
  const generated = (server: ReturnType<typeof fakeChatbot>) =>
    server.calls.filter((c) => c.path.endsWith('/generate')).map((c) => c.body as Record<string, unknown>);

  it('given a report view is published on the portal client, when a question is sent, then the request carries it as reportContext, read at question time', async () => {
    const registry = createReportContextRegistry();
    let page = VIEW.page;
    registry.publish(async () => ({ ...VIEW, page }));
    const { store, server } = setup([], { reportContext: registry.read });
    await store.open();
    await expect(store.send('What am I looking at?')).resolves.toBe(true);
    page = { name: 'ReportSection3', displayName: 'Monthly Trend' };
    await store.send('And now?');
    expect(generated(server)).toEqual([
      { chatId: 'chat-1', question: 'What am I looking at?', chat_dataset: 'all', reportContext: VIEW },
      { chatId: 'chat-1', question: 'And now?', chat_dataset: 'all', reportContext: { ...VIEW, page } },
    ]);
  });

  it('given no report view, a failing one or an invalid context, then the question goes without reportContext', async () => {
    const registry = createReportContextRegistry();
    const { store, server } = setup([], { reportContext: registry.read });
    await store.open();
    await store.send('Q1');
    const withdraw = registry.publish(() => Promise.reject(new Error('The frame went away.')));
    await store.send('Q2');
    withdraw();
    registry.publish(async () => ({ ...VIEW, tenantId: 'someone-else' }) as ReportContext);
    await store.send('Q3');
    expect(generated(server).map((body) => [body.question, 'reportContext' in body])).toEqual([
      ['Q1', false],
      ['Q2', false],
      ['Q3', false],
    ]);
  });

  it(`given a view that does not answer within ${REPORT_CONTEXT_READ_TIMEOUT_MS} ms, then the question goes without it after that time`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { store, server, chat } = setup([], { reportContext: () => new Promise(() => {}) });
    await store.open();
    const sending = store.send('What am I looking at?');
    await vi.advanceTimersByTimeAsync(REPORT_CONTEXT_READ_TIMEOUT_MS - 1);
    expect(server.log()).not.toContain('POST /generate');
    expect(chat().status).toBe('generating');
    await vi.advanceTimersByTimeAsync(1);
    await expect(sending).resolves.toBe(true);
    expect(generated(server)).toEqual([{ chatId: 'chat-1', question: 'What am I looking at?', chat_dataset: 'all' }]);
  });
});

describe('too-long tip (spec §4, §9: 15 user messages)', () => {
  it('given 14 user messages, then no tip; at 15 it shows; dismissed, it stays hidden until the next reply re-shows it', async () => {
    const { store, server, chat } = setup([storedChat('long', { messages: userMessages(13) })]);
    await store.open();
    expect(chat().tooLongTipVisible).toBe(false);

    await store.send('fourteenth');
    expect(chat().tooLongTipVisible).toBe(false);

    await store.send('fifteenth');
    expect(chat().tooLongTipVisible).toBe(true);

    store.dismissTooLongTip();
    expect(chat().tooLongTipVisible).toBe(false);

    const release = server.hold('generate');
    const sixteenth = store.send('sixteenth');
    expect(chat().tooLongTipVisible).toBe(false);
    release();
    await sixteenth;
    expect(chat().tooLongTipVisible).toBe(true);

    // Re-shown means no longer dismissed: the next question keeps it on screen.
    const releaseAgain = server.hold('generate');
    const seventeenth = store.send('seventeenth');
    expect(chat().tooLongTipVisible).toBe(true);
    releaseAgain();
    await seventeenth;
  });

  it('given the fifteenth question, then the tip shows as soon as it is sent', async () => {
    const { store, server, chat } = setup([storedChat('long', { messages: userMessages(14) })]);
    await store.open();
    const release = server.hold('generate');
    const sending = store.send('fifteenth');
    expect(chat().tooLongTipVisible).toBe(true);
    release();
    await sending;
  });

  it('given a dismissed tip, when an error reply arrives, then it re-shows too', async () => {
    const { store, server, chat } = setup([storedChat('long', { messages: userMessages(15) })]);
    await store.open();
    expect(chat().tooLongTipVisible).toBe(true);
    store.dismissTooLongTip();
    server.fail('generate', 429);
    await store.send('again');
    expect(chat().tooLongTipVisible).toBe(true);
  });

  it('given a dismissed tip, when selecting another chat fails, then the open chat keeps its dismissal until the next reply', async () => {
    const { store, server, chat } = setup([storedChat('c-a'), storedChat('long', { messages: userMessages(15) })]);
    await store.open();
    store.dismissTooLongTip();
    server.fail('restore', 503);
    await store.selectHistory('c-a');
    expect(chat()).toMatchObject({ chatId: 'long', status: 'ready', tooLongTipVisible: false });
    server.heal('restore');
    const release = server.hold('generate');
    const sending = store.send('again');
    expect(chat().tooLongTipVisible).toBe(false);
    release();
    await sending;
    expect(chat().tooLongTipVisible).toBe(true);
  });

  it('given a restored chat with 15 user messages, then the tip shows', async () => {
    const { store, chat } = setup([storedChat('long', { messages: userMessages(15) })]);
    await store.open();
    expect(chat().tooLongTipVisible).toBe(true);
  });
});

describe('changeDataset() (spec §4: cleared at once, new chat after a 300 ms debounce)', () => {
  it('given a chat with messages and follow-ups, when the dataset changes, then they clear at once and a chat is created after 300 ms', async () => {
    const { store, server, chat } = setup([storedChat('c-old')]);
    await store.open();
    vi.useFakeTimers();
    store.changeDataset('m365');
    expect(chat()).toMatchObject({
      status: 'ready',
      dataset: 'm365',
      chatId: null,
      messages: [],
      followups: [],
      cost: null,
    });
    vi.advanceTimersByTime(299);
    expect(server.log()).not.toContain('POST /create');
    vi.advanceTimersByTime(1);
    expect(server.log().filter((c) => c === 'POST /create')).toHaveLength(1);
    await vi.waitFor(() => expect(chat().chatId).toBe('chat-2'), BUSY_MACHINE_WAIT);
    expect(chat()).toMatchObject({ status: 'ready', dataset: 'm365', messages: [], cost: 0 });
  });

  it('given repeated changes within 300 ms, then one chat is created, on the last dataset', async () => {
    const { store, server, chat } = setup();
    await store.open();
    vi.useFakeTimers();
    store.changeDataset('m365');
    vi.advanceTimersByTime(200);
    store.changeDataset('azure');
    vi.advanceTimersByTime(200);
    store.changeDataset('m365');
    vi.advanceTimersByTime(299);
    expect(server.log().filter((c) => c === 'POST /create')).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(server.log().filter((c) => c === 'POST /create')).toHaveLength(2);
    await vi.waitFor(() => expect(chat().chatId).toBe('chat-2'), BUSY_MACHINE_WAIT);
    vi.advanceTimersByTime(1000);
    expect(server.log().filter((c) => c === 'POST /create')).toHaveLength(2);
    expect(chat().dataset).toBe('m365');
  });

  it('given the same dataset, or one the tenant does not have, then nothing changes', async () => {
    const { store, server, chat } = setup([storedChat('c-old')], { datasets: ['azure'] });
    await store.open();
    vi.useFakeTimers();
    const before = chat();
    store.changeDataset('azure');
    store.changeDataset('m365');
    vi.advanceTimersByTime(1000);
    expect(chat()).toBe(before);
    expect(server.log()).toEqual(['POST /restore']);
  });

  it('given a question within the 300 ms, then the chat is created at once for it and the timer creates no second chat', async () => {
    const { store, server, chat } = setup([storedChat('c-old')]);
    await store.open();
    vi.useFakeTimers();
    store.changeDataset('m365');
    vi.advanceTimersByTime(100);
    await expect(store.send('Licences?')).resolves.toBe(true);
    vi.advanceTimersByTime(1000);
    expect(server.log()).toEqual(['POST /restore', 'POST /create', 'POST /generate', 'POST /followup']);
    expect(server.calls[2]!.body).toEqual({ chatId: 'chat-2', question: 'Licences?', chat_dataset: 'm365' });
    expect(chat()).toMatchObject({ chatId: 'chat-2', dataset: 'm365' });
    expect(chat().messages).toHaveLength(2);
  });

  it('given an answer is generating, when the dataset changes, then the late answer is dropped', async () => {
    const { store, server, chat } = setup();
    await store.open();
    const release = server.hold('generate');
    const sending = store.send('Costs?');
    await untilCalled(server, 'POST /generate');
    vi.useFakeTimers();
    store.changeDataset('azure');
    release();
    await expect(sending).resolves.toBe(false);
    expect(chat()).toMatchObject({ status: 'ready', messages: [], dataset: 'azure' });
  });
});

describe('a new chat shows what POST /create answers (spec §4 "intro view, or with follow-up questions")', () => {
  it('given a conversation, when New Chat is pressed, then the new chat shows its greeting and follow-ups instead of the old ones', async () => {
    const { store, chat } = setup([storedChat('c-old', { chat_dataset: 'all' })]);
    await store.open();
    expect(chat()).toMatchObject({ greeting: null, followups: ['Show the top costs'] });
    await store.newChat();
    expect(chat()).toMatchObject({
      status: 'ready',
      chatId: 'chat-2',
      chatName: null,
      messages: [],
      greeting: GREETING,
      followups: STARTERS,
      dataset: 'all',
      cost: 0,
      currency: 'USD',
    });
  });

  it('given a question, then the greeting stays above it and the follow-ups give way to those of the answer', async () => {
    const { store, chat } = setup();
    await store.open();
    await store.send('Costs?');
    expect(chat()).toMatchObject({
      greeting: GREETING,
      followups: ['Which subscription costs most?', 'How did costs change?'],
    });
    expect(chat().messages.map((m) => m.sender)).toEqual(['user', 'assistant']);
  });

  it('given a question sent while the chat is being created, then the greeting comes in above it and the question is answered', async () => {
    const { store, server, chat } = setup([storedChat('c-old', { chat_dataset: 'all' })]);
    await store.open();
    const release = server.hold('create');
    const creating = store.newChat();
    const sending = store.send('Costs?');
    expect(chat()).toMatchObject({ status: 'generating', greeting: null });
    release();
    await creating;
    expect(chat()).toMatchObject({ status: 'generating', chatId: 'chat-2', greeting: GREETING, followups: [] });
    expect(chat().messages).toEqual([{ sender: 'user', message: 'Costs?', created: new Date(NOW).toISOString() }]);
    await expect(sending).resolves.toBe(true);
    expect(chat().messages).toHaveLength(2);
  });

  it('given the user chose another dataset, then the new chat (created on the default one) shows no greeting or follow-ups of that other dataset', async () => {
    const { store, chat } = setup();
    await store.open();
    vi.useFakeTimers();
    store.changeDataset('azure');
    expect(chat()).toMatchObject({ greeting: null, followups: [] });
    vi.advanceTimersByTime(300);
    await vi.waitFor(() => expect(chat().chatId).toBe('chat-2'), BUSY_MACHINE_WAIT);
    expect(chat()).toMatchObject({ dataset: 'azure', greeting: null, followups: [], messages: [] });
  });

  it('given another chat is selected from the history, then the greeting of the new chat goes', async () => {
    const { store, chat } = setup([storedChat('c-a')]);
    await store.open();
    await store.newChat();
    await store.selectHistory('c-a');
    expect(chat()).toMatchObject({ chatId: 'c-a', greeting: null });
  });
});

describe('rate limit (spec §8 "HTTP 429", §9 "Assistant rate limit": Retry-After counted down)', () => {
  /** A store on fake timers, whose clock is the fake clock. */
  async function limited(retryAfter: Record<string, string> = { 'Retry-After': '3' }) {
    vi.useFakeTimers({ now: NOW });
    const context = setup([], { now: () => Date.now() });
    await context.store.open();
    context.server.fail('generate', 429, retryAfter);
    await expect(context.store.send('What did we spend?')).resolves.toBe(false);
    return context;
  }

  it('given a 429 with Retry-After: 3, then the rate-limit text, the question back for the input, and 3, 2, 1 seconds left — then questions go again', async () => {
    const { store, server, chat } = await limited();
    expect(chat()).toMatchObject({ status: 'ready', retryIn: 3, draft: { text: 'What did we spend?' } });
    expect(chat().messages.at(-1)).toMatchObject({ sender: 'assistant', type: 'error', message: RATE_LIMITED });
    vi.advanceTimersByTime(999);
    expect(chat().retryIn).toBe(3);
    vi.advanceTimersByTime(1);
    expect(chat().retryIn).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(chat().retryIn).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(chat().retryIn).toBeNull();
    server.heal('generate');
    await expect(store.send('What did we spend?')).resolves.toBe(true);
    expect(chat()).toMatchObject({ draft: null, retryIn: null });
  });

  it('given the countdown runs, then a question is refused without a call', async () => {
    const { store, server, chat } = await limited();
    server.heal('generate');
    const calls = server.log().length;
    await expect(store.send('Again?')).resolves.toBe(false);
    expect(server.log()).toHaveLength(calls);
    expect(chat().messages).toHaveLength(2);
  });

  it('given a 429 without Retry-After, then the wait is a minute', async () => {
    const { chat } = await limited({});
    expect(chat().retryIn).toBe(60);
    vi.advanceTimersByTime(59_000);
    expect(chat().retryIn).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(chat().retryIn).toBeNull();
  });

  it('given a screenshot with the question, then both come back for the input', async () => {
    vi.useFakeTimers({ now: NOW });
    const { store, server, chat } = setup([], { now: () => Date.now() });
    await store.open();
    server.fail('generate', 429, { 'Retry-After': '5' });
    const shot = 'data:image/png;base64,iVBORw0KGgo=';
    await store.send('This chart?', shot);
    expect(chat().draft).toEqual({ text: 'This chart?', screenshot: shot });
  });

  it("given the limit is the user's, then a new chat keeps counting; a logout ends it", async () => {
    const { store, chat } = await limited();
    await store.newChat();
    expect(chat()).toMatchObject({ chatId: 'chat-2', retryIn: 3 });
    vi.advanceTimersByTime(1000);
    expect(chat().retryIn).toBe(2);
    store.reset();
    expect(chat().retryIn).toBeNull();
    vi.advanceTimersByTime(5000);
    expect(chat().retryIn).toBeNull();
  });

  it('given another failure, then there is no wait, and the question still comes back for the input', async () => {
    const { store, server, chat } = setup();
    await store.open();
    server.fail('generate', 500);
    await store.send('Costs?');
    expect(chat()).toMatchObject({ retryIn: null, draft: { text: 'Costs?' } });
  });
});

describe('newChat() and selectHistory() (spec §4)', () => {
  it('given an open chat, when New Chat is pressed, then an empty chat on the same dataset is created', async () => {
    const { store, server, chat } = setup([storedChat('c-old')]);
    await store.open();
    await store.newChat();
    expect(server.log()).toEqual(['POST /restore', 'POST /create']);
    expect(chat()).toMatchObject({
      status: 'ready',
      chatId: 'chat-2',
      messages: [],
      followups: [],
      dataset: 'azure',
      tooLongTipVisible: false,
    });
  });

  it('given a history item, when selected, then that chat is restored (POST /restore {chatId})', async () => {
    const { store, server, chat } = setup([
      storedChat('c-a'),
      storedChat('c-b', { chat_dataset: 'm365', messages: userMessages(2) }),
    ]);
    await store.open();
    expect(chat().chatId).toBe('c-b');
    const selecting = store.selectHistory('c-a');
    expect(chat().status).toBe('restoring');
    await selecting;
    expect(server.calls.at(-1)).toMatchObject({ method: 'POST', path: `${BASE}/restore`, body: { chatId: 'c-a' } });
    expect(chat()).toMatchObject({ status: 'ready', chatId: 'c-a', dataset: 'azure', messages: userMessages(1) });
  });

  it('given the open chat is selected in the history, then nothing is called', async () => {
    const { store, server, chat } = setup([storedChat('c-a')]);
    await store.open();
    const before = chat();
    await store.selectHistory('c-a');
    expect(server.log()).toEqual(['POST /restore']);
    expect(chat()).toBe(before);
  });

  it('given restoring the item fails, then the generic error toasts and the open chat stays', async () => {
    const { store, toasts, chat } = setup([storedChat('c-a')]);
    await store.open();
    const before = chat();
    await store.selectHistory('gone');
    expect(toasts).toEqual([{ title: 'Error', text: GENERIC, kind: 'error' }]);
    expect(chat()).toEqual(before);
  });

  it('given an answer is generating, when another chat is selected, then the late answer is not added to it', async () => {
    const { store, server, chat } = setup([storedChat('c-a'), storedChat('c-b')]);
    await store.open();
    const release = server.hold('generate');
    const sending = store.send('Costs?');
    await untilCalled(server, 'POST /generate');
    await store.selectHistory('c-a');
    release();
    await expect(sending).resolves.toBe(false);
    expect(chat()).toMatchObject({ chatId: 'c-a', status: 'ready', messages: userMessages(1) });
  });
});

describe('loadHistory() (spec §2, §4 "History list states", §8)', () => {
  it('given chats, then loading, then loaded with date groups', async () => {
    const { store, history } = setup([
      storedChat('old', { created: new Date(NOW - 40 * DAY).toISOString() }),
      storedChat('recent'),
      storedChat('undated', { created: null as unknown as string }),
    ]);
    const loading = store.loadHistory();
    expect(history().status).toBe('loading');
    await loading;
    expect(history().status).toBe('loaded');
    expect(history().items.map((i) => i.chatId)).toEqual(['undated', 'recent', 'old']);
    expect(history().groups.map((g) => [g.label, g.items.map((i) => i.chatId)])).toEqual([
      ['THIS WEEK', ['recent']],
      ['OLDER', ['undated', 'old']],
    ]);
  });

  it('given no chats, then empty', async () => {
    const { store, history } = setup();
    await store.loadHistory();
    expect(history()).toEqual({ status: 'empty', items: [], groups: [] });
  });

  it('given the call fails, then the list is empty, and the next load tries again', async () => {
    const { store, server, history } = setup([storedChat('c-a')]);
    server.fail('history', 500);
    await store.loadHistory();
    expect(history()).toEqual({ status: 'empty', items: [], groups: [] });
    server.heal('history');
    await store.loadHistory();
    expect(history().status).toBe('loaded');
  });

  it('given two loads at once, then one call; force reloads a cached list', async () => {
    const { store, server } = setup([storedChat('c-a')]);
    await Promise.all([store.loadHistory(), store.loadHistory()]);
    expect(server.log()).toEqual(['GET /history']);
    await store.loadHistory(true);
    expect(server.log()).toEqual(['GET /history', 'GET /history']);
  });
});

describe('rename() (spec §5 "Chat rename", §8)', () => {
  it('given a new name, then PUT with the trimmed name, the history item is renamed and the toast says so', async () => {
    const { store, server, toasts, history } = setup([storedChat('c-a')]);
    await store.loadHistory();
    await expect(store.rename('c-a', '  Azure costs  ')).resolves.toBe('renamed');
    expect(server.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: `${BASE}/history/c-a`,
      body: { chatName: 'Azure costs' },
    });
    expect(history().items[0]!.chatName).toBe('Azure costs');
    expect(history().groups[0]!.items[0]!.chatName).toBe('Azure costs');
    expect(toasts).toEqual([{ text: 'Chat renamed successfully', kind: 'success' }]);
  });

  it('given the open chat is renamed, then its name changes too', async () => {
    const { store, chat } = setup([storedChat('c-a')]);
    await store.open();
    await store.rename('c-a', 'Mine');
    expect(chat().chatName).toBe('Mine');
  });

  it('given an empty name, then invalid; given the same name after trimming, then unchanged; neither calls the server', async () => {
    const { store, server, toasts } = setup([storedChat('c-a')]);
    await store.loadHistory();
    await expect(store.rename('c-a', '   ')).resolves.toBe('invalid');
    await expect(store.rename('c-a', ' Name of c-a ')).resolves.toBe('unchanged');
    expect(server.log()).toEqual(['GET /history']);
    expect(toasts).toEqual([]);
  });

  it("given the call fails, then the toast is 'Error' / 'Failed to rename chat' and the name stays", async () => {
    const { store, server, toasts, history } = setup([storedChat('c-a')]);
    await store.loadHistory();
    server.fail('rename', 500);
    await expect(store.rename('c-a', 'New')).resolves.toBe('failed');
    expect(toasts).toEqual([{ title: 'Error', text: 'Failed to rename chat', kind: 'error' }]);
    expect(history().items[0]!.chatName).toBe('Name of c-a');
  });
});

describe('remove() (spec §4, §8)', () => {
  it("given a chat of the history, then it is deleted, leaves the list and the toast is 'Chat deleted successfully'", async () => {
    const { store, server, toasts, history, chat } = setup([storedChat('c-a'), storedChat('c-b')]);
    await store.open();
    await store.loadHistory();
    await expect(store.remove('c-a')).resolves.toBe(true);
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', path: `${BASE}/history/c-a` });
    expect(history().items.map((i) => i.chatId)).toEqual(['c-b']);
    expect(toasts).toEqual([{ text: 'Chat deleted successfully', kind: 'success' }]);
    expect(chat().chatId).toBe('c-b');
  });

  it('given the open chat is deleted, then a new chat starts', async () => {
    const { store, server, chat, history } = setup([storedChat('c-a')]);
    await store.open();
    await store.loadHistory();
    await store.remove('c-a');
    expect(server.log().slice(-2)).toEqual(['DELETE /history/c-a', 'POST /create']);
    expect(chat()).toMatchObject({ status: 'ready', chatId: 'chat-2', messages: [], followups: [], dataset: 'azure' });
    expect(history()).toMatchObject({ status: 'empty', items: [] });
  });

  it("given the call fails, then the toast is 'Error' / 'Failed to delete chat' and everything stays", async () => {
    const { store, server, toasts, history, chat } = setup([storedChat('c-a')]);
    await store.open();
    await store.loadHistory();
    server.fail('remove', 500);
    await expect(store.remove('c-a')).resolves.toBe(false);
    expect(toasts).toEqual([{ title: 'Error', text: 'Failed to delete chat', kind: 'error' }]);
    expect(history().items).toHaveLength(1);
    expect(chat().chatId).toBe('c-a');
  });
});

describe('reset() (logout)', () => {
  it('given an open chat, a loaded history and an answer on its way, then everything is back to idle and the answer is dropped', async () => {
    const { store, server, chat, history } = setup([storedChat('c-a')]);
    await store.open();
    await store.loadHistory();
    const release = server.hold('generate');
    const sending = store.send('Costs?');
    await untilCalled(server, 'POST /generate');
    store.reset();
    release();
    await expect(sending).resolves.toBe(false);
    expect(chat()).toEqual({
      status: 'idle',
      chatId: null,
      chatName: null,
      messages: [],
      dataset: null,
      greeting: null,
      followups: [],
      cost: null,
      currency: 'USD',
      retryIn: null,
      draft: null,
      tooLongTipVisible: false,
      notEnabled: false,
    });
    expect(history()).toEqual({ status: 'idle', items: [], groups: [] });
  });

  it('given a pending dataset change, then no chat is created after the reset, and the chat can be opened again', async () => {
    const { store, server, chat } = setup();
    await store.open();
    vi.useFakeTimers();
    store.changeDataset('azure');
    store.reset();
    vi.advanceTimersByTime(1000);
    expect(server.log()).toEqual(['POST /restore', 'POST /create']);
    vi.useRealTimers();
    await store.open();
    expect(server.log()).toEqual(['POST /restore', 'POST /create', 'POST /restore']);
    expect(chat()).toMatchObject({ status: 'ready', chatId: 'chat-1', dataset: 'all' });
  });
});

describe('translation', () => {
  it('given a translated catalogue, then the store speaks it', async () => {
    const { store, server, chat, toasts } = setup([], {
      t: createTranslator({ 'chat.error.generic': 'Fehler.', 'chat.delete.done': 'Gelöscht.' }),
    });
    await store.open();
    server.fail('generate', 500);
    await store.send('Kosten?');
    expect(chat().messages.at(-1)!.message).toBe('Fehler.');
    await store.remove('chat-1');
    expect(toasts[0]).toEqual({ text: 'Gelöscht.', kind: 'success' });
  });
});

describe('answers as they are written: $answer, stop() and regenerate() (issue 40)', () => {
  /** A store with an open chat (c1, one exchange) whose next answer the test writes. */
  async function streaming() {
    const ctx = setup([storedChat('c1')]);
    await ctx.store.open();
    return { ...ctx, script: ctx.server.streamNext(), answer: () => ctx.store.$answer.get() };
  }

  it('given a question, when the answer streams, then $answer grows piece by piece while the input waits, and once done it is the last message', async () => {
    const { store, chat, script, answer, server } = await streaming();
    const sent = store.send('What did we spend?');
    await untilCalled(server, 'POST /generate');
    await vi.waitFor(() => expect(answer()).toBe(''));
    script.text('Contoso spent ');
    await vi.waitFor(() => expect(answer()).toBe('Contoso spent '));
    script.text('**$5**.');
    await vi.waitFor(() => expect(answer()).toBe('Contoso spent **$5**.'));
    expect(chat().status).toBe('generating');
    expect(chat().messages.at(-1)).toMatchObject({ sender: 'user', message: 'What did we spend?' });
    script.done();
    expect(await sent).toBe(true);
    expect(answer()).toBeNull();
    expect(chat()).toMatchObject({ status: 'ready', cost: 0.5125, currency: 'EUR' });
    expect(chat().messages.at(-1)).toMatchObject({ sender: 'assistant', message: 'Contoso spent **$5**.' });
    expect(chat().followups).toEqual(['Which subscription costs most?', 'How did costs change?']);
  });

  it('given the model goes on to look data up (restart), then the text so far is taken back', async () => {
    const { store, script, answer, server } = await streaming();
    const sent = store.send('Costs?');
    await untilCalled(server, 'POST /generate');
    script.text('Let me look.');
    await vi.waitFor(() => expect(answer()).toBe('Let me look.'));
    script.restart();
    await vi.waitFor(() => expect(answer()).toBe(''));
    script.text('Here it is.');
    script.done();
    await sent;
    expect(store.$chat.get().messages.at(-1)!.message).toBe('Here it is.');
  });

  it('given an answer on its way, when stopped, then what was written stays as a stopped answer, and the cost and follow-ups come from the stored chat', async () => {
    const { store, chat, script, answer, server } = await streaming();
    const sent = store.send('What did we spend?');
    await untilCalled(server, 'POST /generate');
    script.text('Contoso spent a lot ');
    await vi.waitFor(() => expect(answer()).toBe('Contoso spent a lot '));
    store.stop();
    expect(await sent).toBe(false);
    expect(answer()).toBeNull();
    expect(chat().status).toBe('ready');
    expect(chat().messages.at(-1)).toMatchObject({
      sender: 'assistant',
      type: 'stopped',
      message: 'Contoso spent a lot',
    });
    expect(chat().draft).toBeNull();
    await vi.waitFor(() => expect(chat().cost).toBe(0.505), BUSY_MACHINE_WAIT);
    expect(chat().followups).toEqual(STARTERS);
    expect(server.log()).toContain('GET /history/c1');
  });

  it('given Stop before the question went out (the chat still being created), then nothing is asked and the question is back in the input', async () => {
    const { store, server, chat } = setup();
    server.fail('create', 500);
    await store.open();
    server.heal('create');
    const release = server.hold('create');
    const sent = store.send('Which subscription costs most?');
    await untilCalled(server, 'POST /create');
    store.stop();
    release();
    expect(await sent).toBe(false);
    expect(server.log()).not.toContain('POST /generate');
    expect(chat()).toMatchObject({ status: 'ready', messages: [], draft: { text: 'Which subscription costs most?' } });
  });

  it('given no answer on its way, when stopped, then nothing happens', async () => {
    const { store, chat } = await streaming();
    const before = chat();
    store.stop();
    expect(chat()).toBe(before);
  });

  it('given an answer, when regenerated, then the same question is asked again with regenerate and its answer replaces the last one — on screen and on the server', async () => {
    const { store, chat, script, answer, server } = await streaming();
    expect(chat().messages.map((m) => m.message)).toEqual(['Q1', 'A1']);
    const again = store.regenerate();
    await vi.waitFor(() => expect(chat().status).toBe('generating'));
    expect(chat().messages.map((m) => m.message)).toEqual(['Q1']);
    await untilCalled(server, 'POST /generate');
    expect(server.calls.at(-1)!.body).toMatchObject({ chatId: 'c1', question: 'Q1', regenerate: true });
    script.text('A better A1.');
    await vi.waitFor(() => expect(answer()).toBe('A better A1.'));
    script.done();
    expect(await again).toBe(true);
    expect(chat().messages.map((m) => m.message)).toEqual(['Q1', 'A better A1.']);
    expect(server.chats.get('c1')!.messages.map((m) => m.message)).toEqual(['Q1', 'A better A1.']);
  });

  it('given Regenerate is stopped, then the stopped answer stays in the old one’s place — the old answer, still stored for a moment, never comes back', async () => {
    const { store, chat, script, answer, server } = await streaming();
    const again = store.regenerate();
    await untilCalled(server, 'POST /generate');
    script.text('A better ');
    await vi.waitFor(() => expect(answer()).toBe('A better '));
    store.stop();
    expect(await again).toBe(false);
    await vi.waitFor(() => expect(chat().cost).toBe(0.505), BUSY_MACHINE_WAIT);
    expect(chat().messages.map((m) => [m.type ?? 'answer', m.message])).toEqual([
      ['answer', 'Q1'],
      ['stopped', 'A better'],
    ]);
    expect(server.chats.get('c1')!.messages.map((m) => m.message)).toEqual(['Q1', 'A better']);
  });

  it('given Regenerate fails, then the old answer shows again with the error after it, and the input takes nothing back', async () => {
    const { store, chat, server } = await streaming();
    server.fail('generate', 500);
    expect(await store.regenerate()).toBe(false);
    expect(chat().messages.map((m) => [m.type ?? 'answer', m.message])).toEqual([
      ['answer', 'Q1'],
      ['answer', 'A1'],
      ['error', GENERIC],
    ]);
    expect(chat().draft).toBeNull();
  });

  it('given the last message is an error, or the chat is not ready, then regenerate() refuses', async () => {
    const { store, server } = await streaming();
    server.fail('generate', 500);
    await store.send('Costs?');
    const asked = server.log().length;
    expect(await store.regenerate()).toBe(false);
    expect(server.log()).toHaveLength(asked);
    const fresh = setup();
    expect(await fresh.store.regenerate()).toBe(false);
  });
});

describe('the host page drives the chat: page context, ask() and prefill()', () => {
  const INVOICE = { title: 'Invoice 4711', data: { invoice: '4711', amount: 1250.5 } };
  const generated = (server: ReturnType<typeof fakeChatbot>) =>
    server.calls.filter((c) => c.path.endsWith('/generate')).map((c) => c.body as Record<string, unknown>);

  it('given a page context, when questions are sent, then each carries it and the user message shows it; removed, the next goes without', async () => {
    const { store, server, chat } = setup();
    await store.open();
    expect(await store.setPageContext({ title: '  Invoice 4711 ', data: INVOICE.data })).toBeNull();
    expect(store.$pageContext.get()).toEqual(INVOICE);
    await store.send('What is this?');
    await store.send('And the amount?');
    expect(generated(server).map((b) => b.pageContext)).toEqual([INVOICE, INVOICE]);
    expect(chat().messages[0]).toMatchObject({ sender: 'user', data: { pageContext: INVOICE } });
    await store.setPageContext(null);
    await store.send('Anything else?');
    expect(generated(server).at(-1)).not.toHaveProperty('pageContext');
    expect(chat().messages.at(-2)).not.toHaveProperty('data');
  });

  it('given a context the rules refuse, then its message is answered and no context is used (not the one before)', async () => {
    const { store } = setup();
    await store.setPageContext(INVOICE);
    expect(await store.setPageContext({ title: '' })).toBe(
      'pageContext.title must be text of 1 to 120 characters: what the visitor sees it called.',
    );
    expect(store.$pageContext.get()).toBeNull();
  });

  it('given the chat is not open yet, when the page asks, then the question waits, and is sent once when the chat opens', async () => {
    const { store, server, chat } = setup();
    const asked = store.ask('Which services cost the most?', { context: INVOICE });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(generated(server)).toEqual([]);
    await store.open();
    await expect(asked).resolves.toEqual({ ok: true, answered: true });
    expect(generated(server)).toEqual([
      expect.objectContaining({ question: 'Which services cost the most?', pageContext: INVOICE }),
    ]);
    expect(chat().messages.map((m) => m.sender)).toEqual(['user', 'assistant']);
  });

  it('given an answer being written, when the page asks, then its question follows once the answer is in', async () => {
    const { store, server } = setup();
    await store.open();
    const release = server.hold('generate');
    const first = store.send('First?');
    const second = store.ask('Second?');
    await untilCalled(server, 'POST /generate');
    expect(generated(server).map((b) => b.question)).toEqual(['First?']);
    release();
    await first;
    await expect(second).resolves.toEqual({ ok: true, answered: true });
    expect(generated(server).map((b) => b.question)).toEqual(['First?', 'Second?']);
  });

  it("given a question over 2000 characters, when the page asks, then it is refused with the limit's message and put in the composer, nothing sent", async () => {
    const { store, server, chat } = setup();
    await store.open();
    const long = 'x'.repeat(2001);
    await expect(store.ask(long)).resolves.toEqual({
      ok: false,
      code: 'question-too-long',
      message: 'Maximum length is 2000 characters.',
    });
    expect(chat().draft).toEqual({ text: long, replace: true });
    expect(generated(server)).toEqual([]);
    await expect(store.ask('   ')).resolves.toEqual({ ok: false, code: 'question-empty', message: '' });
  });

  it('given the rate limit counting down, when the page asks, then it is refused with the countdown and put in the composer', async () => {
    vi.useFakeTimers({ now: NOW });
    const { store, server, chat } = setup([], { now: () => Date.now() });
    await store.open();
    server.fail('generate', 429, { 'Retry-After': '30' });
    await store.send('What did we spend?');
    await expect(store.ask('Try again?')).resolves.toEqual({
      ok: false,
      code: 'rate-limited',
      message: 'You can ask again in 30 seconds.',
    });
    expect(chat().draft).toEqual({ text: 'Try again?', replace: true });
  });

  it('given no dataset, when the page asks, then it is refused as not enabled and the toast says so', async () => {
    const { store, server, toasts } = setup([], { datasets: [] });
    await store.open();
    await expect(store.ask('Costs?')).resolves.toEqual({ ok: false, code: 'not-enabled', message: NOT_ENABLED });
    expect(toasts).toEqual([{ text: NOT_ENABLED, kind: 'error' }]);
    expect(server.log()).toEqual([]);
  });

  it('given a context the rules refuse, when the page asks with it, then nothing is sent', async () => {
    const { store, server } = setup();
    await store.open();
    const outcome = await store.ask('What is this?', { context: { title: 'x', data: [1] } as never });
    expect(outcome).toEqual({
      ok: false,
      code: 'context-invalid',
      message: 'pageContext.data must be a JSON object ({ "key": value, … }).',
    });
    expect(generated(server)).toEqual([]);
  });

  it('given a question waiting for the chat to open, when the visitor logs out, then it is cancelled', async () => {
    const { store, server, chat } = setup();
    const release = server.hold('create');
    const opening = store.open();
    const asked = store.ask('Costs?');
    await vi.waitFor(() => expect(chat().status).toBe('restoring'));
    store.reset();
    await expect(asked).resolves.toEqual({ ok: false, code: 'cancelled', message: '' });
    release();
    await opening;
    expect(generated(server)).toEqual([]);
  });

  it('given text prefilled before the chat opens, then the composer gets it once the chat is ready; after, at once', async () => {
    const { store, chat } = setup([storedChat('c1')]);
    const one = store.prefill('Draft one');
    const two = store.prefill('Draft two');
    await Promise.all([one, two]);
    await store.open();
    expect(chat().draft).toEqual({ text: 'Draft two', replace: true });
    await store.prefill('Draft three');
    expect(chat().draft).toEqual({ text: 'Draft three', replace: true });
  });

  it('given a question sent with a page context, when its answer is regenerated, then the context goes again', async () => {
    const { store, server } = setup();
    await store.open();
    await store.setPageContext(INVOICE);
    await store.send('What is this?');
    await store.setPageContext(null);
    await store.regenerate();
    expect(generated(server).at(-1)).toMatchObject({
      question: 'What is this?',
      regenerate: true,
      pageContext: INVOICE,
    });
  });
});

describe('exportChat(): the open chat taken away', () => {
  it('given a restored chat, then its transcript names it as the header does, with its messages, cost and links as the caller addresses them', async () => {
    const { store } = setup([storedChat('c1', { related_links: [LINK] })]);
    await store.open();
    const transcript = await store.exportChat((url) => `https://portal.example/billing/${url}`);
    expect(transcript).toMatchObject({
      chatId: 'c1',
      title: 'Name of c1',
      dataset: 'azure',
      exported: new Date(NOW).toISOString(),
      cost: 0.5,
      currency: 'EUR',
    });
    expect(transcript.messages).toEqual([
      expect.objectContaining({ sender: 'user', text: 'Q1' }),
      expect.objectContaining({
        sender: 'assistant',
        text: 'A1',
        links: [{ name: LINK.name, path: LINK.path, url: 'https://portal.example/billing/azure/cost' }],
      }),
    ]);
  });
});

describe('the host page offers its actions: registerActions() and saveActionResult()', () => {
  const OPEN_INVOICE = {
    name: 'openInvoice',
    description: 'Open invoice',
    parameters: { type: 'object' as const, properties: { invoice: { type: 'string' } }, required: ['invoice'] },
  };
  const generated = (server: ReturnType<typeof fakeChatbot>) =>
    server.calls.filter((c) => c.path.endsWith('/generate')).map((c) => c.body as Record<string, unknown>);

  it('given registered actions, when questions are sent, then each carries them; replaced by none, the next goes without', async () => {
    const { store, server } = setup();
    await store.open();
    expect(await store.registerActions([{ ...OPEN_INVOICE, description: ' Open invoice ' }])).toBeNull();
    expect(store.$pageActions.get()).toEqual([OPEN_INVOICE]);
    await store.send('What is due?');
    expect(generated(server).at(-1)!.pageActions).toEqual([OPEN_INVOICE]);
    await store.registerActions([]);
    await store.send('Anything else?');
    expect(generated(server).at(-1)).not.toHaveProperty('pageActions');
  });

  it('given actions the rules refuse, then the message is answered and none are offered (not those before)', async () => {
    const { store } = setup();
    await store.registerActions([OPEN_INVOICE]);
    expect(await store.registerActions([{ name: 'open invoice', description: 'x' }])).toBe(
      'pageActions[0].name must be a letter followed by letters, digits or "_", at most 48 characters.',
    );
    expect(store.$pageActions.get()).toEqual([]);
  });

  it('given an answer that proposes an action, then the answer holds it with its id; a result the page gives is stored and shown with it', async () => {
    const { store, server, chat } = setup();
    await store.open();
    await store.registerActions([OPEN_INVOICE]);
    await store.send('Open invoice 4711');
    const answer = chat().messages.at(-1)!;
    const proposal = { name: 'openInvoice', description: 'Open invoice', arguments: { invoice: '4711' } };
    expect(answer).toMatchObject({ sender: 'assistant', action: proposal });
    expect(answer.id).toMatch(/^m-/);
    expect(await store.saveActionResult(answer.id!, '  Invoice 4711 opened. ')).toBe(true);
    expect(server.calls.at(-1)).toMatchObject({
      method: 'POST',
      body: { chatId: chat().chatId, messageId: answer.id, result: 'Invoice 4711 opened.' },
    });
    expect(chat().messages.at(-1)!.action).toEqual({ ...proposal, result: 'Invoice 4711 opened.' });
  });

  it('given a result that is empty or the server refuses, then it is not shown and false is answered', async () => {
    const { store, chat } = setup();
    await store.open();
    await store.registerActions([OPEN_INVOICE]);
    await store.send('Open invoice 4711');
    const id = chat().messages.at(-1)!.id!;
    expect(await store.saveActionResult(id, '   ')).toBe(false);
    expect(await store.saveActionResult('m-unknown', 'Opened.')).toBe(false);
    expect(chat().messages.at(-1)!.action).not.toHaveProperty('result');
  });
});

describe("the host's telemetry: questions sent and how their answers ended", () => {
  it('given an answer, then question-sent and answer-shown (answered, with its times and cost) are reported (their text is dropped by the client unless the host asks for it)', async () => {
    const events: unknown[] = [];
    let clock = NOW;
    const { store } = setup([], { telemetry: (e) => events.push(e), now: () => (clock += 10) });
    await store.open();
    await store.setPageContext({ title: 'Invoice 4711' });
    await store.send('What is due?');
    expect(events).toEqual([
      { type: 'question-sent', dataset: 'all', characters: 12, withContext: true, text: 'What is due?' },
      {
        type: 'answer-shown',
        outcome: 'answered',
        dataset: 'all',
        firstTextMs: null,
        doneMs: expect.any(Number),
        cost: 0.0125,
        currency: 'EUR',
        text: 'Answer to: What is due?',
      },
    ]);
  });

  it('given a failed answer, then answer-shown says failed and an error is reported with its code', async () => {
    const events: { type: string }[] = [];
    const { store, server } = setup([], { telemetry: (e) => events.push(e) });
    await store.open();
    server.fail('generate', 429, { 'Retry-After': '30' });
    await store.send('What is due?');
    expect(events.map((e) => e.type)).toEqual(['question-sent', 'answer-shown', 'error']);
    expect(events[1]).toMatchObject({ outcome: 'failed', cost: null });
    expect(events[2]).toEqual({ type: 'error', piece: 'assistant', code: 'rate-limited' });
  });
});
