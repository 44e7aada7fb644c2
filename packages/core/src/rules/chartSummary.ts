// spec: names the feature pages but not their charts, so these rules are decided here.
/**
 * The page kit's chart rules (feature pages: time series, stacked bars, donut): the chart's data model, how
 * its values and categories are written, and the sentence that says what the chart shows, for
 * screen readers and for places that cannot draw it.
 */

import type { Translate } from '../i18n/messages';
import { formatDataCell } from './dataGrid';
// `ChartKind` is a dataset page's too: it lives in the leaf types module, exported from there (featureData.ts).
import type { ChartKind } from './featureDataTypes';

/**
 * How a chart's values read: amounts in a currency, plain numbers, or fractions shown as percent (0.125 is 12.5 %).
 * @public
 */
export type ChartValueType = 'currency' | 'number' | 'percent';

/**
 * One named series: a value per category, in category order (`null` for a gap).
 * @public
 */
export interface ChartSeries {
  /** The series' name (legend, table header, summary). */
  name: string;
  /** One value per category; missing trailing values and `null` are gaps. */
  values: readonly (number | null)[];
}

/**
 * A point the chart marks, e.g. a cost anomaly: the category's index and what to call it.
 * @public
 */
export interface ChartMarker {
  /** Index into the categories. */
  index: number;
  /** What the point is, e.g. 'Spike'. */
  label: string;
  /** Index into the series of the marked value. @default 0 */
  series?: number;
}

/**
 * A horizontal line the values are read against, e.g. a daily budget.
 * @public
 */
export interface ChartTarget {
  /** Its value, in the chart's value type. */
  value: number;
  /** What it is, e.g. 'Budget'. */
  label: string;
}

/**
 * A chart's data. Categories run along the x axis: calendar days (`YYYY-MM-DD`), months
 * (`YYYY-MM`) or any labels. A donut has one series whose values are its slices, named by the
 * categories.
 * @public
 */
export interface ChartData {
  /** How the chart draws. */
  kind: ChartKind;
  /** The chart's name (its caption). */
  title: string;
  /** The categories along the x axis, in order. */
  categories: readonly string[];
  /** The series, each a value per category. */
  series: readonly ChartSeries[];
  /** How the values are written: an amount, a number or a percentage. */
  valueType: ChartValueType;
  /** ISO 4217 code of currency values. */
  currency: string;
  /** Points called out on the chart. */
  markers?: readonly ChartMarker[];
  /** A target line, or null for none. */
  target?: ChartTarget | null;
  /** What the summary adds up: the sum, or the average (the default for percent). */
  aggregate?: 'sum' | 'average' | 'none';
  /** The name of the markers (the legend's and the summary's). */
  markersLabel?: string;
  /** @default 'en-US' */
  locale?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/**
 * Whether the categories are calendar days or months (written as dates, headed 'Date').
 * @public
 */
export function chartCategoriesAreDates(categories: readonly string[]): boolean {
  return categories.length > 0 && categories.every((c) => DAY.test(c) || MONTH.test(c));
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = formats.get(key) as T | undefined;
  if (!found) formats.set(key, (found = make()));
  return found;
}

/**
 * A category as a person reads it: a day as the locale writes it ('Jul 1, 2025'; `short` leaves
 * out the year: 'Jul 1'), a month as 'Jul 2025', anything else unchanged. Days are calendar days:
 * they never shift with the time zone.
 * @public
 */
export function formatChartCategory(category: string, locale = 'en-US', short = false): string {
  if (DAY.test(category)) {
    const day = Date.parse(`${category}T00:00:00Z`);
    if (Number.isNaN(day)) return category;
    const options: Intl.DateTimeFormatOptions = short
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { dateStyle: 'medium', timeZone: 'UTC' };
    return cached(`d|${locale}|${short}`, () => new Intl.DateTimeFormat(locale, options)).format(day);
  }
  if (MONTH.test(category)) {
    const month = Date.parse(`${category}-01T00:00:00Z`);
    if (Number.isNaN(month)) return category;
    return cached(
      `m|${locale}|${short}`,
      () => new Intl.DateTimeFormat(locale, { month: 'short', year: short ? '2-digit' : 'numeric', timeZone: 'UTC' }),
    ).format(month);
  }
  return category;
}

/**
 * A value as the table, tooltip and summary write it: '$1,234.50', '1,234', '12.5%'.
 * @public
 */
export function formatChartValue(
  value: number | null | undefined,
  valueType: ChartValueType,
  currency: string,
  locale = 'en-US',
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return formatDataCell(value, valueType, { currency, locale, yes: '', no: '' });
}

/**
 * A value as an axis writes it, short: '$1.2K', '3.4M', '45%'.
 * @public
 */
export function formatChartAxisValue(
  value: number,
  valueType: ChartValueType,
  currency: string,
  locale = 'en-US',
): string {
  if (valueType === 'percent')
    return cached(
      `ap|${locale}`,
      () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
    ).format(value);
  if (valueType === 'currency') {
    const nf = cached(`ac|${locale}|${currency}`, () => {
      try {
        return new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          notation: 'compact',
          maximumFractionDigits: 1,
        });
      } catch {
        return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
      }
    });
    return nf.format(value);
  }
  return cached(
    `an|${locale}`,
    () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }),
  ).format(value);
}

