import {
  columnLabel,
  gridEn,
  optionLabel,
  registerMessages,
  type DataColumn,
  type DataFilter,
  type DataGridStore,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { useId, useState, type KeyboardEvent } from 'react';
import { useLocale, usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { useStyles } from '../ui/useStyles';
import { filterText, rowsText } from './gridText';
import css from './GridToolbar.css?inline';

registerMessages(gridEn);

/** Props of {@link GridToolbar}. */
export interface GridToolbarProps {
  /** The grid store the toolbar drives. */
  store: DataGridStore;
  /** What the rows are, for the search box's name: 'Search Azure recommendations'. */
  label: string;
  /** Whether the Export CSV button is shown. @default true */
  exportable?: boolean;
}

/** Saves a blob as a file through a temporary object URL. */
function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Export CSV: every matching row of the visible columns, downloaded as a file; a failure is toasted. */
function useCsvExport(store: DataGridStore) {
  const t = useT();
  const client = usePortalClient();
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, filename } = await store.exportCsv();
      download(blob, filename);
    } catch (error) {
      client.toast({
        title: t('grid.exportFailed'),
        text: error instanceof Error ? error.message : String(error),
        kind: 'error',
      });
    } finally {
      setExporting(false);
    }
  }
  return { exporting, exportCsv };
}

/** Which of the toolbar's panels is open (Filters or Columns, one at a time); Escape closes it. */
function useToolbarPanel() {
  const [open, setOpen] = useState<'filters' | 'columns' | null>(null);
  const toggle = (panel: 'filters' | 'columns') => setOpen(open === panel ? null : panel);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(null);
    }
  };
  return { open, toggle, onKeyDown };
}

/** The column chooser: a checkbox per column (the last visible one cannot be hidden) and Reset. */
function ColumnChooser({ id, store, columns }: { id: string; store: DataGridStore; columns: readonly string[] }) {
  const t = useT();
  return (
    <fieldset id={id} className="cp-grid-toolbar__panel">
      <legend>{t('grid.columns')}</legend>
      {store.def.columns.map((column) => (
        <label key={column.id} className="cp-grid-toolbar__check">
          <input
            type="checkbox"
            checked={columns.includes(column.id)}
            disabled={columns.length === 1 && columns.includes(column.id)}
            onChange={(e) => store.setColumnVisible(column.id, e.target.checked)}
          />
          {columnLabel(t, store.dataset, column)}
        </label>
      ))}
      <Button onClick={() => store.resetColumns()}>{t('grid.columns.reset')}</Button>
    </fieldset>
  );
}

/** The active filters as removable chips, and Clear filters. */
function FilterChips({ store, filters }: { store: DataGridStore; filters: readonly DataFilter[] }) {
  const t = useT();
  const columnOf = (cid: string) => store.def.columns.find((c) => c.id === cid);
  const shown = (c: DataColumn | undefined, f: DataFilter) =>
    c?.type === 'boolean'
      ? t(f.value === 'true' ? 'grid.yes' : 'grid.no')
      : c?.type === 'enum'
        ? (typeof f.value === 'string' ? [f.value] : f.value)
            .map((v) => optionLabel(t, store.dataset, c.id, v))
            .join(', ')
        : typeof f.value === 'string'
          ? filterValueText(c, f.value)
          : undefined;
  return (
    <div className="cp-grid-toolbar__chips">
      <ul aria-label={t('grid.activeFilters')}>
        {filters.map((f) => {
          const text = filterText(store.dataset, columnOf(f.id), f, t, shown(columnOf(f.id), f));
          return (
            <li key={`${f.id}:${f.op}`} className="cp-grid-chip">
              <span>{text}</span>
              <button
                type="button"
                className="cp-grid-chip__remove"
                aria-label={t('grid.chip.remove', { filter: text })}
                onClick={() => store.removeFilter(f.id, f.op)}
              >
                ×
              </button>
            </li>
          );
        })}
      </ul>
      <Button onClick={() => store.clearFilters()}>{t('grid.clearFilters')}</Button>
    </div>
  );
}

/**
 * The grid's toolbar (issue 13): a labelled search box (sent after a pause), filter controls per
 * column (enum and boolean choices, text contains, ranges of numbers, amounts, percents and dates), removable filter chips, a column
 * chooser kept per page, Export CSV (every matching row of the visible columns, downloaded as a
 * file) and the row count. The page's fixed filters are not offered and cannot be removed.
 *
 * Parts: `grid-toolbar`.
 */
export function GridToolbar({ store, label, exportable = true }: GridToolbarProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const state = useStore(store.$grid);
  const { open, toggle, onKeyDown } = useToolbarPanel();
  const { exporting, exportCsv } = useCsvExport(store);
  const fixed = new Set(store.fixedFilters.map((f) => f.id));
  const filterable = store.def.columns.filter((c) => !fixed.has(c.id));

  return (
    <div ref={ref} className="cp-grid-toolbar" part="grid-toolbar" onKeyDown={onKeyDown}>
      <div className="cp-grid-toolbar__bar">
        <input
          type="search"
          className="cp-grid-toolbar__search"
          aria-label={t('grid.search', { label })}
          placeholder={t('grid.search', { label })}
          value={state.search}
          onChange={(e) => store.setSearch(e.target.value)}
        />
        <Button aria-expanded={open === 'filters'} aria-controls={`${id}-filters`} onClick={() => toggle('filters')}>
          {t('grid.filters')}
        </Button>
        <Button aria-expanded={open === 'columns'} aria-controls={`${id}-columns`} onClick={() => toggle('columns')}>
          {t('grid.columns')}
        </Button>
        {exportable ? (
          <Button onClick={() => void exportCsv()} disabled={exporting || state.status !== 'ready'}>
            {exporting ? t('grid.exporting') : t('grid.export')}
          </Button>
        ) : null}
        <span className="cp-grid-toolbar__count">
          {state.total === null ? '' : rowsText(state.total, t, state.totalCapped, locale)}
        </span>
      </div>
      {open === 'filters' ? (
        <div id={`${id}-filters`} role="group" aria-label={t('grid.filters')} className="cp-grid-toolbar__panel">
          {filterable.map((column) => (
            <FilterControl
              key={column.id}
              column={column}
              store={store}
              filters={state.filters}
              visible={state.columns.includes(column.id)}
            />
          ))}
        </div>
      ) : null}
      {open === 'columns' ? <ColumnChooser id={`${id}-columns`} store={store} columns={state.columns} /> : null}
      {state.filters.length ? <FilterChips store={store} filters={state.filters} /> : null}
    </div>
  );
}

