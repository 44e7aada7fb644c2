/**
 * Answers as they are written (issue 40 §1): `POST …/generate` with `Accept: text/event-stream`
 * answers server-sent events instead of one JSON body —
 *
 * - `text` `{"delta": "…"}`: the next piece of the answer's Markdown;
 * - `restart` `{}`: the text so far is not part of the answer (the model went on to call tools);
 * - `links` `{"related_links": […]}`: the answer's related links, once known (before `done`);
 * - `done`: the spec's answer exactly (`response`, `chat_dataset`, `related_links`, `chat_cost`,
 *   `chat_cost_currency`), after it is stored — the same as the JSON answer;
 * - `error` `{"status", "error", "message"}`: the answer failed after the stream began (the §8
 *   message the JSON answer would carry with that status); nothing is stored.
 *
 * A comment line (`: keep-alive`) goes every {@link CHAT_STREAM_HEARTBEAT_MS} so a proxy does not
 * close a connection waiting on a slow model; `X-Accel-Buffering: no` and `Cache-Control:
 * no-transform` ask proxies not to hold events back, and the compression of answers leaves
 * `text/event-stream` alone (http/compression.ts).
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { AnswerStoppedError, type AnswerStream } from './engine';

/** The pause after which the stream writes a comment line, so proxies keep the connection open. */
export const CHAT_STREAM_HEARTBEAT_MS = 15_000;

/** About how many characters the built-in engine writes at a time: a few words, cut after a space. */
export const BUILTIN_PIECE_CHARS = 24;

/** The events of the stream, by name (see the module's comment). */
export type ChatStreamEvent = 'text' | 'restart' | 'links' | 'done' | 'error';

/** An open event stream of one answer. */
export interface ChatEventStream {
  send(event: ChatStreamEvent, data: unknown): void;
  /** Ends the stream (after `done` or `error`). */
  end(): void;
  /** Aborted when the client goes before the stream ends: the answer is stopped. */
  readonly signal: AbortSignal;
}

/** Starts `reply` as a stream of server-sent events (200); the route returns the reply. */
export function openEventStream(reply: FastifyReply, heartbeatMs = CHAT_STREAM_HEARTBEAT_MS): ChatEventStream {
  const body = new PassThrough();
  const gone = new AbortController();
  let ended = false;
  const heartbeat = setInterval(() => body.write(': keep-alive\n\n'), heartbeatMs);
  const finish = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    body.end();
  };
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
    finish();
  });
  // The visitor stopped while the question was being admitted: the connection is gone already.
  if (reply.raw.destroyed || reply.raw.socket?.destroyed) gone.abort();
  reply
    .code(200)
    .header('Content-Type', 'text/event-stream; charset=utf-8')
    .header('Cache-Control', 'no-cache, no-transform')
    .header('X-Accel-Buffering', 'no')
    .send(body);
  return {
    send(event, data) {
      if (!ended) body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: finish,
    signal: gone.signal,
  };
}

/** The next macrotask: a piece written is flushed to the socket before the next is made. */
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The built-in engine's composed answer written to `stream` in pieces of about
 * {@link BUILTIN_PIECE_CHARS} characters, each cut after a space (never inside a character), one
 * task each; ends with {@link AnswerStoppedError} when the stream is stopped.
 */
export async function writeInPieces(markdown: string, stream: AnswerStream): Promise<void> {
  let at = 0;
  while (at < markdown.length) {
    if (stream.signal.aborted) throw new AnswerStoppedError();
    const space = markdown.indexOf(' ', at + BUILTIN_PIECE_CHARS - 1);
    const end = space === -1 ? markdown.length : space + 1;
    stream.text(markdown.slice(at, end));
    at = end;
    await nextTask();
  }
  if (stream.signal.aborted) throw new AnswerStoppedError();
}

/** Whether `tail` (from a backtick to the end) may still become the fence of a `followups` block. */
function mayOpenFollowups(tail: string): boolean {
  const m = /^(`{1,3})([ \t]*)([a-z]*)$/i.exec(tail);
  if (!m) return false;
  if (m[1]!.length < 3) return !m[2] && !m[3];
  return 'followups'.startsWith(m[3]!.toLowerCase());
}

/**
 * How much of a model's text so far may be shown: all of it but a trailing `followups` block (the
 * follow-ups are cut from the answer, openai.ts) and a tail that may still become its fence.
 */
export function shownLength(content: string): number {
  const open = /```[ \t]*followups/i.exec(content);
  if (open) return open.index;
  for (let i = Math.max(0, content.length - 16); i < content.length; i++)
    if (content[i] === '`' && mayOpenFollowups(content.slice(i))) return i;
  return content.length;
}
