import {
  CSV_FORMULA_LEADS,
  CSV_QUOTED_CHARS,
  DATA_COUNT_CAP,
  DATA_SEARCH_COUNT_CAP,
  DATASETS,
  SERIES_CATEGORIES_MAX,
  SERIES_COUNT,
  SERIES_OTHER,
  SERIES_SPLIT_MAX,
  type DataCell,
  type DataColumn,
  type DatasetId,
  type DataRow,
  type DataSeries,
  type DataSort,
  type ParsedDataQuery,
  type ParsedSeriesQuery,
} from '@cloudportal/core/rules';
import { periodOf } from '../chatbot/time';
import type { Database } from '../db/database';
import type { JumpSample, RowJumps } from './jumps';
import { DATASET_SQL, sqlType, type RollupSql, type SourceScope } from './registry';

/**
 * The feature datasets' SQL, written from the registry's fragments only: column ids are checked by
 * core's `parseDataQuery` before they get here, and every value is a `$n` parameter.
 */

/** The caller's tenant and what its rows are read with. */
export interface DataScope {
  tenantId: string;
  modules: readonly string[];
  now: Date;
}

/** A statement under construction: its text's parameters in order. */
class Statement implements SourceScope {
  readonly params: unknown[] = [];
  readonly lastPeriod: string;
  readonly currentPeriod: string;
  readonly tenantId: string;
  readonly modules: readonly string[];
  constructor(private readonly scope: DataScope) {
    this.tenantId = scope.tenantId;
    this.modules = scope.modules;
    this.lastPeriod = periodOf(scope.now, -1);
    this.currentPeriod = periodOf(scope.now, 0);
  }
  bind = (value: unknown): string => {
    this.params.push(value);
    return `$${this.params.length}`;
  };
  /**
   * For a one-off query that shares this statement's parameters: a statement with a copy of them,
   * whose own bindings leave this one's list as it is.
   */
  fork(): Statement {
    const copy = new Statement(this.scope);
    copy.params.push(...this.params);
    return copy;
  }
}

const quote = (id: string) => `"${id}"`;
/** `t."id"`: a column of the inner select, by its (registry-checked) id. */
const col = (id: string) => `t.${quote(id)}`;

/** The inner select: the row id, every column by id, and the sort keys. */
function inner(ds: DatasetId, st: Statement): string {
  const sql = DATASET_SQL[ds];
  const columns = Object.entries(sql.columns).map(([id, c]) => `${c.sql} as ${quote(id)}`);
  const sorts = Object.entries(sql.columns)
    .filter(([, c]) => c.sort)
    .map(([id, c]) => `${c.sort} as ${quote(`sort:${id}`)}`);
  const search = sql.search ? [`${sql.search.haystack} as "row:search"`] : [];
  return `select ${sql.id} as "row:id", ${[...columns, ...sorts, ...search].join(', ')} from ${sql.from(st)}`;
}

/** The inner select over the dataset's roll-up: its dimensions and sums by column id, and the row count. */
function rolledInner(rollup: RollupSql, st: Statement): string {
  const columns = [
    ...Object.entries(rollup.dimensions),
    ...Object.entries(rollup.sums),
    ...Object.entries(rollup.extras ?? {}),
  ].map(([id, sql]) => `${sql} as ${quote(id)}`);
  return `select ${[...columns, `${rollup.count} as "row:count"`].join(', ')} from ${rollup.from(st)}`;
}

/**
 * The dataset's roll-up when it can answer for these filters, search text and grouped or summed
 * columns: every filter and group on one of its dimensions, every summed column one of its sums.
 */
function rollupFor(
  ds: DatasetId,
  query: Pick<ParsedDataQuery, 'filters' | 'q'>,
  groups: readonly string[] = [],
  sums: readonly string[] = [],
): RollupSql | null {
  if (query.q) return null;
  const answers = (rollup: RollupSql) => {
    const isDimension = (id: string) => id in rollup.dimensions;
    return (
      query.filters.every((f) => isDimension(f.id)) &&
      groups.every(isDimension) &&
      sums.every((id) => id in rollup.sums)
    );
  };
  return DATASET_SQL[ds].rollups?.find(answers) ?? null;
}

/** Per database: the month each dataset and tenant was last prepared for in this process. */
const preparedFor = new WeakMap<Database, Map<string, string>>();

/**
 * Runs the dataset's `prepare` statement (registry) before a read whose month differs from the last
 * one this process prepared that dataset and tenant for: once a month in practice. The statement is
 * a no-op when another server sharing the database did it already.
 */
