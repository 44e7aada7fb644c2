// spec §2 "Embedded report view", §4 "Report view", §5 "Embedding" and "Embed facility rules", §8 "Reports",
// §9 "Report height" and "Page view options"
/**
 * Rules of the embedded report view (its states, height and page view), shared by the report view,
 * the embed engines and the reference server.
 */
import { createTranslator, type Translate } from '../i18n/messages';
import { reportEn } from '../i18n/reportMessages';
import { APP_TOKEN_REFRESH_LEAD_MS, REPORT_HEIGHT_REDUCTION_PX } from './constants';

// The English texts, whether or not a page has registered the report's messages (the server too).
// Pure, so a bundle that uses none of these rules leaves the catalogue out.
const english: Translate = /* @__PURE__ */ createTranslator(reportEn);

// The spec does not show the id format.
/**
 * Ids of reports in the embed calls' paths: lower-case slugs of at most 64 characters
 * (`billing-overview`, `finance-monthly`).
 * @internal
 */
export const REPORT_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';

/**
 * Whether `id` has the report id format.
 * @public
 */
export function isValidReportId(id: string): boolean {
  return new RegExp(REPORT_ID_PATTERN).test(id);
}

// spec §3 "Report settings from the server"
/**
 * The embedding part of the report settings the server sends (`reportEmbedded`).
 * @public
 */
export interface EmbedParts {
  /** The embed token. */
  token?: string | null;
  /** The report's embed URL. */
  entityUrl?: string | null;
  /** The Power BI report id. */
  entityId?: string | null;
}

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

// spec §5 "Embedding"
/** The message of an answer that breaks {@link isEmbeddable}. */
// eslint-disable-next-line no-restricted-syntax -- an embed configuration error for the developer, not a user's message
export const EMBED_PARTS_MISSING = 'The token, entity url and entity id must all be present.';

// spec §5 "Embedding": "The token, entity url and entity id must all be present."
/**
 * Whether a report can be embedded: the embed token, the entity URL and the entity id are all
 * present (not blank).
 * @public
 */
export function isEmbeddable(embed: EmbedParts | null | undefined): boolean {
  return !!embed && present(embed.token) && present(embed.entityUrl) && present(embed.entityId);
}

// spec §2
/** The title of the card shown when the server gives no token, url and id (English; the catalogue's `report.unlicensed`). */
export const UNLICENSED_TITLE = /* @__PURE__ */ english('report.unlicensed');
// spec §2
/** The card's action prefix (English; the catalogue's `report.unlicensed.action`). */
export const UNLICENSED_ACTION_PREFIX = /* @__PURE__ */ english('report.unlicensed.action', { action: '' });
// spec §2
/** The action when the server sent no error message (English; the catalogue's `report.unlicensed.contact`). */
export const UNLICENSED_DEFAULT_ACTION = /* @__PURE__ */ english('report.unlicensed.contact');

/**
 * The 'Unlicensed feature' card's text.
 * @public
 */
export interface UnlicensedCard {
  /** The card's title. */
  title: string;
  /** The server's description of the report. */
  description: string;
  /** 'Action: ' followed by the server's error message or 'Please contact your partner.'. */
  action: string;
}

// spec §2 "Embedded report view": "an 'Unlicensed feature' card shows the server description and 'Action: '
// followed by the server error message or 'Please contact your partner.'"
/**
 * The 'Unlicensed feature' card: the server's description of the report and 'Action: ' followed by
 * the server's error message or 'Please contact your partner.'. A blank
 * error message counts as none. The card's own words are `t`'s (English by default); the server's
 * description and message are shown as they came.
 * @public
 */
export function unlicensedCard(
  report: { description?: string | null; errorMessage?: string | null },
  t: Translate = english,
): UnlicensedCard {
  const message = report.errorMessage?.trim();
  return {
    title: t('report.unlicensed'),
    description: report.description?.trim() ?? '',
    action: t('report.unlicensed.action', { action: message || t('report.unlicensed.contact') }),
  };
}

