/**
 * Rules of the embedded report view (spec §2 "Embedded report view", §4 "Report view", §5
 * "Embedding" and "Embed facility rules", §8 "Reports", §9 "Report height" and "Page view
 * options"), shared by the report view, the embed engines and the reference server.
 */
import { createTranslator, type Translate } from '../i18n/messages';
import { reportEn } from '../i18n/reportMessages';
import { APP_TOKEN_REFRESH_LEAD_MS, REPORT_HEIGHT_REDUCTION_PX } from './constants';

// The English texts, whether or not a page has registered the report's messages (the server too).
// Pure, so a bundle that uses none of these rules leaves the catalogue out.
const english: Translate = /* @__PURE__ */ createTranslator(reportEn);

/**
 * Ids of reports in the embed calls' paths: lower-case slugs of at most 64 characters
 * (`billing-overview`, `finance-monthly`). The spec does not show the id format.
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

/**
 * The embedding part of spec §3 "Report settings from the server" (`reportEmbedded`).
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

/** Spec §5 "Embedding", the message of an answer that breaks {@link isEmbeddable}. */
// eslint-disable-next-line no-restricted-syntax -- an embed configuration error for the developer, not a user's message
export const EMBED_PARTS_MISSING = 'The token, entity url and entity id must all be present.';

/**
 * Spec §5 "Embedding": "The token, entity url and entity id must all be present."
 * @public
 */
export function isEmbeddable(embed: EmbedParts | null | undefined): boolean {
  return !!embed && present(embed.token) && present(embed.entityUrl) && present(embed.entityId);
}

/** Spec §2: the title of the card shown when the server gives no token, url and id (English; the catalogue's `report.unlicensed`). */
export const UNLICENSED_TITLE = /* @__PURE__ */ english('report.unlicensed');
/** Spec §2: the card's action prefix (English; the catalogue's `report.unlicensed.action`). */
export const UNLICENSED_ACTION_PREFIX = /* @__PURE__ */ english('report.unlicensed.action', { action: '' });
/** Spec §2: the action when the server sent no error message (English; the catalogue's `report.unlicensed.contact`). */
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

/**
 * Spec §2 "Embedded report view": "an 'Unlicensed feature' card shows the server description and
 * 'Action: ' followed by the server error message or 'Please contact your partner.'". A blank
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

/**
 * Spec §2: the card shown when the configured report page is not found, in `t`'s words (English by default).
 * @public
 */
export function configurationError(t: Translate = english): { title: string; message: string } {
  return { title: t('report.configError'), message: t('report.configError.text') };
}

/**
 * Spec §8 "Reports": the same error on one line, 'Configuration Error - Please contact administrator.'.
 * @public
 */
export function configurationErrorText(t: Translate = english): string {
  const card = configurationError(t);
  return `${card.title} - ${card.message}`;
}

/** Spec §2: the configuration error card in English (see {@link configurationError}). */
export const CONFIGURATION_ERROR = /* @__PURE__ */ configurationError();
/** Spec §8 "Reports": the configuration error on one line, in English (see {@link configurationErrorText}). */
export const CONFIGURATION_ERROR_TEXT = /* @__PURE__ */ configurationErrorText();

/**
 * The fields of spec §3 "Page of an embedded report" the page rules read.
 * @public
 */
export interface ReportPageLike {
  /** The page's name as users see it. */
  displayName: string;
  /** Whether it is the active page. */
  isActive?: boolean;
}

/**
 * The configured report page: one display name, or a `pbiReport` page's page-name filter — the list of
 * the pages it shows (spec §2 "pbiReport: a multi-page report with a page-name filter"); none is none.
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

/**
 * Spec §4 "On load the product finds the pages whose display name equals the configured report page";
 * with a page-name filter, the pages named by any of its names — in the report's own order.
 * @public
 */
export function pagesForReportPage<P extends ReportPageLike>(pages: readonly P[], filter: ReportPageFilter): P[] {
  const names = reportPageNames(filter);
  return pages.filter((page) => names.includes(page.displayName));
}

/**
 * Spec §4 "…and activates the first": the page to activate, or `undefined` when the configured page
 * is not among the pages (spec §2 'Configuration Error'). With no page configured, the report's
 * active page (else its first) opens; a report without pages has none (spec §8 "No pages").
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

/**
 * Spec §4 "Report view" states (the marketing image is the token-failure state).
 * @public
 */
export type ReportViewState = 'loading' | 'report' | 'unlicensed' | 'marketing' | 'no-pages';

/**
 * Spec §4 "Report view": loading, then showing the report, marketing/unlicensed, or the no-pages
 * error. A failed token call shows the marketing image (spec §2, §8); an answer without token, url
 * and id the 'Unlicensed feature' card; pages without the configured one the 'Configuration Error'.
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

/**
 * Which viewer a report height is for (spec §9 "Report height").
 * @public
 */
export type ReportViewer = keyof typeof REPORT_HEIGHT_REDUCTION_PX;

/**
 * Spec §2 / §9 "Report height": the viewport height minus 105 px by default, 95 px in the
 * assistant-era report viewer, or a given reduction in px. Never negative; a reduction that is not
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

/**
 * Spec §9 "Page view options".
 * @public
 */
export const PAGE_VIEW_OPTIONS = ['fitToWidth', 'oneColumn', 'actualSize'] as const;
/**
 * One of {@link PAGE_VIEW_OPTIONS}.
 * @public
 */
export type PageView = (typeof PAGE_VIEW_OPTIONS)[number];

/** Spec §5 "Embed facility rules": the message of an unknown page view (the grammar is the spec's). */
export const PAGE_VIEW_ERROR = 'pageView must be one of the followings: fitToWidth, oneColumn, actualSize';

/**
 * Spec §5: the validation message of a `pageView` option, or `undefined` when it is valid or not given.
 * @public
 */
export function pageViewError(pageView: unknown): string | undefined {
  if (pageView === undefined) return undefined;
  return (PAGE_VIEW_OPTIONS as readonly unknown[]).includes(pageView) ? undefined : PAGE_VIEW_ERROR;
}

/**
 * Spec §2 "Mobile uses actual-size layout; otherwise fit to width."
 * @public
 */
export function reportPageView(isMobile: boolean): PageView {
  return isMobile ? 'actualSize' : 'fitToWidth';
}

/**
 * Milliseconds until an embed token should be refreshed through its `tokenUrl`: the spec gives the
 * embed token no refresh rule, so the app token's (§4, §9 "App token refresh lead": 30 s before
 * expiry; scheduled only when the time until expiry is not negative) is used. `undefined` when the
 * expiration is unreadable or already past — then the embed info is fetched again instead.
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
