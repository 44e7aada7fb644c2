/**
 * Trusted Types: the SDK on a page whose Content-Security-Policy has `require-trusted-types-for
 * 'script'`. Such a page takes no string at an HTML sink (`innerHTML`, `insertAdjacentHTML`,
 * `DOMParser.parseFromString`…), only a `TrustedHTML` made by a policy its `trusted-types`
 * directive names. The SDK makes its HTML through one policy of its own, named
 * {@link TRUSTED_TYPES_POLICY}, created here when first needed — never at import (this module is
 * safe in Node), never where the browser has no Trusted Types, and never the page's `default`
 * policy, which would let every string through every sink of the page.
 *
 * The policy's `createHTML` adds no check of its own: what it is given is HTML that DOMPurify has
 * already sanitized (the assistant's answers and the terms, in `@cloudportal/react`), or, in
 * {@link parseInertHtml}, markup parsed into an inert document only to read its text.
 */

/**
 * The name of the Trusted Types policy the SDK creates for its own HTML. A page that enforces
 * Trusted Types lists it in its `trusted-types` directive (see {@link TRUSTED_TYPES_POLICIES}).
 * @public
 */
export const TRUSTED_TYPES_POLICY = 'cloudportal';

/**
 * Every Trusted Types policy the SDK's pieces create: the SDK's own ({@link TRUSTED_TYPES_POLICY})
 * and DOMPurify's (`dompurify`), which sanitizes the assistant's answers and the terms. A page that
 * enforces Trusted Types names them all in its Content-Security-Policy:
 *
 * ```ts
 * `require-trusted-types-for 'script'; trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')}`
 * ```
 *
 * A page that loads the SDK twice (two copies of the package) adds `'allow-duplicates'`: each copy
 * creates its policy once.
 * @public
 */
export const TRUSTED_TYPES_POLICIES = [TRUSTED_TYPES_POLICY, 'dompurify'] as const;

/**
 * The browser's `TrustedHTML`: HTML a Trusted Types policy made, which an HTML sink takes.
 * @internal
 */
export interface TrustedHtml {
  /** The HTML itself. */
  toString(): string;
  /** The HTML itself (`JSON.stringify` writes it as a string). */
  toJSON(): string;
}

/**
 * HTML as the SDK hands it to an HTML sink: a {@link TrustedHtml} where the browser has Trusted
 * Types, otherwise the string itself. React's `dangerouslySetInnerHTML` takes either.
 * @internal
 */
export type SinkHtml = string | TrustedHtml;

interface HtmlPolicy {
  createHTML(input: string): TrustedHtml;
}

interface PolicyFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): HtmlPolicy;
}

/** The policy made for the page's `trustedTypes` (one per factory: a browser has one; a test may fake several). */
let made: { factory: PolicyFactory; policy: HtmlPolicy | null } | undefined;

/**
 * The SDK's policy, created on first use; null where the browser has no Trusted Types, or where the
 * page does not allow the name (then sinks take strings, unless the page requires Trusted Types:
 * its report then names `cloudportal` as the policy to allow).
 */
function sdkPolicy(): HtmlPolicy | null {
  const factory = (globalThis as { trustedTypes?: PolicyFactory }).trustedTypes;
  if (typeof factory?.createPolicy !== 'function') return null;
  if (made?.factory === factory) return made.policy;
  let policy: HtmlPolicy | null = null;
  try {
    policy = factory.createPolicy(TRUSTED_TYPES_POLICY, { createHTML: (input) => input });
  } catch {
    // Not allowed by the page's `trusted-types` directive (or made already by another copy of the
    // SDK): the browser has reported it; strings it is.
  }
  made = { factory, policy };
  return policy;
}

/**
 * HTML that DOMPurify has sanitized, as an HTML sink of a page that enforces Trusted Types takes
 * it: a `TrustedHTML` of the SDK's policy ({@link TRUSTED_TYPES_POLICY}) where the browser has
 * Trusted Types, otherwise the string unchanged. It does not sanitize: the SDK passes it only the
 * output of its own sanitizers (the assistant's answers, the terms). Never pass it other HTML.
 * For the SDK's own packages: not part of the public API.
 * @internal
 */
export function trustSanitizedHtml(sanitized: string): SinkHtml {
  return sdkPolicy()?.createHTML(sanitized) ?? sanitized;
}

/**
 * `html` parsed into an inert document, to read its text; null where there is no `DOMParser`.
 *
 * The markup here is not sanitized, and goes through the SDK's policy all the same: that is safe
 * because the `TrustedHTML` never leaves this function and its only sink is `DOMParser`, whose
 * document has no browsing context — no script in it runs, no handler fires, nothing loads. A
 * caller reads text from the document; it never moves the document's nodes into the page.
 */
export function parseInertHtml(html: string): Document | null {
  const Parser = (globalThis as { DOMParser?: typeof DOMParser }).DOMParser;
  if (!Parser) return null;
  const input = sdkPolicy()?.createHTML(html) ?? html;
  // The DOM typings know only strings; the browser takes the TrustedHTML.
  return new Parser().parseFromString(input as string, 'text/html');
}
