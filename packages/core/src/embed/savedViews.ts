import { atom, computed, type ReadableAtom } from 'nanostores';
import type { BookmarksApi, PbiBookmark } from '../api/bookmarks';
import { registerMessages, type Translate } from '../i18n/messages';
import { reportEn } from '../i18n/reportMessages';
import {
  DEFAULT_VIEW_NAME,
  VIEW_TOASTS,
  defaultView,
  filterViews,
  normalizeTabName,
  uniqueViewName,
  validateViewName,
  viewCountError,
  viewsForTab,
  type DefaultView,
  type ViewToast,
} from '../rules/bookmarks';

/**
 * What the saved views need of the report: its view as a state, and applying one (`ReportHandle`).
 * @public
 */
export interface ViewStateTarget {
  /** The report's current view, as a bookmark state. */
  captureState(): Promise<string>;
  /** Applies a bookmark state to the report. */
  applyState(state: string): Promise<void>;
}

/**
 * Options of {@link createSavedViews}.
 * @public
 */
export interface SavedViewsOptions {
  /** The saved views' calls. */
  bookmarks: BookmarksApi;
  /** Shows a toast (`client.toast`). */
  toast: (toast: ViewToast) => void;
  /** The catalogue the toasts and the name rules' messages are read from (`client.t`). @default English */
  t?: Translate;
  /** The report page (menu name) the views belong to. */
  pageName: string;
  // spec §4 "Saved views are filtered to the current tab name"
  /** The tab the views belong to. */
  tabName?: string | null;
  /** A view was applied to the report (on load, chosen, or re-selected after a delete); `entryId` null is the default view. */
  onApplied?: (view: AppliedView) => void;
  /** A view was saved (under its unique name). */
  onSaved?: (view: AppliedView & { entryId: string }) => void;
}

/**
 * A view applied to, or saved from, the report.
 * @public
 */
export interface AppliedView {
  /** The view's entry id; null for the default view. */
  entryId: string | null;
  /** The view's name. */
  name: string;
}

// spec §4 "Report view", §5 "Bookmarks"
/**
 * The saved views of one report page and tab.
 * @public
 */
export interface SavedViewsState {
  /** Whether the views are not asked for yet, loading, or there. */
  status: 'idle' | 'loading' | 'ready';
  /** The views of this page and tab, most recently used first. */
  views: readonly PbiBookmark[];
  /** Captured when the report loaded; null before. */
  defaultView: DefaultView | null;
  /** The view applied: an entry id, or null for the default view. */
  activeId: string | null;
  /** The views popup's name filter. */
  filter: string;
  // spec §4
  /** Deletions queued in the popup, applied when it closes. */
  pendingDeletes: ReadonlySet<string>;
  /** A save or delete is under way. */
  busy: boolean;
}

/**
 * The saved-views store: state, the list the popup shows, and its actions.
 * @public
 */
export interface SavedViewsStore {
  /** The views as they are. */
  readonly $state: ReadableAtom<SavedViewsState>;
  // spec §5
  /** The popup's list: views not queued for deletion, filtered by name. */
  readonly $listed: ReadableAtom<readonly PbiBookmark[]>;
  /**
   * Starts fetching the views while the report embeds (they load beside the embed
   * token, not after the report), for the next `attach` to use.
   */
  prefetch(): void;
  // spec §4
  /** On load, captures the default view, then applies the first saved view if there is one. */
  attach(report: ViewStateTarget): Promise<void>;
  // spec §4
  /** Selects a view (null: the default view): touch, re-fetch by id, apply, toast. */
  select(entryId: string | null): Promise<void>;
  // spec §4 / §5
  /** Saves the current view under `name`; answers the rule it breaks, or null when saved. */
  save(name: string): Promise<string | null>;
  /** Filters the popup's list by name. */
  setFilter(text: string): void;
  /** Queues (or un-queues) a view's deletion in the popup. */
  toggleDelete(entryId: string): void;
  // spec §4
  /** Closing the popup applies the queued deletions. */
  closePopup(): Promise<void>;
}

const INITIAL: SavedViewsState = {
  status: 'idle',
  views: [],
  defaultView: null,
  activeId: null,
  filter: '',
  pendingDeletes: new Set(),
  busy: false,
};

// spec §8 "Bookmark fetch errors yield an empty list"
/**
 * The views of one page and tab from the bookmarks API — a failed fetch yields an empty list — and
 * the one `prefetch` started early, until `take` hands it over.
 */
function viewsFetcher(bookmarks: BookmarksApi, pageName: string, tabName: string) {
  const request = () => bookmarks.getPbiBookmarks(pageName, tabName || null).catch(() => []);
  let early: ReturnType<typeof request> | undefined;
  return {
    request,
    prefetch() {
      early ??= request();
    },
    take() {
      const taken = early;
      early = undefined;
      return taken;
    },
  };
}

