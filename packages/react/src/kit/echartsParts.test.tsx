import type { ChartData } from '@cloudportal/core';
import { describe, expect, it } from 'vitest';
import { chartParts, legendShown, loadChartParts, markersInRange } from './echartsParts';

const line: ChartData = {
  kind: 'line',
  title: 'Daily cost',
  categories: ['2026-03-01', '2026-03-02', '2026-03-03'],
  series: [{ name: 'Cost', values: [410.5, 1250, 380] }],
  valueType: 'currency',
  currency: 'EUR',
};

describe('the parts of ECharts a chart draws with', () => {
  it('given one series on axes, then the chart type, the axes and the tooltip — no legend, target line or markers', () => {
    expect(chartParts(line)).toEqual(['line', 'grid', 'tooltip']);
    expect(chartParts({ ...line, kind: 'bar' })).toEqual(['bar', 'grid', 'tooltip']);
    expect(chartParts({ ...line, kind: 'stackedBar' })).toEqual(['bar', 'grid', 'tooltip']);
  });

  it('given a donut, then its ring, the tooltip and the legend naming its slices — no axes', () => {
    expect(chartParts({ ...line, kind: 'donut' })).toEqual(['pie', 'tooltip', 'legend']);
  });

  it('given several series, a target and markers, then the legend, the target line and the marked points too', () => {
    const data: ChartData = {
      ...line,
      series: [...line.series, { name: 'Budget', values: [500, 500, 500] }],
      target: { value: 1000, label: 'Daily budget' },
      markers: [{ index: 1, label: 'Spike' }],
    };
    expect(chartParts(data)).toEqual(['line', 'grid', 'tooltip', 'legend', 'markLine', 'scatter']);
  });

  it('given markers off the axis, then they are not drawn, named in a legend or loaded for', () => {
    const data: ChartData = {
      ...line,
      markers: [
        { index: 3, label: 'Later' },
        { index: -1, label: 'Before' },
      ],
    };
    expect(markersInRange(data)).toEqual([]);
    expect(legendShown(data)).toBe(false);
    expect(chartParts(data)).toEqual(['line', 'grid', 'tooltip']);
  });

  it('when a chart asks for its parts twice, then each loads once and answers ECharts installers', async () => {
    const data: ChartData = { ...line, kind: 'donut' };
    const [first, again] = await Promise.all([loadChartParts(chartParts(data)), loadChartParts(chartParts(data))]);
    expect(first).toHaveLength(3);
    expect(again).toEqual(first);
    for (const part of first) expect(typeof part).toBe('function');
  });
});
