export { en, formatMessage, createTranslator } from './messages';
export type { MessageKey, Messages, Translate } from './messages';
