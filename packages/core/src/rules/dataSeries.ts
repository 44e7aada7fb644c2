/* eslint-disable no-restricted-syntax -- a malformed series query's error answers the calling code's developer (the chart never sends one), so it stays English */
/** A feature page's chart series (see featureData.ts): the series query, its check and its answer. */
import { dataQueryParams, parseDataQuery, type DataQueryParams } from './dataQuery';
import type { DataColumn, DataColumnType, DataFilter, DatasetDef, SeriesGrain } from './featureDataTypes';
import { queryValue } from './queryValue';

/**
 * What a chart asks for (`GET /api/data/{dataset}/series`): the sum of a numeric column `y` (or,
 * without `y`, the number of rows) per `grain` of a date column `x` (or per value of a text or enum
 * column `x`), optionally split into one series per value of `split` (the largest
 * {@link SERIES_SPLIT_MAX} kept, the rest summed as 'Other'), over the rows that pass `filters`.
 * @public
 */
export interface DataSeriesQuery {
  /** The column along the chart's x axis. */
  x: string;
  /** A numeric column, summed (a percent averaged). @default the rows are counted */
  y?: string;
  /** For a date `x`. @default 'day' */
  grain?: SeriesGrain;
  /** A text or enum column: one series per value. */
  split?: string;
  /** Column filters the rows must pass. */
  filters?: readonly DataFilter[];
}

/**
 * A chart's data: categories along x and one or more named series of numbers (null: no rows).
 * @public
 */
export interface DataSeries {
  /** The x axis' categories, in order. */
  categories: string[];
  /** The series, each a value per category (null where no row falls). */
  series: { name: string; values: (number | null)[] }[];
  /** ISO 4217 code of currency values. */
  currency: string;
}

/**
 * The most series a split keeps before it sums the rest as 'Other'.
 * @internal
 */
export const SERIES_SPLIT_MAX = 8;
/**
 * The most categories a series answers (the largest, for a text x; the latest, for dates).
 * @internal
 */
export const SERIES_CATEGORIES_MAX = 400;
/**
 * The name of the series that sums the values a split left out.
 * @internal
 */
export const SERIES_OTHER = 'Other';
/**
 * The name of an unsplit series that counts rows (a query without `y`).
 * @internal
 */
export const SERIES_COUNT = 'Count';

/**
 * The query-string form of a series query (the inverse of {@link parseSeriesQuery}).
 * @public
 */
export function seriesQueryParams(query: DataSeriesQuery): DataQueryParams {
  return {
    x: query.x,
    y: query.y,
    grain: query.grain,
    split: query.split,
    ...dataQueryParams({ filters: query.filters }),
  };
}

/**
 * A series query checked against its dataset, with defaults applied.
 * @public
 */
export interface ParsedSeriesQuery {
  /** The x column. */
  x: DataColumn;
  /** null: the rows are counted. */
  y: DataColumn | null;
  /** The grain of a date `x`. */
  grain: SeriesGrain;
  /** The split column, or null for one series. */
  split: DataColumn | null;
  /** The filters, checked against the dataset's columns. */
  filters: DataFilter[];
}

const NUMERIC: readonly DataColumnType[] = ['number', 'currency', 'percent'];
const GROUPABLE: readonly DataColumnType[] = ['text', 'enum', 'boolean'];

/**
 * Reads a series query's parameters for `def`, or says what is wrong with them.
 * @public
 */
export function parseSeriesQuery(
  def: DatasetDef,
  raw: Readonly<Record<string, unknown>>,
): { query: ParsedSeriesQuery } | { error: string } {
  const unknown = Object.keys(raw).find((k) => !['x', 'y', 'grain', 'split', 'f'].includes(k));
  if (unknown) return { error: `Unknown query parameter '${unknown}'.` };
  const column = (name: string) => def.columns.find((c) => c.id === queryValue(raw[name]));
  const x = column('x');
  if (!x || !(x.type === 'date' || x.type === 'datetime' || GROUPABLE.includes(x.type)))
    return { error: `x must be a date, text or enum column of the dataset, not '${queryValue(raw.x) ?? ''}'.` };
  const y = raw.y === undefined ? null : (column('y') ?? null);
  if (raw.y !== undefined && (!y || !NUMERIC.includes(y.type)))
    return { error: `y must be a numeric column of the dataset, not '${queryValue(raw.y) ?? ''}'.` };
  const grain = (queryValue(raw.grain) ?? 'day') as SeriesGrain;
  if (grain !== 'day' && grain !== 'month') return { error: `grain must be day or month, not '${grain}'.` };
  let split: DataColumn | null = null;
  if (raw.split !== undefined) {
    split = column('split') ?? null;
    if (!split || !GROUPABLE.includes(split.type))
      return { error: `split must be a text or enum column of the dataset, not '${queryValue(raw.split) ?? ''}'.` };
  }
  const filters = parseDataQuery(def, raw.f === undefined ? {} : { f: raw.f });
  if ('error' in filters) return filters;
  return { query: { x, y, grain, split, filters: filters.query.filters } };
}
