export { en, englishMessage, formatMessage, createTranslator, registerMessages } from './messages';
export { availableLocales, loadLocale, registeredLocales, registerLocale } from './locales';
export type { LocaleLoader, LocaleOption } from './locales';
export type { MenuMessageKey, MessageKey, Messages, Translate } from './messages';
export { shellEn } from './shellMessages';
export { dynamicPageEn } from './dynamicPageMessages';
export { reportEn } from './reportMessages';
export { searchEn } from './searchMessages';
export { chatEn } from './chatMessages';
export { chatLauncherEn } from './chatLauncherMessages';
export { pagesEn } from './pageMessages';
export { feedbackEn } from './feedbackMessages';
export { settingsEn } from './settingsMessages';
export { gridEn } from './gridMessages';
export { dashboardEn } from './dashboardMessages';
export { chartEn } from './chartMessages';
export { questionnaireEn } from './questionnaireMessages';
export { releaseNotesEn } from './releaseNotesMessages';
export { serverEn } from './serverMessages';
export {
  actionLabel,
  actionMessageKey,
  chartMessageKey,
  chartTitle,
  columnLabel,
  columnMessageKey,
  kpiLabel,
  kpiMessageKey,
  optionLabel,
  optionMessageKey,
  pageLabel,
  pageMessageKey,
} from './dataMessages';
export type { DataMessageKey } from './dataMessages';
export { datasetMessagesEn, type DatasetTexts } from './dataMessagesEn';
