import type { ChatAnswer, ChatQuestion } from './chat';
import { ApiError } from './errors';
import { readEventStream } from './eventStream';
import { SERVICE, type Http } from './http';

/**
 * What {@link generateChatStream} tells as the answer is written.
 * @public
 */
export interface ChatStreamHandlers {
  /** The next piece of the answer's Markdown. */
  onText?: (delta: string) => void;
  /** The text so far is not the answer (the model went on to look data up): start over. */
  onRestart?: () => void;
  /** Aborting stops the answer: the server stops, and keeps what was written as a stopped answer. */
  signal?: AbortSignal;
}

/**
 * Reads a streamed answer (the server's `text`, `restart`, `links`, `done` and `error` events) to
 * its final answer; an `error` event rejects with the `ApiError` the JSON call would have, a stream
 * that ends without an answer with a 502 one. A server that answers JSON instead (no streaming)
 * gives its answer at once.
 */
async function readStreamedAnswer(response: Response, handlers: ChatStreamHandlers): Promise<ChatAnswer> {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body)
    return (await response.json()) as ChatAnswer;
  let answer: ChatAnswer | null = null;
  let failed: ApiError | null = null;
  await readEventStream(response.body, ({ event, data }) => {
    if (event === 'text') handlers.onText?.((JSON.parse(data) as { delta: string }).delta);
    else if (event === 'restart') handlers.onRestart?.();
    else if (event === 'done') answer = JSON.parse(data) as ChatAnswer;
    else if (event === 'error') {
      const { status, ...body } = JSON.parse(data) as { status: number };
      failed = new ApiError(status, body);
    }
  });
  if (failed) throw failed;
  if (!answer) throw new ApiError(502, { error: 'Bad Gateway', message: 'The answer ended before it was complete.' });
  return answer;
}

/**
 * `POST /api/chat/generate` with `Accept: text/event-stream`: the same
 * answer as `createChatApi(http).generate`, its text told to `handlers` as it is written;
 * `handlers.signal` stops it (the server keeps what was written as a stopped answer). A function of
 * its own, not a method of the chat API, so a page that does not stream does not load it.
 * @public
 */
export async function generateChatStream(
  http: Http,
  question: ChatQuestion,
  handlers: ChatStreamHandlers = {},
): Promise<ChatAnswer> {
  const response = await http.request<Response>('POST', http.service(SERVICE.chatbot, '/api/chat/generate'), {
    json: question,
    headers: { Accept: 'text/event-stream' },
    responseType: 'response',
    ...(handlers.signal ? { signal: handlers.signal } : {}),
  });
  return readStreamedAnswer(response, handlers);
}
