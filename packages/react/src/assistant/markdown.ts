// spec §3 "Message"
/**
 * The assistant's answers are Markdown: one pipeline turns them into HTML that
 * is safe to insert — `marked` (GitHub-flavoured, tables included) followed by DOMPurify.
 *
 * `marked` and DOMPurify are loaded with `import()` the first time an answer must render, so they
 * never weigh on the intro view (the partner bundle budget: ~100 KB gzip with React); until they
 * have loaded the view shows the answer as plain, escaped text.
 */
import { trustSanitizedHtml } from '@cloudportal/core';
import type * as AnswerPipeline from './answerPipeline';

type Pipeline = typeof AnswerPipeline;

/**
 * Options of {@link renderAnswer}.
 * @public
 */
export interface RenderAnswerOptions {
  /** Accessible name of the scrollable box each table is wrapped in. @default 'Table' */
  tableLabel?: string;
}

let pipeline: Pipeline | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Loads `marked` and DOMPurify once (later calls share the same promise). A failed load (a chunk
 * that did not arrive) is forgotten, so the next answer tries again; meanwhile answers stay plain text.
 */
export function loadMarkdown(): Promise<void> {
  if (pipeline) return Promise.resolve();
  loading ??= import('./answerPipeline').then(
    (loaded) => {
      pipeline = loaded;
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
  return pipeline?.answerCss ?? '';
}

/** Whether `marked` and DOMPurify have loaded, so {@link renderAnswerSync} answers HTML. */
export function isMarkdownReady(): boolean {
  return pipeline !== null;
}

/** Calls `listener` once `marked` has loaded; returns the unsubscribe function (for `useSyncExternalStore`). */
export function subscribeMarkdown(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Escapes text for HTML: what shows before `marked` has loaded, or where DOMPurify cannot run. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Sanitizes HTML the way answers are sanitized: DOMPurify with the pipeline's rules, then every link
 * opens in a new tab without access to this page, any `data:` URL DOMPurify lets through for images
 * is dropped, and tables sit in a labelled, keyboard-scrollable box. Before the pipeline has loaded
 * (or without a DOM): the text, escaped.
 */
export function sanitizeAnswerHtml(html: string, options: RenderAnswerOptions = {}): string {
  return pipeline ? pipeline.sanitize(html, options) : `<p>${escapeHtml(html)}</p>`;
}

// Answers already rendered as they were written, by table label and Markdown: the
// complete answer is then not rendered a second time. A few at most.
const rendered = new Map<string, string>();
// Trailing blank lines render to nothing: the streamed text may have them where the answer does not.
const renderedKey = (markdown: string, options: RenderAnswerOptions) =>
  `${options.tableLabel ?? ''}\u0000${markdown.trimEnd()}`;

/**
 * Keeps the safe HTML an answer was rendered to while it was written (block by block, each through
 * this pipeline), so that the complete answer's first render takes it instead of rendering again.
 */
export function rememberRenderedAnswer(markdown: string, html: string, options: RenderAnswerOptions = {}): void {
  rendered.set(renderedKey(markdown, options), html);
  if (rendered.size > 4) rendered.delete(rendered.keys().next().value!);
}

/**
 * The answer pipeline, synchronously: Markdown → safe HTML, or `null` while `marked` has not loaded
 * yet (call {@link loadMarkdown}, or use {@link renderAnswer}).
 */
export function renderAnswerSync(markdown: string, options: RenderAnswerOptions = {}): string | null {
  if (!pipeline) return null;
  return rendered.get(renderedKey(markdown, options)) ?? pipeline.render(markdown, options);
}

// spec §2 / §3
/**
 * Renders an assistant answer — Markdown with GitHub tables — as safe HTML: no
 * script, no event handler, no `javascript:` or `data:` URL, no frame, form or SVG; links get
 * `target="_blank" rel="noopener noreferrer"`; tables are kept. Loads `marked` on first use.
 * @public
 */
export async function renderAnswer(markdown: string, options: RenderAnswerOptions = {}): Promise<string> {
  await loadMarkdown();
  return renderAnswerSync(markdown, options)!;
}

/** The text a screen reader should hear for rendered answer HTML (whitespace collapsed). */
export function answerText(html: string): string {
  if (typeof document === 'undefined') return html;
  const template = document.createElement('template');
  // `html` is the pipeline's (renderAnswer's) sanitized HTML, parsed into the template's inert
  // content; a TrustedHTML of the SDK's policy where the browser has Trusted Types.
  template.innerHTML = trustSanitizedHtml(html) as string;
  // Block boundaries become spaces so words of adjacent cells and paragraphs do not run together.
  for (const el of template.content.querySelectorAll('p, li, td, th, h1, h2, h3, h4, h5, h6, br, tr, pre, blockquote'))
    el.append(' ');
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
