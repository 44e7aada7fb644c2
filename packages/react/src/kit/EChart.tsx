import {
  chartStackTotals,
  formatChartAxisValue,
  formatChartCategory,
  formatChartValue,
  type ChartData,
} from '@cloudportal/core';
import { init, use as install, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import {
  chartParts,
  legendShown as showsLegend,
  loadChartParts,
  markersInRange,
  type EChartsPartName,
} from './echartsParts';

// ECharts' core and its canvas renderer; the chart types and components a chart draws with load as
// it nears the viewport (./echartsParts.ts), so this lazily loaded chunk stays as small as ECharts
// allows. The canvas renderer writes no `style="…"` markup (its container's styles are set through
// the CSSOM, which a `style-src 'self'` policy allows); the tooltip is drawn on the canvas
// (`renderMode: 'richText'`), never as HTML.
install([CanvasRenderer]);

/** The colours and font of a chart, read from the `--cp-*` tokens where it renders. */
interface Palette {
  series: string[];
  grid: string;
  axis: string;
  text: string;
  marker: string;
  target: string;
  surface: string;
  strong: string;
  font: string;
}

// The light theme's values, for a page that has not adopted the tokens.
const FALLBACK: Palette = {
  series: ['#0b5cad', '#d4580a', '#1a7f37', '#8250df', '#bf3989', '#0a7e8c', '#9a6700', '#57606a'],
  grid: '#e6e9ee',
  axis: '#868f99',
  text: '#57606a',
  marker: '#c62828',
  target: '#9a6700',
  surface: '#ffffff',
  strong: '#1b1f24',
  font: 'system-ui, sans-serif',
};

function readPalette(element: Element): Palette {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    series: FALLBACK.series.map((c, i) => token(`--cp-chart-${i + 1}`, c)),
    grid: token('--cp-chart-grid', FALLBACK.grid),
    axis: token('--cp-chart-axis', FALLBACK.axis),
    text: token('--cp-chart-text', FALLBACK.text),
    marker: token('--cp-chart-marker', FALLBACK.marker),
    target: token('--cp-chart-target', FALLBACK.target),
    surface: token('--cp-color-surface', FALLBACK.surface),
    strong: token('--cp-color-text', FALLBACK.strong),
    font: token('--cp-font-family', FALLBACK.font),
  };
}

/**
 * zrender, ECharts' renderer, empties the element it draws in with `root.innerHTML = ''` when a
 * chart is made and when it is disposed: a string at an HTML sink, which a page that enforces
 * Trusted Types refuses — the chart would then never draw. On that one element, an empty string
 * empties it through the DOM instead (`replaceChildren`, no HTML parsed); any other value goes to
 * the browser's own setter, and so through the page's Trusted Types checks as before. Returns the
 * function that takes the element's own setter away again.
 */
function emptiesWithoutHtml(element: HTMLElement): () => void {
  const html = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  if (!html?.set || !html.get) return () => {};
  const { get, set } = html;
  Object.defineProperty(element, 'innerHTML', {
    configurable: true,
    get: () => get.call(element),
    set: (value: unknown) => (value === '' ? element.replaceChildren() : set.call(element, value)),
  });
  return () => delete (element as { innerHTML?: string }).innerHTML;
}

const samePalette = (a: Palette | null, b: Palette) => a !== null && JSON.stringify(a) === JSON.stringify(b);

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

interface TooltipParam {
  name?: string;
  seriesName?: string;
  value?: unknown;
  percent?: number;
}

/** What every chart's option shares: the value writer, the colours, legend and tooltip look, and the markers in range. */
function optionCommon(data: ChartData, p: Palette) {
  const { valueType, currency } = data;
  const locale = data.locale ?? 'en-US';
  const write = (v: unknown) =>
    typeof v === 'number'
      ? formatChartValue(v, valueType, currency, locale)
      : Array.isArray(v)
        ? formatChartValue(Number(v[1]), valueType, currency, locale)
        : '';
  const markers = markersInRange(data);
  const text = { color: p.text, fontFamily: p.font };
  const legendShown = showsLegend(data);
  const base = {
    color: p.series,
    backgroundColor: 'transparent',
    animation: !reducedMotion(),
    textStyle: text,
    legend: legendShown
      ? {
          type: 'scroll',
          bottom: 0,
          textStyle: text,
          pageTextStyle: text,
          pageIconColor: p.text,
          pageIconInactiveColor: p.axis,
        }
      : { show: false },
  };
  const tooltip = {
    renderMode: 'richText',
    backgroundColor: p.surface,
    borderColor: p.axis,
    textStyle: { color: p.strong, fontFamily: p.font },
  };
  return { locale, write, markers, legendShown, base, tooltip };
}

