import {
  formatDataCell,
  gridEn,
  isNumericColumn,
  registerMessages,
  rowOfBlocks,
  type DataColumn,
  type DataColumnType,
  type DataGridStore,
  type DataRow,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import {
  columnVisibilityFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
} from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useT } from '../provider/PortalProvider';
import { Skeleton } from '../ui/Skeleton';
import { useStyles } from '../ui/useStyles';
import css from './DataGrid.css?inline';
import { nextGridPosition, type GridPosition } from './gridKeys';
import { sortAnnouncement } from './gridText';
import { RowActionButtons, useRowActions } from './RowActions';

registerMessages(gridEn);

/** Props of {@link DataGrid}. */
export interface DataGridProps {
  /** The grid's data and query (`createDataGridStore`). */
  store: DataGridStore;
  /** The grid's accessible name, e.g. 'Azure recommendations'. */
  label: string;
  /** Height of the scrolling area in px; the rows inside are virtual. @default 480 */
  height?: number;
  /** Height of every row in px (fixed: rows are never measured). @default 40 */
  rowHeight?: number;
  /** Rows rendered beyond the visible ones on each side. @default 8 */
  overscan?: number;
  /** Whether the dataset's row actions get a column. @default true */
  actions?: boolean;
}

const features = tableFeatures({ columnVisibilityFeature, rowSortingFeature });
type GridColumn = ColumnDef<typeof features, DataRow>;

/** Rows shown as skeletons while the query's first block loads. */
const LOADING_ROWS = 8;
const LOADING_ID = '\u0000loading';
const WIDTHS: Record<DataColumnType, number> = {
  text: 200,
  enum: 130,
  boolean: 110,
  number: 130,
  currency: 150,
  percent: 120,
  date: 140,
  datetime: 190,
};
const ACTIONS_WIDTH = 240;

/** jsdom and a hidden container measure 0 × 0: the grid then assumes its own size, so rows still render (trap T5). */
function observeRectOr(fallback: Rect) {
  return (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) =>
    observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : fallback));
}

/**
 * A server-sorted, virtual data grid (issue 13): TanStack Table (manual sorting, column
 * visibility) over TanStack Virtual with fixed row heights, showing `total` rows whose blocks are
 * asked for through `store.ensureRange` as the user scrolls (skeleton rows until they arrive).
 * WAI-ARIA grid: one tab stop (roving tabindex), arrows, Home/End, PageUp/PageDown, Ctrl+Home/End;
 * header buttons sort (Shift adds a secondary sort) and a polite live region says how the rows are
 * sorted and how many there are. Cells are written by column type with `Intl`.
 *
 * Parts: `data-grid`. CSS properties: `--cp-grid-header-bg`, `--cp-grid-row-hover`.
 */
