import type { MessageKey, Messages, Translate } from '@cloudportal/core';
import { deMessages } from '@cloudportal/core/de';
import {
  chooseLocale,
  parseAcceptLanguage,
  PSEUDO_LOCALE,
  pseudoLocalize,
  serverEnglish,
} from '@cloudportal/core/rules';
import type { FastifyRequest } from 'fastify';

/**
 * The catalogues the server answers in. Imported directly rather than through the client's lazy
 * registry (`loadLocale`): a server has no visitor to wait for. English is each text's own (the
 * server's and the rules' catalogues, a definition's or a configured text); the pseudo-locale (en-XA)
 * is that English accented and longer ({@link localeTranslator}), so a test in en-XA sees which
 * server texts go through a catalogue.
 */
const CATALOGUES: Readonly<Record<string, Partial<Messages>>> = { en: {}, de: deMessages, [PSEUDO_LOCALE]: {} };
const translators = new Map<string, Translate>();

/**
 * Issue 24 §2 "Server answers that carry text … follow the request's locale": the locale of the
 * request's `Accept-Language` (the SDK's client sends its active locale there), among the locales the
 * server has messages for (en-XA only when asked for exactly); English when none matches.
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
  return localeTranslator(requestLocale(request));
}

/** A translator in `locale`, one of {@link requestLocale}'s answers (an unknown one is English). */
export function localeTranslator(locale: string): Translate {
  let translator = translators.get(locale);
  if (!translator) {
    const catalogue = CATALOGUES[locale] ?? {};
    // A server text is looked up by id; an id the catalogue lacks answers itself, and the label helpers
    // (columnLabel…) then give the definition's English. In the pseudo-locale, the English of the
    // server's answers accented.
    translator =
      locale === PSEUDO_LOCALE
        ? (key) => {
            const english = serverEnglish(key);
            return english === undefined ? key : pseudoLocalize(english);
          }
        : (key) => catalogue[key] ?? key;
    translators.set(locale, translator);
  }
  return translator;
}

/** A configured text in a locale: its id's message there, else the configured English. */
export type LocalizeText = (id: MessageKey, configured: string) => string;

/**
 * Texts whose English is configured rather than catalogued (the menu's, issue 24 §2) in `locale`:
 * the catalogue's message for the text's id, else the configured text as it is — in the
 * pseudo-locale accented and longer, like all English there.
 */
export function localeTexts(locale: string): LocalizeText {
  const t = localeTranslator(locale);
  const untranslated = locale === PSEUDO_LOCALE ? pseudoLocalize : (text: string) => text;
  return (id, configured) => {
    const text = t(id);
    return text === id ? untranslated(configured) : text;
  };
}