/** How a range filter's value is typed and sent: percents as typed percent, sent as fractions; date-times by day. */
const RANGE_INPUT = {
  number: { type: 'number', toInput: (v: string) => v, fromInput: (v: string) => v },
  currency: { type: 'number', toInput: (v: string) => v, fromInput: (v: string) => v },
  percent: {
    type: 'number',
    toInput: (v: string) => (v === '' ? '' : String(Math.round(Number(v) * 1e6) / 1e4)),
    fromInput: (v: string) => (v === '' || Number.isNaN(Number(v)) ? v : String(Math.round(Number(v) * 1e4) / 1e6)),
  },
  date: { type: 'date', toInput: (v: string) => v, fromInput: (v: string) => v },
  // A day's end is its last millisecond, so "to 12 Jul" keeps every alert of the 12th.
  datetime: {
    type: 'date',
    toInput: (v: string) => v.slice(0, 10),
    fromInput: (v: string, op: 'gte' | 'lte') =>
      v === '' ? v : op === 'gte' ? `${v}T00:00:00.000Z` : `${v}T23:59:59.999Z`,
  },
} as const;

/** How a filter's value reads in its chip: a percent as a percent, a date-time as its day. */
function filterValueText(column: DataColumn | undefined, value: string): string | undefined {
  if (column?.type === 'percent' && value !== '' && !Number.isNaN(Number(value)))
    return `${RANGE_INPUT.percent.toInput(value)} %`;
  if (column?.type === 'datetime') return value.slice(0, 10);
  return undefined;
}

/**
 * The filter control of one column: a choice for enum and boolean, contains for text (visible
 * columns), a from–to range for numbers, amounts, percents and dates.
 */
function FilterControl({
  column,
  store,
  filters,
  visible,
}: {
  column: DataColumn;
  store: DataGridStore;
  filters: readonly DataFilter[];
  visible: boolean;
}) {
  const t = useT();
  const id = useId();
  const name = columnLabel(t, store.dataset, column);
  const value = (op: DataFilter['op']) => {
    const found = filters.find((f) => f.id === column.id && f.op === op)?.value;
    return typeof found === 'string' ? found : '';
  };
  // Text and numbers apply on Enter or when the field is left, not on every key.
  const apply = (
    op: 'contains' | 'gte' | 'lte',
    toInput: (v: string) => string = (v) => v,
    fromInput: (v: string) => string = (v) => v,
  ) => {
    const set = (typed: string) =>
      fromInput(typed.trim()) !== value(op) && store.setFilter({ id: column.id, op, value: fromInput(typed.trim()) });
    return {
      defaultValue: toInput(value(op)),
      key: `${op}:${value(op)}`,
      onBlur: (e: { currentTarget: HTMLInputElement }) => set(e.currentTarget.value),
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => e.key === 'Enter' && set(e.currentTarget.value),
    };
  };
  if (column.type === 'enum' || column.type === 'boolean') {
    const options =
      column.type === 'boolean'
        ? [
            ['true', t('grid.yes')],
            ['false', t('grid.no')],
          ]
        : (column.options ?? []).map((o) => [o, optionLabel(t, store.dataset, column.id, o)]);
    return (
      <span className="cp-grid-toolbar__field">
        <label htmlFor={id}>{name}</label>
        <select
          id={id}
          value={value('eq')}
          onChange={(e) => store.setFilter({ id: column.id, op: 'eq', value: e.target.value })}
        >
          <option value="">{t('grid.filter.any')}</option>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      </span>
    );
  }
  if (column.type === 'text' && visible) {
    const { key, ...rest } = apply('contains');
    return (
      <span className="cp-grid-toolbar__field">
        <label htmlFor={id}>{t('grid.filter.contains', { column: name })}</label>
        <input key={key} id={id} type="text" {...rest} />
      </span>
    );
  }
  if (column.type === 'text') return null;
  const input = RANGE_INPUT[column.type];
  const { key: fromKey, ...from } = apply('gte', input.toInput, (v) => input.fromInput(v, 'gte'));
  const { key: toKey, ...to } = apply('lte', input.toInput, (v) => input.fromInput(v, 'lte'));
  const numeric = input.type === 'number';
  return (
    <>
      <span className="cp-grid-toolbar__field">
        <label htmlFor={`${id}-from`}>{t('grid.filter.min', { column: name })}</label>
        <input
          key={fromKey}
          id={`${id}-from`}
          type={input.type}
          inputMode={numeric ? 'decimal' : undefined}
          {...from}
        />
      </span>
      <span className="cp-grid-toolbar__field">
        <label htmlFor={`${id}-to`}>{t('grid.filter.max', { column: name })}</label>
        <input key={toKey} id={`${id}-to`} type={input.type} inputMode={numeric ? 'decimal' : undefined} {...to} />
      </span>
    </>
  );
}
