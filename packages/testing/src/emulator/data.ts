import type {
  Aggregation,
  CellValue,
  DatasetDefinition,
  EmulatorFilter,
  ReportDefinition,
  ValueFormat,
  VisualDefinition,
} from '../definition';
import { filterRows } from '../filters';

/**
 * What each visual shows, computed from its dataset's rows after its visual, page and report
 * filters: categories and series for charts, a value for a KPI, cells for a table, and a text
 * summary for the chart's accessible name. Pure, so it is tested without a browser.
 */

/** A chart's data: one value per category in each series. */
export interface SeriesData {
  categories: string[];
  series: { name: string; values: number[] }[];
  /** How the values are shown. */
  format: ValueFormat;
}

/** A table's data: headers and formatted cells. */
export interface TableData {
  headers: string[];
  rows: string[][];
  /** Whether each column is numeric (right-aligned). */
  numeric: boolean[];
}

const list = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function column(dataset: DatasetDefinition, name: string, visual: VisualDefinition): number {
  const at = dataset.columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
  if (at < 0)
    throw new Error(
      `Visual "${visual.title}" names column "${name}", which dataset "${visual.dataset}" does not have.`,
    );
  return at;
}

const number = (cell: CellValue | undefined): number =>
  typeof cell === 'number'
    ? cell
    : typeof cell === 'string' && cell.trim() !== '' && Number.isFinite(Number(cell))
      ? Number(cell)
      : 0;
const label = (cell: CellValue | undefined): string =>
  cell === null || cell === undefined || cell === '' ? '(Blank)' : String(cell);

/** The dataset a visual reads; throws a readable error when the definition names a missing one. */
export function datasetOf(report: ReportDefinition, visual: VisualDefinition): DatasetDefinition {
  const dataset = report.datasets[visual.dataset];
  if (!dataset)
    throw new Error(`Visual "${visual.title}" reads dataset "${visual.dataset}", which the report does not define.`);
  return dataset;
}

/** The rows a visual shows: its dataset's, through its own filters, then the page's and the report's. */
export function visualRows(
  report: ReportDefinition,
  visual: VisualDefinition,
  filters: readonly EmulatorFilter[],
): CellValue[][] {
  const dataset = datasetOf(report, visual);
  return filterRows(visual.dataset, dataset, [...(visual.filters ?? []), ...filters]);
}

/** The format of a measure column. */
export function formatOf(dataset: DatasetDefinition, name: string | undefined): ValueFormat {
  if (!name) return 'number';
  const key = Object.keys(dataset.formats ?? {}).find((k) => k.toLowerCase() === name.toLowerCase());
  return (key && dataset.formats?.[key]) || 'number';
}

/** The locale numbers are written in: the embed configuration's `settings.localeSettings.formatLocale`, as Power BI takes it. */
let formatLocale = 'en-US';

/** Sets the locale numbers are written in; an empty or malformed tag keeps US English. */
export function setFormatLocale(tag: string | undefined): void {
  try {
    formatLocale = tag ? (Intl.getCanonicalLocales(tag)[0] ?? 'en-US') : 'en-US';
  } catch {
    formatLocale = 'en-US';
  }
}

/** A number as the format says, in the report's format locale (US English unless the embedding set one). */
export function formatValue(value: number, format: ValueFormat, currency = 'USD'): string {
  return numberFormat(format, currency).format(format === 'percent' ? value / 100 : value);
}

/** One `Intl.NumberFormat` per locale, format and currency: making one costs far more than using it (a chart's axis formats every tick). */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(format: ValueFormat, currency: string): Intl.NumberFormat {
  const key = `${formatLocale}|${format}|${currency}`;
  let found = numberFormats.get(key);
  if (!found) {
    const options: Intl.NumberFormatOptions =
      format === 'currency'
        ? { style: 'currency', currency }
        : format === 'percent'
          ? { style: 'percent', maximumFractionDigits: 1 }
          : { maximumFractionDigits: format === 'integer' ? 0 : 2 };
    numberFormats.set(key, (found = new Intl.NumberFormat(formatLocale, options)));
  }
  return found;
}

/** bar, line, donut: measures summed per category (and per series value when `series` is set). */
export function seriesData(
  report: ReportDefinition,
  visual: VisualDefinition,
  rows: readonly CellValue[][],
): SeriesData {
  const dataset = datasetOf(report, visual);
  const [xName] = list(visual.x);
  if (!xName) throw new Error(`Visual "${visual.title}" needs an x column.`);
  const x = column(dataset, xName, visual);
  // `aggregate: 'count'` counts rows per category (at -1); otherwise each measure is summed.
  const counting = visual.aggregate === 'count';
  const measures = counting
    ? [{ name: 'Count', at: -1 }]
    : list(visual.y).map((name) => ({ name, at: column(dataset, name, visual) }));
  if (measures.length === 0) throw new Error(`Visual "${visual.title}" needs a y column.`);
  const splitBy = visual.series ? column(dataset, visual.series, visual) : -1;

  const categories: string[] = [];
  const seriesNames: string[] = [];
  const sums = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const category = label(row[x]);
    if (!categories.includes(category)) categories.push(category);
    const targets =
      splitBy >= 0
        ? [{ series: label(row[splitBy]), at: measures[0]!.at }]
        : measures.map((m) => ({ series: m.name, at: m.at }));
    for (const t of targets) {
      if (!seriesNames.includes(t.series)) seriesNames.push(t.series);
      const bySeries = sums.get(t.series) ?? new Map<string, number>();
      sums.set(t.series, bySeries);
      bySeries.set(category, (bySeries.get(category) ?? 0) + (t.at < 0 ? 1 : number(row[t.at])));
    }
  }
  const total = (c: string) => seriesNames.reduce((s, name) => s + (sums.get(name)?.get(c) ?? 0), 0);
  const sortBy = visual.sort ?? (visual.type === 'line' ? 'category' : 'value');
  if (sortBy === 'value') categories.sort((a, b) => total(b) - total(a) || a.localeCompare(b));
  else categories.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const shown = visual.limit ? categories.slice(0, visual.limit) : categories;
  if (splitBy >= 0) seriesNames.sort((a, b) => a.localeCompare(b));
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    categories: shown,
    series: seriesNames.map((name) => ({ name, values: shown.map((c) => round(sums.get(name)?.get(c) ?? 0)) })),
    format: counting ? 'integer' : formatOf(dataset, measures[0]!.name),
  };
}

