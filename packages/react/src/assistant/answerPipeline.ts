/**
 * The answer pipeline's loaded half (see markdown.ts): `marked` and DOMPurify with the rules of what
 * an answer may contain. Loaded with `import()` when the first answer renders, so the intro view
 * carries neither the libraries nor these rules.
 */
import DOMPurify, { type Config } from 'dompurify';
import { Marked } from 'marked';
import css from './answer.css?inline';
import { escapeHtml, type RenderAnswerOptions } from './markdown';

/** The styles of a rendered answer's elements and related links. */
export const answerCss = css;

// An instance of our own: a host that uses `marked` too keeps its global options.
const parser = new Marked({ gfm: true, breaks: false, async: false });

// What an answer may contain: the HTML profile (no SVG, no MathML), without anything that runs,
// submits, embeds or restyles. `class`, `id`, `name`, `style` and `data-*` are dropped so an answer
// can neither borrow the widget's own classes and state hooks nor clobber ids on the page.
const PURIFY_CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'link',
    'meta',
    'base',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'optgroup',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'audio',
    'video',
    'source',
    'track',
    'picture',
    'dialog',
    'template',
  ],
  FORBID_ATTR: [
    'style',
    'id',
    'name',
    'class',
    'tabindex',
    'target',
    'srcset',
    'ping',
    'action',
    'formaction',
    'autofocus',
    'contenteditable',
  ],
  ALLOW_DATA_ATTR: false,
  // http(s), mailto and tel, or a relative URL; never javascript:, data:, vbscript: or any other scheme.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'cite', 'poster', 'background'];
// What browsers ignore inside a URL's scheme ("jav&#x09;ascript:", leading spaces and controls).
// eslint-disable-next-line no-control-regex
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/**
 * Sanitizes HTML the way answers are sanitized: DOMPurify with the config above, then every link
 * opens in a new tab without access to this page, any `data:` URL DOMPurify lets through for
 * images is dropped, and tables sit in a labelled, keyboard-scrollable box.
 */
export function sanitize(html: string, options: RenderAnswerOptions = {}): string {
  // Without a DOM (SSR) DOMPurify cannot sanitize: the text, escaped.
  if (!DOMPurify.isSupported || typeof document === 'undefined') return `<p>${escapeHtml(html)}</p>`;
  const fragment = DOMPurify.sanitize(html, { ...PURIFY_CONFIG, RETURN_DOM_FRAGMENT: true });
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

/** Markdown (GitHub-flavoured, tables included) → safe HTML. */
export function render(markdown: string, options: RenderAnswerOptions = {}): string {
  return sanitize(parser.parse(markdown, { async: false }), options);
}
