/** A feature page's CSV export (see featureData.ts): how a cell, a line and the file are written. */
import type { DataCell } from './featureDataTypes';

/**
 * The first characters that make a spreadsheet run a text as a formula, as the body of a regular
 * expression's bracket class: the same text in JavaScript and in PostgreSQL, where the server
 * writes an export's CSV lines itself.
 * @internal
 */
export const CSV_FORMULA_LEADS = String.raw`=+\-@\t\r`;
/**
 * The characters that make a CSV field quoted, as the body of a bracket class (see {@link CSV_FORMULA_LEADS}).
 * @internal
 */
export const CSV_QUOTED_CHARS = String.raw`",\r\n`;
const CSV_FORMULA = new RegExp(`^[${CSV_FORMULA_LEADS}]`);
const CSV_QUOTED = new RegExp(`[${CSV_QUOTED_CHARS}]`);

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A
 * text that a spreadsheet would run as a formula (it starts with =, +, -, @, tab or carriage
 * return) is prefixed with `'`; numbers are written as they are.
 * @public
 */
export function csvField(value: DataCell): string {
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const safe = CSV_FORMULA.test(value) ? `'${value}` : value;
  return CSV_QUOTED.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * One CSV line of `cells`, ended by CRLF as RFC 4180 says.
 * @public
 */
export function csvLine(cells: readonly DataCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/**
 * The CSV lines of `rows`, one {@link csvLine} each, of their `columns` in that order (a missing
 * cell is empty). Written field by field into one string: an export writes over 100,000 rows a
 * second, and an array per row (the cells, then their fields) was most of its garbage.
 * @public
 */
export function csvLines(
  rows: readonly Readonly<Record<string, DataCell | undefined>>[],
  columns: readonly string[],
): string {
  let out = '';
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) out += (i ? ',' : '') + csvField(row[columns[i]!] ?? null);
    out += '\r\n';
  }
  return out;
}

/**
 * The file name of an export: `{dataset}-{YYYY-MM-DD}.csv`.
 * @public
 */
export function exportFileName(dataset: string, now: Date): string {
  return `${dataset}-${now.toISOString().slice(0, 10)}.csv`;
}

/** How finely a series groups its dates. */
