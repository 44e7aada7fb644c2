/**
 * One server-sent event: its name (`message` when the stream names none) and its data.
 * @public
 */
export interface ServerSentEvent {
  /** The event's name. */
  event: string;
  /** Its data: the `data:` lines, joined by new lines. */
  data: string;
}

/**
 * Reads a `text/event-stream` body as it arrives (the HTML standard's event stream format): calls
 * `onEvent` for each event as soon as its blank line has come, whatever the chunks' boundaries —
 * comment lines (`: keep-alive`) skipped, `\r\n` and `\n` alike, several `data:` lines joined by
 * `\n`. Resolves when the body ends; rejects as the body's read does (an abort), or as `onEvent` throws
 * (the rest of the body then cancelled).
 * @public
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += decoder.decode(read.value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r\n|\n|\r(?=[^\n])/)) >= 0) {
        const newline = buffer.startsWith('\r\n', end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + newline);
      }
    }
    line(buffer);
    line('');
  } catch (error) {
    // `onEvent` refused an event (or the read failed): the rest of the body is not wanted.
    await reader.cancel().catch(() => {});
    throw error;
  }
}