async function prepared(db: Database, ds: DatasetId, scope: DataScope): Promise<void> {
  const prepare = DATASET_SQL[ds].prepare;
  if (!prepare) return;
  const st = new Statement(scope);
  const key = `${ds}\u0000${st.tenantId}`;
  let done = preparedFor.get(db);
  if (done?.get(key) === st.lastPeriod) return;
  await db.query(prepare(st), st.params);
  if (!done) preparedFor.set(db, (done = new Map()));
  done.set(key, st.lastPeriod);
}

/** A column as it travels: dates as YYYY-MM-DD, date-times as ISO strings, numbers as numbers. */
function output(column: DataColumn): string {
  const c = col(column.id);
  switch (column.type) {
    case 'date':
      return `to_char(${c}, 'YYYY-MM-DD')`;
    case 'datetime':
      return `to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'number':
    case 'currency':
    case 'percent':
      return `${c}::float8`;
    default:
      return c;
  }
}

/** What joins the text columns of a dataset's `search` expression. */
const SEARCH_SEPARATOR = '\x1f';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The where clause of a query's filters and search text (`true` without any). */
function where(ds: DatasetId, query: Pick<ParsedDataQuery, 'filters' | 'q'>, st: Statement, rolled = false): string {
  const columns = new Map<string, DataColumn>(DATASETS[ds].columns.map((c) => [c.id, c]));
  const parts: string[] = [];
  for (const f of query.filters) {
    const column = columns.get(f.id)!;
    const c = col(f.id);
    const type = sqlType(column.type);
    const value = typeof f.value === 'string' ? f.value : '';
    if (DATASET_SQL[ds].columns[f.id]?.dayKeyed && !rolled) {
      // The same bound on the row key, for the index (the day comparison below stays the rule).
      const key = col(`sort:${f.id}`);
      if (f.op === 'gte' || f.op === 'eq') parts.push(`${key} >= ${dayKey(st, value, 0)}`);
      if (f.op === 'gt') parts.push(`${key} >= ${dayKey(st, value, 1)}`);
      if (f.op === 'lt') parts.push(`${key} < ${dayKey(st, value, 0)}`);
      if (f.op === 'lte' || f.op === 'eq') parts.push(`${key} < ${dayKey(st, value, 1)}`);
    }
    switch (f.op) {
      case 'eq':
        parts.push(`${c} = ${st.bind(value)}::${type}`);
        break;
      case 'ne':
        parts.push(`${c} is distinct from ${st.bind(value)}::${type}`);
        break;
      case 'lt':
        parts.push(`${c} < ${st.bind(value)}::${type}`);
        break;
      case 'lte':
        parts.push(`${c} <= ${st.bind(value)}::${type}`);
        break;
      case 'gt':
        parts.push(`${c} > ${st.bind(value)}::${type}`);
        break;
      case 'gte':
        parts.push(`${c} >= ${st.bind(value)}::${type}`);
        break;
      case 'contains':
        parts.push(`${c} ilike ${st.bind(`%${escapeLike(value)}%`)}`);
        break;
      case 'in':
        parts.push(`${c} = any(${st.bind([...(f.value as readonly string[])])}::${type}[])`);
        break;
    }
  }
  if (query.q) {
    const p = st.bind(`%${escapeLike(query.q)}%`);
    const search = DATASET_SQL[ds].search;
    if (search) {
      // The matching haystacks from their trigram index, their rows by the hash index, and the
      // ILIKE again over the row (a hash may be shared). The separator never occurs in a search
      // text, so a match lies inside one column, as with the OR below.
      // Without hashes, the haystack's own trigram index finds the rows.
      const found = search.hashes
        ? `hashtext(t."row:search") in (${search.hashes(st, p)}) and t."row:search" ilike ${p}`
        : `t."row:search" ilike ${p}`;
      parts.push(query.q.includes(SEARCH_SEPARATOR) ? 'false' : found);
    } else {
      const text = DATASETS[ds].columns.filter((c) => c.type === 'text');
      parts.push(`(${text.map((c) => `${col(c.id)} ilike ${p}`).join(' or ')})`);
    }
  }
  return parts.length ? parts.join(' and ') : 'true';
}

/** One sort key: its expression over `t`, SQL type, direction, and whether nulls occur (they sort last). */
interface SortKey {
  expr: string;
  type: string;
  desc: boolean;
  nullable: boolean;
  text: boolean;
}

function sortKeys(ds: DatasetId, sort: readonly DataSort[]): SortKey[] {
  const def = DATASETS[ds];
  const sql = DATASET_SQL[ds];
  const keys = sort.map((s): SortKey => {
    const column = def.columns.find((c) => c.id === s.id)!;
    const c = sql.columns[s.id]!;
    if (c.sort)
      return { expr: col(`sort:${s.id}`), type: c.sortType ?? 'text', desc: s.desc, nullable: false, text: false };
    const type = sqlType(column.type);
    return { expr: col(s.id), type, desc: s.desc, nullable: !!c.nullable, text: type === 'text' };
  });
  // The id breaks ties, in the first key's direction (so the primary key can serve a plain sort),
  // unless a key already sorts by the id (the FOCUS day).
  if (!sort.some((s) => sql.columns[s.id]?.sort === sql.id))
    keys.push({
      expr: 't."row:id"',
      type: sql.idType,
      desc: keys[0]?.desc ?? false,
      nullable: false,
      text: sql.idType === 'text',
    });
  return keys;
}

const collated = (k: SortKey, expr = k.expr) => (k.text ? `${expr} collate "C"` : expr);

function orderBy(keys: readonly SortKey[]): string {
  return keys.map((k) => `${collated(k)} ${k.desc ? 'desc' : 'asc'}${k.nullable ? ' nulls last' : ''}`).join(', ');
}

/** Rows strictly after `values` (the sort keys' values of the last row sent, as text) in the order of `keys`. */
function after(keys: readonly SortKey[], values: readonly (string | null)[], st: Statement): string {
  // Keys all one way and never null: one row comparison, which an index on the keys serves as a range.
  if (keys.every((k) => k.desc === keys[0]!.desc && !k.nullable) && values.every((v) => v !== null)) {
    const left = keys.map((k) => collated(k)).join(', ');
    const right = keys.map((k, i) => collated(k, `${st.bind(values[i])}::${k.type}`)).join(', ');
    return `(${left}) ${keys[0]!.desc ? '<' : '>'} (${right})`;
  }
  const ors: string[] = [];
  const equal: string[] = [];
  keys.forEach((k, i) => {
    const v = values[i] ?? null;
    // With nulls last, nothing comes after a null within this key.
    if (v !== null) {
      const p = `${st.bind(v)}::${k.type}`;
      const beyond = `${collated(k)} ${k.desc ? '<' : '>'} ${collated(k, p)}`;
      ors.push([...equal, k.nullable ? `(${beyond} or ${k.expr} is null)` : beyond].join(' and '));
      equal.push(`${collated(k)} = ${collated(k, p)}`);
    } else {
      equal.push(`${k.expr} is null`);
    }
  });
  return ors.length ? `(${ors.map((o) => `(${o})`).join(' or ')})` : 'false';
}

type RawRow = Record<string, unknown>;

function toRow(ds: DatasetId, raw: RawRow, columns: readonly string[]): DataRow {
  const row: DataRow = { id: String(raw['row:id']) };
  for (const id of columns) row[id] = (raw[id] ?? null) as DataCell;
  return row;
}

/** The tenant's currency for a dataset's money columns (USD when it has no rows). */
export async function currencyFor(db: Database, ds: DatasetId, scope: DataScope): Promise<string> {
  const st = new Statement(scope);
  const { rows } = await db.query<{ currency: string | null }>(DATASET_SQL[ds].currency(st), st.params);
  return rows[0]?.currency ?? 'USD';
}

/**
 * The number of rows that match: exact from the roll-up when it can answer, exact by counting when
 * nothing filters the rows, else counted up to {@link DATA_COUNT_CAP} — {@link DATA_SEARCH_COUNT_CAP}
 * with a search text, which each row is checked against — (`capped`: there are more), so a broad
 * filter or a short search over a large tenant never makes the count the slow part of a page.
 */
async function countRows(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: ParsedDataQuery,
): Promise<{ total: number; capped: boolean }> {
  const st = new Statement(scope);
  const rollup = rollupFor(ds, query);
  if (rollup) {
    const { rows } = await db.query<{ n: string }>(
      `select coalesce(sum(t."row:count"), 0)::bigint::text as n from (${rolledInner(rollup, st)}) t where ${where(ds, query, st, true)}`,
      st.params,
    );
    return { total: Number(rows[0]?.n ?? 0), capped: false };
  }
  const search = DATASET_SQL[ds].search;
  if (search?.count && query.q && !query.filters.length) {
    // Every row of a matching haystack matches: the terms' row counts add up to the exact count.
    if (query.q.includes(SEARCH_SEPARATOR)) return { total: 0, capped: false };
    const { rows } = await db.query<{ n: string }>(
      `select (${search.count(st, st.bind(`%${escapeLike(query.q)}%`))})::bigint::text as n`,
      st.params,
    );
    return { total: Number(rows[0]?.n ?? 0), capped: false };
  }
  const filtered = query.filters.length > 0 || !!query.q;
  const cap = query.q ? DATA_SEARCH_COUNT_CAP : DATA_COUNT_CAP;
  const limit = filtered ? ` limit ${String(cap + 1)}` : '';
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from (${inner(ds, st)}) t where ${where(ds, query, st)}${limit}) c`,
    st.params,
  );
  const n = Number(rows[0]?.n ?? 0);
  return n > cap && filtered ? { total: cap, capped: true } : { total: n, capped: false };
}

