import { describe, expect, it } from 'vitest';
import {
  blocksOf,
  formatDataCell,
  formatNumber,
  gridTotal,
  nextGridSort,
  rowActionsFor,
  rowPassesFilters,
  storedGridColumns,
} from './dataGrid';
import { DATASETS } from './featureData';

const format = { currency: 'EUR', yes: 'Yes', no: 'No', timeZone: 'UTC' };

describe('data grid rules (issue 13)', () => {
  it('sorts by one column on a press, flips it on the next, and adds a secondary key with Shift', () => {
    const cost = { id: 'cost', type: 'currency' as const };
    const name = { id: 'name', type: 'text' as const };
    expect(nextGridSort([{ id: 'cost', desc: true }], name, false)).toEqual([{ id: 'name', desc: false }]);
    expect(nextGridSort([{ id: 'name', desc: false }], name, false)).toEqual([{ id: 'name', desc: true }]);
    expect(nextGridSort([{ id: 'name', desc: false }], cost, false)).toEqual([{ id: 'cost', desc: true }]);
    expect(nextGridSort([{ id: 'name', desc: false }], cost, true)).toEqual([
      { id: 'name', desc: false },
      { id: 'cost', desc: true },
    ]);
    expect(
      nextGridSort(
        [
          { id: 'name', desc: false },
          { id: 'cost', desc: true },
        ],
        cost,
        true,
      ),
    ).toEqual([
      { id: 'name', desc: false },
      { id: 'cost', desc: false },
    ]);
    expect(
      nextGridSort(
        [
          { id: 'name', desc: false },
          { id: 'cost', desc: true },
        ],
        name,
        false,
      ),
    ).toEqual([{ id: 'name', desc: true }]);
  });

  it('lists the blocks of a window, within the total', () => {
    expect(blocksOf(0, 30, null)).toEqual([0]);
    expect(blocksOf(95, 205, 1000)).toEqual([0, 1, 2]);
    expect(blocksOf(95, 205, 150)).toEqual([0, 1]);
    expect(blocksOf(0, 30, 0)).toEqual([]);
  });

  it('reads stored columns against the dataset, in its order, falling back to the defaults', () => {
    const def = DATASETS.recommendations;
    expect(storedGridColumns(def, ['status', 'nope', 'title'])).toEqual(['title', 'status']);
    expect(storedGridColumns(def, 'junk')).toEqual([
      'title',
      'provider',
      'category',
      'impact',
      'resource',
      'monthlySavings',
      'status',
    ]);
    expect(storedGridColumns(def, ['nope'])).toHaveLength(7);
  });

  it('writes cells by type with Intl', () => {
    expect(formatDataCell(1234.5, 'currency', format)).toBe('€1,234.50');
    expect(formatDataCell(1234.5, 'currency', { ...format, currency: 'XYZ1' })).toBe('1,234.50 XYZ1');
    expect(formatDataCell(1234567, 'number', format)).toBe('1,234,567');
    expect(formatDataCell(0.125, 'percent', format)).toBe('12.5%');
    expect(formatDataCell('2025-07-01', 'date', format)).toBe('Jul 1, 2025');
    expect(formatDataCell('2025-07-01T13:05:00Z', 'datetime', format)).toBe('Jul 1, 2025, 1:05 PM');
    expect(formatDataCell(true, 'boolean', format)).toBe('Yes');
    expect(formatDataCell(false, 'boolean', format)).toBe('No');
    expect(formatDataCell(null, 'currency', format)).toBe('');
    expect(formatDataCell('Storage', 'text', format)).toBe('Storage');
  });

  it('judges a row by the equality filters on its own values', () => {
    const row = { id: 'a', status: 'dismissed', provider: 'azure' };
    expect(rowPassesFilters(row, [{ id: 'provider', op: 'eq', value: 'azure' }])).toBe(true);
    expect(rowPassesFilters(row, [{ id: 'status', op: 'eq', value: 'open' }])).toBe(false);
    expect(rowPassesFilters(row, [{ id: 'status', op: 'in', value: ['open', 'dismissed'] }])).toBe(true);
    expect(rowPassesFilters(row, [{ id: 'savings', op: 'gte', value: '5' }])).toBe(true);
  });
});

describe('row actions by status (issue 13)', () => {
  it('offers dismiss and done on an open recommendation, restore on a closed one, acknowledge on a fired alert only', () => {
    const verbs = (def: Parameters<typeof rowActionsFor>[0], status: string) =>
      rowActionsFor(def, { id: 'x', status }).map((a) => a.verb);
    expect(verbs(DATASETS.recommendations, 'open')).toEqual(['dismiss', 'done']);
    expect(verbs(DATASETS.recommendations, 'dismissed')).toEqual(['restore']);
    expect(verbs(DATASETS.alerts, 'Fired')).toEqual(['acknowledge']);
    expect(verbs(DATASETS.alerts, 'Acknowledged')).toEqual([]);
    expect(verbs(DATASETS.users, 'open')).toEqual([]);
  });
});

describe('gridTotal: the row count as blocks arrive', () => {
  it('given an exact count, then it is the count, whatever came before', () => {
    expect(gridTotal({ total: 10_101, totalCapped: true }, { total: 12_345 })).toEqual({
      total: 12_345,
      totalCapped: false,
    });
  });

  it('given "at least" counts, then the largest seen is kept: scrolling back to the first block does not shrink it', () => {
    expect(gridTotal({ total: null }, { total: 10_000, totalCapped: true })).toEqual({
      total: 10_000,
      totalCapped: true,
    });
    expect(gridTotal({ total: 10_000, totalCapped: true }, { total: 10_101, totalCapped: true })).toEqual({
      total: 10_101,
      totalCapped: true,
    });
    expect(gridTotal({ total: 10_101, totalCapped: true }, { total: 10_000, totalCapped: true })).toEqual({
      total: 10_101,
      totalCapped: true,
    });
  });

  it("given an exact count before (another query), then a capped one starts from the server's", () => {
    expect(gridTotal({ total: 50_000, totalCapped: false }, { total: 10_000, totalCapped: true })).toEqual({
      total: 10_000,
      totalCapped: true,
    });
  });
});

describe('cells in the active locale (issue 24 §2: numbers, currency, percentages and dates through Intl)', () => {
  const de = { currency: 'USD', locale: 'de', yes: 'Ja', no: 'Nein' };
  const nbsp = '\u00a0';

  it("given German, then numbers group with '.' and decimals follow ','", () => {
    expect(formatDataCell(1234.5, 'number', de)).toBe('1.234,5');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  it('given German, then percentages and amounts are written the German way, the currency after the amount', () => {
    expect(formatDataCell(0.125, 'percent', de)).toBe(`12,5${nbsp}%`);
    expect(formatDataCell(1234.5, 'currency', de)).toBe(`1.234,50${nbsp}$`);
    expect(formatDataCell(1234.5, 'currency', { ...de, currency: 'EUR' })).toBe(`1.234,50${nbsp}€`);
  });

  it('given German, then days and times are written day first, and booleans in the given words', () => {
    expect(formatDataCell('2025-07-01', 'date', de)).toBe('01.07.2025');
    expect(formatDataCell('2025-07-01T14:30:00Z', 'datetime', { ...de, timeZone: 'UTC' })).toBe('01.07.2025, 14:30');
    expect(formatDataCell(true, 'boolean', de)).toBe('Ja');
  });

  it('given the pseudo-locale, then Intl writes English numbers (en-XA has no number rules of its own)', () => {
    expect(formatDataCell(1234.5, 'currency', { ...de, locale: 'en-XA' })).toBe('$1,234.50');
  });
});
