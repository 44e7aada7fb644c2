// The spec's pure rules, one module per subject; each names its spec section.
/** The portal's pure rules, one module per subject. */
export { actionLabel, chartTitle, columnLabel, kpiLabel, optionLabel, pageLabel } from '../i18n/dataMessages';
export {
  AUDIT_CATEGORIES,
  auditEventError,
  isAuditedLocation,
  logoutEvent,
  navigationEvent,
  reportViewEvent,
} from './audit';
export type { AuditCategory, AuditEvent, NavigationChange } from './audit';
export {
  BOOKMARK_MESSAGES,
  canAddView,
  DEFAULT_VIEW_NAME,
  defaultView,
  filterViews,
  isReservedViewName,
  normalizeTabName,
  normalizeViewName,
  uniqueViewName,
  validateNewView,
  validatePageName,
  validateTabName,
  validateViewName,
  validateViewState,
  viewCountError,
  viewsForTab,
  viewStateBytes,
} from './bookmarks';
export type { DefaultView, ViewToast } from './bookmarks';
export { meterTexts, readMeter } from './budgetMeter';
export type {
  MeterGoal,
  MeterInput,
  MeterReading,
  MeterState,
  MeterStatus,
  MeterTexts,
  MeterTone,
} from './budgetMeter';
export {
  chartCategoriesAreDates,
  chartStackTotals,
  chartSummary,
  formatChartAxisValue,
  formatChartCategory,
  formatChartValue,
} from './chartSummary';
export type { ChartData, ChartMarker, ChartSeries, ChartTarget, ChartValueType } from './chartSummary';
export {
  canRegenerate,
  canRenameChat,
  canSendChatMessage,
  CHAT_SCREENSHOT_TYPES,
  chatCostText,
  chatCounterText,
  chatHeaderTitle,
  chatMessageError,
  chatMessageIssue,
  chatReplyErrorMessage,
  chatRetryText,
  chatScreenshotError,
  chatScreenshotIssue,
  countUserMessages,
  datasetOptions,
  groupChatHistory,
  HISTORY_GROUP_IDS,
  historyGroupLabel,
  historyGroupOf,
  isChatTooLong,
  isTooLongTipVisible,
  newChatOffer,
  offeredFollowups,
  parseScreenshotDataUrl,
  quickStarts,
  relatedLinkDescription,
  relatedLinkHref,
  relativeTime,
  renameDecision,
  toPlainText,
  userInitials,
  validateChatName,
} from './chat';
export type {
  ChatMessageIssue,
  ChatScreenshotIssue,
  ChatScreenshotType,
  ChatTime,
  DatasetOption,
  HistoryGroup,
  HistoryGroupId,
  NewChatOffer,
  QuickStart,
  RenameDecision,
} from './chat';
export {
  availableDatasets,
  CHAT_DATASETS,
  datasetAvailability,
  isChatDataset,
  isDatasetAvailable,
} from './chatDatasets';
export type { ChatDataset, DatasetAvailability, DatasetLicense } from './chatDatasets';
export { CONFIRM_ICONS, confirmIcon, confirmTimer, secondsLeft, timeLeftRatio } from './confirm';
export type { ConfirmData, ConfirmIcon, ConfirmResult } from './confirm';
export {
  connectedSiteProblems,
  normalizeOrigins,
  originProblem,
  partnerClaimsProblem,
  partnerRefusalMessage,
} from './connectedSites';
export type { ConnectedSiteForm, PartnerTokenClaims, SiteRuleOptions } from './connectedSites';
export {
  ANSWER_PROGRESS_INTERVAL_MS,
  ANSWER_WRITE_INTERVAL_MS,
  REPORT_CONTEXT_READ_TIMEOUT_MS,
  REPORT_HEIGHT_REDUCTION_PX,
  SEARCH_DEBOUNCE_MS,
  STOPPED_ANSWER_READS_MS,
} from './constants';
export { csvField, csvLine, csvLines, exportFileName } from './dataCsv';
export {
  blocksOf,
  defaultGridColumns,
  formatDataCell,
  formatNumber,
  gridColumnsKey,
  gridQuery,
  gridTotal,
  isNumericColumn,
  nextGridSort,
  rowActionsFor,
  rowPassesFilters,
  sortsDescFirst,
  storedGridColumns,
} from './dataGrid';
export type { CellFormat, GridCount } from './dataGrid';
export { dataQueryParams, filterOpsFor, isCalendarDate, isCalendarDateTime, parseDataQuery } from './dataQuery';
export type { DataQueryParams, ParsedDataQuery } from './dataQuery';
export { parseSeriesQuery, seriesQueryParams } from './dataSeries';
export type { DataSeries, DataSeriesQuery, ParsedSeriesQuery } from './dataSeries';
export { embedUrlError, frameUrl, isPowerBiHost, loopbackTwin } from './embed';
export { DATASET_PAGES, datasetDef, DATASETS, isDatasetId } from './featureData';
export type { DatasetId, DatasetPageName } from './featureData';
export type {
  ChartKind,
  DataAction,
  DataCell,
  DataColumn,
  DataColumnType,
  DataFilter,
  DataFilterOp,
  DataKpi,
  DataPage,
  DataQuery,
  DataRow,
  DatasetChartDefinition,
  DatasetDef,
  DatasetPageDefinition,
  DataSort,
  DataSummary,
  SeriesGrain,
} from './featureDataTypes';
export { ADOPTION_DATASETS } from './featureDatasets/adoption';
export { COST_DATASETS } from './featureDatasets/costs';
export type { DatasetDomain, DatasetDomainModule, LoadedDatasetPage } from './featureDatasets/domains';
export { ESTATE_DATASETS } from './featureDatasets/estate';
export { M365_DATASETS, PEOPLE_WINDOW_DAYS, RECENT_JOINER_DAYS } from './featureDatasets/m365';
export { OPERATIONS_DATASETS } from './featureDatasets/operations';
export {
  canSubmitFeedback,
  FEEDBACK_MESSAGES,
  FEEDBACK_TYPES,
  feedbackCommentError,
  feedbackCounterText,
  feedbackDialogTitle,
  feedbackRatingLabel,
  feedbackToast,
  feedbackTypeLabel,
  feedbackTypeText,
  firstFeedbackError,
  isFeedbackType,
  validateFeedback,
} from './feedback';
export type { FeedbackDraft, FeedbackErrors, FeedbackToast, FeedbackType } from './feedback';
export { base64UrlDecode, decodeJwt, isTokenExpired, tokenExpiresAt } from './jwt';
export type { JwtPayload } from './jwt';
export {
  dragAutoScrollStep,
  dragHasStarted,
  isDarkTheme,
  menuIndentLevel,
  parseTheme,
  persistedLayout,
  readPersistedLayout,
  shellCustomProperties,
  sidenavMode,
  THEMES,
} from './layout';
export type { LayoutSnapshot, LayoutState, PersistedLayout, SidenavMode, Theme } from './layout';
export {
  evaluateLicenses,
  licenseAnswersForm,
  licenseAnswersJsonProblems,
  licenseAnswersOf,
  licenseAnswersProblems,
} from './licenseQuestionnaire';
export type {
  CatalogueLicense,
  LicenseAnswers,
  LicenseAnswersForm,
  LicenseEvaluation,
  LicenseLine,
  OwnedLicense,
} from './licenseQuestionnaire';
export {
  accessChecks,
  BRANDING_FILE_KINDS,
  CSP_INTEGRATION_MODES,
  cspChecks,
  FEATURE_FLAGS,
  featureGroupOf,
  hasAnyFeature,
  isAdmin,
  isAllowedUploadType,
  isBrandingKind,
  isDomainName,
  isGuid,
  isHttpsUrl,
  isKnownLicense,
  isServerPath,
  isValidEmail,
  isValidFileId,
  isValidLicenseKey,
  licensedModules,
  missingPermissions,
  msTokenProblem,
  office365Checks,
  summarizeChecks,
  surveilChecks,
  tagChecks,
} from './licenses';
export type {
  AccessSnapshot,
  BrandingFileKind,
  CspIntegrationMode,
  FeatureGroup,
  IntegrationCheck,
  LicenseModule,
  SavedIntegration,
} from './licenses';
export {
  chooseLocale,
  matchLocale,
  parseAcceptLanguage,
  pseudoLocalize,
  pseudoMessages,
  SUPPORTED_LOCALES,
} from './locale';
export type { LocaleSources, SupportedLocale } from './locale';
export {
  activeTabIndex,
  activeTrail,
  assistanceSource,
  breadcrumbOf,
  componentKind,
  errorPageDescription,
  FEATURE_COMPONENTS,
  filterMenu,
  filterTabs,
  findHomePage,
  flattenMenu,
  isHomePage,
  isInPersonaScope,
  isUnlicensedStatus,
  isVisibleByFeatures,
  menuItemPath,
  menuMap,
  pageKeyFromUrl,
  pagePath,
  pageTitle,
  readPersonaSelection,
  selectedPersonas,
  tabIndexByName,
  tabNameFromQuery,
  trailBreadcrumbs,
  videoLibraryMenu,
} from './menu';
export type { MenuFilter, MenuGate } from './menu';
export {
  isSearchShortcut,
  matchesSearch,
  menuSearchRows,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE,
  searchMenu,
  searchPageCount,
  searchPageRows,
  searchQueryError,
  searchQueryIssue,
  searchTagsText,
} from './menuSearch';
export type { SearchableTab } from './menuSearch';
export { humanizeOption, optionEnglish } from './optionText';
export { chatTranscript, transcriptFileName, transcriptMarkdown } from './chatTranscript';
export type { ChatTranscript, ChatTranscriptMessage } from './chatTranscript';
export { normalizePageContext, PAGE_CONTEXT_LIMITS, pageContextIssue } from './pageContext';
export type { PageContext, PageContextValue } from './pageContext';
export {
  namedPageAction,
  normalizePageActions,
  PAGE_ACTION_LIMITS,
  pageActionResultIssue,
  pageActionsIssue,
} from './pageActions';
export type { PageAction, PageActionParameters, PageActionProposal } from './pageActions';
export { pageActionLabel } from './pageActionLabel';
export { pageActionArgumentsIssue, proposePageAction } from './pageActionArguments';
export { readRetryDelayMs } from './readRetry';
export {
  describeReportFilter,
  REPORT_CONTEXT_LIMITS,
  reportContextIssue,
  reportContextOf,
  summariseReportFilters,
} from './reportContext';
export type { LiveReportState, ReportContext, ReportContextFilter, ReportContextOperator } from './reportContext';
export {
  configurationError,
  configurationErrorText,
  configuredReportPage,
  embedTokenRefreshDelay,
  filteredReportPages,
  isEmbeddable,
  isValidReportId,
  PAGE_VIEW_OPTIONS,
  pagesForReportPage,
  pageViewError,
  reportHeight,
  reportPageNames,
  reportPageView,
  reportViewState,
  unlicensedCard,
  unlicensedText,
} from './reports';
export type {
  EmbedParts,
  PageView,
  ReportPageFilter,
  ReportPageLike,
  ReportViewer,
  ReportViewState,
  UnlicensedCard,
} from './reports';
export { answerTranslator, serverEnglish } from './serverAnswers';
export {
  idleCountdownSeconds,
  idleTimeoutMs,
  loginPayload,
  refreshDelayMs,
  signInOutcome,
  unableToIdentifyText,
  unresolvedIdentityOutcome,
} from './session';
export type { LoginPayloadInput, SignInOutcome } from './session';
export {
  brandingFileProblem,
  emailRecipients,
  emailTestProblems,
  generalSettingsProblems,
  integrationProblems,
  licenseKeyProblem,
} from './settingsForms';
export type { EmailTestForm, FormProblems, GeneralSettingsForm, IntegrationForm } from './settingsForms';
export { isPartnerRefusal, narrowPieces, PARTNER_REFUSALS, showsAnyPiece, SITE_PIECES, siteAllows } from './sitePieces';
export type { PartnerRefusal, SiteNeed, SitePiece, SitePieces } from './sitePieces';
export { findUnstorableText, unstorableText } from './storableText';
export type { UnstorableAt } from './storableText';
export { isToastEmpty, TOAST_KINDS, toastKind, toastRole } from './toasts';
export type { ToastKind } from './toasts';
export { isAllowedGuidanceVideo } from './videos';