/** The first row key of `day` + `plus` days (a day-keyed column's keys: see ColumnSql.dayKeyed). */
const dayKey = (st: Statement, day: string, plus: number) =>
  `(${st.bind(day)}::date + ${plus} - date '2000-01-01')::bigint * 100000`;

/**
 * For rows sorted by a day-keyed column alone, with filters a roll-up answers: the day on which the
 * first `skip` rows end and how many rows come before that day, from the roll-up's row counts per day
 * (a few thousand rows at any tenant size). Null when the sort or the filters do not allow it.
 */
async function dayJump(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: ParsedDataQuery,
  keys: readonly SortKey[],
  skip: number,
): Promise<{ day: string; before: number } | null> {
  const sortId = query.sort.length === 1 ? query.sort[0]!.id : undefined;
  if (!sortId || keys.length !== 1 || !DATASET_SQL[ds].columns[sortId]?.dayKeyed) return null;
  const rollup = rollupFor(ds, query, [sortId]);
  if (!rollup) return null;
  const st = new Statement(scope);
  const day = col(sortId);
  const { rows } = await db.query<{ day: string; before: string }>(
    `select to_char(d.day, 'YYYY-MM-DD') as day, (d.running - d.n)::text as before from (
       select ${day} as day, sum(t."row:count") as n, sum(sum(t."row:count")) over (order by ${day} ${keys[0]!.desc ? 'desc' : 'asc'}) as running
         from (${rolledInner(rollup, st)}) t where ${where(ds, query, st, true)} group by ${day}) d
      where d.running >= ${st.bind(skip)}::bigint order by d.running limit 1`,
    st.params,
  );
  return rows[0] ? { day: rows[0].day, before: Number(rows[0].before) } : null;
}