/** The value of series `s` at category `i`, or null for a gap. */
function at(series: ChartSeries, i: number): number | null {
  const v = series.values[i];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Highest, lowest (first of equals) and sum of the values that are there; null when there are none. */
function stats(
  values: readonly (number | null)[],
): { high: number; highAt: number; low: number; lowAt: number; sum: number; count: number } | null {
  let found: { high: number; highAt: number; low: number; lowAt: number; sum: number; count: number } | null = null;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (!found) found = { high: v, highAt: i, low: v, lowAt: i, sum: 0, count: 0 };
    if (v > found.high) {
      found.high = v;
      found.highAt = i;
    }
    if (v < found.low) {
      found.low = v;
      found.lowAt = i;
    }
    found.sum += v;
    found.count += 1;
  }
  return found;
}

/**
 * The values a stacked chart stacks: the sum of the series at each category (null where all are gaps).
 * @public
 */
export function chartStackTotals(series: readonly ChartSeries[], count: number): (number | null)[] {
  return Array.from({ length: count }, (_, i) => {
    const parts = series.map((s) => at(s, i)).filter((v): v is number => v !== null);
    return parts.length ? parts.reduce((a, b) => a + b, 0) : null;
  });
}

const DONUT_SLICES = 6;

/**
 * What the chart shows, in one or two sentences, for screen readers and where the chart cannot be
 * drawn: its range, the highest and lowest values and where they are, the total (or average, for
 * percent), per series; the largest slices of a donut with their shares; the marked points; how
 * often the values exceed the target line.
 * "Daily cost from Jul 1, 2025 to Jun 30, 2026: highest $1,234.00 on Mar 3, 2026, lowest …, total …."
 * @public
 */
export function chartSummary(data: ChartData, t: Translate): string {
  const { title, categories, series, valueType, currency } = data;
  const locale = data.locale ?? 'en-US';
  const value = (v: number) => formatChartValue(v, valueType, currency, locale);
  const category = (i: number) => formatChartCategory(categories[i] ?? '', locale);
  const count = categories.length;
  const present = series.filter((s) => stats(Array.from({ length: count }, (_, i) => at(s, i))));
  if (!count || !present.length) return t('chart.summary.empty', { title });

  if (data.kind === 'donut') {
    const [first] = present;
    const slices = categories
      .map((name, i) => ({ name, value: at(first!, i) ?? 0 }))
      .filter((s) => s.value > 0)
      .sort((a, b) => b.value - a.value);
    const total = slices.reduce((a, s) => a + s.value, 0);
    const share = (v: number) => formatChartValue(total ? v / total : 0, 'percent', currency, locale);
    const shown = slices
      .slice(0, DONUT_SLICES)
      .map((s) => t('chart.summary.slice', { name: s.name, value: value(s.value), share: share(s.value) }));
    if (slices.length > DONUT_SLICES) shown.push(t('chart.summary.more', { count: slices.length - DONUT_SLICES }));
    return t('chart.summary.donut', { title, total: value(total), slices: shown.join(', ') });
  }

  const aggregate = data.aggregate ?? (valueType === 'percent' ? 'average' : 'sum');
  const facts = (values: readonly (number | null)[]) => {
    const s = stats(values);
    if (!s) return '';
    const parts =
      count > 1
        ? [
            t('chart.summary.high', { value: value(s.high), category: category(s.highAt) }),
            t('chart.summary.low', { value: value(s.low), category: category(s.lowAt) }),
          ]
        : [value(s.high)];
    if (aggregate === 'sum' && count > 1) parts.push(t('chart.summary.total', { value: value(s.sum) }));
    if (aggregate === 'average' && count > 1) parts.push(t('chart.summary.average', { value: value(s.sum / s.count) }));
    return parts.join(', ');
  };
  const head =
    count > 1
      ? t('chart.summary.range', { title, first: category(0), last: category(count - 1) })
      : t('chart.summary.at', { title, first: category(0) });
  const column = (s: ChartSeries) => Array.from({ length: count }, (_, i) => at(s, i));
  const sentences: string[] = [];
  if (present.length === 1) {
    sentences.push(t('chart.summary.sentence', { head, facts: facts(column(present[0]!)) }));
  } else {
    const perSeries = present.map((s) => t('chart.summary.series', { name: s.name, facts: facts(column(s)) }));
    if (data.kind === 'stackedBar')
      perSeries.push(t('chart.summary.combined', { facts: facts(chartStackTotals(present, count)) }));
    sentences.push(t('chart.summary.sentence', { head, facts: perSeries.join('; ') }));
  }

  const markers = (data.markers ?? []).filter((m) => m.index >= 0 && m.index < count);
  if (markers.length) {
    const label = data.markersLabel ?? t('chart.markers');
    sentences.push(
      t('chart.summary.markers', {
        label,
        markers: markers
          .map((m) => t('chart.summary.marker', { label: m.label, category: category(m.index) }))
          .join('; '),
      }),
    );
  }

  if (data.target) {
    // A stack is read against the target by its total, several lines by the highest of them.
    const compared =
      data.kind === 'stackedBar'
        ? chartStackTotals(present, count)
        : Array.from({ length: count }, (_, i) => {
            const vs = present.map((s) => at(s, i)).filter((v): v is number => v !== null);
            return vs.length ? Math.max(...vs) : null;
          });
    const above = compared.map((v, i) => (v !== null && v > data.target!.value ? i : -1)).filter((i) => i >= 0);
    const target = { label: data.target.label, value: value(data.target.value) };
    sentences.push(
      above.length
        ? t('chart.summary.targetAbove', {
            ...target,
            count: above.length,
            total: compared.filter((v) => v !== null).length,
            first: category(above[0]!),
          })
        : t('chart.summary.targetBelow', target),
    );
  }
  return sentences.join(' ');
}
