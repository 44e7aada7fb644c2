/**
 * The message catalogue. It lives in @cloudportal/core because core's stores raise user-visible
 * toasts too; React components read it through `useT()` from the nearest portal client.
 */
export { en, formatMessage, createTranslator } from '@cloudportal/core';
export type { MessageKey, Messages, Translate } from '@cloudportal/core';
export { useT } from '../provider/PortalProvider';
