/**
 * @cloudportal/elements — the portal pieces as cp-* custom elements. Importing this entry defines
 * nothing; call `defineElements()` or import `@cloudportal/elements/define`.
 */
import { defineAssistant } from './assistant';
import { defineShell } from './shell';
import { defineConfirmHost } from './confirm-host';
import { defineToaster } from './toaster';
import { defineReport } from './report';
import { defineSavedViews } from './saved-views';
import { defineSearch } from './search';
import { defineFeedback } from './feedback';
import { definePage } from './page';

export { CpToasterElement, TOASTER_TAG, defineToaster } from './toaster';
export { CpConfirmHostElement, CONFIRM_HOST_TAG, defineConfirmHost } from './confirm-host';
export { CpAssistantElement, ASSISTANT_TAG, defineAssistant } from './assistant';
export type { AssistantElementMethods, AssistantElementProps } from './assistant';
export { CpShellElement, SHELL_TAG, defineShell } from './shell';
export type { ShellElementProps } from './shell';
export { CpReportElement, REPORT_TAG, defineReport } from './report';
export type { ReportElementProps } from './report';
export { CpSavedViewsElement, SAVED_VIEWS_TAG, defineSavedViews } from './saved-views';
export type { SavedViewsElementProps } from './saved-views';
export { CpSearchElement, SEARCH_TAG, defineSearch } from './search';
export type { SearchElementProps } from './search';
export { CpFeedbackElement, FEEDBACK_TAG, defineFeedback } from './feedback';
export type { FeedbackElementProps } from './feedback';
export { CpPageElement, PAGE_TAG, definePage } from './page';
export type { PageElementProps } from './page';
export { confirm, toast } from './imperative';
export type {
  CpAssistant,
  AssistantActionEventDetail,
  AssistantErrorDetail,
  CpAssistantEventMap,
  CpConfirmHost,
  CpConfirmHostEventMap,
  CpElement,
  CpElementAttributes,
  CpElementJsx,
  CpEvent,
  CpFeedback,
  CpFeedbackEventMap,
  CpPage,
  CpPageEventMap,
  CpReport,
  CpReportEventMap,
  CpSavedViews,
  CpSearch,
  CpSearchEventMap,
  CpShell,
  CpShellEventMap,
  CpToaster,
} from './types';
export type { PortalElement, PortalElementConstructor } from './internal/createElement';
export { configure, portalClient } from './internal/loader';
export type { ConfirmData, ConfirmResult, PortalClient, PortalClientConfig, ToastInput } from '@cloudportal/core';

/**
 * Defines every cp-* element (idempotent).
 * @public
 */
export function defineElements(): void {
  defineToaster();
  defineConfirmHost();
  defineAssistant();
  defineShell();
  defineReport();
  defineSavedViews();
  defineSearch();
  defineFeedback();
  definePage();
}
