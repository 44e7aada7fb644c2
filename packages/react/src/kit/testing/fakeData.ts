/**
 * The feature data service at the network edge, for component tests and stories: a `fetch` that
 * answers `/api/data/{dataset}` (page, summary, export.csv, actions) over in-memory rows as the
 * reference server would — parsed with core's own `parseDataQuery`, so a query the server would
 * refuse fails here too — and records every request's URL.
 */
import {
  csvLine,
  csvLines,
  DATASETS,
  isDatasetId,
  parseDataQuery,
  parseSeriesQuery,
  SERIES_COUNT,
  SERIES_OTHER,
  SERIES_SPLIT_MAX,
  type DataSeries,
  type DatasetDef,
  type DataFilter,
  type DataRow,
  type DatasetId,
  type DataSort,
  type DataSummary,
  type ParsedDataQuery,
} from '@cloudportal/core';

/** How the fake service answers; read on every request, so a test may change it between requests. */
export interface FakeDataOptions {
  /** Rows per dataset. @default 250 recommendations */
  rows?: Partial<Record<DatasetId, DataRow[]>>;
  /** A status every data call answers with instead (403: unlicensed; 500: failure). */
  status?: number;
  /** Milliseconds before each answer. @default 0 */
  delayMs?: number;
  /** @default 'USD' */
  currency?: string;
  /** Count at most this many matching rows, as the server does for a broad filter over a large tenant (`totalCapped`). @default no cap */
  countCap?: number;
}

const TITLES = [
  'Resize underused virtual machine',
  'Delete unattached disk',
  'Buy reserved instance',
  'Remove unused licence',
  'Move blobs to cool tier',
  'Stop idle App Service plan',
];
const CATEGORIES = ['Cost', 'Performance', 'Security', 'Reliability'];
const IMPACTS = ['High', 'Medium', 'Low'];

/** `n` recommendations, deterministic: row `i` is `rec-{i}`, savings fall as `i` grows. */
export function recommendationRows(n: number, provider = 'azure'): DataRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `rec-${i}`,
    title: `${TITLES[i % TITLES.length]} ${i + 1}`,
    provider,
    category: CATEGORIES[i % CATEGORIES.length] ?? 'Cost',
    impact: IMPACTS[i % IMPACTS.length] ?? 'Low',
    resource: `vm-${String(i).padStart(5, '0')}`,
    monthlySavings: Math.round((5000 - i * 7.3) * 100) / 100,
    status: 'open',
    statusReason: null,
    statusBy: null,
    statusAt: null,
  }));
}

function compare(a: DataRow, b: DataRow, sort: readonly DataSort[]): number {
  for (const s of sort) {
    const x = a[s.id] ?? '';
    const y = b[s.id] ?? '';
    const c = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    if (c !== 0) return s.desc ? -c : c;
  }
  return a.id.localeCompare(b.id);
}

function passes(row: DataRow, f: DataFilter): boolean {
  const value = row[f.id];
  const text = String(value ?? '');
  const wanted = typeof f.value === 'string' ? f.value : '';
  const num = Number(wanted);
  switch (f.op) {
    case 'eq':
      return text === wanted;
    case 'ne':
      return text !== wanted;
    case 'contains':
      return text.toLowerCase().includes(wanted.toLowerCase());
    case 'in':
      return (f.value as readonly string[]).includes(text);
    case 'gte':
      return typeof value === 'number' ? value >= num : text >= wanted;
    case 'lte':
      return typeof value === 'number' ? value <= num : text <= wanted;
    case 'gt':
      return typeof value === 'number' ? value > num : text > wanted;
    case 'lt':
      return typeof value === 'number' ? value < num : text < wanted;
  }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** `POST /{id}/{verb}`: a row action sets the row's status (and the reason given). */
function rowAction(rows: DataRow[], id: string, verb: string | undefined, init: RequestInit): Response {
  const at = rows.findIndex((r) => r.id === decodeURIComponent(id));
  const current = rows[at];
  if (!current) return json({ message: 'No such row' }, 404);
  const { reason } = JSON.parse(String(init.body ?? '{}')) as { reason?: string };
  const status =
    verb === 'dismiss' ? 'dismissed' : verb === 'done' ? 'done' : verb === 'acknowledge' ? 'Acknowledged' : 'open';
  const next: DataRow = { ...current, status, statusReason: reason ?? null, statusBy: 'ada@contoso.example' };
  rows[at] = next;
  return json(next);
}

/** `/series`: the rows kept by the filters, summed (or counted) per category and per split value, the smallest split values as Other. */
function seriesAnswer(def: DatasetDef, rows: DataRow[], raw: Record<string, unknown>, currency: string): Response {
  const parsed = parseSeriesQuery(def, raw);
  if ('error' in parsed) return json({ message: parsed.error }, 400);
  const { x, y, grain, split, filters } = parsed.query;
  const key = (r: DataRow) =>
    x.type === 'date' || x.type === 'datetime'
      ? String(r[x.id] ?? '').slice(0, grain === 'month' ? 7 : 10)
      : String(r[x.id] ?? '');
  const kept = rows.filter((r) => filters.every((f) => passes(r, f)));
  const categories = [...new Set(kept.map(key))].sort();
  const totals = new Map<string, number>();
  const unsplit = y ? y.label : SERIES_COUNT;
  const amount = (r: DataRow) => (y ? Number(r[y.id]) || 0 : 1);
  for (const r of kept)
    totals.set(
      split ? String(r[split.id]) : unsplit,
      (totals.get(split ? String(r[split.id]) : unsplit) ?? 0) + amount(r),
    );
  const names = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([n]) => n);
  const named = (r: DataRow) =>
    split ? (names.indexOf(String(r[split.id])) < SERIES_SPLIT_MAX ? String(r[split.id]) : SERIES_OTHER) : unsplit;
  const seriesNames = [...new Set(names.map((n) => (names.indexOf(n) < SERIES_SPLIT_MAX ? n : SERIES_OTHER)))];
  const series = seriesNames.map((name) => ({
    name,
    values: categories.map((c) => {
      const match = kept.filter((r) => key(r) === c && named(r) === name);
      return match.length ? match.reduce((sum, r) => sum + amount(r), 0) : null;
    }),
  }));
  return json({ categories, series, currency } satisfies DataSeries);
}

