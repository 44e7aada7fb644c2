import type { ChartData } from '@cloudportal/core';
import type { use } from 'echarts/core';

/** One thing ECharts installs with `use`: a chart type or a component. */
export type EChartsPart = Exclude<Parameters<typeof use>[0], readonly unknown[]>;

// Each part in a chunk of its own (what parts share, ECharts puts in chunks they import): a page
// downloads and evaluates only what its charts draw with — a donut no axes, a line no bars — and
// no one chunk holds all of ECharts.
const LOADERS = {
  line: () => import('./echarts/line'),
  bar: () => import('./echarts/bar'),
  pie: () => import('./echarts/pie'),
  scatter: () => import('./echarts/scatter'),
  grid: () => import('./echarts/grid'),
  legend: () => import('./echarts/legend'),
  markLine: () => import('./echarts/markLine'),
  tooltip: () => import('./echarts/tooltip'),
} satisfies Record<string, () => Promise<{ default: EChartsPart }>>;

/** The name of a part {@link chartParts} may answer. */
export type EChartsPartName = keyof typeof LOADERS;

/** The markers a chart draws: those whose category is on its axis. */
export function markersInRange(data: ChartData) {
  return (data.markers ?? []).filter((m) => m.index >= 0 && m.index < data.categories.length);
}

/** Whether a chart shows its legend: a donut's slices, several series, or markers to name. */
export function legendShown(data: ChartData): boolean {
  return data.kind === 'donut' || data.series.length > 1 || markersInRange(data).length > 0;
}

/** The parts of ECharts `data` is drawn with. */
export function chartParts(data: ChartData): EChartsPartName[] {
  const legend: EChartsPartName[] = legendShown(data) ? ['legend'] : [];
  if (data.kind === 'donut') return ['pie', 'tooltip', ...legend];
  return [
    data.kind === 'line' ? 'line' : 'bar',
    'grid',
    'tooltip',
    ...legend,
    ...(data.target ? (['markLine'] as const) : []),
    ...(markersInRange(data).length ? (['scatter'] as const) : []),
  ];
}

const loading = new Map<EChartsPartName, Promise<EChartsPart>>();

/**
 * ECharts' parts `names` (as {@link chartParts} answers them), each loaded once for the page (a load
 * that failed is tried again the next time it is asked for). Asked as a chart nears the viewport,
 * beside ECharts' own chunk, and again by the drawing, which installs them before it makes its chart.
 */
export function loadChartParts(names: readonly EChartsPartName[]): Promise<EChartsPart[]> {
  return Promise.all(
    names.map((name) => {
      let part = loading.get(name);
      if (!part) {
        part = LOADERS[name]().then((m) => m.default);
        part.catch(() => loading.delete(name));
        loading.set(name, part);
      }
      return part;
    }),
  );
}
