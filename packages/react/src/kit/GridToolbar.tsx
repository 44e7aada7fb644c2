import {
  gridEn,
  optionLabel,
  registerMessages,
  type DataColumn,
  type DataFilter,
  type DataGridStore,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { useLocale, usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { useStyles } from '../ui/useStyles';
import { filterText, percentInput, rowsText } from './gridText';
import css from './GridToolbar.css?inline';

registerMessages(gridEn);

// The Filters and Columns panels load when one is first opened: a page shows its rows without them.
const FiltersPanel = lazy(() => import('./GridToolbarPanels').then((m) => ({ default: m.FiltersPanel })));
const ColumnChooser = lazy(() => import('./GridToolbarPanels').then((m) => ({ default: m.ColumnChooser })));

/**
 * Props of {@link GridToolbar}.
 * @public
 */
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

/** The active filters as removable chips, and Clear filters. */
function FilterChips({ store, filters }: { store: DataGridStore; filters: readonly DataFilter[] }) {
  const t = useT();
  const columnOf = (cid: string) => store.def.columns.find((c) => c.id === cid);
  const shown = (c: DataColumn | undefined, f: DataFilter) =>
    c?.type === 'boolean'
      ? t(f.value === 'true' ? 'grid.yes' : 'grid.no')
      : c?.type === 'enum'
        ? (typeof f.value === 'string' ? [f.value] : f.value).map((v) => optionLabel(t, store.dataset, c, v)).join(', ')
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
 * The grid's toolbar: a labelled search box (sent after a pause), filter controls per
 * column (enum and boolean choices, text contains, ranges of numbers, amounts, percents and dates), removable filter chips, a column
 * chooser kept per page, Export CSV (every matching row of the visible columns, downloaded as a
 * file) and the row count. The page's fixed filters are not offered and cannot be removed.
 *
 * Parts: `grid-toolbar`.
 * @public
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
      <Suspense fallback={null}>
        {open === 'filters' ? (
          <FiltersPanel id={`${id}-filters`} store={store} columns={filterable} state={state} />
        ) : null}
        {open === 'columns' ? <ColumnChooser id={`${id}-columns`} store={store} columns={state.columns} /> : null}
      </Suspense>
      {state.filters.length ? <FilterChips store={store} filters={state.filters} /> : null}
    </div>
  );
}

/** How a filter's value reads in its chip: a percent as a percent, a date-time as its day. */
function filterValueText(column: DataColumn | undefined, value: string): string | undefined {
  if (column?.type === 'percent' && value !== '' && !Number.isNaN(Number(value))) return `${percentInput(value)} %`;
  if (column?.type === 'datetime') return value.slice(0, 10);
  return undefined;
}
