import { describe, expect, it } from 'vitest';
import { chartEn } from '../i18n/chartMessages';
import { createTranslator } from '../i18n/messages';
import {
  chartCategoriesAreDates,
  chartStackTotals,
  chartSummary,
  formatChartAxisValue,
  formatChartCategory,
  formatChartValue,
  type ChartData,
} from './chartSummary';

const t = createTranslator(chartEn);
const base = { title: 'Daily cost', valueType: 'currency', currency: 'USD' } as const;

describe('chart rules (issue 13)', () => {
  it('writes days, months and labels as categories, without shifting days across zones', () => {
    expect(formatChartCategory('2025-07-01')).toBe('Jul 1, 2025');
    expect(formatChartCategory('2025-07-01', 'en-US', true)).toBe('Jul 1');
    expect(formatChartCategory('2026-06')).toBe('Jun 2026');
    expect(formatChartCategory('2026-06', 'en-US', true)).toBe('Jun 26');
    expect(formatChartCategory('Compute')).toBe('Compute');
    expect(chartCategoriesAreDates(['2025-07-01', '2025-08'])).toBe(true);
    expect(chartCategoriesAreDates(['2025-07-01', 'Storage'])).toBe(false);
    expect(chartCategoriesAreDates([])).toBe(false);
  });

  it('writes values by type, and short on the axis', () => {
    expect(formatChartValue(1234.5, 'currency', 'USD')).toBe('$1,234.50');
    expect(formatChartValue(0.125, 'percent', 'USD')).toBe('12.5%');
    expect(formatChartValue(1234567, 'number', 'USD')).toBe('1,234,567');
    expect(formatChartValue(null, 'number', 'USD')).toBe('');
    expect(formatChartAxisValue(1234, 'currency', 'USD')).toBe('$1.2K');
    expect(formatChartAxisValue(3_400_000, 'number', 'USD')).toBe('3.4M');
    expect(formatChartAxisValue(0.45, 'percent', 'USD')).toBe('45%');
  });

  it('says the range, the highest and lowest values with their day, and the total of one series', () => {
    const data: ChartData = {
      ...base,
      kind: 'line',
      categories: ['2025-07-01', '2025-07-02', '2025-07-03', '2025-07-04'],
      series: [{ name: 'Cost', values: [100, 1234, null, 50.5] }],
    };
    expect(chartSummary(data, t)).toBe(
      'Daily cost from Jul 1, 2025 to Jul 4, 2025: highest $1,234.00 on Jul 2, 2025, lowest $50.50 on Jul 4, 2025, total $1,384.50.',
    );
  });

  it('averages percent instead of adding it up, unless told otherwise', () => {
    const data: ChartData = {
      ...base,
      title: 'Utilisation',
      valueType: 'percent',
      kind: 'bar',
      categories: ['2026-01', '2026-02'],
      series: [{ name: 'CPU', values: [0.2, 0.4] }],
    };
    expect(chartSummary(data, t)).toBe(
      'Utilisation from Jan 2026 to Feb 2026: highest 40% on Feb 2026, lowest 20% on Jan 2026, average 30%.',
    );
    expect(chartSummary({ ...data, aggregate: 'none' }, t)).toBe(
      'Utilisation from Jan 2026 to Feb 2026: highest 40% on Feb 2026, lowest 20% on Jan 2026.',
    );
  });

  it('gives each series, and the combined stack of a stacked chart', () => {
    const data: ChartData = {
      ...base,
      title: 'Cost by service',
      kind: 'stackedBar',
      categories: ['2026-01', '2026-02'],
      series: [
        { name: 'Compute', values: [10, 30] },
        { name: 'Storage', values: [5, 1] },
      ],
    };
    expect(chartSummary(data, t)).toBe(
      'Cost by service from Jan 2026 to Feb 2026: Compute: highest $30.00 on Feb 2026, lowest $10.00 on Jan 2026, total $40.00; Storage: highest $5.00 on Jan 2026, lowest $1.00 on Feb 2026, total $6.00; Combined: highest $31.00 on Feb 2026, lowest $15.00 on Jan 2026, total $46.00.',
    );
    expect(chartStackTotals(data.series, 3)).toEqual([15, 31, null]);
  });

  it('gives a donut’s total and its largest slices with their shares, largest first', () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const data: ChartData = {
      ...base,
      title: 'Cost by region',
      kind: 'donut',
      categories: names,
      series: [{ name: 'Cost', values: [10, 40, 0, 20, 5, 5, 10, 10] }],
    };
    expect(chartSummary(data, t)).toBe(
      'Cost by region: total $100.00. B $40.00 (40%), D $20.00 (20%), A $10.00 (10%), G $10.00 (10%), H $10.00 (10%), E $5.00 (5%), and 1 more.',
    );
  });

  it('names the marked points and how often the values pass the target', () => {
    const data: ChartData = {
      ...base,
      kind: 'line',
      categories: ['2026-03-01', '2026-03-02', '2026-03-03'],
      series: [{ name: 'Cost', values: [90, 150, 120] }],
      markers: [
        { index: 1, label: 'Spike' },
        { index: 9, label: 'Out of range' },
      ],
      markersLabel: 'Anomalies',
      target: { value: 100, label: 'Daily budget' },
    };
    expect(chartSummary(data, t)).toBe(
      'Daily cost from Mar 1, 2026 to Mar 3, 2026: highest $150.00 on Mar 2, 2026, lowest $90.00 on Mar 1, 2026, total $360.00. Anomalies: Spike on Mar 2, 2026. Daily budget $100.00: exceeded at 2 of 3 points, first on Mar 2, 2026.',
    );
    expect(chartSummary({ ...data, markers: [], target: { value: 500, label: 'Daily budget' } }, t)).toMatch(
      /Daily budget \$500\.00: never exceeded\.$/,
    );
  });

  it('says when there is nothing to show, and writes a single point plainly', () => {
    expect(chartSummary({ ...base, kind: 'line', categories: [], series: [] }, t)).toBe('Daily cost: no data.');
    expect(
      chartSummary(
        { ...base, kind: 'line', categories: ['2026-01-01'], series: [{ name: 'Cost', values: [null] }] },
        t,
      ),
    ).toBe('Daily cost: no data.');
    expect(
      chartSummary({ ...base, kind: 'bar', categories: ['2026-01-01'], series: [{ name: 'Cost', values: [12] }] }, t),
    ).toBe('Daily cost, Jan 1, 2026: $12.00.');
  });
});

describe('charts in German (issue 24 §2)', () => {
  const nbsp = '\u00a0';

  it('given German, then axis values, tooltip values and categories are written the German way', () => {
    expect(formatChartAxisValue(1_500_000, 'currency', 'USD', 'de')).toBe(`1,5${nbsp}Mio.${nbsp}$`);
    expect(formatChartAxisValue(0.25, 'percent', 'USD', 'de')).toBe(`25${nbsp}%`);
    expect(formatChartValue(1234.5, 'currency', 'USD', 'de')).toBe(`1.234,50${nbsp}$`);
    expect(formatChartCategory('2025-07-01', 'de')).toBe('01.07.2025');
    expect(formatChartCategory('2025-07-01', 'de', true)).toBe('1. Juli');
    expect(formatChartCategory('2025-07', 'de')).toBe('Juli 2025');
  });
});
