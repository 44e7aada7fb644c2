import { describe, expect, it } from 'vitest';
import type { AdvancedFilter, BasicFilter, DatasetDefinition, EmulatorFilter } from './definition';
import {
  describeFilter,
  filterRows,
  FiltersOperation,
  normaliseFilter,
  normaliseFilters,
  updateFilters,
} from './filters';
import { SALES_REPORT } from './fixtures';

const sales = SALES_REPORT.datasets.Sales as DatasetDefinition;
const basic = (
  column: string,
  operator: BasicFilter['operator'],
  values: BasicFilter['values'],
  table = 'Sales',
): BasicFilter => ({ target: { table, column }, filterType: 1, operator, values });
const advanced = (
  column: string,
  logicalOperator: 'And' | 'Or',
  conditions: AdvancedFilter['conditions'],
): AdvancedFilter => ({ target: { table: 'Sales', column }, filterType: 0, logicalOperator, conditions });
const regions = (rows: readonly (readonly unknown[])[]) => [...new Set(rows.map((r) => r[0]))];
const revenue = (rows: readonly (readonly unknown[])[]) => rows.reduce((s, r) => s + Number(r[3]), 0);

describe('basic filters (In, NotIn, All) on the rows of their target table', () => {
  it('given In North, then only North rows are left', () => {
    const rows = filterRows('Sales', sales, [basic('Region', 'In', ['North'])]);
    expect(regions(rows)).toEqual(['North']);
    expect(revenue(rows)).toBe(12000);
  });

  it('given NotIn North and West, then only South is left; text compares case-insensitively as in Power BI', () => {
    expect(regions(filterRows('Sales', sales, [basic('region', 'NotIn', ['north', 'WEST'])]))).toEqual(['South']);
  });

  it('given All, or a filter on another table or an unknown column, then every row is kept', () => {
    for (const f of [
      basic('Region', 'All', []),
      basic('Region', 'In', ['North'], 'Tickets'),
      basic('Nope', 'In', ['x']),
    ]) {
      expect(filterRows('Sales', sales, [f])).toHaveLength(12);
    }
  });

  it('given two filters, then a row must pass both', () => {
    const rows = filterRows('Sales', sales, [
      basic('Region', 'In', ['North', 'West']),
      basic('Product', 'In', ['Phones']),
    ]);
    expect(rows.map((r) => `${r[0]}/${r[1]}`)).toEqual(['North/Phones', 'North/Phones', 'West/Phones', 'West/Phones']);
  });

  it('numbers match numbers, also when the filter sends them as text', () => {
    expect(filterRows('Sales', sales, [basic('Units', 'In', ['10'])])).toHaveLength(3);
    expect(filterRows('Sales', sales, [basic('Units', 'In', [10])])).toHaveLength(3);
  });
});

describe('advanced filters', () => {
  it('And: 2,000 < revenue <= 4,000', () => {
    const rows = filterRows('Sales', sales, [
      advanced('Revenue', 'And', [
        { operator: 'GreaterThan', value: 2000 },
        { operator: 'LessThanOrEqual', value: 4000 },
      ]),
    ]);
    expect(rows.map((r) => r[3])).toEqual([4000, 3000, 2500, 3000]);
  });

  it('Or: region starts with N or contains "es"', () => {
    expect(
      regions(
        filterRows('Sales', sales, [
          advanced('Region', 'Or', [
            { operator: 'StartsWith', value: 'n' },
            { operator: 'Contains', value: 'ES' },
          ]),
        ]),
      ),
    ).toEqual(['North', 'West']);
  });

  it('months compare as text (ISO order), so LessThan a month keeps the earlier ones', () => {
    expect(
      new Set(
        filterRows('Sales', sales, [advanced('Month', 'And', [{ operator: 'LessThan', value: '2026-02' }])]).map(
          (r) => r[2],
        ),
      ),
    ).toEqual(new Set(['2026-01']));
  });

  it('Is, IsNot, IsBlank, IsNotBlank, DoesNotContain, DoesNotStartWith', () => {
    const data: DatasetDefinition = { columns: ['Name'], rows: [['Ada'], ['Max'], [null], ['']] };
    const names = (operator: AdvancedFilter['conditions'][number]['operator'], value?: string) =>
      filterRows('T', data, [
        {
          target: { table: 'T', column: 'Name' },
          filterType: 0,
          logicalOperator: 'And',
          conditions: [{ operator, value }],
        },
      ]).map((r) => r[0]);
    expect(names('Is', 'ada')).toEqual(['Ada']);
    expect(names('IsNot', 'Ada')).toEqual(['Max', null, '']);
    expect(names('IsBlank')).toEqual([null, '']);
    expect(names('IsNotBlank')).toEqual(['Ada', 'Max']);
    expect(names('DoesNotContain', 'a')).toEqual([null, '']);
    expect(names('DoesNotStartWith', 'M')).toEqual(['Ada', null, '']);
  });
});