/** The sort keys as text columns `"key:0"`, `"key:1"`, … of `t`. */
const keySelect = (keys: readonly SortKey[]) =>
  keys.map((k, i) => `(${k.expr})::text as ${quote(`key:${i}`)}`).join(', ');
const keyValues = (keys: readonly SortKey[], row: RawRow) =>
  keys.map((_k, i) => (row[`key:${i}`] ?? null) as string | null);

/** An unfiltered sort of a dataset with versioned rows: a page at any offset may jump from a sample. */
const jumpable = (ds: DatasetId, query: ParsedDataQuery, jumps?: RowJumps): jumps is RowJumps =>
  !!jumps && !!DATASET_SQL[ds].rowsTable && !query.filters.length && !query.q;

/** The sort keys of every `every`th row of the tenant's, in the order of `keys` (one walk of the sort). */
async function readSample(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  keys: readonly SortKey[],
  every: number,
): Promise<JumpSample> {
  const st = new Statement(scope);
  const names = keys.map((_k, i) => `s.${quote(`key:${i}`)}`).join(', ');
  const { rows } = await db.query<RawRow>(
    `select ${names} from (select ${keySelect(keys)}, row_number() over (order by ${orderBy(keys)}) as "row:n" from (${inner(ds, st)}) t) s
      where (s."row:n" - 1) % ${String(every)} = 0 order by s."row:n"`,
    st.params,
  );
  return rows.map((r) => keyValues(keys, r));
}

/**
 * The sort keys of the last of the first `skip` rows in the order of `keys` (null when there are
 * fewer rows), walked by their sort keys only (an index-only scan where an index serves the order):
 * from the nearest sample before it for an unfiltered sort of versioned rows (fewer entries than
 * the sample's spacing, {@link RowJumps.every}), from the start of its day for a sort by a day alone (the roll-up's
 * rows per day say on which day the skipped rows end), else from the first row.
 */
async function lastSkipped(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: ParsedDataQuery,
  keys: readonly SortKey[],
  skip: number,
  jumps?: RowJumps,
): Promise<(string | null)[] | null> {
  const st = new Statement(scope);
  const source = `select ${keySelect(keys)} from (${inner(ds, st)}) t where ${where(ds, query, st)}`;
  const every = jumps?.every ?? 0;
  const sample =
    jumpable(ds, query, jumps) && skip > every
      ? await jumps.sample(ds, scope.tenantId, orderBy(keys), () => readSample(db, ds, scope, keys, every))
      : null;
  const nearest = sample ? Math.min(Math.floor((skip - 1) / every), sample.length - 1) : 0;
  if (sample && nearest > 0) {
    // The sample's row at position nearest × every, then the rest of the way from it.
    const from = sample[nearest]!;
    const rest = skip - 1 - nearest * every;
    if (rest === 0) return [...from];
    const { rows } = await db.query<RawRow>(
      `${source} and ${after(keys, from, st)} order by ${orderBy(keys)} offset ${st.bind(rest - 1)} limit 1`,
      st.params,
    );
    return rows[0] ? keyValues(keys, rows[0]) : null;
  }
  const jump = await dayJump(db, ds, scope, query, keys, skip);
  const onDay = jump
    ? ` and ${keys[0]!.expr} >= ${dayKey(st, jump.day, 0)} and ${keys[0]!.expr} < ${dayKey(st, jump.day, 1)}`
    : '';
  const { rows } = await db.query<RawRow>(
    `${source}${onDay} order by ${orderBy(keys)} offset ${st.bind(skip - 1 - (jump?.before ?? 0))} limit 1`,
    st.params,
  );
  return rows[0] ? keyValues(keys, rows[0]) : null;
}

