import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { isApiError } from '../api/errors';
import type { FeatureDataApi } from '../api/featureData';
import {
  blocksOf,
  defaultGridColumns,
  gridColumnsKey,
  gridQuery,
  gridTotal,
  nextGridSort,
  rowPassesFilters,
  storedGridColumns,
} from '../rules/dataGrid';
import { exportFileName } from '../rules/dataCsv';
// Types only: the store is handed its dataset's definition, so it carries no domain's definitions.
import type { DatasetId } from '../rules/featureData';
import type { DataFilter, DataKpi, DataQuery, DataRow, DatasetDef, DataSort } from '../rules/featureDataTypes';
import type { StorageStrategy } from '../storage/webStorage';
import { createBlockLoader, rowOfBlocks } from './dataGridBlocks';

/**
 * What a grid shows: its query as the user set it, and the rows loaded so far.
 * @public
 */
export interface DataGridState {
  /** `loading` until the first block of the query arrives; `unlicensed` when the server answered 403. */
  status: 'loading' | 'ready' | 'error' | 'unlicensed';
  /** The failure's message when `status` is `error`. */
  error: string | null;
  /** The sort keys, primary first (the dataset's default sort until the user sorts). */
  sort: readonly DataSort[];
  /** The search text as typed. */
  search: string;
  /** The search text the rows were asked with (the typed text after the pause). */
  q: string;
  /** The user's column filters (the page's fixed filters are not among them). */
  filters: readonly DataFilter[];
  /** The visible columns' ids, in dataset order. */
  columns: readonly string[];
  /** Rows matching the query, once known. */
  total: number | null;
  /** The server counted only up to `total`: there are more rows ({@link DataPage.totalCapped}). @default false */
  totalCapped?: boolean;
  /** ISO 4217 code of the currency columns. @default 'USD' */
  currency: string;
  /** Loaded rows by block (`DATA_PAGE_SIZE` rows each). */
  blocks: ReadonlyMap<number, readonly DataRow[]>;
  /** Bumped each time the query changes (a grid scrolls back to the top). */
  queryVersion: number;
}

/**
 * The dataset's key figures.
 * @public
 */
export interface DataSummaryState {
  /** Whether the key figures are loading, shown, failed, or not licensed for the tenant. */
  status: 'loading' | 'ready' | 'error' | 'unlicensed';
  /** Each key figure with its value. */
  kpis: readonly { id: string; label: string; type: DataKpi['type']; value: number }[];
  /** ISO 4217 code of currency figures. */
  currency: string;
}

/**
 * Options of {@link createDataGridStore}.
 * @public
 */
export interface DataGridStoreOptions {
  /** Filters every call of the page carries and the user cannot remove (`provider = azure`). */
  fixedFilters?: readonly DataFilter[];
  /** Where the visible columns are kept; without it the choice lasts as long as the store. */
  storage?: StorageStrategy;
  /** The page the column choice belongs to (its storage key). @default the dataset */
  storageKey?: string;
  /** The pause after typing before the search is sent. @default 300 */
  debounceMs?: number;
  /** The clock of export file names (tests). */
  now?: () => Date;
}

/**
 * One grid's data and its actions (feature pages).
 * @public
 */
