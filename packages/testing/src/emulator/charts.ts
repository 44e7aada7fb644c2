import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { init, use as install, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { formatValue, type SeriesData } from './data';

// Only what the emulator draws, so the frame's bundle stays small. The canvas renderer adds no
// inline style attributes, so a strict CSP (style-src 'self') holds; no tooltip (its HTML would
// need inline styles): every value is in the chart's accessible name instead.
install([BarChart, LineChart, PieChart, GridComponent, LegendComponent, CanvasRenderer]);

const dark = () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

function option(
  type: 'bar' | 'line' | 'donut',
  data: SeriesData,
  currency: string,
  stacked: boolean,
): EChartsCoreOption {
  const legend = data.series.length > 1 || type === 'donut' ? { type: 'plain', bottom: 0 } : { show: false };
  const base = { backgroundColor: 'transparent', animation: false, legend };
  if (type === 'donut') {
    const [first] = data.series;
    // The legend never wraps over the donut: beside it where the chart is wide, one scrolling line
    // below it where it is narrow (the demo partner site's column).
    return {
      baseOption: {
        ...base,
        legend: { type: 'scroll', bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['36%', '60%'],
            center: ['50%', '44%'],
            label: { show: false },
            data: data.categories.map((name, i) => ({ name, value: first?.values[i] ?? 0 })),
          },
        ],
      },
      media: [
        {
          query: { minWidth: 520 },
          option: {
            legend: { type: 'scroll', orient: 'vertical', right: 8, top: 'middle', bottom: 'auto' },
            series: [{ radius: ['42%', '72%'], center: ['32%', '50%'] }],
          },
        },
      ],
    };
  }
  return {
    ...base,
    grid: { left: 8, right: 16, top: 16, bottom: data.series.length > 1 ? 36 : 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: data.categories,
      axisLabel: { hideOverlap: true, interval: 0, width: 90, overflow: 'truncate' },
    },
    yAxis: {
      type: 'value',
      axisLabel: {
        formatter: (v: number) => formatValue(v, data.format === 'currency' ? 'integer' : data.format, currency),
      },
    },
    series: data.series.map((s) => ({
      type: type === 'bar' ? 'bar' : 'line',
      name: s.name,
      data: s.values,
      ...(type === 'bar' && stacked ? { stack: 'total' } : {}),
    })),
  };
}

/** Draws a chart in `element` and answers it, so the caller can resize and dispose of it. */
export function drawChart(
  element: HTMLElement,
  type: 'bar' | 'line' | 'donut',
  data: SeriesData,
  currency: string,
  stacked = false,
): ECharts {
  const chart = init(element, dark() ? 'dark' : undefined, { renderer: 'canvas' });
  chart.setOption(option(type, data, currency, stacked));
  return chart;
}
