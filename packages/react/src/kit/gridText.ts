import {
  columnLabel,
  formatNumber,
  type DataColumn,
  type DataFilter,
  type DatasetDef,
  type DataSort,
  type Translate,
} from '@cloudportal/core';

/**
 * "1,234 rows" / "1 row"; "10,000+ rows" when the server stopped counting (`capped`). The count is
 * written in `locale` ('1.234 Zeilen' in German).
 */
export function rowsText(total: number, t: Translate, capped = false, locale = 'en-US'): string {
  if (capped) return t('grid.rows.atLeast', { count: formatNumber(total, locale) });
  return total === 1 ? t('grid.rows.one') : t('grid.rows', { count: formatNumber(total, locale) });
}

/** The live region's sentence: "Sorted by Cost last month, descending, then by Name, ascending. 1,234 rows", the columns named in the active locale. */
export function sortAnnouncement(
  { dataset, def }: { dataset: string; def: DatasetDef },
  sort: readonly DataSort[],
  total: number,
  t: Translate,
  capped = false,
  locale = 'en-US',
): string {
  const rows = rowsText(total, t, capped, locale);
  const keys = sort
    .map((s) => {
      const column = def.columns.find((c) => c.id === s.id);
      return column
        ? t('grid.sortKey', {
            column: columnLabel(t, dataset, column),
            direction: t(s.desc ? 'grid.descending' : 'grid.ascending'),
          })
        : null;
    })
    .filter((k): k is string => k !== null);
  return keys.length ? t('grid.sorted', { sort: keys.join(t('grid.sortThen')), rows }) : t('grid.unsorted', { rows });
}

const OP_SIGNS: Record<string, string> = { ne: '≠', lt: '<', gt: '>', in: 'in' };

/** A filter chip's text: "Impact: High", "Resource contains “vm”", "Savings a month ≥ 100", the column named in the active locale. */
export function filterText(
  dataset: string,
  column: DataColumn | undefined,
  filter: DataFilter,
  t: Translate,
  value = typeof filter.value === 'string' ? filter.value : filter.value.join(', '),
): string {
  const name = column ? columnLabel(t, dataset, column) : filter.id;
  if (filter.op === 'eq') return t('grid.chip.eq', { column: name, value });
  if (filter.op === 'contains') return t('grid.chip.contains', { column: name, value });
  if (filter.op === 'gte') return t('grid.chip.gte', { column: name, value });
  if (filter.op === 'lte') return t('grid.chip.lte', { column: name, value });
  return t('grid.chip.other', { column: name, op: OP_SIGNS[filter.op] ?? filter.op, value });
}

/** The text of a row in messages (its first column's value, else its id). */
export function rowName(def: DatasetDef, row: { id: string } & Record<string, unknown>): string {
  const first = def.columns[0];
  const value = first ? row[first.id] : null;
  return value === null || value === undefined || value === '' ? row.id : String(value);
}

/** A fraction as the percent a person types (0.125 → '12.5'); empty stays empty. */
export function percentInput(value: string): string {
  return value === '' ? '' : String(Math.round(Number(value) * 1e6) / 1e4);
}
