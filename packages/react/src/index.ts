/** @cloudportal/react — the portal pieces as React components. Each piece is also a subpath export. */
export * from './provider';
export * from './ui';
export * from './dialogs';
export * from './toasts';
export * from './auth';
export { en, formatMessage, createTranslator } from './i18n';
export type { MessageKey, Messages, Translate } from './i18n';
export * from './assistant';
export * from './shell';
export * from './report';
export * from './search';
export * from './feedback';
export * from './kit';
