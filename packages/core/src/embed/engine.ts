import type { IReportEmbedConfiguration, models, Page, Report } from 'powerbi-client';
import type { EmbeddedReportPage } from '../api/reports';
import { VIEW_TOASTS } from '../rules/bookmarks';
import { embedUrlError, frameUrl } from '../rules/embed';
import { EMBED_PARTS_MISSING, isEmbeddable, type PageView } from '../rules/reports';
import { loadPowerBi, powerBiService } from './powerbi';

// spec §7 "Filter kinds"
/**
 * A Power BI filter: basic, advanced, top-N, relative date or relative time.
 * @public
 */
export type ReportFilter = models.IFilter;

// spec §7 "Embedded report messaging"
/**
 * What the frame reports about a failure (Power BI's IError).
 * @public
 */
export interface ReportFrameError {
  /** What went wrong. */
  message: string;
  /** A longer description. */
  detailedMessage?: string;
  /** Power BI's error code. */
  errorCode?: string;
}

// spec §9 "Embed event lists"
/**
 * The events of an embedded report the views need, with their details.
 * @public
 */
export interface ReportEvents {
  /** The report loaded. */
  loaded: undefined;
  /** The report was drawn. */
  rendered: undefined;
  /** Another page became active. */
  pageChanged: { page: EmbeddedReportPage };
  /** The frame reported a failure. */
  error: ReportFrameError;
  /** The frame's access token expired before a new one was set (an `error` whose message is 'TokenExpired'). */
  tokenExpired: ReportFrameError;
}

/**
 * What to embed and how.
 * @public
 */
export interface EmbedReportOptions {
  // spec §5 "Embedding"
  /** The embed answer's parts (token, entity url and entity id must all be present). */
  embed: { token: string; entityUrl: string; entityId: string };
  /**
   * The API's origin: a relative `entityUrl` (the reference server's Power BI embed emulator) resolves
   * against it, and it is trusted besides Power BI's own hosts. @default the page's origin
   */
  apiOrigin?: string;
  // spec §2 "Mobile uses actual-size layout; otherwise fit to width"
  /** How the report page is sized: actual size on mobile, else fit to width (`reportPageView`). @default 'fitToWidth' */
  pageView?: PageView;
  /** Show the filter pane at first. @default false */
  filterPaneVisible?: boolean;
  /** The internal name of the page to open first. */
  pageName?: string;
  /** Show Power BI's own page navigation. @default true */
  pageNavigation?: boolean;
  /** The frame's accessible name (from the message catalogue: `report.frameTitle`). @default 'Power BI report' */
  frameTitle?: string;
  /**
   * The portal's active locale: Power BI's `localeSettings`, so the report's own
   * controls speak it and its numbers and dates are written in it. Power BI reads it when the report
   * loads: a later change of language applies when the report next loads. @default Power BI's own choice
   */
  locale?: string;
}

/**
 * One embedded report in an element: its pages, filters, saved-view states and token, over `powerbi-client`.
 * @public
 */
export interface ReportHandle {
  /** Resolves once the report has loaded; rejects with the frame's error when it fails first. */
  readonly loaded: Promise<void>;
  /** Listens to a report event; returns the unsubscribe. */
  on<E extends keyof ReportEvents>(event: E, listener: (detail: ReportEvents[E]) => void): () => void;
  // spec §3 "Page of an embedded report"
  /** The report's pages, exactly one active. */
  pages(): Promise<EmbeddedReportPage[]>;
  /** Activates the page named `name` (internal name). */
  setPage(name: string): Promise<void>;
  /** The report-level filters. */
  filters(): Promise<ReportFilter[]>;
  /** Replaces the report-level filters. */
  setFilters(filters: ReportFilter[]): Promise<void>;
  /** The filters of page `name`. */
  pageFilters(name: string): Promise<ReportFilter[]>;
  // spec §2
  /** Shows or hides the filter pane ('Toggle Filter'). */
  setFilterPaneVisible(visible: boolean): Promise<void>;
  // spec §4
  /** Captures the current view as an opaque state (the default view and saved views). */
  captureState(): Promise<string>;
  /** Applies a captured state. */
  applyState(state: string): Promise<void>;
  /** Refreshes the report's data. */
  refresh(): Promise<void>;
  /** Swaps the access token in place: no re-embed, so the page, filters and view are kept. */
  setAccessToken(token: string): Promise<void>;
  /** Lets go of this embed; the frame is removed once no one holds it (see {@link embedReport}). */
  release(): void;
}

interface Held {
  key: string;
  handle: ReportHandle;
  holders: number;
  removal?: ReturnType<typeof setTimeout>;
}

const held = new WeakMap<HTMLElement, Held>();
let sequence = 0;

const toPage = (page: Pick<Page, 'name' | 'displayName' | 'isActive' | 'visibility'>): EmbeddedReportPage => ({
  name: page.name,
  displayName: page.displayName,
  isActive: !!page.isActive,
  visibility: page.visibility === 1 ? 1 : 0,
});

const frameError = (detail: unknown): ReportFrameError => {
  const d = (detail ?? {}) as Partial<ReportFrameError>;
  return { message: String(d.message ?? ''), detailedMessage: d.detailedMessage, errorCode: d.errorCode };
};

