import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../api/portal';
import { createSearchStore } from './search';

const result = (name: string): SearchResult => ({
  name,
  tabName: null,
  path: `Billing / ${name}`,
  displayName: name,
  description: '',
  tags: [],
});

describe('search (spec §5 "Search", §8 "Search")', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given typed text, then nothing is asked until a 1000 ms pause; each key restarts the pause', async () => {
    const search = vi.fn(async (text: string) => [result(text)]);
    const store = createSearchStore({ search, personas: () => [] });
    store.setText('bud');
    await vi.advanceTimersByTimeAsync(999);
    store.setText('budgets');
    expect(store.$search.get().status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(999);
    expect(search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('budgets', { personas: [] });
    expect(store.$search.get()).toMatchObject({
      text: 'budgets',
      status: 'done',
      results: [result('budgets')],
      page: 0,
    });
  });

  it('given empty or blank text, then no search is made and the dialog is idle', async () => {
    const search = vi.fn(async () => [result('x')]);
    const store = createSearchStore({ search, personas: () => [] });
    store.setText('   ');
    await vi.advanceTimersByTimeAsync(2000);
    expect(search).not.toHaveBeenCalled();
    expect(store.$search.get()).toMatchObject({ status: 'idle', results: [] });
  });

  it('given text over 100 characters, then no search is sent and, after the pause, the list is empty in the not-found state (spec §8)', async () => {
    const search = vi.fn(async () => [result('x')]);
    const store = createSearchStore({ search, personas: () => [] });
    store.setText('x'.repeat(101));
    expect(store.$search.get().status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(search).not.toHaveBeenCalled();
    expect(store.$search.get()).toMatchObject({ text: 'x'.repeat(101), status: 'done', results: [] });
  });

  it('given a slow answer for an older text, then the newer answer wins', async () => {
    let releaseOld!: (r: SearchResult[]) => void;
    const search = vi.fn((text: string) =>
      text === 'old'
        ? new Promise<SearchResult[]>((resolve) => (releaseOld = resolve))
        : Promise.resolve([result(text)]),
    );
    const store = createSearchStore({ search, personas: () => [] });
    store.setText('old');
    await vi.advanceTimersByTimeAsync(1000);
    store.setText('new');
    await vi.advanceTimersByTimeAsync(1000);
    releaseOld([result('old')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$search.get()).toMatchObject({ text: 'new', results: [result('new')] });
  });

  it('given a failing search, then the list is empty and the state is done (not found)', async () => {
    const store = createSearchStore({ search: () => Promise.reject(new Error('502')), personas: () => [] });
    store.setText('budgets');
    await vi.advanceTimersByTimeAsync(1000);
    expect(store.$search.get()).toMatchObject({ status: 'done', results: [] });
  });

  it('given selected personas, then the search is scoped to them', async () => {
    const search = vi.fn(async () => []);
    const store = createSearchStore({ search, personas: () => ['finance'] });
    store.setText('cost');
    await vi.advanceTimersByTimeAsync(1000);
    expect(search).toHaveBeenCalledWith('cost', { personas: ['finance'] });
  });

  it('given 23 results, then the page moves within the three pages; clear forgets everything', async () => {
    const store = createSearchStore({
      search: async () => Array.from({ length: 23 }, (_, i) => result(`p${i}`)),
      personas: () => [],
    });
    store.setText('p');
    await vi.advanceTimersByTimeAsync(1000);
    store.setPage(2);
    expect(store.$search.get().page).toBe(2);
    store.setPage(7);
    expect(store.$search.get().page).toBe(2);
    store.clear();
    expect(store.$search.get()).toMatchObject({ text: '', status: 'idle', results: [], page: 0 });
  });

  it('given results on show, when they are refreshed (the locale changed), then the same text is asked again at once and the page is kept', async () => {
    let calls = 0;
    const search = vi.fn(async () => Array.from({ length: 23 }, (_, i) => result(`p${i} ${calls}`)));
    const store = createSearchStore({ search, personas: () => [] });
    store.refresh();
    expect(search).not.toHaveBeenCalled();
    store.setText('p');
    await vi.advanceTimersByTimeAsync(1000);
    store.setPage(1);
    calls++;
    store.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(search).toHaveBeenCalledTimes(2);
    expect(store.$search.get()).toMatchObject({ text: 'p', status: 'done', page: 1 });
    expect(store.$search.get().results[0]?.name).toBe('p0 1');
  });
});
