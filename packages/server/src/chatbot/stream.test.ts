import { createChatApi, generateChatStream, readEventStream, type ChatAnswer, type ChatApi } from '@cloudportal/core';
import Fastify from 'fastify';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { haproxyAvailable, startHaproxy } from '#tools/haproxy.mjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAs, startTestServer, type TestServer } from '../test-support';
import { exchangeCost } from './cost';
import { AnswerStoppedError, type AnswerStream } from './engine';
import { PROVIDER_MESSAGES } from './openai';
import { CHATBOT } from './routes';
import { BUILTIN_PIECE_CHARS, openEventStream, shownLength, writeInPieces } from './stream';
import { answer, openAiEnv, startFakeOpenAi, textChunks, toolCallChunks, usageChunk } from './test-openai';

/**
 * Answers that stream (issue 40 §1–§2): `POST …/generate` with `Accept: text/event-stream`, through
 * the built-in engine and through the OpenAI-compatible one against a fake model that streams the
 * real chunk formats.
 */

type Session = Awaited<ReturnType<typeof signInAs>>;

/** One server-sent event as the client reads it. */
interface ReadEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads server-sent events from `response` as they come (core's reader), calling `onEvent` for each; answers them all. */
async function readEvents(response: Response, onEvent: (e: ReadEvent) => void = () => {}): Promise<ReadEvent[]> {
  const events: ReadEvent[] = [];
  await readEventStream(response.body!, ({ event, data }) => {
    const e = { event, data: JSON.parse(data) as Record<string, unknown> };
    events.push(e);
    onEvent(e);
  });
  return events;
}

const deltas = (events: readonly ReadEvent[]) =>
  events.filter((e) => e.event === 'text').map((e) => e.data.delta as string);

/** A promise and its resolve, for a fake model's stream to wait on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('writeInPieces and shownLength (stream.ts)', () => {
  const sink = (controller = new AbortController()) => {
    const pieces: string[] = [];
    const stream: AnswerStream = { text: (d) => pieces.push(d), restart: () => {}, signal: controller.signal };
    return { pieces, stream, controller };
  };

  it('given a composed answer, then it is written in pieces of a few words, cut after a space, that add up to it', async () => {
    const markdown = 'Contoso spent **$12,345.67** on Azure last month. 🚀 That is 4 % more than the month before.';
    const { pieces, stream } = sink();
    await writeInPieces(markdown, stream);
    expect(pieces.join('')).toBe(markdown);
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces.slice(0, -1)) {
      expect(piece.endsWith(' ')).toBe(true);
      expect(piece.length).toBeGreaterThanOrEqual(BUILTIN_PIECE_CHARS);
    }
  });

  it('given the stream is stopped, then writing ends with AnswerStoppedError after the pieces already written', async () => {
    const { pieces, stream, controller } = sink();
    const writing = writeInPieces('word '.repeat(200), {
      ...stream,
      text: (d) => {
        stream.text(d);
        if (pieces.length === 3) controller.abort();
      },
    });
    await expect(writing).rejects.toBeInstanceOf(AnswerStoppedError);
    expect(pieces).toHaveLength(3);
  });

  it('given a model’s text so far, then a followups block and a tail that may still open one are held back', () => {
    expect(shownLength('The cost is **$5**.')).toBe(19);
    const answerText = 'The cost is **$5**.\n\n';
    for (const tail of ['`', '``', '```', '``` ', '```f', '```follow', '```followups', '```followups\n["A?"]'])
      expect({ tail, shown: shownLength(answerText + tail) }).toEqual({ tail, shown: answerText.length });
    // A code block of another kind goes on as soon as it cannot be the follow-ups' fence.
    expect(shownLength(`${answerText}\`\`\`json`)).toBe(answerText.length + 7);
    // Inline code shows once the character after its closing backtick has come.
    expect(shownLength('Use `az cost`')).toBe(12);
    expect(shownLength('Use `az cost` now')).toBe(17);
  });
});

describe('openEventStream (stream.ts)', () => {
  it('given a long pause between events, then a comment line keeps the connection alive; given the client goes, then the stream’s signal aborts', async () => {
    // Node's fetch opens a spare connection when the aborted one closes; it never sends a request, so
    // only a forced close ends it before the keep-alive time-out.
    const app = Fastify({ forceCloseConnections: true });
    let signal: AbortSignal | undefined;
    const pause = gate();
    app.get('/events', async (_request, reply) => {
      const events = openEventStream(reply, 20);
      signal = events.signal;
      events.send('text', { delta: 'a' });
      await pause.opened;
      events.send('text', { delta: 'b' });
      return reply;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/events`, { signal: controller.signal });
      const reader = response.body!.getReader();
      let text = '';
      while (!text.includes(': keep-alive\n\n: keep-alive\n\n'))
        text += new TextDecoder().decode((await reader.read()).value);
      expect(text.startsWith('event: text\ndata: {"delta":"a"}\n\n: keep-alive\n\n')).toBe(true);
      controller.abort();
      await expect.poll(() => signal?.aborted).toBe(true);
      pause.open();
    } finally {
      await app.close();
    }
  });
});

describe('POST …/generate with Accept: text/event-stream, built-in engine', () => {
  let server: TestServer;
  let session: Session;
  let chat: ChatApi;

  beforeAll(async () => {
    server = await startTestServer();
    session = await signInAs(server, 'ada@contoso.example');
    chat = createChatApi(session.http);
  });
  afterAll(() => server?.close());
  beforeEach(() =>
    server.db.query("update assistant_requests set requested_at = requested_at - interval '61 seconds'"),
  );

  const generate = (body: unknown, accept = 'text/event-stream') =>
    fetch(`${server.baseUrl}${CHATBOT}/generate`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${session.getToken()}`,
        'Content-Type': 'application/json',
        'Accept-Encoding': 'gzip, br',
        Accept: accept,
      },
      body: JSON.stringify(body),
    });

  it('given a question, then the answer arrives as text pieces, then links, then the spec’s answer — stored as the JSON call stores it', async () => {
    const { chatId } = await chat.create();
    const response = await generate({ chatId, question: 'What did we spend last month?', chat_dataset: 'azure' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toBe('no-cache, no-transform');
    // Not compressed: each event must reach the browser when it is sent.
    expect(response.headers.get('content-encoding')).toBeNull();
    const events = await readEvents(response);
    const names = events.map((e) => e.event);
    expect(names.filter((n) => n === 'text').length).toBeGreaterThan(2);
    expect(names.slice(-2)).toEqual(['links', 'done']);
    const done = events.at(-1)!.data as unknown as ChatAnswer;
    expect(Object.keys(done).sort()).toEqual(
      ['chat_cost', 'chat_cost_currency', 'chat_dataset', 'message_id', 'related_links', 'response'].sort(),
    );
    expect(deltas(events).join('')).toBe(done.response);
    expect(done.response).toMatch(/\$|USD/);
    expect(events.at(-2)!.data).toEqual({ related_links: done.related_links });
    const stored = await chat.chat(chatId);
    expect(stored.messages.at(-1)).toMatchObject({ sender: 'assistant', message: done.response });
    expect(stored.messages.at(-1)!.type).toBeUndefined();
    expect(stored.chat_cost).toBe(done.chat_cost);
  });

  it('given core’s client (generateChatStream), then it tells the text as it comes and resolves the stored answer', async () => {
    const { chatId } = await chat.create();
    const pieces: string[] = [];
    const got = await generateChatStream(
      session.http,
      { chatId, question: 'What did we spend last month?', chat_dataset: 'azure' },
      { onText: (d) => pieces.push(d) },
    );
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(got.response);
    expect((await chat.chat(chatId)).messages.at(-1)!.message).toBe(got.response);
  });

  it('given no event-stream Accept, then the spec’s JSON answer as before', async () => {
    const { chatId } = await chat.create();
    const response = await generate(
      { chatId, question: 'What did we spend last month?', chat_dataset: 'azure' },
      '*/*',
    );
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as ChatAnswer;
    expect(body.response).toMatch(/\$|USD/);
  });

  it('given a refused question, then the refusal is the usual status and JSON, not a stream', async () => {
    const { chatId } = await chat.create();
    const response = await generate({ chatId, question: '   ', chat_dataset: 'azure' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/(problem\+)?json/);
  });
});

