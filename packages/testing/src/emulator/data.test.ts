import { describe, expect, it } from 'vitest';
import type { BasicFilter, VisualDefinition } from '../definition';
import { SALES_REPORT, TICKETS_REPORT } from '../fixtures';
import { chartSummary, formatValue, kpiValue, seriesData, setFormatLocale, tableData, visualRows } from './data';

const visual = (v: Partial<VisualDefinition>): VisualDefinition => ({
  type: 'bar',
  title: 'T',
  dataset: 'Sales',
  ...v,
});
const rowsOf = (v: VisualDefinition, filters: BasicFilter[] = []) => visualRows(SALES_REPORT, v, filters);
const inRegion = (...values: string[]): BasicFilter => ({
  target: { table: 'Sales', column: 'Region' },
  filterType: 1,
  operator: 'In',
  values,
});

describe('what the visuals show', () => {
  it('a bar sums its measure per category, largest first, and a filter changes it', () => {
    const bar = visual({ x: 'Region', y: 'Revenue' });
    expect(seriesData(SALES_REPORT, bar, rowsOf(bar))).toEqual({
      categories: ['West', 'North', 'South'],
      series: [{ name: 'Revenue', values: [15000, 12000, 9000] }],
      format: 'currency',
    });
    expect(seriesData(SALES_REPORT, bar, rowsOf(bar, [inRegion('South')])).categories).toEqual(['South']);
  });

  it('a line is ordered by category and split into one series per value of `series`', () => {
    const line = visual({ type: 'line', x: 'Month', y: 'Revenue', series: 'Region' });
    const data = seriesData(SALES_REPORT, line, rowsOf(line));
    expect(data.categories).toEqual(['2026-01', '2026-02']);
    expect(data.series).toEqual([
      { name: 'North', values: [5000, 7000] },
      { name: 'South', values: [3500, 5500] },
      { name: 'West', values: [7000, 8000] },
    ]);
  });

  it('`aggregate: count` counts rows per category; visual filters apply before the others', () => {
    const page = TICKETS_REPORT.pages[0]!;
    const bar = page.visuals.find((v) => v.type === 'bar')!;
    const rows = visualRows(TICKETS_REPORT, bar, page.filters ?? []);
    expect(seriesData(TICKETS_REPORT, bar, rows)).toMatchObject({
      categories: ['High', 'Low', 'Medium'],
      series: [{ name: 'Count', values: [2, 1, 1] }],
      format: 'integer',
    });
  });

  it('a KPI sums, counts or averages', () => {
    expect(kpiValue(SALES_REPORT, visual({ type: 'kpi', y: 'Revenue' }), rowsOf(visual({})))).toEqual({
      value: 36000,
      format: 'currency',
    });
    expect(
      kpiValue(SALES_REPORT, visual({ type: 'kpi', aggregate: 'count' }), rowsOf(visual({}), [inRegion('North')])),
    ).toEqual({ value: 4, format: 'integer' });
    expect(
      kpiValue(
        SALES_REPORT,
        visual({ type: 'kpi', y: 'Units', aggregate: 'avg' }),
        rowsOf(visual({}), [inRegion('West')]),
      ),
    ).toEqual({ value: 10.5, format: 'integer' });
    expect(kpiValue(SALES_REPORT, visual({ type: 'kpi', y: 'Units', aggregate: 'avg' }), [])).toEqual({
      value: null,
      format: 'integer',
    });
  });

  it('a grouped table sums its measures per group and formats them', () => {
    const table = visual({ type: 'table', x: ['Region'], y: ['Revenue', 'Units'], sort: 'value' });
    expect(tableData(SALES_REPORT, table, rowsOf(table))).toEqual({
      headers: ['Region', 'Revenue', 'Units'],
      numeric: [false, true, true],
      rows: [
        ['West', '$15,000.00', '42'],
        ['North', '$12,000.00', '33'],
        ['South', '$9,000.00', '30'],
      ],
    });
  });

  it('a plain table lists the chosen columns of the filtered rows, up to its limit', () => {
    const table = visual({ type: 'table', columns: ['Product', 'Revenue'], limit: 2 });
    expect(tableData(SALES_REPORT, table, rowsOf(table, [inRegion('South')])).rows).toEqual([
      ['Laptops', '$2,000.00'],
      ['Phones', '$1,500.00'],
    ]);
  });

  it('a definition naming a missing column or dataset is a readable error', () => {
    expect(() => seriesData(SALES_REPORT, visual({ x: 'Colour', y: 'Revenue' }), [])).toThrow('names column "Colour"');
    expect(() => visualRows(SALES_REPORT, visual({ dataset: 'Nope' }), [])).toThrow('reads dataset "Nope"');
  });

  it('a chart says all its values in its accessible name', () => {
    const bar = visual({ x: 'Region', y: 'Revenue', title: 'Revenue by region' });
    expect(chartSummary('bar', 'Revenue by region', seriesData(SALES_REPORT, bar, rowsOf(bar)))).toBe(
      'Bar chart, Revenue by region: West $15,000.00; North $12,000.00; South $9,000.00.',
    );
    expect(chartSummary('donut', 'Empty', { categories: [], series: [], format: 'number' })).toBe(
      'Donut chart, Empty: no data.',
    );
    expect(formatValue(71.25, 'percent')).toBe('71.3%');
  });

  it("given the embedding's formatLocale, then numbers are written in it; none or a malformed one is US English", () => {
    try {
      setFormatLocale('de');
      expect(formatValue(1234.5, 'currency')).toBe('1.234,50\u00a0$');
      expect(formatValue(71.25, 'percent')).toBe('71,3\u00a0%');
      setFormatLocale('not a locale');
      expect(formatValue(1234.5, 'currency')).toBe('$1,234.50');
    } finally {
      setFormatLocale(undefined);
    }
  });
});
