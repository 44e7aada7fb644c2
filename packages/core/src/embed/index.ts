/**
 * `@cloudportal/core/embed`: one report engine over `powerbi-client` (loaded lazily), the embed-token
 * lifecycle (a fresh token swapped in place) and the saved-views store. Safe to import on a server:
 * nothing touches `window` until a report is embedded.
 */
export {
  embedReport,
  type EmbedReportOptions,
  type ReportEvents,
  type ReportFilter,
  type ReportFrameError,
  type ReportHandle,
} from './engine';
export type { PowerBiModule } from './powerbi';
export {
  createSavedViews,
  type AppliedView,
  type SavedViewsOptions,
  type SavedViewsState,
  type SavedViewsStore,
  type ViewStateTarget,
} from './savedViews';
export { keepEmbedTokenFresh, refreshEmbedTokenOnce, type EmbedTokenEvents, type EmbedTokenOptions } from './tokens';
export { reportApis, type ReportApis } from './apis';
export {
  createReportView,
  type ReportSource,
  type ReportViewEvents,
  type ReportViewOptions,
  type ReportViewStore,
  type ReportViewStoreState,
} from './reportView';
