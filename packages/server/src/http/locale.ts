import type { Messages, Translate } from '@cloudportal/core';
import { deMessages } from '@cloudportal/core/de';
import { chooseLocale, parseAcceptLanguage } from '@cloudportal/core/rules';
import type { FastifyRequest } from 'fastify';

/**
 * The catalogues the server answers in. Imported directly rather than through the client's lazy
 * registry (`loadLocale`), which also holds the pseudo-locale: a server has no visitor to wait for.
 */
const CATALOGUES: Readonly<Record<string, Partial<Messages>>> = { en: {}, de: deMessages };
const translators = new Map<string, Translate>();

/**
 * Issue 24 §2 "Server answers that carry text … follow the request's locale": the locale of the
 * request's `Accept-Language` (the SDK's client sends its active locale there), among the locales the
 * server has messages for; English when none matches.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): string {
  const header = request.headers['accept-language'];
  return chooseLocale({
    browser: parseAcceptLanguage(Array.isArray(header) ? header.join(',') : header),
    available: Object.keys(CATALOGUES),
  });
}

/** A translator in the request's locale (one per locale per server). */
export function requestTranslator(request: Pick<FastifyRequest, 'headers'>): Translate {
  const locale = requestLocale(request);
  let translator = translators.get(locale);
  if (!translator) {
    const catalogue = CATALOGUES[locale] ?? {};
    // A server text is looked up by id; an id the catalogue lacks answers itself, and the label helpers
    // (columnLabel…) then give the definition's English.
    translator = (key) => catalogue[key] ?? key;
    translators.set(locale, translator);
  }
  return translator;
}
