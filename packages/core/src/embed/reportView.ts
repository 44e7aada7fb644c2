import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { EmbeddedReportPage, ReportEmbed } from '../api/reports';
import { isApiError } from '../api/errors';
import type { PortalClient } from '../client/createPortalClient';
import { registerMessages } from '../i18n/messages';
import { reportEn } from '../i18n/reportMessages';
import { reportViewEvent } from '../rules/audit';
import { reportContextOf, type ReportContext } from '../rules/reportContext';
import {
  configurationErrorText,
  configuredReportPage,
  filteredReportPages,
  reportPageNames,
  reportViewState,
  unlicensedText,
  type PageView,
  type ReportPageFilter,
  type ReportViewState,
} from '../rules/reports';
import { embedReport, type ReportFrameError, type ReportHandle } from './engine';
import { createSavedViews, type AppliedView, type SavedViewsStore } from './savedViews';
import { keepEmbedTokenFresh } from './tokens';
import { reportApis } from './apis';

/**
 * Which report: one of the product's (`report`), a tenant's custom report, or its external (partner-site) embedding.
 * @public
 */
export interface ReportSource {
  /** Where the report comes from. */
  kind: 'report' | 'custom' | 'external';
  /** The report's id within its kind. */
  id: string;
}

/**
 * Options of {@link createReportView}.
 * @public
 */
export interface ReportViewOptions {
  /** Which report to show. */
  report: ReportSource;
  /** The portal page (menu name) the report is shown on: its saved views are stored under it. */
  pageName: string;
  /** The tab the report fills on a tabbed page. */
  tabName?: string | null;
  // spec §2
  /** Actual size on mobile, fit to width otherwise. @default 'fitToWidth' */
  pageView?: PageView;
  /**
   * The page to open, over the embed answer's configured `reportPage`: a display name, or a `pbiReport`
   * page's whole page-name filter (its first page in the report opens; with two or more, the view
   * offers those pages only).
   */
  reportPage?: ReportPageFilter;
}

// spec §4 "Report view"
/**
 * What the report view shows.
 * @public
 */
export interface ReportViewStoreState {
  /** Where the view is: loading, shown, or which card shows instead. */
  status: ReportViewState;
  /** The embed answer, once fetched. */
  embed: ReportEmbed | null;
  // spec §5 (the embed facility's messages)
  /** The message of a failure of the frame or of the embed facility, shown as text, never a blank frame. */
  error: string | null;
  /** The report's pages, once loaded. */
  pages: readonly EmbeddedReportPage[];
  /** The page shown, or null before the report loaded. */
  activePage: EmbeddedReportPage | null;
  /** The pages a page-name filter of two or more lets the user move between (`showPage`); empty otherwise. */
  pageChoices: readonly EmbeddedReportPage[];
  // spec §4
  /** Whether the page has filters (the 'Toggle Filter' button shows only then). */
  hasFilters: boolean;
  /** Whether the report's filter pane is shown. */
  filterPaneVisible: boolean;
  // spec §2
  /**
   * The licence module of a report whose embed token failed (`azure`, `m365`), as the server's
   * failure names it, so the marketing image fits the report; null when it names none.
   */
  module: string | null;
}

/**
 * What a report view reports as it goes (`ReportViewStore.on`); the `cp-report-*` events carry these details.
 * @public
 */
export interface ReportViewEvents {
  /** The report loaded on its configured page. */
  loaded: { reportId: string; name: string; page: EmbeddedReportPage; pages: readonly EmbeddedReportPage[] };
  /** The user (or the host) moved to another page. */
  pageChanged: { page: EmbeddedReportPage };
  /** The report cannot be shown: `status` says which card shows, `message` what the user reads. */
  error: { status: ReportViewState; message: string };
  /** A saved view (or the default view, `entryId` null) was applied. */
  viewApplied: AppliedView;
  /** The user saved a view. */
  viewSaved: AppliedView & { entryId: string };
  /** A fresh embed token was set in the frame in place; `expiration` is its expiry (ISO 8601). */
  tokenRefreshed: { expiration: string | null };
}