type OptionCommon = ReturnType<typeof optionCommon>;

/** A donut's option: one pie ring of the first series, its tooltip with the share in percent. */
function donutOption(data: ChartData, p: Palette, { locale, write, base, tooltip }: OptionCommon): EChartsCoreOption {
  const [first] = data.series;
  return {
    ...base,
    tooltip: {
      ...tooltip,
      trigger: 'item',
      formatter: (q: TooltipParam) =>
        `${q.name ?? ''}: ${write(q.value)} (${formatChartValue((q.percent ?? 0) / 100, 'percent', data.currency, locale)})`,
    },
    series: [
      {
        type: 'pie',
        name: first?.name ?? data.title,
        radius: ['48%', '74%'],
        center: ['50%', '45%'],
        label: { show: false },
        itemStyle: { borderColor: p.surface, borderWidth: 2 },
        data: data.categories.map((name, i) => ({ name, value: first?.values[i] ?? 0 })),
      },
    ],
  };
}

/** The series of a chart on axes: lines or (stacked) bars, the target's dashed line on the first, and the markers. */
function axisSeries(data: ChartData, p: Palette, { write, markers }: OptionCommon): object[] {
  const { kind, categories, series } = data;
  const stacked = kind === 'stackedBar';
  // A marked point sits on its series' value; in a stack, on the top of that series' segment.
  const markerValue = (index: number, s = 0) =>
    (stacked ? chartStackTotals(series.slice(0, s + 1), categories.length)[index] : series[s]?.values[index]) ?? null;
  const drawn: object[] = series.map((s, i) => ({
    type: kind === 'line' ? 'line' : 'bar',
    name: s.name,
    data: categories.map((_, j) => s.values[j] ?? null),
    ...(stacked ? { stack: 'total' } : {}),
    ...(kind === 'line' ? { showSymbol: categories.length <= 40, symbolSize: 6, lineStyle: { width: 2 } } : {}),
    ...(i === 0 && data.target
      ? {
          markLine: {
            silent: true,
            symbol: 'none',
            lineStyle: { color: p.target, type: 'dashed', width: 2 },
            label: {
              position: 'insideEndTop',
              color: p.target,
              formatter: `${data.target.label} ${write(data.target.value)}`,
            },
            data: [{ yAxis: data.target.value }],
          },
        }
      : {}),
  }));
  if (markers.length) {
    drawn.push({
      type: 'scatter',
      name: data.markersLabel ?? '',
      symbolSize: 12,
      z: 5,
      itemStyle: { color: p.marker, borderColor: p.surface, borderWidth: 2 },
      label: { show: true, position: 'top', color: p.marker, formatter: '{b}' },
      data: markers.map((m) => ({ name: m.label, value: [m.index, markerValue(m.index, m.series)] })),
    });
  }
  return drawn;
}

