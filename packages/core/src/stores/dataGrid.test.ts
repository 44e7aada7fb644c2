import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import type { FeatureDataApi } from '../api/featureData';
import type { DataPage, DataQuery, DataRow } from '../rules/featureData';
import { webStorageStrategy } from '../storage/webStorage';
import { createDataGridStore } from './dataGridById';

const TOTAL = 250;
const row = (i: number, over: Partial<DataRow> = {}): DataRow => ({
  id: `r${i}`,
  title: `Rec ${i}`,
  provider: 'azure',
  status: 'open',
  monthlySavings: 1000 - i,
  ...over,
});

/** A feature data API over `total` rows, recording each page query and answering after `delay` ms. */
function fakeApi(total = TOTAL, delay = 0) {
  const queries: DataQuery[] = [];
  const page = vi.fn((_ds: string, query: DataQuery = {}, signal?: AbortSignal) => {
    queries.push(query);
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 100;
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => row(offset + i));
    const next = offset + rows.length < total ? `after-r${offset + rows.length - 1}` : undefined;
    const answer: DataPage = {
      rows,
      total,
      offset,
      limit,
      sort: [...(query.sort ?? [])],
      currency: 'EUR',
      ...(next ? { next } : {}),
    };
    return new Promise<DataPage>((resolve, reject) => {
      const timer = setTimeout(() => resolve(answer), delay);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  });
  const api = {
    page,
    summary: vi.fn(async () => ({
      kpis: [{ id: 'open', label: 'Open recommendations', type: 'number' as const, value: 12 }],
      currency: 'EUR',
    })),
    exportCsv: vi.fn(async () => new Blob(['a,b\r\n'], { type: 'text/csv' })),
    act: vi.fn(async (_ds: string, id: string, verb: string) => ({
      ...row(Number(id.slice(1))),
      status: verb === 'dismiss' ? 'dismissed' : 'done',
    })),
  };
  return { api: api as unknown as FeatureDataApi & typeof api, queries };
}

describe('data grid store (issue 13)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given a window, then only the blocks it needs are fetched, once, with the default sort and the fixed filters', async () => {
    const { api, queries } = fakeApi();
    const store = createDataGridStore(api, 'recommendations', {
      fixedFilters: [{ id: 'provider', op: 'eq', value: 'azure' }],
    });
    expect(store.$grid.get()).toMatchObject({ status: 'loading', total: null });
    store.ensureRange(0, 30);
    store.ensureRange(0, 30);
    await vi.advanceTimersByTimeAsync(0);
    expect(queries).toEqual([
      {
        sort: [{ id: 'monthlySavings', desc: true }],
        filters: [{ id: 'provider', op: 'eq', value: 'azure' }],
        offset: 0,
        limit: 100,
      },
    ]);
    expect(store.$grid.get()).toMatchObject({ status: 'ready', total: 250, currency: 'EUR' });
    expect(store.rowAt(5)?.id).toBe('r5');
    expect(store.rowAt(150)).toBeUndefined();
    store.ensureRange(90, 210);
    await vi.advanceTimersByTimeAsync(0);
    expect(queries.map((q) => q.offset)).toEqual([0, 100, 200]);
    expect(store.rowAt(249)?.id).toBe('r249');
    store.ensureRange(240, 300);
    await vi.advanceTimersByTimeAsync(0);
    expect(queries).toHaveLength(3);
  });

  it('given a block after a loaded one, then it is asked after that block’s cursor; a jump asks by offset; a new query forgets the cursors', async () => {
    const { api, queries } = fakeApi(1000);
    const store = createDataGridStore(api, 'recommendations');
    store.ensureRange(0, 30);
    await vi.advanceTimersByTimeAsync(0);
    store.ensureRange(150, 180);
    await vi.advanceTimersByTimeAsync(0);
    store.ensureRange(650, 680);
    await vi.advanceTimersByTimeAsync(0);
    expect(queries.map((q) => [q.offset, q.after])).toEqual([
      [0, undefined],
      [100, 'after-r99'],
      [600, undefined],
    ]);
    store.toggleSort('title');
    store.ensureRange(0, 30);
    await vi.advanceTimersByTimeAsync(0);
    store.ensureRange(150, 180);
    await vi.advanceTimersByTimeAsync(0);
    expect(queries.slice(3).map((q) => [q.offset, q.after])).toEqual([
      [0, undefined],
      [100, 'after-r99'],
    ]);
  });

  it('given a header press, then the sort toggles, Shift adds a secondary key, and the cache is refetched from the top', async () => {
    const { api, queries } = fakeApi();
    const store = createDataGridStore(api, 'recommendations');
    store.ensureRange(0, 150);
    await vi.advanceTimersByTimeAsync(0);
    store.toggleSort('title');
    expect(store.$grid.get()).toMatchObject({
      sort: [{ id: 'title', desc: false }],
      status: 'loading',
      queryVersion: 1,
    });
    expect(store.rowAt(0)).toBeUndefined();
    store.toggleSort('monthlySavings', true);
    store.toggleSort('title');
    await vi.advanceTimersByTimeAsync(0);
    // Each sort change aborted the one before: only the last query's block was answered.
    expect(store.$grid.get().sort).toEqual([{ id: 'title', desc: true }]);
    expect(queries.at(-2)?.sort).toEqual([
      { id: 'title', desc: false },
      { id: 'monthlySavings', desc: true },
    ]);
    expect(queries.at(-1)).toMatchObject({ sort: [{ id: 'title', desc: true }], offset: 0 });
    expect(store.$grid.get().status).toBe('ready');
  });

  it('given typing, then the search is sent once after a 300 ms pause', async () => {
    const { api, queries } = fakeApi();
    const store = createDataGridStore(api, 'recommendations');
    store.ensureRange(0, 10);
    await vi.advanceTimersByTimeAsync(0);
    store.setSearch('vm');
    await vi.advanceTimersByTimeAsync(200);
    store.setSearch('vm s');
    expect(store.$grid.get()).toMatchObject({ search: 'vm s', q: '' });
    await vi.advanceTimersByTimeAsync(299);
    expect(queries).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queries.at(-1)).toMatchObject({ q: 'vm s', offset: 0 });
    expect(queries).toHaveLength(2);
    store.clearFilters();
    expect(store.$grid.get()).toMatchObject({ search: '', q: '' });
  });

  it('given a slow answer for an old query, then the newer query wins', async () => {
    const { api } = fakeApi(TOTAL, 50);
    const store = createDataGridStore(api, 'recommendations');
    store.ensureRange(0, 10);
    await vi.advanceTimersByTimeAsync(10);
    store.setFilter({ id: 'impact', op: 'eq', value: 'High' });
    await vi.advanceTimersByTimeAsync(100);
    expect(api.page.mock.calls[0]?.[2]?.aborted).toBe(true);
    expect(store.$grid.get()).toMatchObject({ status: 'ready', filters: [{ id: 'impact', op: 'eq', value: 'High' }] });
    store.setFilter({ id: 'impact', op: 'eq', value: '' });
    expect(store.$grid.get().filters).toEqual([]);
  });

  it('given a fast scroll far away, then blocks no longer near the window are aborted', async () => {
    const { api } = fakeApi(100_000, 50);
    const store = createDataGridStore(api, 'recommendations');
    store.ensureRange(0, 10);
    await vi.advanceTimersByTimeAsync(60);
    store.ensureRange(5000, 5030);
    store.ensureRange(90_000, 90_030);
    await vi.advanceTimersByTimeAsync(60);
    expect(api.page.mock.calls[1]?.[2]?.aborted).toBe(true);
    expect(store.rowAt(5000)).toBeUndefined();
    expect(store.rowAt(90_000)?.id).toBe('r90000');
  });

  it('given a 403, then the grid and the key figures are unlicensed; given another failure, an error that Retry clears', async () => {
    const { api } = fakeApi();
    api.page.mockRejectedValueOnce(new ApiError(403, { message: 'Not licensed' }));
    api.summary.mockRejectedValueOnce(new ApiError(403, null));
    const store = createDataGridStore(api, 'resources');
    store.ensureRange(0, 10);
    store.loadSummary();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$grid.get().status).toBe('unlicensed');
    expect(store.$summary.get().status).toBe('unlicensed');

    api.page.mockRejectedValueOnce(new ApiError(500, { message: 'Database is down' }));
    store.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$grid.get()).toMatchObject({ status: 'error', error: 'Database is down' });
    store.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$grid.get()).toMatchObject({ status: 'ready', error: null, total: 250 });
  });

  it('given a column choice, then it is kept per page in web storage and read back by the next store', () => {
    const storage = webStorageStrategy('local', null);
    const { api } = fakeApi();
    const first = createDataGridStore(api, 'recommendations', { storage, storageKey: 'recommendations-azure' });
    expect(first.$grid.get().columns).toEqual([
      'title',
      'provider',
      'category',
      'impact',
      'resource',
      'monthlySavings',
      'status',
    ]);
    first.setColumnVisible('statusReason', true);
    first.setColumnVisible('provider', false);
    expect(storage.get('grid.columns.recommendations-azure')).toEqual([
      'title',
      'category',
      'impact',
      'resource',
      'monthlySavings',
      'status',
      'statusReason',
    ]);
    const second = createDataGridStore(api, 'recommendations', { storage, storageKey: 'recommendations-azure' });
    expect(second.$grid.get().columns).toContain('statusReason');
    expect(
      createDataGridStore(api, 'recommendations', { storage, storageKey: 'recommendations-m365' }).$grid.get().columns,
    ).toContain('provider');
    second.resetColumns();
    expect(storage.get('grid.columns.recommendations-azure')).toBeUndefined();
  });

  it('given an export, then the visible columns, sort and filters are sent and the file is named by dataset and day', async () => {
    const { api } = fakeApi();
    const store = createDataGridStore(api, 'recommendations', {
      fixedFilters: [{ id: 'provider', op: 'eq', value: 'azure' }],
      now: () => new Date('2025-07-15T10:00:00Z'),
    });
    store.setColumnVisible('provider', false);
    store.setFilter({ id: 'impact', op: 'eq', value: 'High' });
    const { blob, filename } = await store.exportCsv();
    expect(filename).toBe('recommendations-2025-07-15.csv');
    expect(blob.type).toBe('text/csv');
    expect(api.exportCsv).toHaveBeenCalledWith('recommendations', {
      sort: [{ id: 'monthlySavings', desc: true }],
      filters: [
        { id: 'provider', op: 'eq', value: 'azure' },
        { id: 'impact', op: 'eq', value: 'High' },
      ],
      columns: ['title', 'category', 'impact', 'resource', 'monthlySavings', 'status'],
    });
  });

  it('given an action, then the answered row replaces the cached one; when it no longer passes the filters the rows reload', async () => {
    const { api, queries } = fakeApi();
    const store = createDataGridStore(api, 'recommendations');
    store.ensureRange(0, 10);
    await vi.advanceTimersByTimeAsync(0);
    await store.act('r3', 'done');
    expect(store.rowAt(3)?.status).toBe('done');
    expect(queries).toHaveLength(1);
    expect(api.summary).toHaveBeenCalledTimes(1);

    store.setFilter({ id: 'status', op: 'eq', value: 'open' });
    await vi.advanceTimersByTimeAsync(0);
    await store.act('r4', 'dismiss', 'Not ours');
    expect(api.act).toHaveBeenLastCalledWith('recommendations', 'r4', 'dismiss', { reason: 'Not ours' });
    expect(store.$grid.get().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(queries).toHaveLength(3);
  });
});