/**
 * `take` rows in the order of `keys` after skipping `skip`: the last skipped row's keys are found
 * without fetching any skipped row whole ({@link lastSkipped}), and the page is read after them by
 * keyset.
 */
async function readWindow(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: ParsedDataQuery,
  keys: readonly SortKey[],
  window: { skip: number; take: number; after?: readonly (string | null)[] },
  jumps?: RowJumps,
): Promise<RawRow[]> {
  const def = DATASETS[ds];
  const st = new Statement(scope);
  const source = inner(ds, st);
  const filter = where(ds, query, st);
  const { skip, take } = window;
  const keyColumns = keySelect(keys);
  let beyond = window.after ? after(keys, window.after, st) : 'true';
  if (skip > 0 && !window.after) {
    const last = await lastSkipped(db, ds, scope, query, keys, skip, jumps);
    if (!last) return [];
    beyond = after(keys, last, st);
  }
  const columns = def.columns.map((c) => `${output(c)} as ${quote(c.id)}`).join(', ');
  if (DATASET_SQL[ds].narrowFirst) {
    const ids = await db.query<{ id: string }>(
      `select t."row:id"::text as id from (${source}) t where ${filter} and ${beyond} order by ${orderBy(keys)} limit ${st.bind(take)}`,
      st.params,
    );
    if (!ids.rows.length) return [];
    const byId = new Statement(scope);
    const { rows } = await db.query<RawRow>(
      `select t."row:id"::text as "row:id", ${columns}, ${keyColumns} from (${inner(ds, byId)}) t
        where t."row:id" = any(${byId.bind(ids.rows.map((r) => r.id))}::${DATASET_SQL[ds].idType}[]) order by ${orderBy(keys)}`,
      byId.params,
    );
    return rows;
  }
  const { rows } = await db.query<RawRow>(
    `select t."row:id"::text as "row:id", ${columns}, ${keyColumns} from (${source}) t where ${filter} and ${beyond} order by ${orderBy(keys)} limit ${st.bind(take)}`,
    st.params,
  );
  return rows;
}

/** The sort a cursor belongs to, as text: a cursor is only good for the same sort. */
const sortSignature = (sort: readonly DataSort[]) => sort.map((s) => `${s.id}:${s.desc ? 'desc' : 'asc'}`).join(',');

/** A page's `next`: the sort keys of its last row and the sort they belong to, as base64url JSON. */
function cursorOf(query: ParsedDataQuery, keys: readonly SortKey[], row: RawRow): string {
  const values = keys.map((_k, i) => (row[`key:${i}`] ?? null) as string | null);
  return Buffer.from(JSON.stringify({ s: sortSignature(query.sort), k: values })).toString('base64url');
}

/** The sort keys' values of an `after` cursor; null when it is not a cursor of this query's sort. */
export function decodeCursor(query: ParsedDataQuery, ds: DatasetId, cursor: string): (string | null)[] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { s, k } = value as { s?: unknown; k?: unknown };
    const keys = sortKeys(ds, query.sort);
    if (s !== sortSignature(query.sort) || !Array.isArray(k) || k.length !== keys.length) return null;
    return k.every((v) => v === null || (typeof v === 'string' && v.length <= 512)) ? (k as (string | null)[]) : null;
  } catch {
    return null;
  }
}

/**
 * One page of a dataset's rows and the number of rows that match (`capped`: at least that many).
 * A page past the middle of an exact count is read from the other end in the reverse order, so the
 * last page costs what the first does. A capped count grows with the pages read past it (at least
 * the rows up to this page's end, and one more while the page is full), so a grid scrolling past the
 * cap always has a next row to ask for; a page that ends short of full finds the exact count.
 */
