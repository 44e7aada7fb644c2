/**
 * Spec §5 "Chat message": "The message is HTML-sanitized before sending." The client sanitizes;
 * the server does it again, because a caller need not be our client. A question is plain text, so
 * every tag goes (with the content of script-like elements), and so do event-handler attributes and
 * script URLs left in the text. Nothing of them reaches storage or the engine.
 */

/** Elements whose content is code or markup, not text: removed whole. */
const CONTENT_ELEMENTS =
  /<(script|style|iframe|object|embed|noscript|template|svg|math|xmp|noembed|noframes)\b[\s\S]*?(<\/\1\s*>|$)/gi;
/** Comments, processing instructions and any tag, also one left open at the end (a browser drops those too). */
const COMMENTS = /<!--[\s\S]*?(-->|$)/g;
const TAGS = /<\/?[a-z!?][^>]*(>|$)/gi;
/** Script URLs and event handlers that survive as text (`javascript:`, `onerror=`). */
const SCRIPT_URLS = /\b(?:java|vb|live)\s*script\s*:|\bdata\s*:\s*text\/html/gi;
const EVENT_HANDLERS = /\bon[a-z]+\s*=/gi;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  colon: ':',
  sol: '/',
  lpar: '(',
  rpar: ')',
  equals: '=',
};

/** Decodes the entities a sanitizer on the client leaves behind (`&lt;` for a typed `<`), so they are judged as what they show. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});?/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** Control characters other than tab and newline. */
function stripControls(text: string): string {
  return [...text]
    .filter((c) => {
      const code = c.codePointAt(0)!;
      return c === '\n' || c === '\t' || (code >= 32 && code !== 127 && !(code >= 0x80 && code < 0xa0));
    })
    .join('');
}

/**
 * The plain text of a question: HTML removed until nothing changes (so `<scr<script>ipt>` cannot
 * reassemble), control characters dropped, line ends unified, surrounding whitespace trimmed.
 */
export function sanitizeQuestion(input: string): string {
  let text = input.replace(/\r\n?/g, '\n');
  // Every change shortens the text, so this ends.
  for (;;) {
    const before = text;
    text = decodeEntities(text)
      .replace(CONTENT_ELEMENTS, '')
      .replace(COMMENTS, '')
      .replace(TAGS, '')
      .replace(SCRIPT_URLS, '')
      .replace(EVENT_HANDLERS, '');
    if (text === before) break;
  }
  return stripControls(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