/**
 * One report view: its state, its saved views, and its actions.
 * @public
 */
export interface ReportViewStore {
  /** The view's state. */
  readonly $state: ReadableAtom<ReportViewStoreState>;
  /** The report's saved views. */
  readonly views: SavedViewsStore;
  /** Listens to one of the view's events; returns the function that stops listening. */
  on<K extends keyof ReportViewEvents>(event: K, listener: (detail: ReportViewEvents[K]) => void): () => void;
  /** Fetches the embed answer, then embeds the report in `element` once it is licensed. Returns the cleanup. */
  mount(element: HTMLElement): () => void;
  // spec §2 'Toggle Filter'
  /** 'Toggle Filter'. */
  toggleFilterPane(): Promise<void>;
  /** Moves to one of `pageChoices` (by internal name); any other name is ignored. */
  showPage(name: string): Promise<void>;
}

const INITIAL: ReportViewStoreState = {
  status: 'loading',
  embed: null,
  error: null,
  pages: [],
  activePage: null,
  pageChoices: [],
  hasFilters: false,
  filterPaneVisible: false,
  module: null,
};

/** The licence module a failed embed answer names (`{ module }` beside its message), or null. */
function failedModule(error: unknown): string | null {
  const module = isApiError(error) ? (error.body as { module?: unknown } | null)?.module : undefined;
  return typeof module === 'string' ? module : null;
}

/** The view's event listeners: `on` subscribes, `emit` tells every listener of one event. */
function createEvents() {
  const listeners = new Map<keyof ReportViewEvents, Set<(detail: never) => void>>();
  return {
    emit<K extends keyof ReportViewEvents>(event: K, detail: ReportViewEvents[K]) {
      for (const listener of [...(listeners.get(event) ?? [])]) (listener as (d: ReportViewEvents[K]) => void)(detail);
    },
    on<K extends keyof ReportViewEvents>(event: K, listener: (detail: ReportViewEvents[K]) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (detail: never) => void);
      return () => void set.delete(listener as (detail: never) => void);
    },
  };
}

/** What the parts of one report view share: its state, events, saved views and the report while it is embedded. */
interface ViewCore {
  client: PortalClient;
  options: ReportViewOptions;
  $state: WritableAtom<ReportViewStoreState>;
  set(patch: Partial<ReportViewStoreState>): void;
  /** Moves to a failure card (or the frame's error) and emits `error` with what the user reads. */
  fail(patch: Partial<ReportViewStoreState>): void;
  emit: ReturnType<typeof createEvents>['emit'];
  views: SavedViewsStore;
  reports: ReturnType<typeof reportApis>['reports'];
  /** The live context's provider: one per view, so publishing it again makes it the most recent. */
  liveContext: () => Promise<ReportContext | null>;
  /** The embedded report while mounted. */
  handle: ReportHandle | null;
}

// Not in the spec: an addition of ours.
/**
 * The live view the assistant sees (rules/reportContext) — report, active page,
 * the filters read from the frame now, the applied saved view. Null unless the report shows.
 */
async function liveReportContext(core: ViewCore): Promise<ReportContext | null> {
  const { status, error, embed, activePage } = core.$state.get();
  const report = core.handle;
  if (!report || status !== 'report' || error || !embed || !activePage) return null;
  const [reportFilters, pageFilters] = await Promise.all([
    report.filters().catch(() => []),
    report.pageFilters(activePage.name).catch(() => []),
  ]);
  const { activeId, views: saved } = core.views.$state.get();
  const savedView = activeId === null ? null : (saved.find((v) => v.entryId === activeId)?.name ?? null);
  return reportContextOf({
    reportId: embed.id,
    reportName: embed.name || embed.id,
    page: activePage,
    reportFilters,
    pageFilters,
    savedView,
  });
}