export async function readPage(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: ParsedDataQuery,
  afterKeys?: readonly (string | null)[],
  jumps?: RowJumps,
): Promise<{ rows: DataRow[]; total: number; capped: boolean; next?: string }> {
  const def = DATASETS[ds];
  await prepared(db, ds, scope);
  const { total, capped } = await countRows(db, ds, scope, query);
  const keys = sortKeys(ds, query.sort);
  const ids = def.columns.map((c) => c.id);
  const end = Math.min(total, query.offset + query.limit);
  // From the other end when that is nearer, unless a sample brings the page as near.
  const reverse =
    !afterKeys &&
    !capped &&
    query.offset > total / 2 &&
    keys.every((k) => !k.nullable) &&
    !(jumpable(ds, query, jumps) && total - end > jumps.every);
  let raw: RawRow[];
  if (reverse) {
    const flipped = keys.map((k) => ({ ...k, desc: !k.desc }));
    raw =
      end > query.offset
        ? (await readWindow(db, ds, scope, query, flipped, { skip: total - end, take: end - query.offset })).reverse()
        : [];
  } else {
    raw = await readWindow(
      db,
      ds,
      scope,
      query,
      keys,
      { skip: query.offset, take: query.limit, ...(afterKeys ? { after: afterKeys } : {}) },
      jumps,
    );
  }
  const last = raw.at(-1);
  const more = raw.length === query.limit && (capped || query.offset + raw.length < total);
  const seen = capped ? atLeast(total, query.offset, raw.length, more) : { total, capped };
  return {
    rows: raw.map((r) => toRow(ds, r, ids)),
    ...seen,
    ...(last && more ? { next: cursorOf(query, keys, last) } : {}),
  };
}

/** A capped count after a page of `read` rows at `offset`: the end found makes it exact, else at least past the page. */
function atLeast(cap: number, offset: number, read: number, more: boolean): { total: number; capped: boolean } {
  if (read > 0 && !more) return { total: offset + read, capped: false };
  return { total: Math.max(cap, offset + read + (more ? 1 : 0)), capped: true };
}

/** The dataset's KPIs over the tenant's rows that pass `filters`: from the roll-up when it can answer. */
export async function readSummary(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: Pick<ParsedDataQuery, 'filters' | 'q'>,
): Promise<Record<string, number>> {
  const sql = DATASET_SQL[ds];
  await prepared(db, ds, scope);
  const st = new Statement(scope);
  const rollup = rollupFor(ds, query);
  const source = rollup ? rolledInner(rollup, st) : inner(ds, st);
  const filter = where(ds, query, st, !!rollup);
  const kpis = DATASETS[ds].kpis.map((k) => `(${(rollup ?? sql).kpis[k.id]})::float8 as ${quote(k.id)}`).join(', ');
  const { rows } = await db.query<Record<string, number>>(
    `select ${kpis} from (${source}) t where ${filter}`,
    st.params,
  );
  return Object.fromEntries(DATASETS[ds].kpis.map((k) => [k.id, Number(rows[0]?.[k.id] ?? 0)]));
}

/** One row of the tenant's by id, as a page would show it; null when the tenant has no such row. */
export async function readRow(db: Database, ds: DatasetId, scope: DataScope, id: string): Promise<DataRow | null> {
  const def = DATASETS[ds];
  await prepared(db, ds, scope);
  const st = new Statement(scope);
  const source = inner(ds, st);
  const columns = def.columns.map((c) => `${output(c)} as ${quote(c.id)}`).join(', ');
  const { rows } = await db.query<RawRow>(
    `select t."row:id"::text as "row:id", ${columns} from (${source}) t where t."row:id"::text = ${st.bind(id)}`,
    st.params,
  );
  return rows[0]
    ? toRow(
        ds,
        rows[0],
        def.columns.map((c) => c.id),
      )
    : null;
}

/**
 * A row as `readAll` reads it: the query's columns by id, as a page's rows hold them, and the row's
 * id under `row:id` (with the batch's keyset keys beside them). Not copied into a `DataRow`.
 */
export type ExportRow = Readonly<Record<string, DataCell>> & { readonly 'row:id': string };

/** A column type whose CSV field is its value's text, never quoted nor defused. */
const CSV_PLAIN_TYPES: ReadonlySet<DataColumn['type']> = new Set([
  'number',
  'currency',
  'percent',
  'date',
  'datetime',
  'boolean',
]);

/**
 * A column's CSV field as core's `csvField` writes the value `output` gives it, as SQL over `t`
 * (`quoted`: a text column as it must be written when it may need quoting or defusing). Numbers as
 * JavaScript's `String` writes them for up to 15 significant digits, from the stored decimals
 * (a float's text would take an exponent from 1e-4 down); below 1e-6, where JavaScript writes an
 * exponent, the decimals stay — no dataset holds such a number, and a spreadsheet reads both.
 */
