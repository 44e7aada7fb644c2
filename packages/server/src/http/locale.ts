import {
  chooseLocale,
  createTranslator,
  loadLocale,
  parseAcceptLanguage,
  registeredLocales,
  type Translate,
} from '@cloudportal/core';
import type { FastifyRequest } from 'fastify';

const translators = new Map<string, Promise<Translate>>();

/**
 * Issue 24 §2 "Server answers that carry text … follow the request's locale": the locale of the
 * request's `Accept-Language` (the SDK's client sends its active locale there), among the locales the
 * SDK has messages for; English when none matches.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): string {
  const header = request.headers['accept-language'];
  return chooseLocale({
    browser: parseAcceptLanguage(Array.isArray(header) ? header.join(',') : header),
    available: ['en', ...registeredLocales()],
  });
}

/** A translator in the request's locale (each locale's messages loaded once per server). */
export function requestTranslator(request: Pick<FastifyRequest, 'headers'>): Promise<Translate> {
  const locale = requestLocale(request);
  let translator = translators.get(locale);
  if (!translator) {
    translator = (locale === 'en' ? Promise.resolve({}) : loadLocale(locale)).then((messages) =>
      createTranslator(messages),
    );
    translators.set(locale, translator);
  }
  return translator;
}
