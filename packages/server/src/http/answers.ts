import type { Translate } from '@cloudportal/core';
import { answerTranslator } from '@cloudportal/core/rules';
import type { FastifyRequest } from 'fastify';
import { requestTranslator } from './locale';

const translators = new WeakMap<Translate, Translate>();

/**
 * Issue 24 §2 "Server answers that carry text (… 400/403 messages shown to users) follow the
 * request's locale": the translator of a refusal's message — the request's catalogue
 * ({@link requestTranslator}), else the English of the server's own texts and of the rules it
 * answers with (core's `answerTranslator`). The `error` field (the status's reason phrase) stays English.
 */
export function answerText(request: Pick<FastifyRequest, 'headers'>): Translate {
  // In the pseudo-locale (en-XA) the request's translator answers the English accented: a test there sees it came by id.
  const locale = requestTranslator(request);
  let translator = translators.get(locale);
  if (!translator) {
    translator = answerTranslator(locale);
    translators.set(locale, translator);
  }
  return translator;
}

/** The English of a server text (for the constants tests compare with). */
export const englishAnswer: Translate = answerTranslator((key) => key);