/** Whether `pageName` has filters, kept while it is still the active page (a later page's answer wins). */
async function readFilters(core: ViewCore, report: ReportHandle, pageName: string) {
  const filters = await report.pageFilters(pageName).catch(() => []);
  if (core.$state.get().activePage?.name === pageName) core.set({ hasFilters: filters.length > 0 });
}

/**
 * Owns the loaded report: activates the configured page ('Configuration Error' when none is), logs
 * the report-view statistic, reads the page's filters and attaches the saved views.
 */
async function onLoaded(core: ViewCore, report: ReportHandle, embed: ReportEmbed) {
  const { client, options } = core;
  const pages = await report.pages();
  const reportPage = reportPageNames(options.reportPage).length > 0 ? options.reportPage : embed.reportPage;
  const page = configuredReportPage(pages, reportPage);
  const status = reportViewState({ embed: { ...embed, reportPage }, pages });
  if (!page) return core.fail({ pages, status });
  core.set({ pages, status, pageChoices: filteredReportPages(pages, reportPage) });
  if (!page.isActive) await report.setPage(page.name);
  core.set({ activePage: { ...page, isActive: true } });
  core.emit('loaded', { reportId: embed.id, name: embed.name ?? embed.id, page: { ...page, isActive: true }, pages });
  void client.api.audit
    .event(
      reportViewEvent({
        reportId: embed.id,
        pageName: page.displayName,
        url: embed.entityUrl,
        tabName: options.tabName,
      }),
    )
    .catch(() => {});
  await readFilters(core, report, page.name);
  await core.views.attach(report);
}

/** Owns the frame's events: page changes, frame errors and the embed token kept fresh. Returns their cleanups. */
function watchFrame(core: ViewCore, report: ReportHandle, embed: ReportEmbed): Array<() => void> {
  const cleanups = [
    report.on('pageChanged', ({ page }) => {
      const known = core.$state.get().activePage;
      core.set({ activePage: page });
      if (known && known.name !== page.name) {
        core.emit('pageChanged', { page });
        // 'Toggle Filter' shows for a page with filters (spec §2, §4): every page, not the first only.
        void readFilters(core, report, page.name);
      }
    }),
    report.on('error', (e: ReportFrameError) =>
      core.fail({ error: e.detailedMessage || e.message || core.client.t('report.failed') }),
    ),
  ];
  if (embed.tokenUrl)
    cleanups.push(
      keepEmbedTokenFresh({
        tokenUrl: embed.tokenUrl,
        expiration: embed.expiration,
        refresh: core.reports.refreshEmbedToken,
        setAccessToken: report.setAccessToken,
        onRefreshed: (fresh) => core.emit('tokenRefreshed', { expiration: fresh.expiration }),
      }),
    );
  return cleanups;
}

/**
 * Owns one mount: fetches the embed answer (no token, url and id → 'Unlicensed feature'; a failed
 * token call → the marketing image), embeds the report in `element`, watches it, publishes its live
 * context to the assistant and handles its load. Returns the cleanup.
 */
