import { describe, expect, it } from 'vitest';
import { READ_RETRY_MAX_S, readRetryDelayMs } from './readRetry';

describe('a read asked again after a 503 (issue 39 §2)', () => {
  it('given a read and a Retry-After in seconds up to the maximum, then it waits that long', () => {
    expect(readRetryDelayMs('GET', '2')).toBe(2000);
    expect(readRetryDelayMs('head', ' 0 ')).toBe(0);
    expect(readRetryDelayMs('GET', String(READ_RETRY_MAX_S))).toBe(READ_RETRY_MAX_S * 1000);
  });

  it('given a write, no delay in seconds, or a longer one, then it is not asked again', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(readRetryDelayMs(method, '2')).toBeNull();
    expect(readRetryDelayMs('GET', null)).toBeNull();
    expect(readRetryDelayMs('GET', 'Wed, 21 Oct 2026 07:28:00 GMT')).toBeNull();
    expect(readRetryDelayMs('GET', '-1')).toBeNull();
    expect(readRetryDelayMs('GET', String(READ_RETRY_MAX_S + 1))).toBeNull();
  });
});
