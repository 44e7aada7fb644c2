/**
 * Server answers that carry text (the 400/403 messages shown to users) follow the
 * request's locale: the reference server's translator for its refusals. Its texts are its own
 * (`server.*`) and the rules' it answers with (saved views, search, feedback, audit, questionnaire,
 * chat, sign-in, the settings tests' checks), looked up by id in the request's catalogue, else in English.
 */
import { chatEn } from '../i18n/chatMessages';
import { feedbackEn } from '../i18n/feedbackMessages';
import { englishMessage, formatMessage, type MessageKey, type Messages, type Translate } from '../i18n/messages';
import { questionnaireEn } from '../i18n/questionnaireMessages';
import { reportEn } from '../i18n/reportMessages';
import { searchEn } from '../i18n/searchMessages';
import { serverEn } from '../i18n/serverMessages';
import { settingsEn } from '../i18n/settingsMessages';
import { shellEn } from '../i18n/shellMessages';

/**
 * The English of a text the server answers with, or undefined when it has none (a feature page's label).
 * @public
 */
export function serverEnglish(key: MessageKey): string | undefined {
  for (const catalogue of [serverEn, reportEn, searchEn, feedbackEn, shellEn, questionnaireEn, chatEn, settingsEn])
    if (Object.prototype.hasOwnProperty.call(catalogue, key)) return (catalogue as Partial<Messages>)[key];
  return englishMessage(key);
}

/**
 * The server's translator over `localeText`, the request locale's lookup (which answers an id it
 * lacks with the id itself): its text, else the English of {@link serverEnglish}, else the id, with
 * the placeholders filled in.
 * @public
 */
export function answerTranslator(localeText: (key: MessageKey) => string): Translate {
  return (key, params) => {
    const text = localeText(key);
    return formatMessage(text === key ? (serverEnglish(key) ?? key) : text, params);
  };
}
