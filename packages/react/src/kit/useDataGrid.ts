/**
 * The data grid's behaviour apart from its markup (DataGrid.tsx renders it): the virtual window of
 * rows and the blocks it asks for, the TanStack table over that window, and the roving tabindex with
 * its keyboard handling.
 */
import {
  columnLabel,
  formatDataCell,
  optionLabel,
  rowOfBlocks,
  type DataColumnType,
  type DataGridState,
  type DataGridStore,
  type DataRow,
} from '@cloudportal/core';
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
  type RefObject,
} from 'react';
import { useLocale, useT } from '../provider/PortalProvider';
import { nextGridPosition, type GridPosition } from './gridKeys';

const features = tableFeatures({ columnVisibilityFeature, rowSortingFeature });
type GridColumn = ColumnDef<typeof features, DataRow>;

/** The id prefix of a row whose block has not arrived: it shows as a skeleton. */
export const LOADING_ID = '\u0000loading';
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

/** The columns' layout: how many there are (the actions column included), the CSS grid template and the least width. */
export function gridLayout(columnTypes: readonly DataColumnType[], withActions: boolean) {
  const widths = [...columnTypes.map((type) => WIDTHS[type]), ...(withActions ? [ACTIONS_WIDTH] : [])];
  return {
    colCount: widths.length,
    template: widths.map((w) => `minmax(${w}px, 1fr)`).join(' '),
    minWidth: widths.reduce((a, b) => a + b, 0),
  };
}

/** What {@link useGridWindow} needs: the grid's store and state, its size, and its scrolling element. */
export interface GridWindowOptions {
  store: DataGridStore;
  state: DataGridState;
  count: number;
  height: number;
  rowHeight: number;
  overscan: number;
  scrollRef: RefObject<HTMLDivElement | null>;
}

/**
 * The virtual window of rows (TanStack Virtual, fixed row heights): the rows in view and around them,
 * the blocks asked for through `store.ensureRange` as the user scrolls, and a new query back at the top.
 */
export function useGridWindow({ store, state, count, height, rowHeight, overscan, scrollRef }: GridWindowOptions) {
  const fallback = useMemo(() => ({ width: 1024, height }), [height]);
  // The virtualizer's methods are read during render on purpose (its window changes with every
  // scroll); nothing memoized receives them, so the compiler skipping this hook is right.
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

  return { virtualizer, items, first, last, totalSize: virtualizer.getTotalSize() };
}

/** What {@link useGridWindow} answers. */
export type GridWindow = ReturnType<typeof useGridWindow>;

/**
 * The TanStack table (manual sorting, column visibility) over the rows of the window `first`–`last`:
 * the server sorted and filtered them all. Rows whose block has not arrived are placeholders.
 */
export function useGridTable(store: DataGridStore, state: DataGridState, first: number, last: number) {
  const t = useT();
  const locale = useLocale();
  const { dataset, def } = store;
  const data = useMemo(() => {
    const rows: DataRow[] = [];
    for (let i = first; i <= last; i++) rows.push(rowOfBlocks(state.blocks, i) ?? { id: `${LOADING_ID}${i}` });
    return rows;
  }, [first, last, state.blocks]);
  const format = useMemo(
    () => ({ currency: state.currency, locale, yes: t('grid.yes'), no: t('grid.no') }),
    [state.currency, locale, t],
  );
  const columns = useMemo<GridColumn[]>(
    () =>
      def.columns.map((c) => ({
        id: c.id,
        header: columnLabel(t, dataset, c),
        accessorFn: (row: DataRow) => row[c.id] ?? null,
        // An enum's value is shown in the active locale; the value itself is what sorts and filters.
        cell: (ctx) => {
          const value = ctx.getValue() as DataRow[string];
          return c.type === 'enum' && typeof value === 'string'
            ? optionLabel(t, dataset, c, value)
            : formatDataCell(value, c.type, format);
        },
        meta: c,
      })),
    [dataset, def, format, t],
  );
  const columnVisibility = useMemo(
    () => Object.fromEntries(def.columns.map((c) => [c.id, state.columns.includes(c.id)])),
    [def, state.columns],
  );
  return useTable({
    features,
    columns,
    data,
    getRowId: (row) => row.id,
    manualSorting: true,
    enableMultiSort: true,
    state: { sorting: [...state.sort], columnVisibility },
  });
}

/** What {@link useGridTable} answers. */
export type GridTable = ReturnType<typeof useGridTable>;

/** What {@link useGridFocus} needs: the grid's bounds, its window and its scrolling element. */
export interface GridFocusOptions {
  /** The data rows (the header row is row 0, so this is also the last row). */
  count: number;
  colCount: number;
  /** The rows PageUp/PageDown move by. */
  pageRows: number;
  rowWindow: GridWindow;
  scrollRef: RefObject<HTMLDivElement | null>;
}

/**
 * The WAI-ARIA grid's roving tabindex: one cell is the grid's tab stop (`tabStop`); arrows, Home/End,
 * PageUp/PageDown and Ctrl+Home/End move it (`onKeyDown`), scrolling its row into view, and focus
 * follows; a cell focused otherwise becomes the active one (`onFocus`).
 */
export function useGridFocus({ count, colCount, pageRows, rowWindow, scrollRef }: GridFocusOptions) {
  const { virtualizer, first, last } = rowWindow;
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

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
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
  return { tabStop, onKeyDown, onFocus };
}
