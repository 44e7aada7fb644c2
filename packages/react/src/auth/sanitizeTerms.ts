import DOMPurify from 'dompurify';

/**
 * The terms HTML, sanitized: no script, event handler, style or `javascript:` URL survives, and
 * links open in a new tab without access to this page.
 * @public
 */
export function sanitizeTerms(html: string): string {
  // A fragment, not a string parsed again: DOMPurify parses the terms once (through its own Trusted
  // Types policy, `dompurify`, on a page that requires them), and the links are set on its nodes.
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button'],
    FORBID_ATTR: ['style'],
    RETURN_DOM_FRAGMENT: true,
  });
  for (const a of clean.querySelectorAll('a[href]')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  // Written out from an inert document's element: its images load only once the terms show.
  const holder = document.implementation.createHTMLDocument('').createElement('div');
  holder.append(clean);
  return holder.innerHTML;
}
