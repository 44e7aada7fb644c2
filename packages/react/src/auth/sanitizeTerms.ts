import DOMPurify from 'dompurify';

/**
 * The terms HTML, sanitized: no script, event handler, style or `javascript:` URL survives, and
 * links open in a new tab without access to this page.
 */
export function sanitizeTerms(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button'],
    FORBID_ATTR: ['style'],
  });
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const a of template.content.querySelectorAll('a[href]')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}
