/* eslint-disable no-restricted-syntax -- a malformed query's error answers the calling code's developer (the grid never sends one), so it stays English */
// spec §2 "Dynamic page"
/**
 * A feature page's query (see featureData.ts): its limits, its query-string
 * form, and its check against the dataset — what a grid sends and what the reference server accepts.
 */
import type {
  DataColumn,
  DataColumnType,
  DataFilter,
  DataFilterOp,
  DataQuery,
  DataSort,
  DatasetDef,
} from './featureDataTypes';
import { queryValue } from './queryValue';

/** Rows a page asks for unless told otherwise. */
export const DATA_PAGE_SIZE = 100;
/**
 * The most rows one call returns.
 * @internal
 */
export const DATA_PAGE_MAX = 1000;
/**
 * The answer to an `after` that is not the `next` of a page of the same sort.
 * @internal
 */
export const DATA_CURSOR_ERROR = "after must be the 'next' cursor of a page of the same dataset and sort.";
/**
 * How far the server counts the rows a filter or search matches before it answers "at least this many" ({@link DataPage.totalCapped}).
 * @internal
 */
export const DATA_COUNT_CAP = 10_000;
/**
 * How far the server counts the rows a free-text search matches. Each candidate row is checked
 * against the text (a trigram index narrows them, and one or two letters cannot use it), so a
 * search's count stops sooner than a filter's: past this many it answers "at least" too.
 * @internal
 */
export const DATA_SEARCH_COUNT_CAP = 1_000;
/**
 * The most rows one CSV export writes.
 * @internal
 */
export const DATA_EXPORT_MAX = 1_000_000;

const OPS_BY_TYPE: Record<DataColumnType, readonly DataFilterOp[]> = {
  text: ['eq', 'ne', 'contains', 'in'],
  enum: ['eq', 'ne', 'in'],
  boolean: ['eq'],
  number: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  currency: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  percent: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'],
  date: ['eq', 'lt', 'lte', 'gt', 'gte'],
  datetime: ['lt', 'lte', 'gt', 'gte'],
};

/**
 * The filter comparisons a column of `type` takes.
 * @public
 */
export function filterOpsFor(type: DataColumnType): readonly DataFilterOp[] {
  return OPS_BY_TYPE[type];
}

/**
 * The query-string form of a query: `sort=cost:desc,name:asc`, one `f=column:op:value` per filter (`in` values joined by `|`).
 * @public
 */
export type DataQueryParams = Record<string, string | number | string[] | undefined>;

/**
 * Writes a query as its query-string parameters (the inverse of {@link parseDataQuery}).
 * @public
 */
export function dataQueryParams(query: DataQuery): DataQueryParams {
  const params: DataQueryParams = {};
  if (query.offset) params.offset = query.offset;
  if (query.limit !== undefined) params.limit = query.limit;
  if (query.sort?.length) params.sort = query.sort.map((s) => `${s.id}:${s.desc ? 'desc' : 'asc'}`).join(',');
  if (query.q?.trim()) params.q = query.q.trim();
  if (query.filters?.length)
    params.f = query.filters.map((f) => `${f.id}:${f.op}:${typeof f.value === 'string' ? f.value : f.value.join('|')}`);
  if (query.columns?.length) params.columns = query.columns.join(',');
  if (query.after) params.after = query.after;
  return params;
}

/**
 * A query checked against its dataset, with defaults applied.
 * @public
 */
export interface ParsedDataQuery {
  /** Where the page starts. */
  offset: number;
  /** At most this many rows. */
  limit: number;
  /** The sort keys, in order of precedence. */
  sort: DataSort[];
  /** The search text; empty for none. */
  q: string;
  /** The column filters. */
  filters: DataFilter[];
  /** The columns a CSV export writes, in order. */
  columns: string[];
  /** The previous page's `next` cursor, unchecked here: the server decodes it against the sort. */
  after?: string;
}

/** A page cursor's form: base64url, as the server writes it. */
const CURSOR = /^[A-Za-z0-9_-]{1,2048}$/;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A day that exists: years 0001–9999 (what PostgreSQL's date takes), months 1–12, the month's days (29 February in leap years). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return year >= 1 && days !== undefined && day >= 1 && day <= days;
}

/**
 * A filter's `YYYY-MM-DD` that names a day of the calendar (bad input gets a clear error).
 * JavaScript's date parser rolls `2024-02-30` over to 1 March and takes `0000-01-01`; PostgreSQL
 * refuses both, so they are refused here, with the filter's message, before any query.
 * @public
 */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  return !!m && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * A filter's date and time (`YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]`, or a date alone) that exists: a calendar day, a time of day, an offset within ±15:59.
 * @public
 */