// spec §5 (the embed URL check; a violation rejects with the spec's message)
/**
 * Embeds a report in `element` through `powerbi-client`, making the frame itself (powerbi-client's
 * documented `new Report(service, element, config, false, false, iframe)` path), so Power BI's hosts
 * and the reference server's embed emulator take the same code path. The embed URL is checked first
 * (`embedUrlError`: an https Power BI host or the API's origin, without `autoAuth=true`); a violation
 * rejects with that check's message. Embedding the same report in the same
 * element again answers the same handle (React StrictMode's mount, unmount, mount is one embed); the
 * frame is removed a task after its last holder releases it.
 * @public
 */
export async function embedReport(element: HTMLElement, options: EmbedReportOptions): Promise<ReportHandle> {
  const { embed } = options;
  const apiOrigin = options.apiOrigin ?? globalThis.location?.origin ?? '';
  const absolute = new URL(embed.entityUrl, apiOrigin || undefined).toString();
  const key = `${embed.entityId} ${absolute}`;
  const existing = held.get(element);
  if (existing?.key === key) {
    clearTimeout(existing.removal);
    existing.holders += 1;
    return existing.handle;
  }
  if (existing) remove(element, existing);

  const error = embedUrlError(absolute, apiOrigin ? [apiOrigin] : []);
  if (error) throw new Error(error);
  if (!isEmbeddable(embed)) throw new Error(EMBED_PARTS_MISSING);

  const [pbi, service] = await Promise.all([loadPowerBi(), powerBiService()]);
  const uniqueId = `cp-report-${Date.now().toString(36)}-${(sequence += 1)}`;
  const config: IReportEmbedConfiguration = {
    type: 'report',
    id: embed.entityId,
    embedUrl: absolute,
    accessToken: embed.token,
    tokenType: pbi.models.TokenType.Embed,
    uniqueId,
    pageName: options.pageName,
    settings: {
      layoutType: pbi.models.LayoutType.Custom,
      customLayout: {
        displayOption:
          options.pageView === 'actualSize' ? pbi.models.DisplayOption.ActualSize : pbi.models.DisplayOption.FitToWidth,
      },
      // The report's own page tabs stay (Power BI's default), so users move between its pages.
      panes: {
        filters: { visible: !!options.filterPaneVisible, expanded: true },
        pageNavigation: { visible: options.pageNavigation ?? true },
      },
      ...(options.locale ? { localeSettings: { language: options.locale, formatLocale: options.locale } } : {}),
    },
  };
  const iframe = element.ownerDocument.createElement('iframe');
  iframe.src = frameUrl(absolute, uniqueId, options.locale);
  iframe.title = options.frameTitle ?? 'Power BI report';
  iframe.setAttribute('allowfullscreen', 'true');
  iframe.style.cssText = 'width:100%;height:100%;border:0;display:block';
  const report: Report = new pbi.Report(service, element, config, false, false, iframe);
  (element as HTMLElement & { powerBiEmbed?: Report }).powerBiEmbed = report;
  service.addOrOverwriteEmbed(report, element);

  const listeners = new Map<keyof ReportEvents, Set<(detail: unknown) => void>>();
  const emit = (event: keyof ReportEvents, detail: unknown) => listeners.get(event)?.forEach((l) => l(detail));
  let settle: { resolve: () => void; reject: (e: ReportFrameError) => void } | undefined;
  const loaded = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // A failure after the load has settled is the listeners' to handle.
  loaded.catch(() => {});
  report.on('loaded', () => {
    settle?.resolve();
    emit('loaded', undefined);
  });
  report.on('rendered', () => emit('rendered', undefined));
  report.on('pageChanged', (event) => {
    const page = (event as CustomEvent<{ newPage?: Page }>).detail?.newPage;
    if (page) emit('pageChanged', { page: toPage(page) });
  });
  report.on('error', (event) => {
    const detail = frameError((event as CustomEvent).detail);
    settle?.reject(detail);
    emit('error', detail);
    if (detail.message === 'TokenExpired') emit('tokenExpired', detail);
  });
  element.append(iframe);

  const handle: ReportHandle = {
    loaded,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const l = listener as (detail: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
    pages: async () => (await report.getPages()).map(toPage),
    setPage: async (name) => void (await report.setPage(name)),
    filters: () => report.getFilters(),
    setFilters: async (filters) => void (await report.setFilters(filters)),
    pageFilters: async (name) => (await report.getPages()).find((p) => p.name === name)?.getFilters() ?? [],
    setFilterPaneVisible: async (visible) =>
      void (await report.updateSettings({ panes: { filters: { visible, expanded: true } } })),
    captureState: async () => {
      const bookmark = await report.bookmarksManager.capture();
      if (!bookmark.state) throw new Error(VIEW_TOASTS.captureFailed().title);
      return bookmark.state;
    },
    applyState: async (state) => void (await report.bookmarksManager.applyState(state)),
    refresh: () => report.refresh(),
    setAccessToken: (token) => report.setAccessToken(token),
    release() {
      const entry = held.get(element);
      if (entry?.handle !== handle) return;
      entry.holders -= 1;
      if (entry.holders > 0) return;
      entry.removal = setTimeout(() => remove(element, entry), 0);
    },
  };
  held.set(element, { key, handle, holders: 1 });
  return handle;
}

function remove(element: HTMLElement, entry: Held) {
  clearTimeout(entry.removal);
  if (held.get(element) === entry) held.delete(element);
  // Spec §4 "Reset removes handlers, the embed record and the frame".
  void powerBiService().then((service) => service.reset(element));
}
