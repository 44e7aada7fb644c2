/**
 * A fake OpenAI-compatible chat completions API for the assistant's tests (the edge of the outside
 * world, as TOOLCHAIN.md fakes Entra ID): it records every request and answers the next scripted
 * step — a JSON body, a raw text, no answer at all, or a stream of server-sent chunks in the real
 * formats (text deltas, tool-call fragments, the closing usage chunk) that may wait on the test
 * between chunks or hang, and notes when the client closed the connection before the end.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WireMessage, WireTool } from './openai';

/** The model name the tests configure. */
export const MODEL = 'gpt-test';

/** The environment of a server whose assistant is the OpenAI-compatible engine asking the fake at `baseUrl`. */
export const openAiEnv = (
  baseUrl: string,
  { key, timeoutMs, pricePer1kChars }: { key: string; timeoutMs: number; pricePer1kChars: number },
): NodeJS.ProcessEnv => ({
  ASSISTANT_PROVIDER: 'openai',
  ASSISTANT_BASE_URL: baseUrl,
  ASSISTANT_API_KEY: key,
  ASSISTANT_MODEL: MODEL,
  ASSISTANT_TIMEOUT_MS: String(timeoutMs),
  ASSISTANT_PRICE_PER_1K_CHARS: String(pricePer1kChars),
});

export interface ChatCompletionsBody {
  model: string;
  messages: WireMessage[];
  tools?: WireTool[];
  tool_choice?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

export interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatCompletionsBody;
  /** True once the client closed the connection before the answer ended (an aborted call). */
  closedEarly: boolean;
}

/**
 * One item of a streamed answer: a chunk (sent as `data: {json}`), a promise to wait for before the
 * next item (the test lets the stream go on), or 'hang' (write nothing more, keep the connection).
 */
export type StreamItem = object | Promise<unknown> | 'hang';

/** One scripted answer: a JSON body, a raw text body, a stream of chunks, or no answer at all (hang). */
export type Reply =
  | { status?: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number }
  | { stream: StreamItem[] }
  | 'hang';
/** A step: a fixed reply, or one computed from the request (e.g. from the tool results sent back). */
export type Step = Reply | ((request: Recorded) => Reply);

/** Writes a streamed answer as the chat completions API does: `data:` lines, then `data: [DONE]`. */
async function writeStream(res: ServerResponse, items: readonly StreamItem[], hang: () => void): Promise<void> {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  for (const item of items) {
    if (res.destroyed) return;
    if (item === 'hang') return hang();
    if (item instanceof Promise) await item;
    else res.write(`data: ${JSON.stringify(item)}\n\n`);
  }
  res.end('data: [DONE]\n\n');
}

/** Starts the fake on a port of its own; `baseUrl` is what ASSISTANT_BASE_URL takes. */
export async function startFakeOpenAi() {
  const requests: Recorded[] = [];
  let steps: Step[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: Recorded = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as ChatCompletionsBody,
        closedEarly: false,
      };
      res.on('close', () => {
        if (!res.writableFinished) recorded.closedEarly = true;
      });
      requests.push(recorded);
      const step = steps.shift() ?? {
        status: 500,
        json: { error: { message: 'The fake has no scripted answer left.' } },
      };
      const reply = typeof step === 'function' ? step(recorded) : step;
      const hang = () => {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
      };
      if (reply === 'hang') return hang();
      if ('stream' in reply) return void writeStream(res, reply.stream, hang);
      const body = reply.text ?? JSON.stringify(reply.json);
      const send = () => {
        res.writeHead(reply.status ?? 200, {
          'Content-Type': reply.text === undefined ? 'application/json' : 'text/plain',
          ...reply.headers,
        });
        res.end(body);
      };
      // A model that takes its time over a whole answer.
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Replaces the script and forgets earlier requests. */
    script(...next: Step[]) {
      steps = next;
      requests.length = 0;
    },
    /** Steps not used yet. */
    left: () => steps.length,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A chat completions answer with a final message. */
export const answer = (content: string): Reply => ({
  json: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: MODEL,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  },
});

/** A chat completions answer asking for tool calls; arguments given as objects are sent as JSON text. */
export const toolCalls = (...calls: [name: string, args: unknown][]): Reply => ({
  json: {
    id: 'chatcmpl-2',
    object: 'chat.completion',
    model: MODEL,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: calls.map(([name, args], i) => ({
            id: `call_${i + 1}`,
            type: 'function',
            function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
          })),
        },
        finish_reason: 'tool_calls',
      },
    ],
  },
});

/** A streamed chunk of a chat completions answer with `delta`, and `finish` when it is the last. */
const chunk = (delta: object, finish: string | null = null) => ({
  id: 'chatcmpl-s',
  object: 'chat.completion.chunk',
  model: MODEL,
  choices: [{ index: 0, delta, finish_reason: finish }],
});

/** The closing usage chunk (`stream_options.include_usage`): no choices. */
export const usageChunk = {
  id: 'chatcmpl-s',
  object: 'chat.completion.chunk',
  model: MODEL,
  choices: [],
  usage: { prompt_tokens: 120, completion_tokens: 40, total_tokens: 160 },
};

/** A streamed final answer: the role first, then each piece of text as a delta, the stop and the usage. */
export const textChunks = (...pieces: string[]): object[] => [
  chunk({ role: 'assistant', content: '' }),
  ...pieces.map((content) => chunk({ content })),
  chunk({}, 'stop'),
  usageChunk,
];

/**
 * A streamed turn asking for one tool call: its id and name in the first fragment, its arguments
 * (JSON text) split over the following ones, as the API sends them.
 */
export const toolCallChunks = (id: string, name: string, ...argPieces: string[]): object[] => [
  chunk({ role: 'assistant', content: null }),
  chunk({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '' } }] }),
  ...argPieces.map((part) => chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] })),
  chunk({}, 'tool_calls'),
  usageChunk,
];
