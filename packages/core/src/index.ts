/**
 * @cloudportal/core — the logic of the portal, once: client, stores, rules, messages.
 * Safe to import in Node: nothing here touches the DOM at import time.
 */
export { normalizeApiBase } from './api/apiBase';
export { createAuditApi } from './api/audit';
export type { AuditApi, AuditReceipt, AuditStatistics, AuditTotals, KeepaliveReceipt } from './api/audit';
export { createAuthApi } from './api/auth';
export type {
  AppTokenClaims,
  AppTokenSite,
  AuthApi,
  AuthConfig,
  DevAccount,
  LoginPayload,
  LoginResult,
  TenantSummary,
} from './api/auth';
export { createBookmarksApi } from './api/bookmarks';
export type { BookmarksApi, DeletedPbiBookmarks, MutationResult, PbiBookmark, PbiBookmarkInput } from './api/bookmarks';
export { createChatApi } from './api/chat';
export type {
  Chat,
  ChatAnswer,
  ChatApi,
  ChatCreated,
  ChatFollowup,
  ChatHistoryItem,
  ChatMessage,
  ChatOpened,
  ChatQuestion,
  ChatSettings,
  RelatedLink,
} from './api/chat';
export { generateChatStream } from './api/chatStream';
export type { ChatStreamHandlers } from './api/chatStream';
export { createConnectedSitesApi } from './api/connectedSites';
export type {
  ConnectedSite,
  ConnectedSiteChange,
  ConnectedSiteInput,
  ConnectedSitesApi,
  CreatedSite,
  NewSiteSecret,
} from './api/connectedSites';
export { ApiError, isApiError } from './api/errors';
export { readEventStream } from './api/eventStream';
export type { ServerSentEvent } from './api/eventStream';
export { createFeatureDataApi } from './api/featureData';
export type { DataActionInput, FeatureDataApi } from './api/featureData';
export { graphql, GraphQLError } from './api/graphql';
export type { GraphQLErrorEntry } from './api/graphql';
export { createHttp } from './api/http';
export type { Http, HttpConfig, HttpResult, QueryValue, RequestOptions } from './api/http';
export type { Account, TokenResponse, Whois } from './api/identity';
export { createLicenseQuestionnaireApi } from './api/licenseQuestionnaire';
export type { LicenseQuestionnaire, LicenseQuestionnaireApi } from './api/licenseQuestionnaire';
export { PAGE_TYPES } from './api/pageDescription';
export type { PageDescription, PageTab, PageTabType, PageType } from './api/pageDescription';
export { createPortalApi } from './api/portal';
export type {
  AccessedPage,
  AccessedQuery,
  Breadcrumb,
  FeedbackInput,
  MenuNode,
  MenuQuery,
  PageBundle,
  PageQuery,
  PortalApi,
  SearchResult,
  StoredFeedback,
} from './api/portal';
export { createReportsApi } from './api/reports';
export type { EmbeddedReportPage, EmbedTokenRefresh, ReportEmbed, ReportsApi } from './api/reports';
export { pageBundleQuery, sessionBundleOf } from './api/sessionBundle';
export type { BundleParts, SessionBundle, TokenWithSession } from './api/sessionBundle';
export { createAccountSettingsApi, servicePath } from './api/settings';
export type {
  AccountSettingsApi,
  ApiTokenIssued,
  Branding,
  CspCustomerSettings,
  CspIntegration,
  CspIntegrationRequest,
  CspSecureSettings,
  CspSecureSettingsInfo,
  CspSettings,
  CustomContent,
  EaSettings,
  EmailNotification,
  EulaAcceptance,
  FeatureActivation,
  FeatureFlags,
  FileInfo,
  IntegrationSettings,
  IntegrationTestResult,
  LicenseDefinition,
  M365UserCredential,
  M365UserCredentialRequest,
  Office365Integration,
  Office365PermissionTest,
  Office365Settings,
  QueuedEmail,
  Settings,
  SettingsUpdate,
  SurveilSettings,
  SyncRun,
  SystemMessage,
  TaggedQuery,
  TaggedResource,
  TaggedResources,
  TagTestResult,
  TagUsage,
  TenantActivation,
  TenantLicense,
} from './api/settings';
export { createSettingsApi } from './api/settingsAdmin';
export type { SettingsApi } from './api/settingsAdmin';
export { createCrossTabChannel, createLockRunner } from './auth/crossTab';
export type { CrossTabChannel, CrossTabMessage, LockRunner } from './auth/crossTab';
export { createDevIdentityProvider } from './auth/identityProvider';
export type { DevIdentityProvider, IdentityProvider } from './auth/identityProvider';
export { createIdleWatcher } from './auth/idle';
export type { IdleOptions, IdleState, IdleWatcher, KeepaliveUnit } from './auth/idle';
export { createNavigationAudit } from './auth/navigationAudit';
export type { AuditedPlace, NavigationAudit } from './auth/navigationAudit';
export { identityTokenProvider } from './auth/partnerToken';
export type { SignInRefusal, TokenProvider } from './auth/partnerToken';
export { portalIdle } from './auth/portalIdle';
export { createSession } from './auth/session';
export type { Session, SessionOptions, SessionState, SessionStatus } from './auth/session';
export { identityFromIdToken } from './auth/signIn';
export type { IdentityResult } from './auth/signIn';
export { createPortalClient, sessionStarted } from './client/createPortalClient';
export type { PortalApis, PortalClient, PortalClientConfig } from './client/createPortalClient';
export type { ReportTelemetry, TelemetryEvent, TelemetryListener, TelemetryOptions } from './client/telemetry';
export { configure, getDefaultPortalClient, setDefaultPortalClient } from './client/defaultClient';
export { clientPart } from './client/parts';
export { chartEn } from './i18n/chartMessages';
export { chatLauncherEn } from './i18n/chatLauncherMessages';
export { chatEn } from './i18n/chatMessages';
export { dashboardEn } from './i18n/dashboardMessages';
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
} from './i18n/dataMessages';
export { datasetMessagesEn } from './i18n/dataMessagesEn';
export type { DatasetTexts } from './i18n/dataMessagesEn';
export { dynamicPageEn } from './i18n/dynamicPageMessages';
export { feedbackEn } from './i18n/feedbackMessages';
export { gridEn } from './i18n/gridMessages';
export { availableLocales, registeredLocales, registerLocale } from './i18n/locales';
export type { LocaleLoader, LocaleOption } from './i18n/locales';
export { createTranslator, en, englishMessage, formatMessage, registerMessages } from './i18n/messages';
export type { DataMessageKey, MenuMessageKey, MessageKey, Messages, Translate } from './i18n/messages';
export { pagesEn } from './i18n/pageMessages';
export { questionnaireEn } from './i18n/questionnaireMessages';
export { releaseNotesEn } from './i18n/releaseNotesMessages';
export { reportEn } from './i18n/reportMessages';
export { searchEn } from './i18n/searchMessages';
export { serverEn } from './i18n/serverMessages';
export { settingsEn } from './i18n/settingsMessages';
export { shellEn } from './i18n/shellMessages';
export {
  AUDIT_CATEGORIES,
  auditEventError,
  isAuditedLocation,
  logoutEvent,
  navigationEvent,
  reportViewEvent,
} from './rules/audit';
export type { AuditCategory, AuditEvent, NavigationChange } from './rules/audit';
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
} from './rules/bookmarks';
export type { DefaultView, ViewToast } from './rules/bookmarks';
export { meterTexts, readMeter } from './rules/budgetMeter';
export type {
  MeterGoal,
  MeterInput,
  MeterReading,
  MeterState,
  MeterStatus,
  MeterTexts,
  MeterTone,
} from './rules/budgetMeter';
export {
  chartCategoriesAreDates,
  chartStackTotals,
  chartSummary,
  formatChartAxisValue,
  formatChartCategory,
  formatChartValue,
} from './rules/chartSummary';
export type { ChartData, ChartMarker, ChartSeries, ChartTarget, ChartValueType } from './rules/chartSummary';
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
} from './rules/chat';
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
} from './rules/chat';
export {
  availableDatasets,
  CHAT_DATASETS,
  datasetAvailability,
  isChatDataset,
  isDatasetAvailable,
} from './rules/chatDatasets';
export type { ChatDataset, DatasetAvailability, DatasetLicense } from './rules/chatDatasets';
export { CONFIRM_ICONS, confirmIcon, confirmTimer, secondsLeft, timeLeftRatio } from './rules/confirm';
export type { ConfirmData, ConfirmIcon, ConfirmResult } from './rules/confirm';
export {
  connectedSiteProblems,
  normalizeOrigins,
  originProblem,
  partnerClaimsProblem,
  partnerRefusalMessage,
} from './rules/connectedSites';
export type { ConnectedSiteForm, PartnerTokenClaims, SiteRuleOptions } from './rules/connectedSites';
export {
  ANSWER_PROGRESS_INTERVAL_MS,
  ANSWER_WRITE_INTERVAL_MS,
  REPORT_CONTEXT_READ_TIMEOUT_MS,
  REPORT_HEIGHT_REDUCTION_PX,
  SEARCH_DEBOUNCE_MS,
  STOPPED_ANSWER_READS_MS,
} from './rules/constants';
export { csvField, csvLine, csvLines, exportFileName } from './rules/dataCsv';
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
} from './rules/dataGrid';
export type { CellFormat, GridCount } from './rules/dataGrid';
export { dataQueryParams, filterOpsFor, isCalendarDate, isCalendarDateTime, parseDataQuery } from './rules/dataQuery';
export type { DataQueryParams, ParsedDataQuery } from './rules/dataQuery';
export { parseSeriesQuery, seriesQueryParams } from './rules/dataSeries';
export type { DataSeries, DataSeriesQuery, ParsedSeriesQuery } from './rules/dataSeries';
export { embedUrlError, frameUrl, isPowerBiHost, loopbackTwin } from './rules/embed';
export { DATASET_PAGES, datasetDef, DATASETS, isDatasetId } from './rules/featureData';
export type { DatasetId, DatasetPageName } from './rules/featureData';
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
} from './rules/featureDataTypes';
export { ADOPTION_DATASETS } from './rules/featureDatasets/adoption';
export { COST_DATASETS } from './rules/featureDatasets/costs';
export type { DatasetDomain, DatasetDomainModule, LoadedDatasetPage } from './rules/featureDatasets/domains';
export { ESTATE_DATASETS } from './rules/featureDatasets/estate';
export { M365_DATASETS, PEOPLE_WINDOW_DAYS, RECENT_JOINER_DAYS } from './rules/featureDatasets/m365';
export { OPERATIONS_DATASETS } from './rules/featureDatasets/operations';
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
} from './rules/feedback';
export type { FeedbackDraft, FeedbackErrors, FeedbackToast, FeedbackType } from './rules/feedback';
export { base64UrlDecode, decodeJwt, isTokenExpired, tokenExpiresAt } from './rules/jwt';
export type { JwtPayload } from './rules/jwt';
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
} from './rules/layout';
export type { LayoutSnapshot, LayoutState, PersistedLayout, SidenavMode, Theme } from './rules/layout';
export {
  evaluateLicenses,
  licenseAnswersForm,
  licenseAnswersJsonProblems,
  licenseAnswersOf,
  licenseAnswersProblems,
} from './rules/licenseQuestionnaire';
export type {
  CatalogueLicense,
  LicenseAnswers,
  LicenseAnswersForm,
  LicenseEvaluation,
  LicenseLine,
  OwnedLicense,
} from './rules/licenseQuestionnaire';
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
} from './rules/licenses';
export type {
  AccessSnapshot,
  BrandingFileKind,
  CspIntegrationMode,
  FeatureGroup,
  IntegrationCheck,
  LicenseModule,
  SavedIntegration,
} from './rules/licenses';
export {
  chooseLocale,
  matchLocale,
  parseAcceptLanguage,
  pseudoLocalize,
  pseudoMessages,
  SUPPORTED_LOCALES,
} from './rules/locale';
export type { LocaleSources, SupportedLocale } from './rules/locale';
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
} from './rules/menu';
export type { MenuFilter, MenuGate } from './rules/menu';
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
} from './rules/menuSearch';
export type { SearchableTab } from './rules/menuSearch';
export { humanizeOption, optionEnglish } from './rules/optionText';
export { chatTranscript, transcriptFileName, transcriptMarkdown } from './rules/chatTranscript';
export type { ChatTranscript, ChatTranscriptMessage } from './rules/chatTranscript';
export { normalizePageContext, PAGE_CONTEXT_LIMITS, pageContextIssue } from './rules/pageContext';
export type { PageContext, PageContextValue } from './rules/pageContext';
export {
  namedPageAction,
  normalizePageActions,
  PAGE_ACTION_LIMITS,
  pageActionResultIssue,
  pageActionsIssue,
} from './rules/pageActions';
export type { PageAction, PageActionParameters, PageActionProposal } from './rules/pageActions';
export { pageActionLabel } from './rules/pageActionLabel';
export { readRetryDelayMs } from './rules/readRetry';
export {
  describeReportFilter,
  REPORT_CONTEXT_LIMITS,
  reportContextIssue,
  reportContextOf,
  summariseReportFilters,
} from './rules/reportContext';
export type { LiveReportState, ReportContext, ReportContextFilter, ReportContextOperator } from './rules/reportContext';
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
} from './rules/reports';
export type {
  EmbedParts,
  PageView,
  ReportPageFilter,
  ReportPageLike,
  ReportViewer,
  ReportViewState,
  UnlicensedCard,
} from './rules/reports';
export { answerTranslator, serverEnglish } from './rules/serverAnswers';
export {
  idleCountdownSeconds,
  idleTimeoutMs,
  loginPayload,
  refreshDelayMs,
  signInOutcome,
  unableToIdentifyText,
  unresolvedIdentityOutcome,
} from './rules/session';
export type { LoginPayloadInput, SignInOutcome } from './rules/session';
export {
  brandingFileProblem,
  emailRecipients,
  emailTestProblems,
  generalSettingsProblems,
  integrationProblems,
  licenseKeyProblem,
} from './rules/settingsForms';
export type { EmailTestForm, FormProblems, GeneralSettingsForm, IntegrationForm } from './rules/settingsForms';
export {
  isPartnerRefusal,
  narrowPieces,
  PARTNER_REFUSALS,
  showsAnyPiece,
  SITE_PIECES,
  siteAllows,
} from './rules/sitePieces';
export type { PartnerRefusal, SiteNeed, SitePiece, SitePieces } from './rules/sitePieces';
export { findUnstorableText, unstorableText } from './rules/storableText';
export type { UnstorableAt } from './rules/storableText';
export { isToastEmpty, TOAST_KINDS, toastKind, toastRole } from './rules/toasts';
export type { ToastKind } from './rules/toasts';
export { isAllowedGuidanceVideo } from './rules/videos';
export { createPortalStorage, storageKey, warnIfCookieTooLarge, webStorageStrategy } from './storage/webStorage';
export type { PortalStorage, StorageEnvironment, StorageStrategy } from './storage/webStorage';
export { createAccountStore } from './stores/account';
export type { AccountState, AccountStore } from './stores/account';
export { createBrandingStore } from './stores/branding';
export type { BrandingState, BrandingStore, ImagePreloader } from './stores/branding';
export { createChatStore } from './stores/chat';
export type { ChatRenameResult, ChatStore, ChatStoreOptions } from './stores/chat';
export type { ChatAskOptions, ChatAskOutcome, ChatAskRefusal } from './stores/chatHost';
export type { ChatHistoryState, ChatState, ChatStatus } from './stores/chatTypes';
export { createDatasetGridStore } from './stores/dataGrid';
export type { DataGridState, DataGridStore, DataGridStoreOptions, DataSummaryState } from './stores/dataGrid';
export { rowOfBlocks } from './stores/dataGridBlocks';
export { createDataGridStore } from './stores/dataGridById';
export { createDialogStore } from './stores/dialogs';
export type { DialogStore, PendingConfirm } from './stores/dialogs';
export { createEmbeddedPage, portalNavigation } from './stores/embeddedPage';
export type { EmbeddedPage, PortalNavigationOptions } from './stores/embeddedPage';
export { feedbackDraftKey, portalFeedback } from './stores/feedback';
export type { FeedbackDraftState, FeedbackFields, FeedbackTarget, PortalFeedback } from './stores/feedback';
export { createLayoutStore } from './stores/layout';
export type { LayoutStore, SidenavName } from './stores/layout';
export { createLocaleStore } from './stores/locale';
export type { LocaleStore, LocaleStoreOptions } from './stores/locale';
export { createNavigationStore } from './stores/navigation';
export type { MenuState, NavigationLocation, NavigationOptions, NavigationStore } from './stores/navigation';
export { createPageStore, namedPageRoute } from './stores/page';
export type { GuidanceState, NamedPageRoute, PageOptions, PageRoute, PageState, PageStore } from './stores/page';
export { portalChat, portalChatApi } from './stores/portalChat';
export { createReportContextRegistry } from './stores/reportContext';
export type { ReportContextProvider, ReportContextRegistry } from './stores/reportContext';
export { createSearchStore, portalSearch } from './stores/search';
export type { SearchState, SearchStore, SearchStoreOptions } from './stores/search';
export { portalShell } from './stores/shell';
export type { PortalShellOptions, PortalShellStores, ShellDialog } from './stores/shell';
export { createToastStore } from './stores/toasts';
export type { Toast, ToastInput, ToastStore } from './stores/toasts';
export { TRUSTED_TYPES_POLICIES, TRUSTED_TYPES_POLICY } from './trustedTypes';

