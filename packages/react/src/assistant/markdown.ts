/**
 * The assistant's answers are Markdown (spec §3 "Message"): one pipeline turns them into HTML that
 * is safe to insert — `marked` (GitHub-flavoured, tables included) followed by DOMPurify.
 *
 * `marked` and DOMPurify are loaded with `import()` the first time an answer must render, so they
 * never weigh on the intro view (the partner bundle budget: ~100 KB gzip with React); until they
 * have loaded the view shows the answer as plain, escaped text.
 */
import type { Config, DOMPurify as Purifier } from 'dompurify';
import type { Marked } from 'marked';

/** Options of {@link renderAnswer}. */
export interface RenderAnswerOptions {
  /** Accessible name of the scrollable box each table is wrapped in. @default 'Table' */
  tableLabel?: string;
}

let parser: Marked | null = null;
let purifier: Purifier | null = null;
let styles = '';
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads `marked` and DOMPurify once (later calls share the same promise). A failed load (a chunk
 * that did not arrive) is forgotten, so the next answer tries again; meanwhile answers stay plain text.
 */
export function loadMarkdown(): Promise<void> {
  if (parser && purifier) return Promise.resolve();
  loading ??= Promise.all([import('marked'), import('dompurify'), import('./answer.css?inline')]).then(
    ([{ Marked: MarkedClass }, { default: DOMPurify }, { default: css }]) => {
      purifier = DOMPurify;
      styles = css;
      // An instance of our own: a host that uses `marked` too keeps its global options.
      parser = new MarkedClass({ gfm: true, breaks: false, async: false });
      loading = null;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The styles of a rendered answer's elements (headings, lists, code, tables), loaded with `marked`; '' before. */
export function answerStyles(): string {
  return styles;
}

/** Whether `marked` and DOMPurify have loaded, so {@link renderAnswerSync} answers HTML. */
export function isMarkdownReady(): boolean {
  return parser !== null && purifier !== null;
}

/** Calls `listener` once `marked` has loaded; returns the unsubscribe function (for `useSyncExternalStore`). */
export function subscribeMarkdown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// What an answer may contain: the HTML profile (no SVG, no MathML), without anything that runs,
// submits, embeds or restyles. `class`, `id`, `name`, `style` and `data-*` are dropped so an answer
// can neither borrow the widget's own classes and state hooks nor clobber ids on the page.
const PURIFY_CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style', 'link', 'meta', 'base', 'form', 'input', 'button', 'textarea', 'select', 'option', 'optgroup',
    'iframe', 'frame', 'frameset', 'object', 'embed', 'audio', 'video', 'source', 'track', 'picture', 'dialog', 'template',
  ],
  FORBID_ATTR: ['style', 'id', 'name', 'class', 'tabindex', 'target', 'srcset', 'ping', 'action', 'formaction', 'autofocus', 'contenteditable'],
  ALLOW_DATA_ATTR: false,
  // http(s), mailto and tel, or a relative URL; never javascript:, data:, vbscript: or any other scheme.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'cite', 'poster', 'background'];
// What browsers ignore inside a URL's scheme ("jav&#x09;ascript:", leading spaces and controls).
// eslint-disable-next-line no-control-regex
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/** Escapes text for HTML: what shows before `marked` has loaded, or where DOMPurify cannot run. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Sanitizes HTML the way answers are sanitized: DOMPurify with the config above, then every link
 * opens in a new tab without access to this page, any `data:` URL DOMPurify lets through for
 * images is dropped, and tables sit in a labelled, keyboard-scrollable box.
 */
export function sanitizeAnswerHtml(html: string, options: RenderAnswerOptions = {}): string {
  // Before DOMPurify has loaded, or without a DOM (SSR) where it cannot sanitize: the text, escaped.
  if (!purifier?.isSupported || typeof document === 'undefined') return `<p>${escapeHtml(html)}</p>`;
  const fragment = purifier.sanitize(html, { ...PURIFY_CONFIG, RETURN_DOM_FRAGMENT: true });
  for (const el of fragment.querySelectorAll('*')) {
    for (const name of URL_ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value !== null && /^data:/i.test(value.replace(IGNORED_IN_SCHEME, ''))) el.removeAttribute(name);
    }
  }
  for (const img of fragment.querySelectorAll('img')) {
    // An image without a source shows nothing; one without a text alternative is decorative.
    if (!img.getAttribute('src')) img.remove();
    else if (!img.hasAttribute('alt')) img.setAttribute('alt', '');
  }
  for (const a of fragment.querySelectorAll('a[href]')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  for (const table of fragment.querySelectorAll('table')) {
    const box = document.createElement('div');
    box.className = 'cp-answer__table';
    // A group, not a region: a long conversation has many tables, and landmarks must be unique.
    box.setAttribute('role', 'group');
    box.setAttribute('aria-label', options.tableLabel ?? 'Table');
    // Wide tables scroll sideways; the box takes focus so keyboard users can scroll it too.
    box.setAttribute('tabindex', '0');
    table.replaceWith(box);
    box.append(table);
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

/**
 * The answer pipeline, synchronously: Markdown → safe HTML, or `null` while `marked` has not loaded
 * yet (call {@link loadMarkdown}, or use {@link renderAnswer}).
 */
export function renderAnswerSync(markdown: string, options: RenderAnswerOptions = {}): string | null {
  if (!parser || !purifier) return null;
  return sanitizeAnswerHtml(parser.parse(markdown, { async: false }), options);
}

/**
 * Spec §2 / §3: renders an assistant answer — Markdown with GitHub tables — as safe HTML: no
 * script, no event handler, no `javascript:` or `data:` URL, no frame, form or SVG; links get
 * `target="_blank" rel="noopener noreferrer"`; tables are kept. Loads `marked` on first use.
 */
export async function renderAnswer(markdown: string, options: RenderAnswerOptions = {}): Promise<string> {
  await loadMarkdown();
  return renderAnswerSync(markdown, options)!;
}

/** The text a screen reader should hear for rendered answer HTML (whitespace collapsed). */
export function answerText(html: string): string {
  if (typeof document === 'undefined') return html;
  const template = document.createElement('template');
  template.innerHTML = html;
  // Block boundaries become spaces so words of adjacent cells and paragraphs do not run together.
  for (const el of template.content.querySelectorAll('p, li, td, th, h1, h2, h3, h4, h5, h6, br, tr, pre, blockquote')) el.append(' ');
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