export function DataGrid({ store, label, height = 480, rowHeight = 40, overscan = 8, actions = true }: DataGridProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const t = useT();
  const state = useStore(store.$grid);
  const { def } = store;
  const scrollRef = useRef<HTMLDivElement>(null);
  const withActions = actions && (def.actions?.length ?? 0) > 0;
  const visible = useMemo(() => def.columns.filter((c) => state.columns.includes(c.id)), [def, state.columns]);
  const count = state.total ?? (state.status === 'loading' ? LOADING_ROWS : 0);

  const fallback = useMemo(() => ({ width: 1024, height }), [height]);
  // The virtualizer's methods are read during render on purpose (its window changes with every
  // scroll); nothing memoized receives them, so the compiler skipping this component is right.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: fallback,
    observeElementRect: useMemo(() => observeRectOr(fallback), [fallback]),
    // The header row sits above the rows inside the scrolling area, and stays on top when scrolled.
    scrollMargin: rowHeight,
    scrollPaddingStart: rowHeight,
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (last >= first) store.ensureRange(first, last + 1);
  }, [store, first, last, state.queryVersion, state.total]);
  // A new query starts at the top.
  useEffect(() => {
    if (state.queryVersion > 0) virtualizer.scrollToOffset(0);
  }, [state.queryVersion, virtualizer]);

  // TanStack Table sees only the rows in the window: the server sorted and filtered them all.
  const data = useMemo(() => {
    const rows: DataRow[] = [];
    for (let i = first; i <= last; i++) rows.push(rowOfBlocks(state.blocks, i) ?? { id: `${LOADING_ID}${i}` });
    return rows;
  }, [first, last, state.blocks]);
  const format = useMemo(
    () => ({ currency: state.currency, yes: t('grid.yes'), no: t('grid.no') }),
    [state.currency, t],
  );
  const columns = useMemo<GridColumn[]>(
    () =>
      def.columns.map((c) => ({
        id: c.id,
        header: c.label,
        accessorFn: (row: DataRow) => row[c.id] ?? null,
        cell: (ctx) => formatDataCell(ctx.getValue() as DataRow[string], c.type, format),
        meta: c,
      })),
    [def, format],
  );
  const columnVisibility = useMemo(
    () => Object.fromEntries(def.columns.map((c) => [c.id, state.columns.includes(c.id)])),
    [def, state.columns],
  );
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableMultiSort: true,
    state: { sorting: [...state.sort], columnVisibility },
  });
  const tableRows = table.getRowModel().rows;

  const colCount = visible.length + (withActions ? 1 : 0);
  const widths = [...visible.map((c) => WIDTHS[c.type]), ...(withActions ? [ACTIONS_WIDTH] : [])];
  const template = widths.map((w) => `minmax(${w}px, 1fr)`).join(' ');
  const minWidth = widths.reduce((a, b) => a + b, 0);

  // Roving tabindex: one cell is the grid's tab stop; keys move it and focus follows.
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 0 });
  const pos = { row: Math.min(active.row, count), col: Math.min(active.col, colCount - 1) };
  const rendered = pos.row === 0 || (pos.row - 1 >= first && pos.row - 1 <= last);
  const tabStop = (row: number, col: number) =>
    rendered ? row === pos.row && col === pos.col : row === 0 && col === pos.col;
  const focusPending = useRef(false);
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-row="${pos.row}"][data-col="${pos.col}"]`);
    const target = cell?.querySelector<HTMLElement>('.cp-grid__sort') ?? cell;
    if (target) {
      focusPending.current = false;
      target.focus({ preventScroll: pos.row === 0 });
    }
  });

  const { request, dialog } = useRowActions(store);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const pageRows = Math.max(1, Math.floor(height / rowHeight) - 1);
    const next = nextGridPosition(pos, event.key, event.ctrlKey || event.metaKey, {
      lastRow: count,
      lastCol: colCount - 1,
      pageRows,
    });
    if (!next) return;
    event.preventDefault();
    focusPending.current = true;
    setActive(next);
    if (next.row > 0) virtualizer.scrollToIndex(next.row - 1, { align: 'auto' });
    else if (event.ctrlKey) virtualizer.scrollToOffset(0);
  }
  function onFocus(event: FocusEvent<HTMLDivElement>) {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-row]');
    if (cell) setActive({ row: Number(cell.dataset.row), col: Number(cell.dataset.col) });
  }
  const sortBy = (column: DataColumn) => (event: MouseEvent) => store.toggleSort(column.id, event.shiftKey);

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <div ref={ref} className="cp-data-grid" part="data-grid" data-status={state.status}>
      <div
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-rowcount={state.total === null || state.totalCapped ? -1 : state.total + 1}
        aria-colcount={colCount}
        aria-busy={state.status === 'loading' || undefined}
        className="cp-grid"
        style={{ height }}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div role="rowgroup" className="cp-grid__head" style={{ minWidth }}>
          <div
            role="row"
            aria-rowindex={1}
            className="cp-grid__row"
            style={{ gridTemplateColumns: template, height: rowHeight }}
          >
            {headers.map((header, col) => {
              const column = header.column.columnDef.meta as DataColumn;
              const sorted = header.column.getIsSorted();
              const index = header.column.getSortIndex();
              return (
                <div
                  key={header.id}
                  role="columnheader"
                  aria-colindex={col + 1}
                  aria-sort={
                    sorted === 'asc' && index === 0
                      ? 'ascending'
                      : sorted === 'desc' && index === 0
                        ? 'descending'
                        : 'none'
                  }
                  data-row={0}
                  data-col={col}
                  data-align={isNumericColumn(column.type) ? 'end' : undefined}
                >
                  <button
                    type="button"
                    className="cp-grid__sort"
                    tabIndex={tabStop(0, col) ? 0 : -1}
                    onClick={sortBy(column)}
                    title={t('grid.sortHint')}
                  >
                    <table.FlexRender header={header} />
                    {sorted ? (
                      <span className="cp-grid__sort-mark" aria-hidden="true">
                        {sorted === 'desc' ? '▼' : '▲'}
                        {state.sort.length > 1 ? <sub>{index + 1}</sub> : null}
                      </span>
                    ) : null}
                  </button>
                </div>
              );
            })}
            {withActions ? (
              <div
                role="columnheader"
                aria-colindex={colCount}
                data-row={0}
                data-col={colCount - 1}
                tabIndex={tabStop(0, colCount - 1) ? 0 : -1}
              >
                {t('grid.actions')}
              </div>
            ) : null}
          </div>
        </div>
        <div role="rowgroup" className="cp-grid__body" style={{ height: virtualizer.getTotalSize(), minWidth }}>
          {items.map((item, i) => {
            const row = tableRows[i];
            const loading = !row || row.id.startsWith(LOADING_ID);
            const r = item.index + 1;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={r + 1}
                className="cp-grid__row"
                data-loading={loading || undefined}
                style={{
                  gridTemplateColumns: template,
                  height: rowHeight,
                  transform: `translateY(${item.start - rowHeight}px)`,
                }}
              >
                {loading
                  ? visible.map((column, col) => (
                      <div
                        key={column.id}
                        role="gridcell"
                        aria-colindex={col + 1}
                        data-row={r}
                        data-col={col}
                        tabIndex={tabStop(r, col) ? 0 : -1}
                      >
                        {col === 0 ? <span className="cp-visually-hidden">{t('grid.loadingRow')}</span> : null}
                        <Skeleton width="70%" />
                      </div>
                    ))
                  : row.getVisibleCells().map((cell, col) => (
                      <div
                        key={cell.column.id}
                        role="gridcell"
                        aria-colindex={col + 1}
                        data-row={r}
                        data-col={col}
                        tabIndex={tabStop(r, col) ? 0 : -1}
                        data-align={
                          isNumericColumn((cell.column.columnDef.meta as DataColumn).type) ? 'end' : undefined
                        }
                      >
                        <table.FlexRender cell={cell} />
                      </div>
                    ))}
                {withActions ? (
                  <div
                    key="actions"
                    role="gridcell"
                    aria-colindex={colCount}
                    data-row={r}
                    data-col={colCount - 1}
                    tabIndex={tabStop(r, colCount - 1) ? 0 : -1}
                  >
                    {loading ? null : (
                      <RowActionButtons
                        store={store}
                        row={row.original}
                        tabbable={tabStop(r, colCount - 1)}
                        onAction={request}
                      />
                    )}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
      <p role="status" className="cp-visually-hidden">
        {state.status === 'ready' && state.total !== null
          ? sortAnnouncement(def, state.sort, state.total, t, state.totalCapped)
          : ''}
      </p>
      {dialog}
    </div>
  );
}
