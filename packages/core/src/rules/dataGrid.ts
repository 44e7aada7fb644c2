// spec: names the feature pages but not their grids, so these rules are decided here.
/**
 * The data grid's rules (feature pages): which columns show before the user chooses, how a header click changes
 * the sort, which rows blocks hold, and how a cell is written for a person to read.
 */

import {
  DATA_PAGE_SIZE,
  type DataAction,
  type DataCell,
  type DataColumn,
  type DataColumnType,
  type DataFilter,
  type DataQuery,
  type DataRow,
  type DatasetDef,
  type DataSort,
} from './featureData';

/**
 * The columns a grid shows before the user chooses: those not marked `visible: false`, in dataset order.
 * @public
 */
export function defaultGridColumns(def: DatasetDef): string[] {
  return def.columns.filter((c) => c.visible !== false).map((c) => c.id);
}

/**
 * The visible columns kept in storage, checked against the dataset: unknown ids are dropped and the
 * dataset's order kept; nothing usable (a renamed dataset, a hand-edited value) means the defaults.
 * @public
 */
export function storedGridColumns(def: DatasetDef, stored: unknown): string[] {
  if (!Array.isArray(stored)) return defaultGridColumns(def);
  const chosen = new Set(stored.filter((v): v is string => typeof v === 'string'));
  const columns = def.columns.filter((c) => chosen.has(c.id)).map((c) => c.id);
  return columns.length ? columns : defaultGridColumns(def);
}

/**
 * The storage key of a page's visible columns.
 * @public
 */
export function gridColumnsKey(page: string): string {
  return `grid.columns.${page}`;
}

/**
 * Whether a column's first sort is descending: amounts and dates read best biggest or newest first.
 * @public
 */
export function sortsDescFirst(type: DataColumnType): boolean {
  return type === 'number' || type === 'currency' || type === 'percent' || type === 'date' || type === 'datetime';
}

/**
 * The sort after a header press. A plain press sorts by that column alone (a second press on the
 * only sort key flips it); with Shift (`multi`) the column is added as the next key, or flipped
 * where it already is, so a secondary sort keeps the primary one.
 * @public
 */
export function nextGridSort(
  current: readonly DataSort[],
  column: Pick<DataColumn, 'id' | 'type'>,
  multi: boolean,
): DataSort[] {
  const existing = current.find((s) => s.id === column.id);
  const first = { id: column.id, desc: sortsDescFirst(column.type) };
  if (multi)
    return existing ? current.map((s) => (s.id === column.id ? { id: s.id, desc: !s.desc } : s)) : [...current, first];
  if (existing && current.length === 1) return [{ id: column.id, desc: !existing.desc }];
  return [existing ? { id: column.id, desc: !existing.desc } : first];
}

/**
 * The blocks (of `size` rows) that hold rows `start` (inclusive) to `end` (exclusive), within `total`.
 * @public
 */
export function blocksOf(start: number, end: number, total: number | null, size = DATA_PAGE_SIZE): number[] {
  const last = Math.min(end, total ?? end) - 1;
  if (last < start || last < 0) return [];
  const blocks: number[] = [];
  for (let b = Math.floor(Math.max(0, start) / size); b <= Math.floor(last / size); b++) blocks.push(b);
  return blocks;
}

/**
 * The query of a grid: the page's fixed filters, then the user's, the search text and the sort.
 * @public
 */
export function gridQuery(
  state: { sort: readonly DataSort[]; q: string; filters: readonly DataFilter[] },
  fixedFilters: readonly DataFilter[] = [],
): DataQuery {
  const q = state.q.trim();
  return { sort: state.sort, ...(q ? { q } : {}), filters: [...fixedFilters, ...state.filters] };
}

/**
 * Whether a row (as an action answered it) still passes the filters it can be judged on here:
 * equality filters (`eq`, `ne`, `in`) on the row's own values. An action that changes a filtered
 * value (a dismissal on a page of open recommendations) takes the row out of the grid.
 * @public
 */
export function rowPassesFilters(row: DataRow, filters: readonly DataFilter[]): boolean {
  return filters.every((f) => {
    if (!(f.id in row)) return true;
    const value = String(row[f.id]);
    if (f.op === 'eq') return value === f.value;
    if (f.op === 'ne') return value !== f.value;
    if (f.op === 'in') return (typeof f.value === 'string' ? [f.value] : f.value).includes(value);
    return true;
  });
}

/**
 * How cells are written: the locale, the page's currency and the words of a boolean.
 * @public
 */