/** kpi: the measure reduced over the rows; `count` counts rows. Null when there is nothing to average. */
export function kpiValue(
  report: ReportDefinition,
  visual: VisualDefinition,
  rows: readonly CellValue[][],
): { value: number | null; format: ValueFormat } {
  const dataset = datasetOf(report, visual);
  const how: Aggregation = visual.aggregate ?? 'sum';
  if (how === 'count') return { value: rows.length, format: 'integer' };
  const [name] = list(visual.y);
  if (!name) throw new Error(`Visual "${visual.title}" needs a y column.`);
  const at = column(dataset, name, visual);
  const values = rows.map((r) => number(r[at]));
  const format = formatOf(dataset, name);
  if (values.length === 0) return { value: how === 'sum' ? 0 : null, format };
  const sum = values.reduce((s, v) => s + v, 0);
  const value =
    how === 'sum'
      ? sum
      : how === 'avg'
        ? sum / values.length
        : how === 'min'
          ? Math.min(...values)
          : Math.max(...values);
  return { value: Math.round(value * 100) / 100, format };
}

/** table: the rows listed (optionally grouped by `x` with `y` summed), formatted, sorted and limited. */
export function tableData(report: ReportDefinition, visual: VisualDefinition, rows: readonly CellValue[][]): TableData {
  const dataset = datasetOf(report, visual);
  const currency = report.currency ?? 'USD';
  const groups = list(visual.x);
  const measures = list(visual.y);
  let headers: string[];
  let cells: CellValue[][];
  if (groups.length) {
    const g = groups.map((name) => column(dataset, name, visual));
    const m = measures.map((name) => column(dataset, name, visual));
    const byKey = new Map<string, CellValue[]>();
    for (const row of rows) {
      const key = JSON.stringify(g.map((i) => row[i] ?? null));
      const entry = byKey.get(key) ?? [...g.map((i) => row[i] ?? null), ...m.map(() => 0)];
      m.forEach((i, k) => (entry[g.length + k] = number(entry[g.length + k]) + number(row[i])));
      byKey.set(key, entry);
    }
    headers = [...groups, ...measures];
    cells = [...byKey.values()].map((r) => r.map((c) => (typeof c === 'number' ? Math.round(c * 100) / 100 : c)));
  } else {
    headers = visual.columns ?? dataset.columns;
    const at = headers.map((name) => column(dataset, name, visual));
    cells = rows.map((row) => at.map((i) => row[i] ?? null));
  }
  const sortBy = visual.sort ?? 'category';
  const firstMeasure = groups.length && measures.length ? groups.length : -1;
  if (sortBy === 'value' && firstMeasure >= 0) cells.sort((a, b) => number(b[firstMeasure]) - number(a[firstMeasure]));
  else if (groups.length) cells.sort((a, b) => label(a[0]).localeCompare(label(b[0]), 'en', { numeric: true }));
  if (visual.limit) cells = cells.slice(0, visual.limit);
  const numeric = headers.map(
    (_h, i) => cells.length > 0 && cells.every((r) => r[i] === null || typeof r[i] === 'number'),
  );
  return {
    headers,
    numeric,
    rows: cells.map((r) =>
      r.map((c, i) =>
        typeof c === 'number' ? formatValue(c, formatOf(dataset, headers[i]), currency) : c === null ? '' : String(c),
      ),
    ),
  };
}

const CHART_NAMES: Record<'bar' | 'line' | 'donut', string> = {
  bar: 'Bar chart',
  line: 'Line chart',
  donut: 'Donut chart',
};

/** The accessible name of a chart: its kind, title and every value in words. */
export function chartSummary(
  type: 'bar' | 'line' | 'donut',
  title: string,
  data: SeriesData,
  currency = 'USD',
): string {
  const head = `${CHART_NAMES[type]}, ${title}`;
  if (data.categories.length === 0) return `${head}: no data.`;
  const fmt = (v: number) => formatValue(v, data.format, currency);
  if (data.series.length === 1) {
    const [only] = data.series;
    return `${head}: ${data.categories.map((c, i) => `${c} ${fmt(only!.values[i] ?? 0)}`).join('; ')}.`;
  }
  return `${head}: ${data.series.map((s) => `${s.name}: ${data.categories.map((c, i) => `${c} ${fmt(s.values[i] ?? 0)}`).join(', ')}`).join('; ')}.`;
}