/** The rows a query keeps: those passing its filters and, with a search, whose text columns contain it. */
function matchingRows(def: DatasetDef, rows: DataRow[], query: ParsedDataQuery): DataRow[] {
  const textColumns = def.columns.filter((c) => c.type === 'text').map((c) => c.id);
  return rows
    .filter((r) => query.filters.every((f) => passes(r, f)))
    .filter(
      (r) =>
        !query.q ||
        textColumns.some((c) =>
          String(r[c] ?? '')
            .toLowerCase()
            .includes(query.q.toLowerCase()),
        ),
    );
}

/** A query's answer: `/summary` (the key figures), `/export.csv`, or the page of sorted rows with the count. */
function queryAnswer(
  def: DatasetDef,
  rows: DataRow[],
  rest: string,
  raw: Record<string, unknown>,
  options: FakeDataOptions,
  currency: string,
): Response {
  const parsed = parseDataQuery(def, raw);
  if ('error' in parsed) return json({ message: parsed.error }, 400);
  const { query } = parsed;
  const matching = matchingRows(def, rows, query);
  if (rest === '/summary') {
    const kpis = def.kpis.map((k) => ({
      ...k,
      value:
        k.type === 'currency'
          ? matching.reduce((sum, r) => sum + (Number(r[k.id]) || 0), 0)
          : k.id === 'highImpact'
            ? matching.filter((r) => r.impact === 'High').length
            : matching.length,
    }));
    return json({ kpis, currency } satisfies DataSummary);
  }
  const sorted = matching.sort((a, b) => compare(a, b, query.sort));
  if (rest === '/export.csv') {
    const labels = query.columns.map((id) => def.columns.find((c) => c.id === id)?.label ?? id);
    const text = csvLine(labels) + csvLines(sorted, query.columns);
    return new Response(text, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
  }
  const capped = options.countCap !== undefined && sorted.length > options.countCap;
  return json({
    rows: sorted.slice(query.offset, query.offset + query.limit),
    total: capped ? options.countCap : sorted.length,
    ...(capped ? { totalCapped: true } : {}),
    offset: query.offset,
    limit: query.limit,
    sort: query.sort,
    currency,
  });
}

/** A fetch serving the data routes; `requests` lists every URL asked for, `pages()` the page queries. */
export function fakeDataFetch(
  options: FakeDataOptions = {},
): typeof fetch & { requests: URL[]; pages(): URLSearchParams[] } {
  const requests: URL[] = [];
  const tables = new Map<string, DataRow[]>(
    Object.entries(options.rows ?? { recommendations: recommendationRows(250) }).map(([k, v]) => [k, [...(v ?? [])]]),
  );
  const currency = options.currency ?? 'USD';

  const impl = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    requests.push(url);
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    init.signal?.throwIfAborted();
    const match = /\/api\/data\/([^/]+)(\/.*)?$/.exec(url.pathname);
    const dataset = match?.[1] ?? '';
    if (!match || !isDatasetId(dataset)) return json({ message: `Route ${url.pathname} not found` }, 404);
    if (options.status)
      return json(
        {
          message:
            options.status === 403 ? 'Your tenant is not licensed for this dataset.' : 'The data service failed.',
        },
        options.status,
      );
    const def = DATASETS[dataset];
    const rows = tables.get(dataset) ?? [];
    const rest = match[2] ?? '';
    const action = /^\/([^/]+)\/([^/]+)$/.exec(rest);
    if ((init.method ?? 'GET') === 'POST' && action) return rowAction(rows, action[1] ?? '', action[2], init);
    const raw: Record<string, unknown> = {};
    for (const key of new Set(url.searchParams.keys()))
      raw[key] = key === 'f' ? url.searchParams.getAll(key) : url.searchParams.get(key);
    if (rest === '/series') return seriesAnswer(def, rows, raw, currency);
    return queryAnswer(def, rows, rest, raw, options, currency);
  };
  return Object.assign(impl, {
    requests,
    pages: () => requests.filter((u) => /\/api\/data\/[^/]+$/.test(u.pathname)).map((u) => u.searchParams),
  });
}
