import {
  gridEn,
  isNumericColumn,
  registerMessages,
  type DataColumn,
  type DataRow,
  type DataGridState,
  type DataGridStore,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { useMemo, useRef, type MouseEvent } from 'react';
import { useLocale, useT } from '../provider/PortalProvider';
import { Skeleton } from '../ui/Skeleton';
import { useStyles } from '../ui/useStyles';
import css from './DataGrid.css?inline';
import { sortAnnouncement } from './gridText';
import { RowActionButtons, useRowActions, type PendingAction } from './RowActions';
import { LOADING_ID, gridLayout, useGridFocus, useGridTable, useGridWindow, type GridTable } from './useDataGrid';

/** Does a column of this type show the tenant's data as it is (not an enum's or yes/no's catalogue text)? */
const isDataText = (type: DataColumn['type']) => type !== 'enum' && type !== 'boolean';

registerMessages(gridEn);

/**
 * Props of {@link DataGrid}.
 * @public
 */
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
  /** The visitor opened a row (Enter on one of its cells, or a double click). Without it, rows do not open. */
  onRowActivate?: (row: DataRow) => void;
}

/** Rows shown as skeletons while the query's first block loads. */
const LOADING_ROWS = 8;

type GridHeader = ReturnType<GridTable['getHeaderGroups']>[number]['headers'][number];
type GridRowModel = ReturnType<GridTable['getRowModel']>['rows'][number];

/** The columns' layout and the roving tab stop, which every row of the grid shares. */
interface GridRowContext {
  template: string;
  colCount: number;
  rowHeight: number;
  withActions: boolean;
  tabStop: (row: number, col: number) => boolean;
  onRowActivate?: (row: DataRow) => void;
}

/** `aria-sort` of a column: only the primary sort is announced as such. */
function ariaSort(sorted: false | 'asc' | 'desc', index: number) {
  if (index !== 0) return 'none';
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/** The header row: a sort button per visible column (Shift adds a secondary sort), and the actions column's header. */
function GridHeaderRow({
  table,
  store,
  state,
  context,
}: {
  table: GridTable;
  store: DataGridStore;
  state: DataGridState;
  context: GridRowContext;
}) {
  const t = useT();
  const { template, colCount, rowHeight, withActions, tabStop } = context;
  const headers: GridHeader[] = table.getHeaderGroups()[0]?.headers ?? [];
  const sortBy = (column: DataColumn) => (event: MouseEvent) => store.toggleSort(column.id, event.shiftKey);
  return (
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
            aria-sort={ariaSort(sorted, index)}
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
              {/* A header longer than its column ends in an ellipsis; the whole of it shows on hover and is the name read. */}
              <span
                className="cp-grid__sort-label"
                // The grid's headers are texts (columnLabel), never render functions.
                title={String(header.column.columnDef.header)}
              >
                <table.FlexRender header={header} />
              </span>
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
  );
}

/** One data row of the window: its cells (skeletons until its block arrives) and its actions cell. */
function GridRow({
  table,
  store,
  item,
  row,
  visible,
  context,
  onAction,
}: {
  table: GridTable;
  store: DataGridStore;
  item: VirtualItem;
  row: GridRowModel | undefined;
  visible: readonly DataColumn[];
  context: GridRowContext;
  onAction: (pending: PendingAction) => void;
}) {
  const t = useT();
  const { template, colCount, rowHeight, withActions, tabStop, onRowActivate } = context;
  const loading = !row || row.id.startsWith(LOADING_ID);
  const r = item.index + 1;
  // A row opens from its cells — not from its actions' buttons, which do their own.
  const activate =
    onRowActivate && !loading
      ? (event: { target: EventTarget }) => {
          if ((event.target as HTMLElement).getAttribute('role') === 'gridcell') onRowActivate(row.original);
        }
      : undefined;
  return (
    <div
      role="row"
      aria-rowindex={r + 1}
      onDoubleClick={activate}
      onKeyDown={activate && ((event) => event.key === 'Enter' && activate(event))}
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
              data-align={isNumericColumn((cell.column.columnDef.meta as DataColumn).type) ? 'end' : undefined}
              // A text cell is the tenant's data (a name, an id), not a text of ours: browsers' translators
              // leave it alone. Enum and yes/no cells read from the catalogue.
              translate={isDataText((cell.column.columnDef.meta as DataColumn).type) ? 'no' : undefined}
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
              onAction={onAction}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A server-sorted, virtual data grid: TanStack Table (manual sorting, column
 * visibility) over TanStack Virtual with fixed row heights, showing `total` rows whose blocks are
 * asked for through `store.ensureRange` as the user scrolls (skeleton rows until they arrive).
 * WAI-ARIA grid: one tab stop (roving tabindex), arrows, Home/End, PageUp/PageDown, Ctrl+Home/End;
 * header buttons sort (Shift adds a secondary sort) and a polite live region says how the rows are
 * sorted and how many there are. Cells are written by column type with `Intl`.
 *
 * Parts: `data-grid`. CSS properties: `--cp-grid-header-bg`, `--cp-grid-row-hover`.
 * @public
 */
export function DataGrid({
  store,
  label,
  height = 480,
  rowHeight = 40,
  overscan = 8,
  actions = true,
  onRowActivate,
}: DataGridProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const t = useT();
  const locale = useLocale();
  const state = useStore(store.$grid);
  const { def } = store;
  const scrollRef = useRef<HTMLDivElement>(null);
  const withActions = actions && (def.actions?.length ?? 0) > 0;
  const visible = useMemo(() => def.columns.filter((c) => state.columns.includes(c.id)), [def, state.columns]);
  const count = state.total ?? (state.status === 'loading' ? LOADING_ROWS : 0);

  const rowWindow = useGridWindow({ store, state, count, height, rowHeight, overscan, scrollRef });
  const table = useGridTable(store, state, rowWindow.first, rowWindow.last);
  const tableRows = table.getRowModel().rows;
  const { colCount, template, minWidth } = gridLayout(
    visible.map((c) => c.type),
    withActions,
  );
  const pageRows = Math.max(1, Math.floor(height / rowHeight) - 1);
  const { tabStop, onKeyDown, onFocus } = useGridFocus({ count, colCount, pageRows, rowWindow, scrollRef });
  const context: GridRowContext = { template, colCount, rowHeight, withActions, tabStop, onRowActivate };
  const { request, dialog } = useRowActions(store);

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
          <GridHeaderRow table={table} store={store} state={state} context={context} />
        </div>
        <div role="rowgroup" className="cp-grid__body" style={{ height: rowWindow.totalSize, minWidth }}>
          {rowWindow.items.map((item, i) => (
            <GridRow
              key={item.key}
              table={table}
              store={store}
              item={item}
              row={tableRows[i]}
              visible={visible}
              context={context}
              onAction={request}
            />
          ))}
        </div>
      </div>
      <p role="status" className="cp-visually-hidden">
        {state.status === 'ready' && state.total !== null
          ? sortAnnouncement(store, state.sort, state.total, t, state.totalCapped, locale)
          : ''}
      </p>
      {dialog}
    </div>
  );
}