export interface DataGridStore {
  /** The dataset the grid shows. */
  readonly dataset: DatasetId;
  /** Its definition: columns, key figures, actions. */
  readonly def: DatasetDef;
  /** The filters every call carries, which the user cannot remove. */
  readonly fixedFilters: readonly DataFilter[];
  /** The rows, sort, filters and columns as they are. */
  readonly $grid: ReadableAtom<DataGridState>;
  /** The dataset's key figures. */
  readonly $summary: ReadableAtom<DataSummaryState>;
  /** The row at `index` of the query's rows, or undefined while its block is not loaded. */
  rowAt(index: number): DataRow | undefined;
  /** Asks for the blocks holding rows `start` to `end` (exclusive) that are not loaded yet. */
  ensureRange(start: number, end: number): void;
  /** Forgets the loaded rows and asks again from the top (Retry, or after an action). */
  refresh(): void;
  /** A header press: sort by `column` alone, or add it as a secondary sort (`multi`, Shift). */
  toggleSort(column: string, multi?: boolean): void;
  /** Sorts by these keys, in order of precedence. */
  setSort(sort: readonly DataSort[]): void;
  /** Takes the search text as typed; the rows are asked for after the pause. */
  setSearch(text: string): void;
  /** Sets the filter of a column and op (an empty value removes it). */
  setFilter(filter: DataFilter): void;
  /** Removes a column's filters, or only the one with `op`. */
  removeFilter(column: string, op?: DataFilter['op']): void;
  /** Removes every user filter and the search text. */
  clearFilters(): void;
  /** Shows or hides a column; the choice is kept per page. At least one column stays visible. */
  setColumnVisible(column: string, visible: boolean): void;
  /** Shows the dataset's default columns again. */
  resetColumns(): void;
  /** Loads the key figures over the page's fixed filters. */
  loadSummary(): void;
  /** Every matching row as CSV (visible columns, current sort and filters) and its file name. */
  exportCsv(): Promise<{ blob: Blob; filename: string }>;
  /** Acts on a row; the answer replaces the cached row, or the rows reload when it no longer matches. */
  act(id: string, verb: string, reason?: string): Promise<DataRow>;
  /** Aborts every request and timer. */
  dispose(): void;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the parts of one grid store share: the data API, the dataset, the grid's state and the store itself. */
interface GridCore {
  api: FeatureDataApi;
  dataset: DatasetId;
  def: DatasetDef;
  options: DataGridStoreOptions;
  $grid: WritableAtom<DataGridState>;
  patch(p: Partial<DataGridState>): void;
  /** The grid's query as the server takes it (fixed filters included). */
  query(): DataQuery;
  /** The store, through which one action calls another (refresh, setSort, loadSummary). */
  store(): DataGridStore;
}

/** Owns the query's editing: sort, the debounced search and the filters; each change refreshes the rows. */
function queryActions(core: GridCore) {
  const { $grid, patch, def, options, store } = core;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const actions: Pick<
    DataGridStore,
    'toggleSort' | 'setSort' | 'setSearch' | 'setFilter' | 'removeFilter' | 'clearFilters'
  > = {
    toggleSort(column, multi = false) {
      const col = def.columns.find((c) => c.id === column);
      if (col) store().setSort(nextGridSort($grid.get().sort, col, multi));
    },
    setSort(sort) {
      patch({ sort });
      store().refresh();
    },
    setSearch(text) {
      clearTimeout(timer);
      patch({ search: text });
      timer = setTimeout(() => {
        if (text.trim() === $grid.get().q) return;
        patch({ q: text.trim() });
        store().refresh();
      }, options.debounceMs ?? 300);
    },
    setFilter(filter) {
      const rest = $grid.get().filters.filter((f) => !(f.id === filter.id && f.op === filter.op));
      const empty = typeof filter.value === 'string' ? filter.value.trim() === '' : filter.value.length === 0;
      patch({ filters: empty ? rest : [...rest, filter] });
      store().refresh();
    },
    removeFilter(column, op) {
      patch({ filters: $grid.get().filters.filter((f) => !(f.id === column && (op === undefined || f.op === op))) });
      store().refresh();
    },
    clearFilters() {
      clearTimeout(timer);
      patch({ filters: [], search: '', q: '' });
      store().refresh();
    },
  };
  return { actions, stopSearch: () => clearTimeout(timer) };
}

/** Owns the visible columns: shown or hidden per page, kept in web storage, at least one visible. */
function columnActions(core: GridCore, columnsKey: string): Pick<DataGridStore, 'setColumnVisible' | 'resetColumns'> {
  const { $grid, patch, def, options } = core;
  return {
    setColumnVisible(column, visible) {
      const chosen = new Set($grid.get().columns);
      if (visible) chosen.add(column);
      else if (chosen.size > 1) chosen.delete(column);
      const columns = def.columns.filter((c) => chosen.has(c.id)).map((c) => c.id);
      patch({ columns });
      options.storage?.set(columnsKey, columns);
    },
    resetColumns() {
      patch({ columns: defaultGridColumns(def) });
      options.storage?.remove(columnsKey);
    },
  };
}

/** Owns the key figures: loaded over the page's fixed filters, the newest request winning. */
function createSummaryLoader(api: FeatureDataApi, dataset: DatasetId, fixedFilters: readonly DataFilter[]) {
  const $summary = atom<DataSummaryState>({ status: 'loading', kpis: [], currency: 'USD' });
  let summaryAbort: AbortController | undefined;
  return {
    $summary,
    loadSummary() {
      summaryAbort?.abort();
      const controller = (summaryAbort = new AbortController());
      $summary.set({ ...$summary.get(), status: 'loading' });
      api.summary(dataset, [...fixedFilters], controller.signal).then(
        (summary) =>
          controller === summaryAbort &&
          $summary.set({ status: 'ready', kpis: summary.kpis, currency: summary.currency || 'USD' }),
        (error) =>
          controller === summaryAbort &&
          !controller.signal.aborted &&
          $summary.set({ ...$summary.get(), status: isApiError(error, 403) ? 'unlicensed' : 'error' }),
      );
    },
    abort: () => summaryAbort?.abort(),
  };
}

/** Owns the CSV export and the row actions (the answer replaces the cached row, or the rows reload). */
function rowActions(core: GridCore): Pick<DataGridStore, 'exportCsv' | 'act'> {
  const { api, dataset, def, $grid, patch, options, query, store } = core;
  return {
    async exportCsv() {
      const blob = await api.exportCsv(dataset, { ...query(), columns: $grid.get().columns });
      return { blob, filename: exportFileName(dataset, options.now?.() ?? new Date()) };
    },
    async act(id, verb, reason) {
      const row = await api.act(dataset, id, verb, reason === undefined ? {} : { reason });
      if (!rowPassesFilters(row, query().filters ?? [])) store().refresh();
      else {
        const blocks = new Map(
          [...$grid.get().blocks].map(([b, rows]) => [
            b,
            rows.some((r) => r.id === id) ? rows.map((r) => (r.id === id ? row : r)) : rows,
          ]),
        );
        patch({ blocks });
      }
      if (def.kpis.length) store().loadSummary();
      return row;
    },
  };
}

/**
 * The store behind a data grid: query state (sort, filters, debounced search, visible columns kept
 * per page in web storage), rows fetched in blocks on demand for the virtual window, key figures,
 * CSV export and row actions. A query change empties the block cache and aborts its requests.
 * `def` is the dataset's definition (a dataset page's loaded with its page: `loadDatasetPage`);
 * `createDataGridStore(api, dataset)` looks it up among every dataset.
 * @public
 */
export function createDatasetGridStore(
  api: FeatureDataApi,
  dataset: DatasetId,
  def: DatasetDef,
  options: DataGridStoreOptions = {},
): DataGridStore {
  const fixedFilters = options.fixedFilters ?? [];
  const columnsKey = gridColumnsKey(options.storageKey ?? dataset);
  const $grid = atom<DataGridState>({
    status: 'loading',
    error: null,
    sort: def.defaultSort,
    search: '',
    q: '',
    filters: [],
    total: null,
    currency: 'USD',
    blocks: new Map(),
    queryVersion: 0,
    columns: storedGridColumns(def, options.storage?.get(columnsKey)),
  });
  const patch = (p: Partial<DataGridState>) => $grid.set({ ...$grid.get(), ...p });
  const failure = (error: unknown) =>
    isApiError(error, 403)
      ? { status: 'unlicensed' as const, error: null }
      : { status: 'error' as const, error: message(error) };
  const query = () => gridQuery($grid.get(), fixedFilters);
  const loader = createBlockLoader((q, signal) => api.page(dataset, q, signal), query, {
    loaded(block, page) {
      const current = $grid.get();
      const blocks = new Map(current.blocks).set(block, page.rows);
      patch({ blocks, ...gridTotal(current, page), currency: page.currency || 'USD', status: 'ready', error: null });
    },
    failed: (error) => patch(failure(error)),
  });
  const core: GridCore = { api, dataset, def, options, $grid, patch, query, store: () => store };
  const edits = queryActions(core);
  const summary = createSummaryLoader(api, dataset, fixedFilters);

  const store: DataGridStore = {
    dataset,
    def,
    fixedFilters,
    $grid,
    $summary: summary.$summary,
    rowAt: (index) => rowOfBlocks($grid.get().blocks, index),
    ensureRange(start, end) {
      const { blocks, total, status } = $grid.get();
      if (status === 'unlicensed' || status === 'error') return;
      loader.want(blocksOf(start, end, total).filter((b) => !blocks.has(b)));
    },
    refresh() {
      loader.reset();
      // A new query's "at least" count starts again from the server's.
      patch({
        blocks: new Map(),
        totalCapped: false,
        status: 'loading',
        error: null,
        queryVersion: $grid.get().queryVersion + 1,
      });
      loader.want([0]);
    },
    ...edits.actions,
    ...columnActions(core, columnsKey),
    loadSummary: summary.loadSummary,
    ...rowActions(core),
    dispose() {
      edits.stopSearch();
      loader.reset();
      summary.abort();
    },
  };
  return store;
}