function csvCell(column: DataColumn, quoted: boolean): string {
  const c = col(column.id);
  switch (column.type) {
    case 'number':
    case 'currency':
    case 'percent':
      return `coalesce(trim_scale(${c}::numeric)::text, '')`;
    case 'date':
    case 'datetime':
    case 'boolean':
      return `coalesce((${output(column)})::text, '')`;
    default: {
      const v = `${c}::text`;
      if (!quoted) return `coalesce(${v}, '')`;
      // The `'` adds no character that wants quoting, so the value decides whether the field is quoted.
      const safe = `case when ${v} ~ '^[${CSV_FORMULA_LEADS}]' then '''' || ${v} else ${v} end`;
      return `case when ${v} is null then '' when ${v} ~ '[${CSV_QUOTED_CHARS}]' then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end`;
    }
  }
}

/**
 * The CSV line of a row of `t` (without its CRLF), written by the database so that an export's node
 * thread only passes text on (on PostgreSQL another process does the formatting). One test of the
 * row's text columns joined by U+001F finds the rare row whose text wants quoting or defusing; every
 * other row is its fields joined by commas, with no test per field.
 */
export function csvLineSql(columns: readonly DataColumn[]): string {
  const texts = columns.filter((c) => !CSV_PLAIN_TYPES.has(c.type));
  const plain = `concat_ws(',', ${columns.map((c) => csvCell(c, false)).join(', ')})`;
  if (!texts.length) return plain;
  const check = `concat_ws(E'\\x1f', ${texts.map((c) => `${col(c.id)}::text`).join(', ')})`;
  return `case when ${check} ~ '(^|\\x1f)[${CSV_FORMULA_LEADS}]|[${CSV_QUOTED_CHARS}]' then concat_ws(',', ${columns.map((c) => csvCell(c, true)).join(', ')}) else ${plain} end`;
}

/** Every matching row in the query's order, read by keyset in batches: see {@link readAll}. */
async function* keysetBatches<R extends RawRow>(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: ParsedDataQuery,
  select: string,
  options: { batch: number; max: number },
): AsyncGenerator<R[]> {
  const keys = sortKeys(ds, query.sort);
  await prepared(db, ds, scope);
  const read = (last: readonly (string | null)[] | null, size: number): Promise<R[]> => {
    const st = new Statement(scope);
    const source = inner(ds, st);
    const filter = where(ds, query, st);
    const beyond = last ? after(keys, last, st) : 'true';
    const limit = st.bind(size);
    const keyColumns = keys.map((k, i) => `(${k.expr})::text as ${quote(`key:${i}`)}`).join(', ');
    return db
      .query<R>(
        `select ${select}, ${keyColumns} from (${source}) t where ${filter} and ${beyond} order by ${orderBy(keys)} limit ${limit}`,
        st.params,
      )
      .then((r) => r.rows);
  };
  let sent = 0;
  let pending: Promise<R[]> | null = read(null, Math.min(options.batch, options.max));
  try {
    while (pending) {
      const rows: R[] = await pending;
      pending = null;
      sent += rows.length;
      if (rows.length === options.batch && sent < options.max) {
        const end = rows[rows.length - 1]!;
        pending = read(
          keys.map((_k, i) => (end[`key:${i}`] ?? null) as string | null),
          Math.min(options.batch, options.max - sent),
        );
      }
      if (rows.length) yield rows;
    }
  } finally {
    // A consumer that stops early (a client gone) leaves the read ahead unawaited: its failure is no one's.
    pending?.catch(() => undefined);
  }
}

/**
 * Every matching row in the query's order, in batches of `batch` read by keyset (each batch starts
 * after the last row of the one before, so deep rows cost no more than the first), at most `max`.
 * The next batch is asked for as soon as one arrives, so the database reads it while the caller
 * writes this one out (on PostgreSQL that is another process).
 */
export async function* readAll(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: ParsedDataQuery,
  options: { batch: number; max: number },
): AsyncGenerator<ExportRow[]> {
  const columns = DATASETS[ds].columns.filter((c) => query.columns.includes(c.id));
  const select = ['t."row:id"::text as "row:id"', ...columns.map((c) => `${output(c)} as ${quote(c.id)}`)].join(', ');
  yield* keysetBatches<ExportRow>(db, ds, scope, query, select, options);
}

/**
 * The CSV lines of every matching row (the query's columns in its order, each line ended by CRLF)
 * as core's `csvLines` writes the rows `readAll` reads, in its batches: one string per batch.
 */
export async function* readCsv(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: ParsedDataQuery,
  options: { batch: number; max: number },
): AsyncGenerator<string> {
  const byId = new Map<string, DataColumn>(DATASETS[ds].columns.map((c) => [c.id, c]));
  const line = csvLineSql(query.columns.map((id) => byId.get(id)!));
  for await (const rows of keysetBatches<{ 'row:csv': string }>(
    db,
    ds,
    scope,
    query,
    `${line} as "row:csv"`,
    options,
  )) {
    let out = '';
    for (const row of rows) out += `${row['row:csv']}\r\n`;
    yield out;
  }
}

