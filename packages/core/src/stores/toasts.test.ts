import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toasts';

describe('toast() (spec §8–9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given a toast, when 3000 ms pass, then it is gone', () => {
    const store = createToastStore();
    store.toast({ title: 'Permission not granted', kind: 'error' });
    expect(store.$toasts.get()).toEqual([expect.objectContaining({ title: 'Permission not granted', kind: 'error' })]);
    vi.advanceTimersByTime(2999);
    expect(store.$toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.$toasts.get()).toEqual([]);
  });

  it('stacks several toasts, each on its own clock', () => {
    const store = createToastStore();
    store.toast({ title: 'one' });
    vi.advanceTimersByTime(1000);
    store.toast({ title: 'two', text: 'second' });
    expect(store.$toasts.get().map((t) => t.title)).toEqual(['one', 'two']);
    vi.advanceTimersByTime(2000);
    expect(store.$toasts.get().map((t) => t.title)).toEqual(['two']);
    vi.advanceTimersByTime(1000);
    expect(store.$toasts.get()).toEqual([]);
  });

  it('dismisses a toast early and cancels its timer', () => {
    const store = createToastStore();
    const id = store.toast({ text: 'View Saved', kind: 'success' });
    store.dismiss(id);
    expect(store.$toasts.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('defaults the kind to info and ignores a toast with nothing to say', () => {
    const store = createToastStore();
    expect(store.toast({ title: '  ' })).toBe(-1);
    store.toast({ title: 'Hello' });
    expect(store.$toasts.get()[0]?.kind).toBe('info');
  });

  it('clears every toast', () => {
    const store = createToastStore(500);
    store.toast({ title: 'a' });
    store.toast({ title: 'b' });
    store.clear();
    expect(store.$toasts.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
