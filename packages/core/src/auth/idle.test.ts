import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CrossTabChannel, CrossTabMessage } from './crossTab';
import { createIdleWatcher } from './idle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;

function watcher(extra: Partial<Parameters<typeof createIdleWatcher>[0]> = {}) {
  const onTimeout = vi.fn();
  const w = createIdleWatcher({ uiSessionTimeout: 2, onTimeout, ...extra });
  w.start();
  return { w, onTimeout };
}

describe('idle session (spec §4, §9)', () => {
  it('given uiSessionTimeout 2 minutes without activity, then the warning appears at 2 minutes with 30 s left', async () => {
    const { w } = watcher();
    await vi.advanceTimersByTimeAsync(2 * MINUTE - 1);
    expect(w.$idle.get().phase).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(w.$idle.get()).toEqual({ phase: 'warning', secondsLeft: 30 });
    w.dispose();
  });

  it('the countdown is visible second by second and at 30 s the user is logged out', async () => {
    const { w, onTimeout } = watcher();
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(w.$idle.get().secondsLeft).toBe(20);
    expect(onTimeout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(w.$idle.get().phase).toBe('timed-out');
    expect(onTimeout).toHaveBeenCalledTimes(1);
    w.dispose();
  });

  it('activity resets the idle timer', async () => {
    const { w } = watcher();
    await vi.advanceTimersByTimeAsync(MINUTE + 30_000);
    w.activity();
    await vi.advanceTimersByTimeAsync(MINUTE + 30_000);
    expect(w.$idle.get().phase).toBe('active');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(w.$idle.get().phase).toBe('warning');
    w.dispose();
  });

  it('activity is throttled to once per 500 ms (tells the other tabs at most that often)', async () => {
    const posted: CrossTabMessage[] = [];
    const channel: CrossTabChannel = { post: (m) => posted.push(m), subscribe: () => () => {}, close() {} };
    const { w } = watcher({ channel });
    w.activity();
    await vi.advanceTimersByTimeAsync(499);
    w.activity();
    expect(posted).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    w.activity();
    expect(posted).toHaveLength(2);
    w.dispose();
  });

  it('while the warning shows, activity resets the timer (spec §4 "Activity resets the timer"), as "stay signed in" does', async () => {
    const { w, onTimeout } = watcher();
    await vi.advanceTimersByTimeAsync(2 * MINUTE + 10_000);
    expect(w.$idle.get()).toEqual({ phase: 'warning', secondsLeft: 20 });
    w.activity();
    expect(w.$idle.get()).toEqual({ phase: 'active', secondsLeft: 0 });
    await vi.advanceTimersByTimeAsync(2 * MINUTE - 1);
    expect(w.$idle.get().phase).toBe('active');
    await vi.advanceTimersByTimeAsync(1);
    expect(w.$idle.get().phase).toBe('warning');
    w.stayActive();
    expect(w.$idle.get()).toEqual({ phase: 'active', secondsLeft: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    w.dispose();
  });

  it('activity in another tab resets this tab, warning included', async () => {
    let deliver: (m: CrossTabMessage) => void = () => {};
    const channel: CrossTabChannel = { post() {}, subscribe: (l) => ((deliver = l), () => {}), close() {} };
    const { w } = watcher({ channel });
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(w.$idle.get().phase).toBe('warning');
    deliver({ type: 'activity', at: Date.now() });
    expect(w.$idle.get().phase).toBe('active');
    w.dispose();
  });

  it('pings the keepalive every 15 minutes by default, and every 15 seconds when the unit is seconds', async () => {
    const keepalive = vi.fn(async () => undefined);
    const { w } = watcher({ uiSessionTimeout: 60, keepalive });
    await vi.advanceTimersByTimeAsync(15 * MINUTE);
    expect(keepalive).toHaveBeenCalledTimes(1);
    w.dispose();
    const fast = vi.fn(async () => undefined);
    const second = watcher({ uiSessionTimeout: 60, keepalive: fast, keepaliveUnit: 'seconds' });
    await vi.advanceTimersByTimeAsync(45_000);
    expect(fast).toHaveBeenCalledTimes(3);
    second.w.dispose();
  });

  it('a failing keepalive is ignored', async () => {
    const keepalive = vi.fn(() => Promise.reject(new Error('offline')));
    const { w } = watcher({ uiSessionTimeout: 60, keepalive, keepaliveUnit: 'seconds' });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(keepalive).toHaveBeenCalledTimes(1);
    expect(w.$idle.get().phase).toBe('active');
    w.dispose();
  });

  it('stop ends every timer', async () => {
    const { w, onTimeout } = watcher();
    w.stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(w.$idle.get().phase).toBe('stopped');
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