/** The category or split label of a grouped (text, enum, boolean) column: null and '' read '(none)'. */
const SERIES_NONE = '(none)';

/** A column's value as a series key over `t`: a day or month (UTC) of a date, else its text. */
function seriesKey(column: DataColumn, grain: ParsedSeriesQuery['grain']): string {
  const c = col(column.id);
  const format = grain === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  if (column.type === 'date') return `to_char(${c}, '${format}')`;
  if (column.type === 'datetime') return `to_char(${c} at time zone 'UTC', '${format}')`;
  return `coalesce(nullif(${c}::text, ''), '${SERIES_NONE}')`;
}

/**
 * A chart's series (`GET {dataset}/series`), grouped in SQL: the rows that pass the filters are
 * summed per (x, split) once (sum and count of y, so a percent's average stays exact over any
 * merge), then the categories (the latest dates, or the text values by their total), the largest
 * split values and the rest as 'Other' are read from that small grouping.
 */
export async function readSeries(
  db: Database,
  ds: DatasetId,
  scope: DataScope,
  query: ParsedSeriesQuery,
): Promise<Pick<DataSeries, 'categories' | 'series'>> {
  const { x, y, split, grain } = query;
  await prepared(db, ds, scope);
  const st = new Statement(scope);
  const unsearched = { filters: query.filters, q: '' };
  const rollup = rollupFor(ds, unsearched, [x.id, ...(split ? [split.id] : [])], y ? [y.id] : []);
  const source = rollup ? rolledInner(rollup, st) : inner(ds, st);
  const filter = where(ds, unsearched, st, !!rollup);
  // Per group: the sum of y and the number of rows it sums (a roll-up row stands for "row:count" rows).
  const sums = rollup
    ? `${y ? `sum(t.${quote(y.id)})` : 'sum(t."row:count")'} as total, sum(t."row:count") as n`
    : y
      ? `sum(t.${quote(y.id)}) as total, count(t.${quote(y.id)}) as n`
      : 'count(*) as total, count(*) as n';
  const dated = x.type === 'date' || x.type === 'datetime';
  const xKey = seriesKey(x, grain);
  const sKey = split ? seriesKey(split, grain) : `''`;
  // A percent is averaged, everything else summed; money is rounded to cents.
  const agg = (g: string) => (y?.type === 'percent' ? `sum(${g}.total) / nullif(sum(${g}.n), 0)` : `sum(${g}.total)`);
  const value = y?.type === 'currency' ? `round((${agg('g')})::numeric, 2)::float8` : `(${agg('g')})::float8`;
  const categoryOrder = dated ? 'g.x desc' : `${agg('g')} desc nulls last, g.x collate "C"`;
  // Constants of the contract, not input: written into the text.
  const max = String(SERIES_CATEGORIES_MAX);
  const kept = String(SERIES_SPLIT_MAX);
  const { rows } = await db.query<{ x: string; pos: number; name: string | null; rank: number; v: number | null }>(
    `with g as (
       select ${xKey} as x, ${sKey} as s, ${sums}
         from (${source}) t where ${filter}${dated ? ` and ${col(x.id)} is not null` : ''}
        group by 1, 2
     ), cats as (
       select g.x, row_number() over (order by ${categoryOrder}) as pos from g group by g.x order by ${categoryOrder} limit ${max}
     ), kept as (
       select g.s, row_number() over (order by ${agg('g')} desc nulls last, g.s collate "C") as rank from g join cats on cats.x = g.x group by g.s
     ), b as (
       select g.*, cats.pos, case when kept.rank <= ${kept} then kept.s end as name, least(kept.rank, ${kept} + 1) as rank
         from g join cats on cats.x = g.x join kept on kept.s = g.s
     )
     select g.x, g.pos::int as pos, g.name, g.rank::int as rank, ${value} as v from b g group by g.x, g.pos, g.name, g.rank`,
    st.params,
  );
  const categories = [...new Map(rows.map((r) => [r.x, Number(r.pos)])).entries()]
    .sort((a, b) => (dated ? (a[0] < b[0] ? -1 : 1) : a[1] - b[1]))
    .map(([c]) => c);
  const index = new Map(categories.map((c, i) => [c, i]));
  const byRank = new Map<number, { name: string; values: (number | null)[] }>();
  for (const r of rows) {
    const rank = Number(r.rank);
    let series = byRank.get(rank);
    if (!series) {
      series = {
        name: !split ? (y?.label ?? SERIES_COUNT) : (r.name ?? SERIES_OTHER),
        values: categories.map(() => null),
      };
      byRank.set(rank, series);
    }
    series.values[index.get(r.x)!] = r.v === null ? null : Number(r.v);
  }
  return { categories, series: [...byRank.entries()].sort((a, b) => a[0] - b[0]).map(([, s]) => s) };
}