function mountView(core: ViewCore, element: HTMLElement): () => void {
  const { client, options, reports } = core;
  let stopped = false;
  const cleanups: Array<() => void> = [];
  const fetchEmbed = () =>
    options.report.kind === 'custom'
      ? reports.customReportEmbed(options.report.id)
      : options.report.kind === 'external'
        ? reports.customReportExtEmbed(options.report.id)
        : reports.reportEmbed(options.report.id);
  void (async () => {
    core.$state.set(INITIAL);
    let module: string | null = null;
    // The saved views load beside the embed answer, not after the report.
    core.views.prefetch();
    const embed = await fetchEmbed().catch((error: unknown) => ((module = failedModule(error)), null));
    if (stopped) return;
    if (!embed) return core.fail({ status: reportViewState({ tokenFailed: true }), module });
    if (reportViewState({ embed }) === 'unlicensed') return core.fail({ embed, status: 'unlicensed' });
    core.set({ embed, status: reportViewState({ embed }) });
    try {
      // A filter of several pages keeps the user among them: the view's page buttons stand in for Power BI's navigation.
      const pageNavigation = reportPageNames(options.reportPage).length < 2;
      const report = await embedReport(element, {
        embed: { token: embed.token!, entityUrl: embed.entityUrl!, entityId: embed.entityId! },
        apiOrigin: apiOrigin(client),
        pageView: options.pageView,
        pageNavigation,
        frameTitle: client.t('report.frameTitle'),
        // The locale being switched to: Power BI reads it once, when the report loads.
        locale: client.targetLocale(),
      });
      if (stopped) return report.release();
      core.handle = report;
      cleanups.push(() => report.release());
      // The frame's accessible name follows the active locale, as every text of the view does: now
      // (the language may have changed while the report embedded) and at each change.
      const retitle = () => {
        const frame = element.querySelector('iframe');
        if (frame) frame.title = client.t('report.frameTitle');
      };
      retitle();
      cleanups.push(client.$locale.listen(retitle));
      cleanups.push(...watchFrame(core, report, embed));
      await report.loaded;
      if (stopped) return;
      // The assistant sees this report while it is mounted; changing its page makes it the most recent view.
      cleanups.push(client.reportContext.publish(core.liveContext));
      cleanups.push(report.on('pageChanged', () => void client.reportContext.publish(core.liveContext)));
      await onLoaded(core, report, embed);
    } catch (error) {
      if (!stopped) core.fail({ error: (error as { message?: string }).message ?? String(error) });
    }
  })();
  return () => {
    stopped = true;
    core.handle = null;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}

// spec §4
/**
 * The report view: fetches the embed answer (no token, url and id → 'Unlicensed
 * feature'; a failed token call → the marketing image), embeds the report, activates the first page
 * whose display name is the configured report page ('Configuration Error' when none is), logs the
 * report-view statistic once per load, reads the page's filters, captures the default view and
 * applies the first saved view, and keeps the embed token fresh in place.
 * @public
 */
export function createReportView(client: PortalClient, options: ReportViewOptions): ReportViewStore {
  registerMessages(reportEn);
  const $state = atom<ReportViewStoreState>(INITIAL);
  const set = (patch: Partial<ReportViewStoreState>) => $state.set({ ...$state.get(), ...patch });
  const { emit, on } = createEvents();
  const fail = (patch: Partial<ReportViewStoreState>) => {
    set(patch);
    const { status, error, embed } = $state.get();
    const cardText: Partial<Record<ReportViewState, () => string>> = {
      unlicensed: () => unlicensedText(embed ?? {}, client.t),
      'no-pages': () => configurationErrorText(client.t),
      marketing: () => client.t('report.tokenFailed'),
    };
    const message = error ?? cardText[status]?.() ?? client.t('report.failed');
    emit('error', { status, message });
  };
  const views = createSavedViews({
    bookmarks: reportApis(client).bookmarks,
    toast: (t) => client.toast(t),
    t: client.t,
    pageName: options.pageName,
    tabName: options.tabName,
    onApplied: (view) => emit('viewApplied', view),
    onSaved: (view) => emit('viewSaved', view),
  });
  const core: ViewCore = {
    client,
    options,
    $state,
    set,
    fail,
    emit,
    views,
    reports: reportApis(client).reports,
    liveContext: () => liveReportContext(core),
    handle: null,
  };

  return {
    $state,
    views,
    on,
    mount: (element) => mountView(core, element),
    async showPage(name) {
      if (core.handle && $state.get().pageChoices.some((page) => page.name === name)) await core.handle.setPage(name);
    },
    async toggleFilterPane() {
      const visible = !$state.get().filterPaneVisible;
      await core.handle?.setFilterPaneVisible(visible);
      set({ filterPaneVisible: visible });
    },
  };
}

/** The API's origin, where a relative embed URL (the embed emulator) lives. */
function apiOrigin(client: PortalClient): string {
  const base = client.config.apiBase;
  return base ? new URL(base, globalThis.location?.href).origin : (globalThis.location?.origin ?? '');
}