export interface CellFormat {
  /** ISO 4217 code of currency columns (the page's answer). */
  currency: string;
  /** The client's active locale (`useLocale()`, `client.$locale`). @default 'en-US' */
  locale?: string;
  /** The text of `true` and `false` (the catalogue's 'Yes' and 'No'). */
  yes: string;
  /** The text of `false`. */
  no: string;
  /** The time zone of date-times; dates are calendar days and never shift. @default the browser's */
  timeZone?: string;
}

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let found = formats.get(key) as T | undefined;
  if (!found) formats.set(key, (found = make()));
  return found;
}

function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  return cached(`c|${locale}|${currency}`, () => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 2 });
    } catch {
      // An unknown code: the amount alone (the code is written after it).
      return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
  });
}

/**
 * A number as the locale writes it, grouped, with up to 2 decimals: '1,234.5' in English, '1.234,5'
 * in German (numbers through `Intl` in the active locale). Row counts use it too.
 * @public
 */
export function formatNumber(value: number, locale = 'en-US'): string {
  return cached(`n|${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })).format(value);
}

/**
 * A cell as a person reads it: numbers grouped, currency in the page's currency, percent columns
 * (fractions: 0.125 is 12.5 %) with up to one decimal, dates as the locale writes them (`YYYY-MM-DD`
 * values are calendar days, shown without shifting zones), booleans as Yes/No. Empty cells are ''.
 * @public
 */
export function formatDataCell(value: DataCell | undefined, type: DataColumnType, format: CellFormat): string {
  if (value === null || value === undefined || value === '') return '';
  const locale = format.locale ?? 'en-US';
  switch (type) {
    case 'number':
      return typeof value === 'number' ? formatNumber(value, locale) : String(value);
    case 'currency': {
      if (typeof value !== 'number') return String(value);
      const nf = currencyFormat(locale, format.currency);
      return nf.resolvedOptions().style === 'currency' ? nf.format(value) : `${nf.format(value)} ${format.currency}`;
    }
    case 'percent':
      return typeof value === 'number'
        ? cached(
            `p|${locale}`,
            () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
          ).format(value)
        : String(value);
    case 'date': {
      const day = typeof value === 'string' ? Date.parse(`${value.slice(0, 10)}T00:00:00Z`) : NaN;
      return Number.isNaN(day)
        ? String(value)
        : cached(`d|${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' })).format(
            day,
          );
    }
    case 'datetime': {
      const at = typeof value === 'string' ? Date.parse(value) : NaN;
      const zone = format.timeZone ?? '';
      return Number.isNaN(at)
        ? String(value)
        : cached(
            `t|${locale}|${zone}`,
            () =>
              new Intl.DateTimeFormat(locale, {
                dateStyle: 'medium',
                timeStyle: 'short',
                ...(zone ? { timeZone: zone } : {}),
              }),
          ).format(at);
    }
    case 'boolean':
      return value === true || value === 'true'
        ? format.yes
        : value === false || value === 'false'
          ? format.no
          : String(value);
    default:
      return String(value);
  }
}

/**
 * Whether a column's cells are numbers (right-aligned, compared by size).
 * @public
 */
export function isNumericColumn(type: DataColumnType): boolean {
  return type === 'number' || type === 'currency' || type === 'percent';
}

/**
 * The actions a row offers, by its status: the status column's first option is the open state
 * (`open`, `Fired`). An open row offers every action but `restore`; a closed one (dismissed, done,
 * acknowledged) offers only `restore`, when the dataset has it. Rows of a dataset without a status
 * column offer every action.
 * @public
 */
export function rowActionsFor(def: DatasetDef, row: DataRow): DataAction[] {
  const actions = def.actions ?? [];
  const openState = def.columns.find((c) => c.id === 'status')?.options?.[0];
  if (openState === undefined || !('status' in row)) return [...actions];
  const open = row.status === openState;
  return actions.filter((a) => (a.verb === 'restore' ? !open : open));
}

/**
 * A grid's row count: `totalCapped` when the server counted only that far.
 * @public
 */
export interface GridCount {
  /** The number of matching rows, or null while it is not known. */
  total: number | null;
  /** Whether the server counted only as far as `total`: there are more. */
  totalCapped?: boolean;
}

/**
 * The grid's row count after a block: an exact count is the server's; an "at least" count
 * (`totalCapped`) grows as blocks past it are read and never shrinks when the user scrolls back to an
 * earlier block, which the server counts only to its cap.
 * @public
 */
export function gridTotal(
  current: GridCount,
  page: { total: number; totalCapped?: boolean },
): GridCount & { totalCapped: boolean } {
  if (!page.totalCapped) return { total: page.total, totalCapped: false };
  return {
    total: current.totalCapped && current.total !== null ? Math.max(current.total, page.total) : page.total,
    totalCapped: true,
  };
}
