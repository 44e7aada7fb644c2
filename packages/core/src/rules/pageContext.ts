/* eslint-disable no-restricted-syntax -- a malformed page context's error answers the partner's developer who set it, so it stays English */
// Not in the spec: what a partner's page tells the assistant the visitor is looking at there (the
// counterpart of rules/reportContext for pages that are not the portal's reports).
/**
 * The page context: what the visitor is looking at on the page that embeds the assistant — a title
 * the visitor sees on a chip ("Using: Invoice 4711") and a small JSON object the page chooses. It goes
 * with each question as `pageContext` of `POST /api/chat/generate`, is stored with the question, and
 * reaches the model as data from the page, never as instructions. Pure rules shared by the chat store
 * (which checks it before it is used) and the reference server (which checks it again).
 */

/**
 * A JSON value: what `JSON.stringify` writes and `JSON.parse` reads back unchanged.
 * @public
 */
export type PageContextValue =
  string | number | boolean | null | readonly PageContextValue[] | { readonly [key: string]: PageContextValue };

/**
 * What the visitor is looking at on the host page.
 * @public
 */
export interface PageContext {
  /** What the visitor sees it called, shown on the chip before sending: `Invoice 4711`. */
  title: string;
  /** Details for the assistant: a JSON object (`{ invoice: '4711', amount: 1250.5, currency: 'EUR' }`). */
  data?: { readonly [key: string]: PageContextValue };
}

/**
 * The limits of a page context.
 * @public
 */
export const PAGE_CONTEXT_LIMITS = {
  /** Characters of the title. */
  title: 120,
  /** Bytes of the whole context as JSON (UTF-8): 8 KB. */
  bytes: 8192,
  /** Levels of nesting of `data` (an object in an object in `data` is level 2). */
  depth: 8,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A plain object: `{}` or `Object.create(null)`, not a Date, Map or class instance, which JSON would change. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

const MESSAGES = {
  object: (path: string) => `${path} must be an object: { title, data? }.`,
  unknown: (path: string, key: string) => `${path} has an unknown field "${key}"; it takes title and data.`,
  title: (path: string) =>
    `${path}.title must be text of 1 to ${PAGE_CONTEXT_LIMITS.title} characters: what the visitor sees it called.`,
  data: (path: string) => `${path}.data must be a JSON object ({ "key": value, … }).`,
  value: (path: string) =>
    `${path} is not JSON: use text, a finite number, true, false, null, an array or a plain object.`,
  depth: (path: string) => `${path} is nested more than ${PAGE_CONTEXT_LIMITS.depth} levels deep.`,
  size: (path: string, bytes: number) =>
    `${path} is ${(bytes / 1024).toFixed(1)} KB as JSON; at most ${PAGE_CONTEXT_LIMITS.bytes / 1024} KB is sent with a question.`,
};

/** What is wrong with a JSON value at `path`, nested `level` deep, or null. */
function valueIssue(value: unknown, path: string, level: number, seen: Set<object>): string | null {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : MESSAGES.value(path);
  if (typeof value !== 'object') return MESSAGES.value(path);
  if (level > PAGE_CONTEXT_LIMITS.depth) return MESSAGES.depth(path);
  if (seen.has(value)) return MESSAGES.value(path); // a cycle
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) {
        const issue = valueIssue(item, `${path}[${i}]`, level + 1, seen);
        if (issue) return issue;
      }
      return null;
    }
    if (!isPlainObject(value)) return MESSAGES.value(path);
    for (const [key, item] of Object.entries(value)) {
      const issue = valueIssue(item, `${path}.${key}`, level + 1, seen);
      if (issue) return issue;
    }
    return null;
  } finally {
    seen.delete(value);
  }
}

/** What is wrong with a JSON value (nested at most {@link PAGE_CONTEXT_LIMITS}`.depth` levels) at `path`, or null. */
export const jsonValueIssue = (value: unknown, path: string) => valueIssue(value, path, 1, new Set());

/** The bytes of `text` in UTF-8. */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * Checks that `value` is a {@link PageContext} within {@link PAGE_CONTEXT_LIMITS}: a title of 1 to 120
 * characters, `data` (when given) a plain JSON object at most 8 levels deep, no other fields, and at
 * most 8 KB as JSON. Answers what is wrong as a sentence naming the field (`path` names `value`), or
 * null when it is valid. The server answers a bad context with 400 and this text; the assistant
 * refuses it with this text before it is shown or sent.
 * @public
 */
export function pageContextIssue(value: unknown, path = 'pageContext'): string | null {
  if (!isPlainObject(value)) return MESSAGES.object(path);
  const extra = Object.keys(value).find((k) => k !== 'title' && k !== 'data');
  if (extra) return MESSAGES.unknown(path, extra);
  const { title, data } = value;
  if (typeof title !== 'string' || !title.trim() || Array.from(title).length > PAGE_CONTEXT_LIMITS.title)
    return MESSAGES.title(path);
  if (data !== undefined) {
    if (!isPlainObject(data)) return MESSAGES.data(path);
    const issue = valueIssue(data, `${path}.data`, 1, new Set());
    if (issue) return issue;
  }
  const bytes = utf8Bytes(JSON.stringify(value));
  return bytes > PAGE_CONTEXT_LIMITS.bytes ? MESSAGES.size(path, bytes) : null;
}

/**
 * The context as it is sent and stored: the title trimmed, `data` as JSON reads it back (a copy the
 * page cannot change after it was given). Only for a context {@link pageContextIssue} accepts.
 * @public
 */
export function normalizePageContext(context: PageContext): PageContext {
  const title = context.title.trim();
  return context.data === undefined
    ? { title }
    : { title, data: JSON.parse(JSON.stringify(context.data)) as PageContext['data'] };
}