/**
 * The 'Unlicensed feature' card on one line ('Unlicensed feature - Action: …'), as the `cp-report-error` event tells it.
 * @public
 */
export function unlicensedText(
  report: { description?: string | null; errorMessage?: string | null },
  t: Translate = english,
): string {
  const card = unlicensedCard(report, t);
  return `${card.title} - ${card.action}`;
}

// spec §2
/**
 * The card shown when the configured report page is not found, in `t`'s words (English by default).
 * @public
 */
export function configurationError(t: Translate = english): { title: string; message: string } {
  return { title: t('report.configError'), message: t('report.configError.text') };
}

// spec §8 "Reports"
/**
 * The same error on one line, 'Configuration Error - Please contact administrator.'.
 * @public
 */
export function configurationErrorText(t: Translate = english): string {
  const card = configurationError(t);
  return `${card.title} - ${card.message}`;
}

// spec §2
/** The configuration error card in English (see {@link configurationError}). */
export const CONFIGURATION_ERROR = /* @__PURE__ */ configurationError();
// spec §8 "Reports"
/** The configuration error on one line, in English (see {@link configurationErrorText}). */
export const CONFIGURATION_ERROR_TEXT = /* @__PURE__ */ configurationErrorText();

// spec §3 "Page of an embedded report"
/**
 * The fields of an embedded report's page that the page rules read.
 * @public
 */
export interface ReportPageLike {
  /** The page's name as users see it. */
  displayName: string;
  /** Whether it is the active page. */
  isActive?: boolean;
}

// spec §2 "pbiReport: a multi-page report with a page-name filter"
/**
 * The configured report page: one display name, or the page-name filter of a `pbiReport` page (a
 * multi-page report) — the list of the pages it shows; none is none.
 * @public
 */
export type ReportPageFilter = string | readonly string[] | null | undefined;

/**
 * The display names a report page filter names (empty names dropped).
 * @public
 */
export function reportPageNames(filter: ReportPageFilter): string[] {
  return (typeof filter === 'string' ? [filter] : [...(filter ?? [])]).filter((name) => name !== '');
}

// spec §4 "On load the product finds the pages whose display name equals the configured report page"
/**
 * The pages whose display name equals the configured report page (looked for when the report loads);
 * with a page-name filter, the pages named by any of its names — in the report's own order.
 * @public
 */
export function pagesForReportPage<P extends ReportPageLike>(pages: readonly P[], filter: ReportPageFilter): P[] {
  const names = reportPageNames(filter);
  return pages.filter((page) => names.includes(page.displayName));
}

// spec §4 "…and activates the first"; §2 'Configuration Error'; §8 "No pages"
/**
 * The page to activate: the first of the configured pages, or `undefined` when the configured page is
 * not among the pages (the view then shows 'Configuration Error'). With no page configured, the
 * report's active page (else its first) opens; a report without pages has none.
 * @public
 */
export function configuredReportPage<P extends ReportPageLike>(
  pages: readonly P[],
  reportPage: ReportPageFilter,
): P | undefined {
  if (reportPageNames(reportPage).length === 0) return pages.find((page) => page.isActive) ?? pages[0];
  return pagesForReportPage(pages, reportPage)[0];
}

/**
 * The pages a `pbiReport` page lets the user move between, when its filter shows two or more of the
 * report's pages (the report view then offers its own page buttons in place of Power BI's page
 * navigation, which would lead outside the filter); empty otherwise.
 * @public
 */
export function filteredReportPages<P extends ReportPageLike>(pages: readonly P[], filter: ReportPageFilter): P[] {
  const shown = pagesForReportPage(pages, filter);
  return shown.length > 1 ? shown : [];
}

// spec §4 "Report view"
/**
 * The states of the report view (the marketing image is the token-failure state).
 * @public
 */
export type ReportViewState = 'loading' | 'report' | 'unlicensed' | 'marketing' | 'no-pages';

