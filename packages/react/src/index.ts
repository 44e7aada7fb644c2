/** @cloudportal/react — the portal pieces as React components. Each piece is also a subpath export. */
export { createTranslator, en, formatMessage } from './i18n';
export type { MessageKey, Messages, Translate } from './i18n';
export { PortalProvider, useLocale, usePortalClient, useT } from './provider';
export type { PortalProviderProps } from './provider';
export { Button, Dialog, Field, Icon, ProgressBar, Skeleton, StarRating, Tooltip } from './ui';
export type {
  ButtonProps,
  DialogCloseReason,
  DialogProps,
  FieldProps,
  IconName,
  IconProps,
  ProgressBarProps,
  SkeletonProps,
  StarRatingProps,
  TextAreaFieldProps,
  TooltipProps,
} from './ui';
export { ConfirmDialog, ConfirmHost } from './dialogs';
export type { ConfirmDialogProps, ConfirmHostProps } from './dialogs';
export { Toaster } from './toasts';
export {
  EulaDialog,
  IdleWarningDialog,
  RegisterPage,
  RequireAuth,
  sanitizeTerms,
  SessionStart,
  SignedIn,
  SignInPage,
  SignInPrompt,
  TenantPicker,
  useAccount,
  useIdle,
  usePieceRefusal,
  useProductName,
  useSession,
  useSignInRefusal,
  useStartedSession,
} from './auth';
export type {
  RequireAuthProps,
  SessionStartProps,
  SignedInProps,
  SignInPageProps,
  SignInPromptProps,
  TenantPickerProps,
} from './auth';
export { AssistantChat, AssistantLauncher, renderAnswer } from './assistant';
export type {
  AssistantActionDetail,
  AssistantAnswerDetail,
  AssistantAnswerProgressDetail,
  AssistantChatEvents,
  AssistantChatHandle,
  AssistantChatProps,
  AssistantLauncherProps,
  AssistantMessageSentDetail,
  RenderAnswerOptions,
} from './assistant';
export {
  DynamicPage,
  FeatureComponent,
  FeaturePage,
  featurePageComponent,
  GuidanceDialog,
  hasFeaturePage,
  NavBar,
  PagePlaceholder,
  PageView,
  PortalShell,
  registerFeaturePage,
  ReportCard,
  SettingsDrawer,
  SideNav,
  usePageNavigate,
  usePageSignals,
  useShell,
  VideoFrame,
  VideoLibrary,
} from './shell';
export type {
  DynamicPageProps,
  FeatureComponentProps,
  FeaturePageLoader,
  FeaturePageProps,
  NavBarProps,
  PageErrorDetail,
  PageLoadedDetail,
  PagePlaceholderProps,
  PageSignals,
  PortalShellProps,
  RowActivatedDetail,
  ReportSlotProps,
  SettingsDrawerProps,
  ShellNavigate,
  SideNavProps,
  VideoFrameProps,
  VideoLibraryProps,
} from './shell';
export { AddViewDialog, ReportSlotView, ReportToolbar, ReportView, SavedViews, SavedViewsPopup } from './report';
export type { ReportViewProps, SavedViewsDialogProps, SavedViewsProps } from './report';
export { SearchDialog } from './search';
export type { SearchDialogProps } from './search';
export { FeedbackDialog } from './feedback';
export type { FeedbackDialogProps } from './feedback';
export { Chart, DataGrid, DatasetChart, DatasetPage, GridToolbar, KpiCards, KpiList, Progress } from './kit';
export type {
  ChartData,
  ChartKind,
  ChartMarker,
  ChartProps,
  ChartSeries,
  ChartTarget,
  ChartValueType,
  DataGridProps,
  DatasetChartDefinition,
  DatasetChartProps,
  DatasetPageProps,
  GridToolbarProps,
  KpiCardsProps,
  KpiListProps,
  MeterGoal,
  ProgressProps,
} from './kit';

// The pieces' stylesheet and lazy-loading helpers, kept for @cloudportal/elements and the reference
// host, and stripped from the published types: not part of the public API.
/** @internal */
export { adoptStyles, useLoad, useStyles } from './ui';
/** @internal */
export type { Loaded, StyleRank } from './ui';
