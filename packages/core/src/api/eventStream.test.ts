import { describe, expect, it, vi } from 'vitest';
import { generateChatStream, type ChatStreamHandlers } from './chatStream';
import { ApiError } from './errors';
import { readEventStream, type ServerSentEvent } from './eventStream';
import { createHttp } from './http';

/** A body that arrives in the given chunks, one read each. */
const bodyOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

async function eventsOf(...chunks: string[]): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  await readEventStream(bodyOf(...chunks), (e) => events.push(e));
  return events;
}

describe('readEventStream', () => {
  it('given events split anywhere across chunks, then each is read once its blank line has come', async () => {
    const whole =
      'event: text\ndata: {"delta":"Hel"}\n\nevent: text\ndata: {"delta":"lo €"}\n\nevent: done\ndata: {}\n\n';
    const bytes = new TextEncoder().encode(whole);
    // Split inside a line, inside the blank line and inside the € (three bytes in UTF-8).
    const cuts = [5, 17, 33, whole.indexOf('€') + 1, bytes.length - 1];
    const chunks: Uint8Array[] = [];
    let at = 0;
    for (const cut of [...cuts, bytes.length]) {
      chunks.push(bytes.slice(at, cut));
      at = cut;
    }
    const events: ServerSentEvent[] = [];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    await readEventStream(body, (e) => events.push(e));
    expect(events).toEqual([
      { event: 'text', data: '{"delta":"Hel"}' },
      { event: 'text', data: '{"delta":"lo €"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('given comment lines, CRLF line ends, several data lines and an unnamed event, then they read as the standard says', async () => {
    expect(await eventsOf(': keep-alive\r\n\r\n', 'data: a\r\ndata: b\r\n\r\n', 'event: x\ndata:c\n\n')).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'x', data: 'c' },
    ]);
  });

  it('given onEvent throws, then the read rejects with its error and the rest of the body is cancelled', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: bad\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const refusing = readEventStream(body, () => {
      throw new Error('not JSON');
    });
    await expect(refusing).rejects.toThrow('not JSON');
    expect(cancelled).toBe(true);
  });

  it('given a last event without its blank line, then it is still read when the body ends', async () => {
    expect(await eventsOf('event: done\ndata: {}')).toEqual([{ event: 'done', data: '{}' }]);
  });
});

describe('generateChatStream', () => {
  const question = { chatId: 'c1', question: 'Costs?', chat_dataset: 'azure' as const };
  const answer = {
    response: 'Hello',
    chat_dataset: 'azure',
    related_links: [],
    chat_cost: 0.1,
    chat_cost_currency: 'USD',
  };
  const apiAnswering = (response: Response) => {
    const fetch = vi.fn(async () => response);
    const http = createHttp({ baseUrl: 'https://portal.example', fetch, getAppToken: () => 't' });
    const generateStream = (q: typeof question, handlers?: ChatStreamHandlers) => generateChatStream(http, q, handlers);
    return { fetch, chat: { generateStream } };
  };
  const stream = (...chunks: string[]) =>
    new Response(bodyOf(...chunks), { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });

  it('given a streamed answer, then its text is told piece by piece, a restart starts over, and the final answer resolves', async () => {
    const { fetch, chat } = apiAnswering(
      stream(
        'event: text\ndata: {"delta":"Let me"}\n\nevent: restart\ndata: {}\n\n',
        'event: text\ndata: {"delta":"Hel"}\n\nevent: text\ndata: {"delta":"lo"}\n\n',
        `event: links\ndata: {"related_links":[]}\n\nevent: done\ndata: ${JSON.stringify(answer)}\n\n`,
      ),
    );
    let text = '';
    const got = await chat.generateStream(question, {
      onText: (d) => (text += d),
      onRestart: () => (text = ''),
    });
    expect(text).toBe('Hello');
    expect(got).toEqual(answer);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('accept')).toBe('text/event-stream');
    expect(init.body).toBe(JSON.stringify(question));
  });

  it('given an error event, then it rejects with the ApiError of its status and message', async () => {
    const { chat } = apiAnswering(
      stream('event: error\ndata: {"status":502,"error":"Bad Gateway","message":"The model failed."}\n\n'),
    );
    const failed = await chat.generateStream(question).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 502, message: 'The model failed.' });
  });

  it('given a stream that ends before its answer, then it rejects with a 502', async () => {
    const { chat } = apiAnswering(stream('event: text\ndata: {"delta":"Hel"}\n\n'));
    await expect(chat.generateStream(question)).rejects.toMatchObject({ status: 502 });
  });

  it('given a server that answers JSON (no streaming), then its answer resolves at once', async () => {
    const { chat } = apiAnswering(Response.json(answer));
    const onText = vi.fn();
    await expect(chat.generateStream(question, { onText })).resolves.toEqual(answer);
    expect(onText).not.toHaveBeenCalled();
  });

  it('given a refusal before the stream (429), then it rejects as the JSON call does', async () => {
    const { chat } = apiAnswering(Response.json({ error: 'Too Many Requests', message: 'Wait.' }, { status: 429 }));
    await expect(chat.generateStream(question)).rejects.toMatchObject({ status: 429, message: 'Wait.' });
  });
});