/**
 * Creates the saved views of one report page and tab over the bookmarks API.
 * @public
 */
export function createSavedViews(options: SavedViewsOptions): SavedViewsStore {
  // The views popup's and add-view dialog's texts (`views.*`).
  registerMessages(reportEn);
  const { bookmarks, toast, pageName, t } = options;
  const tabName = normalizeTabName(options.tabName);
  const $state = atom<SavedViewsState>(INITIAL);
  const set = (patch: Partial<SavedViewsState>) => $state.set({ ...$state.get(), ...patch });
  let report: ViewStateTarget | null = null;

  const fetcher = viewsFetcher(bookmarks, pageName, tabName);
  const fetchViews = async (answer = fetcher.request()) => {
    set({ views: viewsForTab(await answer, tabName) });
    return $state.get().views;
  };
  const applyDefault = async () => {
    const fallback = $state.get().defaultView;
    if (fallback && report) await report.applyState(fallback.state);
    set({ activeId: null });
    options.onApplied?.({ entryId: null, name: DEFAULT_VIEW_NAME });
  };
  const applied = (view: PbiBookmark) => {
    set({ activeId: view.entryId });
    options.onApplied?.({ entryId: view.entryId, name: view.name });
  };

  const store: SavedViewsStore = {
    $state,
    $listed: computed($state, (s) =>
      filterViews(
        s.views.filter((v) => !s.pendingDeletes.has(v.entryId)),
        s.filter,
      ),
    ),
    prefetch: fetcher.prefetch,
    async attach(target) {
      report = target;
      const prefetched = fetcher.take();
      set({ ...INITIAL, status: 'loading' });
      const state = await target.captureState().catch(() => null);
      set({ defaultView: state ? defaultView(pageName, tabName, state) : null });
      const [first] = await fetchViews(prefetched ?? fetcher.request());
      if (first) {
        await target.applyState(first.state).catch(() => {});
        applied(first);
      }
      set({ status: 'ready' });
    },
    async select(entryId) {
      if (entryId === null) {
        await applyDefault();
        toast(VIEW_TOASTS.changed(DEFAULT_VIEW_NAME, t));
        return;
      }
      await bookmarks.touchPbiBookmark(entryId).catch(() => null);
      const view = await bookmarks.getPbiBookmarkByEntryId(entryId).catch(() => null);
      if (!view || !report) return;
      await report.applyState(view.state);
      applied(view);
      toast(VIEW_TOASTS.changed(view.name, t));
      void fetchViews();
    },
    async save(name) {
      const broken = validateViewName(name, t) ?? viewCountError($state.get().views.length, t);
      if (broken || !report) return broken;
      set({ busy: true });
      try {
        const state = await report.captureState().catch(() => null);
        if (!state) {
          const failed = VIEW_TOASTS.captureFailed(t);
          toast(failed);
          return failed.title;
        }
        const unique = uniqueViewName(
          name,
          $state.get().views.map((v) => v.name),
        );
        const saved = await bookmarks
          .addPbiBookmark({ pageName, tabName: tabName || null, name: unique, state })
          .catch(() => null);
        if (!saved?.success || !saved.result) {
          const failed = VIEW_TOASTS.saveFailed(t);
          toast(failed);
          return saved?.errors[0] ?? failed.text!;
        }
        set({ activeId: saved.result.entryId });
        options.onSaved?.({ entryId: saved.result.entryId, name: saved.result.name });
        await fetchViews();
        toast(VIEW_TOASTS.saved(t));
        return null;
      } finally {
        set({ busy: false });
      }
    },
    setFilter: (filter) => set({ filter }),
    toggleDelete(entryId) {
      const pendingDeletes = new Set($state.get().pendingDeletes);
      if (!pendingDeletes.delete(entryId)) pendingDeletes.add(entryId);
      set({ pendingDeletes });
    },
    async closePopup() {
      const ids = [...$state.get().pendingDeletes];
      set({ filter: '', pendingDeletes: new Set() });
      if (ids.length === 0) return;
      set({ busy: true });
      const deleted = await bookmarks.deletePbiBookmarks(ids).catch(() => null);
      const remaining = await fetchViews();
      set({ busy: false });
      toast(
        !deleted?.success || !deleted.result
          ? VIEW_TOASTS.deleteFailed(t)
          : VIEW_TOASTS.deleted(deleted.result.count, t),
      );
      // Spec §4: deleting the active view re-selects the first remaining one, or the default view.
      const active = $state.get().activeId;
      if (active === null || remaining.some((v) => v.entryId === active)) return;
      const [first] = remaining;
      if (first && report) {
        await report.applyState(first.state).catch(() => {});
        applied(first);
      } else await applyDefault();
    },
  };
  return store;
}
