import {
  chartCategoriesAreDates,
  chartEn,
  chartStackTotals,
  chartSummary,
  formatChartCategory,
  formatChartValue,
  registerMessages,
  type ChartData,
  type ChartKind,
  type ChartMarker,
  type ChartSeries,
  type ChartTarget,
  type ChartValueType,
} from '@cloudportal/core';
import { lazy, Suspense, useEffect, useId, useMemo, useState, type CSSProperties } from 'react';
import { useLocale, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Skeleton';
import { useNearViewport } from '../ui/useNearViewport';
import { useStyles } from '../ui/useStyles';
import css from './Chart.css?inline';
import { chartParts, loadChartParts } from './echartsParts';

registerMessages(chartEn);

// ECharts is loaded the first time a chart is drawn, in a chunk of its own, with the parts of it
// that chart draws with (./echartsParts.ts): a page with only a grid (and a partner page) never
// downloads it.
const EChart = lazy(() => import('./EChart'));

/**
 * Whether this page can draw on a canvas. jsdom (component tests, stories in vitest) has no 2D
 * context (it answers null and logs an error): there, and during server rendering, the chart is
 * its summary and data table.
 */
function canvasAvailable(): boolean {
  return typeof document !== 'undefined' && typeof CanvasRenderingContext2D === 'function';
}

/**
 * Props of {@link Chart}.
 * @public
 */
export interface ChartProps {
  /** `line` for time series, `bar` for bars side by side, `stackedBar`, or `donut` (one series whose values are the slices, named by `categories`). */
  kind: ChartKind;
  /** The chart's name: its caption, and the subject of its summary. */
  title: string;
  /** The x axis: calendar days (`YYYY-MM-DD`), months (`YYYY-MM`) or labels; a donut's slice names. */
  categories: readonly string[];
  /** One or more named series, a value per category (`null` for a gap). */
  series: readonly ChartSeries[];
  /** How values read; percent values are fractions (0.125 is 12.5 %). @default 'number' */
  valueType?: ChartValueType;
  /** ISO 4217 code of currency values. @default 'USD' */
  currency?: string;
  /** The drawing's height in CSS pixels (the summary and table come on top). @default 280 */
  height?: number;
  /** Points to mark, e.g. cost anomalies: category index, label and (optionally) series index. @default [] */
  markers?: readonly ChartMarker[];
  /** The markers' name in the legend, the table and the summary. @default 'Marked points' */
  markersLabel?: string;
  /** A horizontal line the values are read against, e.g. a daily budget. @default null */
  target?: ChartTarget | null;
  /** What the summary adds up. @default 'average' for percent, 'sum' otherwise */
  aggregate?: 'sum' | 'average' | 'none';
  /** The header of the categories' column in the data table. @default 'Date' for dates, 'Category' otherwise */
  categoryLabel?: string;
  /** Whether the data table starts shown (where a chart is drawn; without a canvas it always is). @default false */
  defaultTableOpen?: boolean;
  /** The locale numbers, amounts and dates are written in (axes, tooltips, summary, table). @default the client's active locale */
  locale?: string;
  /** A class added to the chart's `figure`, beside `cp-chart`. */
  className?: string;
}

const NO_MARKERS: readonly ChartMarker[] = [];

/**
 * A chart of the page kit: a time series, bars side by side or stacked, or a donut, over
 * ECharts on a canvas, loaded lazily and drawn once the figure nears the viewport (a skeleton of its
 * size meanwhile). Colours come from the
 * `--cp-chart-*` tokens and follow dark mode. It is a `figure` named by its caption, with a text
 * summary (highest, lowest, total, marked points, target) and a data table behind "Show data
 * table", so screen-reader and keyboard users get the numbers; the canvas is hidden from them.
 * No HTML tooltip (the CSP allows no `style` markup): the tooltip is drawn on the canvas.
 *
 * Parts: `chart`. CSS properties: `--cp-chart-1` … `--cp-chart-8`, `--cp-chart-grid`,
 * `--cp-chart-axis`, `--cp-chart-text`, `--cp-chart-marker`, `--cp-chart-target`.
 * @public
 */
export function Chart({
  kind,
  title,
  categories,
  series,
  valueType = 'number',
  currency = 'USD',
  height = 280,
  markers = NO_MARKERS,
  markersLabel,
  target = null,
  aggregate,
  categoryLabel,
  defaultTableOpen = false,
  locale: localeProp,
  className,
}: ChartProps) {
  const ref = useStyles<HTMLElement>(css);
  const t = useT();
  const active = useLocale();
  const locale = localeProp ?? active;
  const id = useId();
  const [tableOpen, setTableOpen] = useState(defaultTableOpen);
  const [drawn] = useState(canvasAvailable);
  const name = markersLabel ?? t('chart.markers');
  const data = useMemo<ChartData>(
    () => ({
      kind,
      title,
      categories,
      series,
      valueType,
      currency,
      markers,
      markersLabel: name,
      target,
      aggregate,
      locale,
    }),
    [kind, title, categories, series, valueType, currency, markers, name, target, aggregate, locale],
  );
  const summary = useMemo(() => chartSummary(data, t), [data, t]);
  const showTable = tableOpen || !drawn;
  // ECharts loads and draws once the figure nears the viewport: a chart below the fold costs the
  // page's first seconds nothing.
  const near = useNearViewport(ref);
  // The parts of ECharts this chart draws with load beside ECharts' own chunk, not after it.
  useEffect(() => {
    if (drawn && near) loadChartParts(chartParts(data)).catch(() => {});
  }, [drawn, near, data]);
  const skeleton = <Skeleton shape="rect" width="100%" height={height} label={t('chart.loading', { title })} />;
  const style = { '--cp-chart-height': `${height}px` } as CSSProperties;
  return (
    <figure
      ref={ref}
      className={className ? `cp-chart ${className}` : 'cp-chart'}
      data-kind={kind}
      data-drawn={drawn}
      aria-labelledby={`${id}-title`}
      style={style}
      part="chart"
    >
      <figcaption id={`${id}-title`} className="cp-chart__title">
        {title}
      </figcaption>
      <p className={drawn ? 'cp-visually-hidden' : 'cp-chart__summary'}>{summary}</p>
      {drawn &&
        (near ? (
          <Suspense fallback={skeleton}>
            <EChart data={data} />
          </Suspense>
        ) : (
          skeleton
        ))}
      {drawn && (
        <Button
          className="cp-chart__toggle"
          aria-expanded={tableOpen}
          aria-controls={`${id}-table`}
          onClick={() => setTableOpen((open) => !open)}
        >
          {t(tableOpen ? 'chart.hideTable' : 'chart.showTable')}
        </Button>
      )}
      <div
        id={`${id}-table`}
        className="cp-chart__table"
        hidden={!showTable}
        role="region"
        aria-label={t('chart.tableCaption', { title })}
        tabIndex={showTable ? 0 : undefined}
      >
        {showTable && <ChartTable data={data} categoryLabel={categoryLabel} />}
      </div>
    </figure>
  );
}

/** The chart's numbers as a table: a row per category, a column per series (and the stack's total, the marked points' labels). */
function ChartTable({ data, categoryLabel }: { data: ChartData; categoryLabel?: string }) {
  const t = useT();
  const { categories, series, valueType, currency, locale } = data;
  const write = (v: number | null | undefined) => formatChartValue(v, valueType, currency, locale);
  const head = categoryLabel ?? t(chartCategoriesAreDates(categories) ? 'chart.date' : 'chart.category');
  const caption = t('chart.tableCaption', { title: data.title });
  if (data.kind === 'donut') {
    const [first] = series;
    const values = categories.map((_, i) => first?.values[i] ?? null);
    const total = values.reduce<number>((a, v) => a + (v ?? 0), 0);
    return (
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col">{first?.name ?? t('chart.total')}</th>
            <th scope="col">{t('chart.share')}</th>
          </tr>
        </thead>
        <tbody>
          {categories.map((c, i) => (
            <tr key={`${i}-${c}`}>
              <th scope="row">{formatChartCategory(c, locale)}</th>
              <td>{write(values[i])}</td>
              <td>{total ? formatChartValue((values[i] ?? 0) / total, 'percent', currency, locale) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const stacked = data.kind === 'stackedBar' && series.length > 1;
  const totals = stacked ? chartStackTotals(series, categories.length) : [];
  const notes = new Map<number, string[]>();
  for (const m of data.markers ?? []) notes.set(m.index, [...(notes.get(m.index) ?? []), m.label]);
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          {series.map((s, i) => (
            <th key={`${i}-${s.name}`} scope="col">
              {s.name}
            </th>
          ))}
          {stacked && <th scope="col">{t('chart.total')}</th>}
          {notes.size > 0 && <th scope="col">{data.markersLabel ?? t('chart.note')}</th>}
        </tr>
      </thead>
      <tbody>
        {categories.map((c, i) => (
          <tr key={`${i}-${c}`}>
            <th scope="row">{formatChartCategory(c, locale)}</th>
            {series.map((s, j) => (
              <td key={`${j}-${s.name}`}>{write(s.values[i])}</td>
            ))}
            {stacked && <td>{write(totals[i])}</td>}
            {notes.size > 0 && <td>{notes.get(i)?.join(', ') ?? ''}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
