// spec: names the feature pages only, so the thresholds and texts are decided here.
/**
 * Progress against a budget or a commitment (feature pages: budgets with burn and
 * forecast, MACC and other commitments; the thresholds and texts are our own). The page kit's
 * `Progress` draws it; these rules say where it stands.
 */

import type { MessageKey, Translate } from '../i18n/messages';
import { formatChartValue, type ChartValueType } from './chartSummary';

/**
 * The share of the target at which a budget counts as near (Azure budgets' usual first alert).
 * @internal
 */
export const BUDGET_NEAR_AT = 0.8;

/**
 * What the target is: a budget (spending more is bad) or a commitment (spending less is bad).
 * @public
 */
export type MeterGoal = 'budget' | 'commitment';

/**
 * Where the actual amount stands against the target: below the near threshold, from it to the target, past the target.
 * @public
 */
export type MeterState = 'under' | 'near' | 'over';

/**
 * How the standing reads: fine, worth a look, or a problem (the meter's colour).
 * @public
 */
export type MeterTone = 'ok' | 'warning' | 'danger';

/**
 * The standing in words (`meter.status.*`).
 * @public
 */
export type MeterStatus = 'under' | 'near' | 'over' | 'forecastOver' | 'met' | 'onTrack' | 'behind';

/**
 * A meter's amounts.
 * @public
 */
export interface MeterInput {
  /** Spent (or consumed) so far. */
  actual: number;
  /** The budget or commitment. */
  target: number;
  /** Expected by the end of the period, if known. */
  forecast?: number | null;
  /** @default 'budget' */
  goal?: MeterGoal;
  /** Share of the target from which the state is `near`. @default 0.8 ({@link BUDGET_NEAR_AT}) */
  nearAt?: number;
}

/**
 * A meter's standing.
 * @public
 */
export interface MeterReading {
  /** actual ÷ target, or null for a target of zero or less. */
  ratio: number | null;
  /** forecast ÷ target, or null without a forecast or a target. */
  forecastRatio: number | null;
  /** Where the actual amount stands against the target. */
  state: MeterState;
  /** How the standing reads (the meter's colour). */
  tone: MeterTone;
  /** The standing in words. */
  status: MeterStatus;
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Where a meter stands. The state is the actual amount's: under the near threshold, near (from it
 * up to the target), over (past the target). A budget is a problem when it is over and worth a look
 * when it is near or its forecast passes the target; a commitment is fine once met or when the
 * forecast reaches it, and worth a look otherwise.
 * @public
 */
export function readMeter({
  actual,
  target,
  forecast,
  goal = 'budget',
  nearAt = BUDGET_NEAR_AT,
}: MeterInput): MeterReading {
  const hasTarget = finite(target) && target > 0;
  const ratio = hasTarget ? actual / target : null;
  const forecastRatio = hasTarget && finite(forecast) ? forecast / target : null;
  const state: MeterState =
    ratio === null ? (actual > 0 ? 'over' : 'under') : ratio > 1 ? 'over' : ratio >= nearAt ? 'near' : 'under';
  if (goal === 'commitment') {
    if (state === 'over' || ratio === 1) return { ratio, forecastRatio, state, tone: 'ok', status: 'met' };
    if (forecastRatio !== null && forecastRatio >= 1)
      return { ratio, forecastRatio, state, tone: 'ok', status: 'onTrack' };
    return { ratio, forecastRatio, state, tone: 'warning', status: 'behind' };
  }
  if (state === 'over') return { ratio, forecastRatio, state, tone: 'danger', status: 'over' };
  if (forecastRatio !== null && forecastRatio > 1)
    return { ratio, forecastRatio, state, tone: 'warning', status: 'forecastOver' };
  return { ratio, forecastRatio, state, tone: state === 'near' ? 'warning' : 'ok', status: state };
}

/**
 * The texts of a meter: the amounts, the standing, and both as one sentence (the meter's accessible value).
 * @public
 */
export interface MeterTexts {
  /** '$8,200 of $10,000 (82%)', with ', forecast $11,300' when there is one. */
  amounts: string;
  /** 'forecast over budget'. */
  status: string;
  /** '$8,200 of $10,000 (82%), forecast $11,300: forecast over budget'. */
  full: string;
  /** '82%' ('—' without a target). */
  percent: string;
}

/**
 * The texts of a meter, its amounts written by `valueType` in `currency`.
 * @public
 */
export function meterTexts(
  input: MeterInput,
  reading: MeterReading,
  format: { valueType?: ChartValueType; currency: string; locale?: string },
  t: Translate,
): MeterTexts {
  const { valueType = 'currency', currency, locale = 'en-US' } = format;
  const write = (v: number) => formatChartValue(v, valueType, currency, locale);
  const percent =
    reading.ratio === null
      ? '—'
      : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(reading.ratio);
  const params = { actual: write(input.actual), target: write(input.target), percent };
  const amounts = finite(input.forecast)
    ? t('meter.textForecast', { ...params, forecast: write(input.forecast) })
    : t('meter.text', params);
  const status = t(`meter.status.${reading.status}` as MessageKey);
  return { amounts, status, full: t('meter.full', { text: amounts, status }), percent };
}