// Kept for the other workspace packages (the reference server, @cloudportal/react, @cloudportal/elements,
// the reference host) and stripped from the published types: not part of the public API.
/** @internal */
export { ACTIVE_USER_WINDOW_MINUTES, AUDIT_LOCATION_MAX, AUDIT_MESSAGES, AUDIT_NAME_MAX } from './audit';
/** @internal */
export { BOOKMARK_PAGE_NAME_MAX, BOOKMARK_STATE_MAX_BYTES } from './bookmarks';
/** @internal */
export { BUDGET_NEAR_AT } from './budgetMeter';
/** @internal */
export { CHAT_MESSAGES, CHAT_SCREENSHOT_MAX_BYTES, CHAT_SCREENSHOT_MAX_DATA_URL } from './chat';
/** @internal */
export { PARTNER_TOKEN_AUDIENCE, PARTNER_TOKEN_CLOCK_SKEW_S, SITE_SECRETS_MAX } from './connectedSites';
/** @internal */
export {
  ASSISTANT_RATE_LIMIT_PER_MINUTE,
  BOOKMARK_NAME_MAX,
  CHAT_MESSAGE_MAX,
  COPIED_INDICATOR_MS,
  DEFAULT_CURRENCY,
  DEFAULT_PRODUCT_VERSION,
  FEEDBACK_COMMENT_MAX,
  IDLE_WARNING_COUNTDOWN_MS,
  RECOMMENDED_RESOLUTION,
  SAVED_VIEWS_MAX,
  SCROLL_TO_LATEST_MS,
  SCROLLBAR,
  SEARCH_GRID_HEIGHT,
  STAR_COUNT,
  TOOLTIP_DELAY_MS,
} from './constants';
/** @internal */
export { CSV_FORMULA_LEADS, CSV_QUOTED_CHARS } from './dataCsv';
/** @internal */
export { DATA_COUNT_CAP, DATA_CURSOR_ERROR, DATA_EXPORT_MAX, DATA_PAGE_MAX, DATA_SEARCH_COUNT_CAP } from './dataQuery';
/** @internal */
export { SERIES_CATEGORIES_MAX, SERIES_COUNT, SERIES_OTHER, SERIES_SPLIT_MAX } from './dataSeries';
/** @internal */
export { DATASET_PAGE_DOMAINS, loadDatasetDef, loadDatasetPage } from './featureDatasets/domains';
/** @internal */
export { LICENSE_CATALOGUE, LICENSE_COUNTS } from './licenseQuestionnaire';
/** @internal */
export {
  DEFAULT_PRODUCT_NAME,
  EMAIL_BODY_MAX,
  EMAIL_PATTERN,
  EMAIL_RECIPIENTS_MAX,
  EMAIL_SUBJECT_MAX,
  EMAIL_TENANT_HOURLY_MAX,
  FILE_ID_PATTERN,
  FILE_UPLOAD_MAX_BYTES,
  FILE_UPLOAD_TYPES,
  GUID_PATTERN,
  LICENSE_DEFINITIONS,
  LICENSE_KEY_PATTERN,
  OFFICE365_REQUIRED_PERMISSIONS,
  UI_SESSION_TIMEOUT_DEFAULT_MINUTES,
  UI_SESSION_TIMEOUT_MAX_MINUTES,
  UI_SESSION_TIMEOUT_MIN_MINUTES,
} from './licenses';
/** @internal */
export { PSEUDO_LOCALE } from './locale';
/** @internal */
export { ACCESSED_PAGES_MAX, CONTENT_PREFIX } from './menu';
/** @internal */
export { SEARCH_QUERY_MAX } from './menuSearch';
/** @internal */
export { REPORT_ID_PATTERN } from './reports';