/** A chart on axes (line, bar, stacked bar): the category axis, the value axis (up to the target) and the series. */
function axisOption(data: ChartData, p: Palette, common: OptionCommon): EChartsCoreOption {
  const { kind, categories, series, valueType, currency } = data;
  const { locale, write, legendShown, base, tooltip } = common;
  const drawn = axisSeries(data, p, common);
  const targetValue = data.target?.value;
  const highest = Math.max(
    0,
    ...(kind === 'stackedBar' ? chartStackTotals(series, categories.length) : series.flatMap((s) => s.values)).filter(
      (v): v is number => typeof v === 'number',
    ),
  );
  return {
    ...base,
    tooltip: {
      ...tooltip,
      trigger: 'axis',
      formatter: (params: TooltipParam | TooltipParam[]) => {
        const list = Array.isArray(params) ? params : [params];
        const at = list[0]?.name ?? '';
        return [formatChartCategory(at, locale), ...list.map((q) => `${q.seriesName ?? ''}: ${write(q.value)}`)].join(
          '\n',
        );
      },
    },
    grid: { left: 8, right: 16, top: 24, bottom: legendShown ? 40 : 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: categories,
      boundaryGap: kind !== 'line',
      axisLine: { lineStyle: { color: p.axis } },
      axisTick: { lineStyle: { color: p.axis } },
      axisLabel: { color: p.text, hideOverlap: true, formatter: (c: string) => formatChartCategory(c, locale, true) },
    },
    yAxis: {
      type: 'value',
      // A target above every value still shows.
      ...(typeof targetValue === 'number' && targetValue > highest ? { max: targetValue * 1.1 } : {}),
      axisLabel: { color: p.text, formatter: (v: number) => formatChartAxisValue(v, valueType, currency, locale) },
      splitLine: { lineStyle: { color: p.grid } },
    },
    series: drawn,
  };
}

/** The ECharts option of a chart: its data in the kit's colours, values written as the summary writes them. */
function chartOption(data: ChartData, p: Palette): EChartsCoreOption {
  const common = optionCommon(data, p);
  return data.kind === 'donut' ? donutOption(data, p, common) : axisOption(data, p, common);
}

/** Props of {@link EChart}. */
export interface EChartProps {
  /** What to draw. */
  data: ChartData;
}

/**
 * The drawing of a kit `Chart`, on a canvas, hidden from assistive technology (the chart's summary
 * and table say it). Loaded lazily by `Chart`, with the parts of ECharts it draws with; resized with
 * its box, recoloured when the theme (`data-cp-theme`) changes, disposed on unmount. `data-ready`
 * is set once it draws. A part that fails to load is thrown to the nearest error boundary, as
 * the chunk of this component would be.
 */
export default function EChart({ data }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts | null>(null);
  const [palette, setPalette] = useState<Palette | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  if (failure) throw failure.error;
  // An ECharts instance takes the layouts and processors of the chart types installed when it is
  // made: it is made once its parts are installed, and made again if the data needs other parts.
  const parts = chartParts(data).join(' ');

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let current = true;
    let instance: ECharts | undefined;
    const restore = emptiesWithoutHtml(element);
    let resize: ResizeObserver | null = null;
    let making: ReturnType<typeof setTimeout> | undefined;
    loadChartParts(parts.split(' ') as EChartsPartName[]).then(
      (loaded) => {
        if (!current) return;
        install(loaded);
        // Each chart is made (and so drawn) in a task of its own: a page of several charts never
        // holds the main thread for all of them at once, so the page answers input between them.
        making = setTimeout(() => {
          const made = init(element, null, { renderer: 'canvas' });
          instance = made;
          setChart(made);
          resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => made.resize()) : null;
          resize?.observe(element);
        }, 0);
      },
      (error: unknown) => {
        if (current) setFailure({ error });
      },
    );
    return () => {
      current = false;
      clearTimeout(making);
      resize?.disconnect();
      instance?.dispose();
      restore();
    };
  }, [parts]);

  // The tokens switch with `data-cp-theme="dark"` on the document or a web component's host: read
  // them now and whenever that attribute changes between here and the document.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => {
      const next = readPalette(element);
      setPalette((current) => (samePalette(current, next) ? current : next));
    };
    read();
    const observer = new MutationObserver(read);
    const options = { attributes: true, subtree: true, attributeFilter: ['data-cp-theme'] };
    observer.observe(element.ownerDocument.documentElement, options);
    for (let root = element.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode())
      observer.observe(root, options);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    // A chart made for other parts is disposed already; its successor draws.
    if (!chart || !palette || chart.isDisposed()) return;
    chart.setOption(chartOption(data, palette), { notMerge: true });
  }, [chart, palette, data]);

  return (
    <div ref={ref} className="cp-chart__plot" aria-hidden="true" data-ready={chart !== null && palette !== null} />
  );
}