// spec §4 "Report view"; §2, §8
/**
 * The report view's state: loading, then showing the report, marketing/unlicensed, or the no-pages
 * error. A failed token call shows the marketing image; an answer without token, url and id the
 * 'Unlicensed feature' card; pages without the configured one the 'Configuration Error'.
 * @public
 */
export function reportViewState(input: {
  /** The embed answer; undefined while it loads. */
  embed?: (EmbedParts & { reportPage?: ReportPageFilter }) | null;
  /** Whether the embed token call failed. */
  tokenFailed?: boolean;
  /** The report's pages; undefined until the report answered them. */
  pages?: readonly ReportPageLike[];
}): ReportViewState {
  if (input.tokenFailed) return 'marketing';
  if (!input.embed) return 'loading';
  if (!isEmbeddable(input.embed)) return 'unlicensed';
  if (!input.pages) return 'loading';
  return configuredReportPage(input.pages, input.embed.reportPage) ? 'report' : 'no-pages';
}

// spec §9 "Report height"
/**
 * Which viewer a report height is for.
 * @public
 */
export type ReportViewer = keyof typeof REPORT_HEIGHT_REDUCTION_PX;

// spec §2 / §9 "Report height"
/**
 * A report's height in px: the viewport height minus 105 px by default, 95 px in the assistant-era
 * report viewer, or a given reduction in px. Never negative; a reduction that is not
 * a finite, non-negative number falls back to the default.
 * @public
 */
export function reportHeight(viewportHeight: number, reduction: number | ReportViewer = 'default'): number {
  const px =
    typeof reduction === 'number'
      ? Number.isFinite(reduction) && reduction >= 0
        ? reduction
        : REPORT_HEIGHT_REDUCTION_PX.default
      : REPORT_HEIGHT_REDUCTION_PX[reduction];
  return Math.max(0, viewportHeight - px);
}

// spec §9 "Page view options"
/**
 * How a report page is fitted into the view: to the width, in one column, or at its actual size.
 * @public
 */
export const PAGE_VIEW_OPTIONS = ['fitToWidth', 'oneColumn', 'actualSize'] as const;
/**
 * One of {@link PAGE_VIEW_OPTIONS}.
 * @public
 */
export type PageView = (typeof PAGE_VIEW_OPTIONS)[number];

// spec §5 "Embed facility rules" (the grammar is the spec's)
/** The message of an unknown page view, worded exactly as the product answers it. */
export const PAGE_VIEW_ERROR = 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize';

// spec §5
/**
 * The validation message of a `pageView` option, or `undefined` when it is valid or not given.
 * @public
 */
export function pageViewError(pageView: unknown): string | undefined {
  if (pageView === undefined) return undefined;
  return (PAGE_VIEW_OPTIONS as readonly unknown[]).includes(pageView) ? undefined : PAGE_VIEW_ERROR;
}

// spec §2 "Mobile uses actual-size layout; otherwise fit to width."
/**
 * The page view of a report: its actual size on a phone-sized screen, else fitted to the width.
 * @public
 */
export function reportPageView(isMobile: boolean): PageView {
  return isMobile ? 'actualSize' : 'fitToWidth';
}

// The spec gives the embed token no refresh rule, so the app token's is used: spec §4, §9 "App token refresh lead"
/**
 * Milliseconds until an embed token should be refreshed through its `tokenUrl`: the app token's
 * refresh rule is used (30 s before expiry; scheduled only when the time until expiry is not
 * negative). `undefined` when the expiration is unreadable or already past — then the embed info is
 * fetched again instead.
 * @public
 */
export function embedTokenRefreshDelay(
  expiration: string | null | undefined,
  now: number = Date.now(),
  leadMs: number = APP_TOKEN_REFRESH_LEAD_MS,
): number | undefined {
  const at = expiration ? Date.parse(expiration) : Number.NaN;
  if (!Number.isFinite(at)) return undefined;
  const untilExpiry = at - now;
  if (untilExpiry < 0) return undefined;
  return Math.max(0, untilExpiry - leadMs);
}