// Kept for the other workspace packages (the reference server, @cloudportal/react, @cloudportal/elements,
// the reference host) and stripped from the published types: not part of the public API.
/** @internal */
export { BOOKMARK_DOCUMENTS } from './api/bookmarks';
/** @internal */
export { IDLE_ACTIVITY_EVENTS } from './auth/idle';
/** @internal */
export { loadLocale } from './i18n/locales';
/** @internal */
export { ACTIVE_USER_WINDOW_MINUTES, AUDIT_LOCATION_MAX, AUDIT_MESSAGES, AUDIT_NAME_MAX } from './rules/audit';
/** @internal */
export { BOOKMARK_PAGE_NAME_MAX, BOOKMARK_STATE_MAX_BYTES } from './rules/bookmarks';
/** @internal */
export { BUDGET_NEAR_AT } from './rules/budgetMeter';
/** @internal */
export { CHAT_MESSAGES, CHAT_SCREENSHOT_MAX_BYTES, CHAT_SCREENSHOT_MAX_DATA_URL } from './rules/chat';
/** @internal */
export { PARTNER_TOKEN_AUDIENCE, PARTNER_TOKEN_CLOCK_SKEW_S, SITE_SECRETS_MAX } from './rules/connectedSites';
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
} from './rules/constants';
/** @internal */
export { CSV_FORMULA_LEADS, CSV_QUOTED_CHARS } from './rules/dataCsv';
/** @internal */
export {
  DATA_COUNT_CAP,
  DATA_CURSOR_ERROR,
  DATA_EXPORT_MAX,
  DATA_PAGE_MAX,
  DATA_SEARCH_COUNT_CAP,
} from './rules/dataQuery';
/** @internal */
export { SERIES_CATEGORIES_MAX, SERIES_COUNT, SERIES_OTHER, SERIES_SPLIT_MAX } from './rules/dataSeries';
/** @internal */
export { DATASET_PAGE_DOMAINS, loadDatasetDef, loadDatasetPage } from './rules/featureDatasets/domains';
/** @internal */
export { LICENSE_CATALOGUE, LICENSE_COUNTS } from './rules/licenseQuestionnaire';
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
} from './rules/licenses';
/** @internal */
export { PSEUDO_LOCALE } from './rules/locale';
/** @internal */
export { ACCESSED_PAGES_MAX, CONTENT_PREFIX } from './rules/menu';
/** @internal */
export { SEARCH_QUERY_MAX } from './rules/menuSearch';
/** @internal */
export { REPORT_ID_PATTERN } from './rules/reports';
/** @internal */
export { EMPTY_FEEDBACK_DRAFT } from './stores/feedback';
/** @internal */
export { trustSanitizedHtml } from './trustedTypes';
/** @internal */
export type { SinkHtml, TrustedHtml } from './trustedTypes';