describe('updateFilters (POST …/filters)', () => {
  const north = basic('Region', 'In', ['North']);
  const west = basic('Region', 'In', ['West']);
  const phones = basic('Product', 'In', ['Phones']);

  it('RemoveAll empties, ReplaceAll replaces, Add appends, Replace swaps the same target and appends the rest', () => {
    expect(updateFilters([north], FiltersOperation.RemoveAll, [])).toEqual([]);
    expect(updateFilters([north, phones], FiltersOperation.ReplaceAll, [west])).toEqual([west]);
    expect(updateFilters([north], FiltersOperation.Add, [phones])).toEqual([north, phones]);
    const units = basic('Units', 'In', [5]);
    expect(updateFilters([north, phones], FiltersOperation.Replace, [west, units])).toEqual([west, phones, units]);
  });

  it('refuses an unknown operation', () => {
    expect(() => updateFilters([], 7, [])).toThrow(RangeError);
  });
});

describe('normaliseFilter: what a host may send', () => {
  it('infers filterType from $schema or shape, as powerbi-models does', () => {
    expect(
      normaliseFilter({
        $schema: 'http://powerbi.com/product/schema#basic',
        target: { table: 'Sales', column: 'Region' },
        operator: 'In',
        values: ['North'],
      }),
    ).toMatchObject({ filter: { filterType: 1 } });
    expect(
      normaliseFilter({ target: { table: 'Sales', column: 'Revenue' }, logicalOperator: 'And', conditions: [] }),
    ).toMatchObject({ filter: { filterType: 0 } });
  });

  it('keeps other filter kinds (top N…) as they are', () => {
    const topN = {
      filterType: 5,
      operator: 'Top',
      itemCount: 3,
      target: { table: 'Sales', column: 'Product' },
      orderBy: { table: 'Sales', measure: 'Revenue' },
    };
    expect(normaliseFilter(topN)).toEqual({ filter: topN });
    expect(filterRows('Sales', sales, [topN as EmulatorFilter])).toHaveLength(12);
  });

  it.each([
    [null, 'must be an object'],
    [{ filterType: 1, operator: 'In', values: [] }, 'target'],
    [{ filterType: 1, target: { table: 'T', column: 'C' }, operator: 'Between', values: [] }, 'operator'],
    [{ filterType: 1, target: { table: 'T', column: 'C' }, operator: 'In', values: [{}] }, 'values'],
    [{ filterType: 0, target: { table: 'T', column: 'C' }, logicalOperator: 'Xor', conditions: [] }, 'logicalOperator'],
    [
      {
        filterType: 0,
        target: { table: 'T', column: 'C' },
        logicalOperator: 'And',
        conditions: [{ operator: 'Near' }],
      },
      'operator',
    ],
    [{ target: { table: 'T', column: 'C' } }, 'filterType'],
  ])('refuses %j with a message naming the problem', (raw, word) => {
    const result = normaliseFilter(raw);
    expect('error' in result && result.error).toContain(word);
  });

  it('a list is refused as a whole when one filter is bad', () => {
    expect(normaliseFilters([basic('Region', 'In', ['North']), { filterType: 1 }])).toHaveProperty('error');
    expect(normaliseFilters('nope')).toEqual({ error: 'Filters must be a list.' });
  });
});

describe('describeFilter: the filter pane in words', () => {
  it('says what each filter keeps', () => {
    expect(describeFilter(basic('Region', 'In', ['North', 'West']))).toEqual({
      field: 'Region',
      condition: 'is North or West',
    });
    expect(describeFilter(basic('Region', 'NotIn', ['South']))).toEqual({ field: 'Region', condition: 'is not South' });
    expect(describeFilter(basic('Region', 'All', []))).toEqual({ field: 'Region', condition: 'is (All)' });
    expect(
      describeFilter(advanced('Revenue', 'And', [{ operator: 'GreaterThan', value: 100 }, { operator: 'IsNotBlank' }])),
    ).toEqual({ field: 'Revenue', condition: 'is greater than 100 and is not blank' });
    expect(describeFilter({ filterType: 5, target: { table: 'Sales', column: 'Product' } }).condition).toContain(
      'not applied',
    );
  });
});