export function isCalendarDateTime(text: string): boolean {
  const m = DATETIME.exec(text);
  if (!m || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  const [hour, minute, second, offsetHours, offsetMinutes] = m.slice(4).map((part) => Number(part ?? 0));
  return hour! <= 23 && minute! <= 59 && second! <= 59 && offsetHours! <= 15 && offsetMinutes! <= 59;
}

function checkValue(column: DataColumn, value: string): string | null {
  switch (column.type) {
    case 'number':
    case 'currency':
    case 'percent':
      return value.trim() !== '' && Number.isFinite(Number(value))
        ? null
        : `Filter on '${column.id}' needs a number, not '${value}'.`;
    case 'date':
      return isCalendarDate(value) ? null : `Filter on '${column.id}' needs a date (YYYY-MM-DD), not '${value}'.`;
    case 'datetime':
      return isCalendarDateTime(value) ? null : `Filter on '${column.id}' needs a date and time, not '${value}'.`;
    case 'boolean':
      return value === 'true' || value === 'false'
        ? null
        : `Filter on '${column.id}' needs true or false, not '${value}'.`;
    case 'enum':
      return column.options?.includes(value)
        ? null
        : `Filter on '${column.id}' must be one of ${column.options?.join(', ')}; '${value}' is not.`;
    default:
      return null;
  }
}

/**
 * Reads a query string's parameters for `def`, or says what is wrong with them in one sentence a
 * person can act on. Unknown columns, ops a column does not take and values of the wrong type are
 * errors; nothing is silently dropped.
 * @public
 */
export function parseDataQuery(
  def: DatasetDef,
  raw: Readonly<Record<string, unknown>>,
): { query: ParsedDataQuery } | { error: string } {
  const columns = new Map(def.columns.map((c) => [c.id, c]));
  const known = ['offset', 'limit', 'sort', 'q', 'f', 'columns', 'after'];
  const unknown = Object.keys(raw).find((k) => !known.includes(k));
  if (unknown) return { error: `Unknown query parameter '${unknown}'.` };

  const offsetText = queryValue(raw.offset) ?? '0';
  const offset = Number(offsetText);
  if (!/^\d+$/.test(offsetText) || !Number.isSafeInteger(offset))
    return { error: `offset must be a whole number of 0 or more, not '${offsetText}'.` };
  const limitText = queryValue(raw.limit) ?? String(DATA_PAGE_SIZE);
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > DATA_PAGE_MAX)
    return { error: `limit must be a whole number from 1 to ${DATA_PAGE_MAX}, not '${limitText}'.` };

  const sort: DataSort[] = [];
  const sortText = queryValue(raw.sort);
  if (sortText) {
    for (const part of sortText.split(',')) {
      const [id = '', dir = 'asc', extra] = part.split(':');
      if (!columns.has(id)) return { error: `Cannot sort by '${id}': the dataset has no such column.` };
      if ((dir !== 'asc' && dir !== 'desc') || extra !== undefined)
        return { error: `Sort '${part}' must be column:asc or column:desc.` };
      if (sort.some((s) => s.id === id)) return { error: `Sort names '${id}' twice.` };
      sort.push({ id, desc: dir === 'desc' });
    }
  }

  const q = (queryValue(raw.q) ?? '').trim();
  if (q.length > 200) return { error: 'The search text is longer than 200 characters.' };

  const filters: DataFilter[] = [];
  const filterTexts = raw.f === undefined ? [] : Array.isArray(raw.f) ? raw.f.map(String) : [String(raw.f)];
  for (const text of filterTexts) {
    const first = text.indexOf(':');
    const second = text.indexOf(':', first + 1);
    if (first < 0 || second < 0) return { error: `Filter '${text}' must be column:op:value.` };
    const id = text.slice(0, first);
    const op = text.slice(first + 1, second) as DataFilterOp;
    const value = text.slice(second + 1);
    const column = columns.get(id);
    if (!column) return { error: `Cannot filter by '${id}': the dataset has no such column.` };
    if (!OPS_BY_TYPE[column.type].includes(op))
      return { error: `Filter on '${id}' cannot use '${op}'; it takes ${OPS_BY_TYPE[column.type].join(', ')}.` };
    const values = op === 'in' ? value.split('|') : [value];
    for (const v of values) {
      const wrong = checkValue(column, v);
      if (wrong) return { error: wrong };
    }
    filters.push({ id, op, value: op === 'in' ? values : value });
  }

  const columnText = queryValue(raw.columns);
  const chosen = columnText ? columnText.split(',') : def.columns.map((c) => c.id);
  const missing = chosen.find((id) => !columns.has(id));
  if (missing) return { error: `Cannot export '${missing}': the dataset has no such column.` };

  const after = queryValue(raw.after);
  if (after !== undefined && !CURSOR.test(after)) return { error: DATA_CURSOR_ERROR };

  return {
    query: {
      offset,
      limit,
      sort: sort.length ? sort : [...def.defaultSort],
      q,
      filters,
      columns: chosen,
      ...(after ? { after } : {}),
    },
  };
}
