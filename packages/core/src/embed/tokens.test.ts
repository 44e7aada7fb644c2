import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedTokenRefresh } from '../api/reports';
import { keepEmbedTokenFresh, refreshEmbedTokenOnce } from './tokens';

const T0 = Date.parse('2026-11-24T10:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('embed token lifecycle', () => {
  it('given a token expiring in 10 minutes, then 30 s before expiry a fresh one is fetched and set in place, and the next is scheduled from it', async () => {
    const refresh = vi.fn(async (): Promise<EmbedTokenRefresh> => ({
      token: `t${refresh.mock.calls.length}`,
      expiration: iso(Date.now() + 600_000),
    }));
    const setAccessToken = vi.fn(async () => {});
    const onRefreshed = vi.fn();
    const stop = keepEmbedTokenFresh({
      tokenUrl: '/api/report/embed/token/report/r1/refresh',
      expiration: iso(T0 + 600_000),
      refresh,
      setAccessToken,
      onRefreshed,
    });
    await vi.advanceTimersByTimeAsync(569_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledWith('/api/report/embed/token/report/r1/refresh');
    expect(setAccessToken).toHaveBeenCalledWith('t1');
    expect(onRefreshed).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(570_000);
    expect(setAccessToken).toHaveBeenLastCalledWith('t2');
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('given a failing refresh, then it is retried once at half the time left, then reported', async () => {
    const refresh = vi.fn(async (): Promise<EmbedTokenRefresh> => {
      throw new Error('503');
    });
    const onFailed = vi.fn();
    keepEmbedTokenFresh({ tokenUrl: '/t', expiration: iso(T0 + 60_000), refresh, setAccessToken: vi.fn(), onFailed });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onFailed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('given an expired or unreadable expiry, then nothing is scheduled', async () => {
    const refresh = vi.fn();
    keepEmbedTokenFresh({ tokenUrl: '/t', expiration: iso(T0 - 1), refresh, setAccessToken: vi.fn() });
    keepEmbedTokenFresh({ tokenUrl: '/t', expiration: null, refresh, setAccessToken: vi.fn() });
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('given two views of the same report refreshing together, then one request serves both (single flight)', async () => {
    let answer!: (r: EmbedTokenRefresh) => void;
    const refresh = vi.fn(() => new Promise<EmbedTokenRefresh>((resolve) => (answer = resolve)));
    const a = refreshEmbedTokenOnce('/same', refresh);
    const b = refreshEmbedTokenOnce('/same', refresh);
    answer({ token: 'shared', expiration: iso(T0 + 600_000) });
    expect(await a).toEqual(await b);
    expect(refresh).toHaveBeenCalledTimes(1);
    // Once settled, the next refresh asks again.
    void refreshEmbedTokenOnce('/same', refresh);
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