describe('POST …/generate with Accept: text/event-stream, OpenAI-compatible engine against a streaming model', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let server: TestServer;
  let session: Session;
  let chat: ChatApi;
  const PRICE = 0.5;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({
      env: openAiEnv(fake.baseUrl, { key: 'test-key', timeoutMs: 5000, pricePer1kChars: PRICE }),
    });
    session = await signInAs(server, 'ada@contoso.example');
    chat = createChatApi(session.http);
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(() =>
    server.db.query("update assistant_requests set requested_at = requested_at - interval '61 seconds'"),
  );

  const generate = (body: unknown, signal?: AbortSignal) =>
    fetch(`${server.baseUrl}${CHATBOT}/generate`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${session.getToken()}`,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
      },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });

  it('given a model that streams, then the first words reach the client before the model has finished', async () => {
    const rest = gate();
    fake.script({
      stream: [
        ...textChunks('Contoso spent ', '**$1,234**').slice(0, 3),
        rest.opened,
        ...textChunks(' last month.').slice(1),
      ],
    });
    const { chatId } = await chat.create();
    const response = await generate({ chatId, question: 'What did we spend?', chat_dataset: 'azure' });
    let firstBeforeEnd: string | undefined;
    const events = await readEvents(response, (e) => {
      if (e.event === 'text' && firstBeforeEnd === undefined) {
        firstBeforeEnd = e.data.delta as string;
        rest.open();
      }
    });
    expect(fake.requests[0]!.body.stream).toBe(true);
    expect(fake.requests[0]!.body.stream_options).toEqual({ include_usage: true });
    expect(firstBeforeEnd).toBe('Contoso spent ');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.response).toBe('Contoso spent **$1,234** last month.');
    expect(deltas(events).join('')).toBe(done.data.response);
  });

  it('given a tool call streamed in fragments and an answer whose follow-ups block is split across deltas, then the tool runs and no follow-up text is streamed', async () => {
    fake.script(
      { stream: toolCallChunks('call_1', 'azure_costs', '{"group', 'By":"ser', 'vice"}') },
      {
        stream: textChunks(
          'Compute cost the most.',
          '\n\n``',
          '`follow',
          'ups\n["Which subscriptions',
          ' cost most?"]\n```',
        ),
      },
    );
    const { chatId } = await chat.create();
    const response = await generate({ chatId, question: 'Which services cost the most?', chat_dataset: 'azure' });
    const events = await readEvents(response);
    // The tool's arguments were put together from their fragments and the result sent back.
    const second = fake.requests[1]!.body.messages;
    const toolMessage = second.find((m) => m.role === 'tool');
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(JSON.parse((toolMessage as { content: string }).content)).not.toHaveProperty('error');
    const text = deltas(events).join('');
    expect(text).toBe('Compute cost the most.\n\n');
    expect(text).not.toContain('followups');
    const done = events.at(-1)!.data as unknown as ChatAnswer;
    expect(done.response).toBe('Compute cost the most.');
    expect(done.related_links.length).toBeGreaterThan(0);
    expect(await chat.followup(chatId)).toEqual({ followup: ['Which subscriptions cost most?'] });
  });

  it('given text before a tool call, then it is taken back (restart) and the answer is the final round’s', async () => {
    fake.script(
      {
        stream: [...textChunks('Let me look.').slice(0, 2), ...toolCallChunks('call_1', 'azure_costs', '{}').slice(1)],
      },
      { stream: textChunks('Here it is.') },
    );
    const { chatId } = await chat.create();
    const events = await readEvents(await generate({ chatId, question: 'Costs?', chat_dataset: 'azure' }));
    expect(events.map((e) => e.event).filter((n) => n !== 'links')).toEqual(['text', 'restart', 'text', 'done']);
    expect(events.at(-1)!.data.response).toBe('Here it is.');
  });

  it('given the visitor stops the answer, then the model’s request is aborted and what they saw is kept as a stopped answer with its cost', async () => {
    fake.script({ stream: [...textChunks('Contoso spent ', 'a lot ').slice(0, 3), 'hang'] });
    const { chatId } = await chat.create();
    const before = await chat.chat(chatId);
    const controller = new AbortController();
    const question = 'What did we spend?';
    const response = await generate({ chatId, question, chat_dataset: 'azure' }, controller.signal);
    const seen: string[] = [];
    await readEvents(response, (e) => {
      if (e.event !== 'text') return;
      seen.push(e.data.delta as string);
      if (seen.length === 2) controller.abort();
    }).catch((error: Error) => expect(error.name).toBe('AbortError'));
    expect(seen.join('')).toBe('Contoso spent a lot ');
    await expect.poll(() => fake.requests[0]!.closedEarly).toBe(true);
    await expect
      .poll(async () => (await chat.chat(chatId)).messages.length, { timeout: 5000 })
      .toBe(before.messages.length + 2);
    const after = await chat.chat(chatId);
    expect(after.messages.at(-1)).toMatchObject({
      sender: 'assistant',
      type: 'stopped',
      message: 'Contoso spent a lot',
    });
    expect(after.chat_cost).toBeCloseTo(before.chat_cost + exchangeCost(question, 'Contoso spent a lot', PRICE), 6);
  });

  it('given the model fails after the stream began, then an error event carries the readable message and nothing is stored', async () => {
    fake.script({ status: 500, json: { error: { message: 'internal detail' } } });
    const { chatId } = await chat.create();
    const before = await chat.chat(chatId);
    const events = await readEvents(await generate({ chatId, question: 'Costs?', chat_dataset: 'azure' }));
    expect(events).toEqual([
      { event: 'error', data: { status: 502, error: 'Bad Gateway', message: PROVIDER_MESSAGES.failed(500) } },
    ]);
    expect((await chat.chat(chatId)).messages).toHaveLength(before.messages.length);
  });

  it('given Regenerate, then the model is asked without the last answer, and the new answer replaces the last question and answer; the cost still grows', async () => {
    fake.script(answer('First try.'), { stream: textChunks('Second ', 'try.') });
    const { chatId } = await chat.create();
    const question = 'What did we spend?';
    await readEvents(await generate({ chatId, question, chat_dataset: 'azure' }));
    const first = await chat.chat(chatId);
    const events = await readEvents(await generate({ chatId, question, chat_dataset: 'azure', regenerate: true }));
    expect(events.at(-1)!.data.response).toBe('Second try.');
    // The model did not see the answer it is asked to replace, nor the question twice.
    const asked = JSON.stringify(fake.requests[1]!.body.messages);
    expect(asked).not.toContain('First try.');
    expect(asked.split(question).length - 1).toBe(1);
    const after = await chat.chat(chatId);
    expect(after.messages.map((m) => [m.sender, m.message])).toEqual([
      ['user', question],
      ['assistant', 'Second try.'],
    ]);
    expect(after.chat_cost).toBeCloseTo(first.chat_cost + exchangeCost(question, 'Second try.', PRICE), 6);
    expect((await chat.history()).find((h) => h.chatId === chatId)?.input).toBe(question);
  });

  it('given Regenerate on a chat with no question yet, then 400 with a readable message and nothing is asked', async () => {
    const { chatId } = await chat.create();
    const asked = fake.requests.length;
    const response = await generate({ chatId, question: 'Costs?', chat_dataset: 'azure', regenerate: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Bad Request',
      message: 'This chat has no answer to regenerate yet.',
    });
    expect(fake.requests).toHaveLength(asked);
  });

  it('given a model that answers one JSON body to a streamed call, then the whole answer comes in the final event', async () => {
    fake.script(answer('All at once.'));
    const { chatId } = await chat.create();
    const events = await readEvents(await generate({ chatId, question: 'Costs?', chat_dataset: 'azure' }));
    expect(events.map((e) => e.event)).toEqual(['done']);
    expect(events[0]!.data.response).toBe('All at once.');
    expect(usageChunk.choices).toEqual([]);
  });
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// Issue 40 §4: behind the HAProxy settings of the operations guide (tests/tools/haproxy.mjs, as
// bench:load runs them). HAProxy is installed as PostgreSQL and PgBouncer are (apt-get, as root).
describe.runIf(haproxyAvailable())('a streamed answer behind HAProxy', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let server: TestServer;
  let proxy: NonNullable<Awaited<ReturnType<typeof startHaproxy>>>;
  let session: Session;
  let chat: ChatApi;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({
      env: openAiEnv(fake.baseUrl, { key: 'test-key', timeoutMs: 5000, pricePer1kChars: 0.5 }),
    });
    session = await signInAs(server, 'ada@contoso.example');
    chat = createChatApi(session.http);
    const started = await startHaproxy(await freePort(), [{ name: 'a', port: Number(new URL(server.baseUrl).port) }]);
    if (!started) throw new Error('HAProxy did not start.');
    proxy = started;
  });
  afterAll(async () => {
    await proxy?.stop();
    await server?.close();
    await fake?.close();
  });

  it('given a model that holds its answer, then the first words pass through before the end; given Stop, then the model’s request is aborted through the proxy', async () => {
    const rest = gate();
    fake.script({ stream: [...textChunks('Contoso spent ', 'a lot.').slice(0, 2), rest.opened, 'hang'] });
    const { chatId } = await chat.create();
    const controller = new AbortController();
    const response = await fetch(`${proxy.base}${CHATBOT}/generate`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${session.getToken()}`,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
      },
      body: JSON.stringify({ chatId, question: 'What did we spend?', chat_dataset: 'azure' }),
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const seen: string[] = [];
    await readEvents(response, (e) => {
      if (e.event !== 'text') return;
      seen.push(e.data.delta as string);
      // The model still holds the rest: these words came through HAProxy as they were written.
      controller.abort();
    }).catch((error: Error) => expect(error.name).toBe('AbortError'));
    rest.open();
    expect(seen).toEqual(['Contoso spent ']);
    await expect.poll(() => fake.requests[0]!.closedEarly, { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await chat.chat(chatId)).messages.at(-1)?.type, { timeout: 10_000 }).toBe('stopped');
  });
});
