import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDialogStore } from './dialogs';

describe('confirm() (spec §2)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given an open dialog, when the user confirms, then it resolves {result: true} and leaves the stack', async () => {
    const store = createDialogStore();
    const answer = store.confirm({ title: 'Delete view?', icon: 'question', showCancelButton: true });
    const [pending] = store.$dialogs.get();
    expect(pending?.data.title).toBe('Delete view?');
    store.settle(pending!.id, true);
    await expect(answer).resolves.toEqual({ result: true });
    expect(store.$dialogs.get()).toEqual([]);
  });

  it('given an open dialog, when the user closes it, then it resolves null', async () => {
    const store = createDialogStore();
    const answer = store.confirm({ title: 'Leave?' });
    store.settle(store.$dialogs.get()[0]!.id, false);
    await expect(answer).resolves.toBeNull();
  });

  it('given a timer, when it expires, then the dialog resolves null and closes', async () => {
    const store = createDialogStore();
    const answer = store.confirm({ title: 'Saved', timer: 2000 });
    expect(store.$dialogs.get()[0]?.deadline).toBe(Date.now() + 2000);
    vi.advanceTimersByTime(1999);
    expect(store.$dialogs.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await expect(answer).resolves.toBeNull();
    expect(store.$dialogs.get()).toEqual([]);
  });

  it('given a timer, when the user confirms first, then the timer no longer fires', async () => {
    const store = createDialogStore();
    const answer = store.confirm({ timer: 2000 });
    store.settle(store.$dialogs.get()[0]!.id, true);
    vi.advanceTimersByTime(5000);
    await expect(answer).resolves.toEqual({ result: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops an unknown icon and a meaningless timer', () => {
    const store = createDialogStore();
    void store.confirm({ icon: 'rocket' as never, timer: -1 });
    const [pending] = store.$dialogs.get();
    expect(pending?.data.icon).toBeUndefined();
    expect(pending?.deadline).toBeUndefined();
  });

  it('queues several dialogs oldest first and answers each once', async () => {
    const store = createDialogStore();
    const first = store.confirm({ title: 'one' });
    const second = store.confirm({ title: 'two' });
    expect(store.$dialogs.get().map((d) => d.data.title)).toEqual(['one', 'two']);
    const firstId = store.$dialogs.get()[0]!.id;
    store.settle(firstId, true);
    store.settle(firstId, false);
    await expect(first).resolves.toEqual({ result: true });
    expect(store.$dialogs.get().map((d) => d.data.title)).toEqual(['two']);
    store.closeAll();
    await expect(second).resolves.toBeNull();
  });
});
