import { atom, type ReadableAtom } from 'nanostores';
import type { EmbeddedReportPage, ReportEmbed } from '../api/reports';
import type { PortalClient } from '../client/createPortalClient';
import { registerMessages } from '../i18n/messages';
import { reportEn } from '../i18n/reportMessages';
import { reportViewEvent } from '../rules/audit';
import { configuredReportPage, reportViewState, type PageView, type ReportViewState } from '../rules/reports';
import { embedReport, type ReportFrameError, type ReportHandle } from './engine';
import { createSavedViews, type SavedViewsStore } from './savedViews';
import { keepEmbedTokenFresh } from './tokens';

/** Which report: one of the product's (`report`), a tenant's custom report, or its external (partner-site) embedding. */
export interface ReportSource {
  kind: 'report' | 'custom' | 'external';
  id: string;
}

/** Options of {@link createReportView}. */
export interface ReportViewOptions {
  report: ReportSource;
  /** The portal page (menu name) the report is shown on: its saved views are stored under it. */
  pageName: string;
  /** The tab the report fills on a tabbed page. */
  tabName?: string | null;
  /** Spec §2: actual size on mobile, fit to width otherwise. @default 'fitToWidth' */
  pageView?: PageView;
  /** The display name of the page to open, over the embed answer's configured `reportPage` (a `pbiReport` page's page-name filter). */
  reportPage?: string | null;
}

/** What the report view shows (spec §4 "Report view"). */
export interface ReportViewStoreState {
  status: ReportViewState;
  /** The embed answer, once fetched. */
  embed: ReportEmbed | null;
  /** A failure of the frame or of the embed facility (spec §5 messages), shown as text, never a blank frame. */
  error: string | null;
  pages: readonly EmbeddedReportPage[];
  activePage: EmbeddedReportPage | null;
  /** Spec §4: whether the page has filters (the 'Toggle Filter' button shows only then). */
  hasFilters: boolean;
  filterPaneVisible: boolean;
}

/** One report view: its state, its saved views, and its actions. */
export interface ReportViewStore {
  readonly $state: ReadableAtom<ReportViewStoreState>;
  readonly views: SavedViewsStore;
  /** Fetches the embed answer, then embeds the report in `element` once it is licensed. Returns the cleanup. */
  mount(element: HTMLElement): () => void;
  /** Spec §2 'Toggle Filter'. */
  toggleFilterPane(): Promise<void>;
}

const INITIAL: ReportViewStoreState = { status: 'loading', embed: null, error: null, pages: [], activePage: null, hasFilters: false, filterPaneVisible: false };

/**
 * The report view of spec §4: fetches the embed answer (no token, url and id → 'Unlicensed
 * feature'; a failed token call → the marketing image), embeds the report, activates the first page
 * whose display name is the configured report page ('Configuration Error' when none is), logs the
 * report-view statistic once per load, reads the page's filters, captures the default view and
 * applies the first saved view, and keeps the embed token fresh in place.
 */
export function createReportView(client: PortalClient, options: ReportViewOptions): ReportViewStore {
  registerMessages(reportEn);
  const $state = atom<ReportViewStoreState>(INITIAL);
  const set = (patch: Partial<ReportViewStoreState>) => $state.set({ ...$state.get(), ...patch });
  const views = createSavedViews({ bookmarks: client.api.bookmarks, toast: (t) => client.toast(t), pageName: options.pageName, tabName: options.tabName });
  let handle: ReportHandle | null = null;
  const { reports } = client.api;
  const fetchEmbed = () =>
    options.report.kind === 'custom' ? reports.customReportEmbed(options.report.id) : options.report.kind === 'external' ? reports.customReportExtEmbed(options.report.id) : reports.reportEmbed(options.report.id);

  async function onLoaded(report: ReportHandle, embed: ReportEmbed) {
    const pages = await report.pages();
    const reportPage = options.reportPage || embed.reportPage;
    const page = configuredReportPage(pages, reportPage);
    set({ pages, status: reportViewState({ embed: { ...embed, reportPage }, pages }) });
    if (!page) return;
    if (!page.isActive) await report.setPage(page.name);
    set({ activePage: { ...page, isActive: true } });
    void client.api.audit.event(reportViewEvent({ reportId: embed.id, pageName: page.displayName, url: embed.entityUrl, tabName: options.tabName })).catch(() => {});
    const filters = await report.pageFilters(page.name).catch(() => []);
    set({ hasFilters: filters.length > 0 });
    await views.attach(report);
  }

  return {
    $state,
    views,
    mount(element) {
      let stopped = false;
      const cleanups: Array<() => void> = [];
      void (async () => {
        $state.set(INITIAL);
        const embed = await fetchEmbed().catch(() => null);
        if (stopped) return;
        if (!embed) return set({ status: reportViewState({ tokenFailed: true }) });
        set({ embed, status: reportViewState({ embed }) });
        if ($state.get().status === 'unlicensed') return;
        try {
          const report = await embedReport(element, { embed: { token: embed.token!, entityUrl: embed.entityUrl!, entityId: embed.entityId! }, apiOrigin: apiOrigin(client), pageView: options.pageView, frameTitle: client.t('report.frameTitle') });
          if (stopped) return report.release();
          handle = report;
          cleanups.push(() => report.release());
          cleanups.push(report.on('pageChanged', ({ page }) => set({ activePage: page })));
          cleanups.push(report.on('error', (e: ReportFrameError) => set({ error: e.detailedMessage || e.message || client.t('report.failed') })));
          if (embed.tokenUrl) cleanups.push(keepEmbedTokenFresh({ tokenUrl: embed.tokenUrl, expiration: embed.expiration, refresh: reports.refreshEmbedToken, setAccessToken: report.setAccessToken }));
          await report.loaded;
          if (!stopped) await onLoaded(report, embed);
        } catch (error) {
          if (!stopped) set({ error: (error as { message?: string }).message ?? String(error) });
        }
      })();
      return () => {
        stopped = true;
        handle = null;
        for (const cleanup of cleanups.splice(0)) cleanup();
      };
    },
    async toggleFilterPane() {
      const visible = !$state.get().filterPaneVisible;
      await handle?.setFilterPaneVisible(visible);
      set({ filterPaneVisible: visible });
    },
  };
}

/** The API's origin, where a relative embed URL (the embed emulator) lives. */
function apiOrigin(client: PortalClient): string {
  const base = client.config.apiBase;
  return base ? new URL(base, globalThis.location?.href).origin : (globalThis.location?.origin ?? '');
}
