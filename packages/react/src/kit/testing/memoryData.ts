/**
 * An in-memory feature data API, for stories and the grid benchmark: `total` recommendations served
 * in pages without a network, sorted outside React with a precomputed index per sort (as the server
 * sorts with its indexes), so what a benchmark measures is the grid's rendering, not sorting.
 */
import type { DataPage, DataQuery, DataRow, DataSummary, FeatureDataApi } from '@cloudportal/core';
import { recommendationRows } from './fakeData';

/** Options of {@link memoryDataApi}. */
export interface MemoryDataOptions {
  /** Milliseconds before each page answers. @default 0 (next microtask) */
  delayMs?: number;
}

/** The in-memory API: the feature data calls, the page queries asked, and `prepare` to build sort indexes ahead. */
export type MemoryDataApi = FeatureDataApi & { pageCalls: DataQuery[]; prepare(columns: readonly string[]): void };

/** A data API over `total` generated recommendations (or the given rows). */
export function memoryDataApi(source: number | DataRow[], options: MemoryDataOptions = {}): MemoryDataApi {
  const rows = typeof source === 'number' ? recommendationRows(source) : source;
  const indexes = new Map<string, Uint32Array>();
  const pageCalls: DataQuery[] = [];

  function order(query: DataQuery): Uint32Array | DataRow[] {
    const sort = query.sort ?? [];
    const matching = (r: DataRow) =>
      (!query.q || String(r.title).toLowerCase().includes(query.q.toLowerCase())) &&
      (query.filters ?? []).every((f) => f.op !== 'eq' || String(r[f.id]) === f.value);
    const filtered = query.q || query.filters?.some((f) => f.id !== 'provider') ? rows.filter(matching) : null;
    const key = sort.map((s) => `${s.id}:${s.desc}`).join(',');
    const compare = (a: DataRow, b: DataRow) => {
      for (const s of sort) {
        const x = a[s.id] ?? '';
        const y = b[s.id] ?? '';
        const c =
          typeof x === 'number' && typeof y === 'number'
            ? x - y
            : String(x) < String(y)
              ? -1
              : String(x) > String(y)
                ? 1
                : 0;
        if (c) return s.desc ? -c : c;
      }
      return 0;
    };
    if (filtered) return filtered.sort(compare);
    let index = indexes.get(key);
    if (!index) {
      index = Uint32Array.from(rows.keys()).sort((a, b) => compare(rows[a]!, rows[b]!) || a - b);
      indexes.set(key, index);
    }
    return index;
  }

  /** Builds every sort index a header press can ask for, before anything is timed. */
  function prepare(columns: readonly string[]) {
    for (const id of columns) for (const desc of [false, true]) order({ sort: [{ id, desc }] });
  }

  const later = <T>(value: T, signal?: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      if (!options.delayMs)
        return void queueMicrotask(() =>
          signal?.aborted ? reject(new DOMException('aborted', 'AbortError')) : resolve(value),
        );
      const timer = setTimeout(() => resolve(value), options.delayMs);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });

  const api = {
    pageCalls,
    prepare,
    page(_dataset: string, query: DataQuery = {}, signal?: AbortSignal) {
      pageCalls.push(query);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? 100;
      const sorted = order(query);
      const page: DataRow[] = [];
      for (let i = offset; i < Math.min(offset + limit, sorted.length); i++)
        page.push(sorted instanceof Uint32Array ? rows[sorted[i]!]! : sorted[i]!);
      return later<DataPage>(
        { rows: page, total: sorted.length, offset, limit, sort: [...(query.sort ?? [])], currency: 'USD' },
        signal,
      );
    },
    summary: (_dataset: string, _filters?: unknown, signal?: AbortSignal) =>
      later<DataSummary>(
        {
          kpis: [
            { id: 'open', label: 'Open recommendations', type: 'number', value: rows.length },
            {
              id: 'monthlySavings',
              label: 'Savings a month',
              type: 'currency',
              value: rows.reduce((s, r) => s + Number(r.monthlySavings), 0),
            },
            {
              id: 'highImpact',
              label: 'High impact',
              type: 'number',
              value: rows.filter((r) => r.impact === 'High').length,
            },
          ],
          currency: 'USD',
        },
        signal,
      ),
    exportCsv: async () => new Blob(['Recommendation\r\n'], { type: 'text/csv' }),
    act: async (_dataset: string, id: string, verb: string) => ({
      ...(rows.find((r) => r.id === id) ?? { id }),
      status: verb === 'restore' ? 'open' : verb === 'dismiss' ? 'dismissed' : 'done',
    }),
  };
  return api as unknown as MemoryDataApi;
}
