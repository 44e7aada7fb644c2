import { describe, expect, it } from 'vitest';
import type { BasicFilter } from './definition';
import { decodeBookmarkState, encodeBookmarkState, fakeAccessToken, tokenExpiry } from './state';

const north: BasicFilter = {
  target: { table: 'Sales', column: 'Region' },
  filterType: 1,
  operator: 'In',
  values: ['Nörth ✓'],
};

describe('bookmark state: an opaque string that round-trips page and filters', () => {
  it('encodes to base64url (no padding) and decodes to the same page, report and page filters', () => {
    const state = encodeBookmarkState({
      report: 'r-1',
      page: 'ReportSectionB',
      filters: [north],
      pageFilters: { ReportSectionA: [], ReportSectionB: [north] },
    });
    expect(state).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeBookmarkState(state)).toEqual({
      state: {
        v: 1,
        report: 'r-1',
        page: 'ReportSectionB',
        filters: [north],
        pageFilters: { ReportSectionA: [], ReportSectionB: [north] },
      },
    });
  });

  it.each([
    ['', 'non-empty'],
    [42, 'non-empty'],
    ['not base64!', 'not one this report captured'],
    [
      Buffer.from('{"v":2,"report":"r","page":"p","filters":[],"pageFilters":{}}').toString('base64url'),
      'unknown version',
    ],
    [Buffer.from('{"v":1,"page":"p","filters":[],"pageFilters":{}}').toString('base64url'), 'report or page'],
    [
      Buffer.from('{"v":1,"report":"r","page":"p","filters":[{"filterType":1}],"pageFilters":{}}').toString(
        'base64url',
      ),
      'filters are not valid',
    ],
  ])('refuses %j, saying why', (text, why) => {
    const result = decodeBookmarkState(text);
    expect('error' in result && result.error).toContain(why);
  });
});

describe('access token expiry', () => {
  it('reads exp of a JWT without verifying it, in ms; undefined for other tokens', () => {
    const token = fakeAccessToken({ expiresInMs: 60_000 });
    const exp = tokenExpiry(token)!;
    expect(exp).toBeGreaterThan(Date.now() + 58_000);
    expect(exp).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(tokenExpiry('opaque-token')).toBeUndefined();
    expect(tokenExpiry('a.b.c')).toBeUndefined();
  });

  it('an expired fake token is in the past', () => {
    expect(tokenExpiry(fakeAccessToken({ expiresInMs: -5_000 }))!).toBeLessThan(Date.now());
  });
});
