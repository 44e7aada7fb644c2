export { en, formatMessage, createTranslator, registerMessages } from './messages';
export type { MessageKey, Messages, Translate } from './messages';
export { shellEn } from './shellMessages';
export { reportEn } from './reportMessages';
export { searchEn } from './searchMessages';
export { chatEn } from './chatMessages';
export { chatLauncherEn } from './chatLauncherMessages';
export { pagesEn } from './pageMessages';
export { feedbackEn } from './feedbackMessages';
