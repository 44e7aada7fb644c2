import {
  chartEn,
  meterTexts,
  readMeter,
  registerMessages,
  type ChartValueType,
  type MeterGoal,
} from '@cloudportal/core';
import { useId, type CSSProperties } from 'react';
import { useLocale, useT } from '../provider/PortalProvider';
import { useStyles } from '../ui/useStyles';
import css from './Progress.css?inline';

registerMessages(chartEn);

/**
 * Props of {@link Progress}.
 * @public
 */
export interface ProgressProps {
  /** What is measured, e.g. 'Production budget' (the meter's accessible name). */
  label: string;
  /** Spent or consumed so far. */
  actual: number;
  /** The budget or commitment. */
  target: number;
  /** Expected by the end of the period. @default null */
  forecast?: number | null;
  /** A budget (spending past it is bad) or a commitment (falling short of it is). @default 'budget' */
  goal?: MeterGoal;
  /** Share of the target from which a budget counts as near. @default 0.8 */
  nearAt?: number;
  /** How the amounts read. @default 'currency' */
  valueType?: ChartValueType;
  /** ISO 4217 code of currency amounts. @default 'USD' */
  currency?: string;
  /** The locale the amounts are written in. @default the client's active locale */
  locale?: string;
  /** A class added to the meter's root, beside `cp-meter`. */
  className?: string;
}

const share = (v: number, max: number) => `${max > 0 ? Math.min(100, Math.max(0, (v / max) * 100)) : 0}%`;

/**
 * Progress against a budget or a commitment (budgets with burn and forecast, MACC): the
 * label, a bar of the actual amount with the forecast beyond it and a tick at the target, the
 * amounts and the standing in words ('over budget'), coloured by tone (`data-tone` ok / warning /
 * danger; `data-state` under / near / over). A `role="meter"` whose value text is the whole
 * sentence: "$8,200.00 of $10,000.00 (82%), forecast $11,300.00: forecast over budget".
 * Plain HTML, no chart library.
 *
 * Parts: `meter`. CSS properties: `--cp-meter-ok`, `--cp-meter-warning`, `--cp-meter-danger`, `--cp-meter-track`.
 * @public
 */
export function Progress({
  label,
  actual,
  target,
  forecast = null,
  goal = 'budget',
  nearAt,
  valueType = 'currency',
  currency = 'USD',
  locale: localeProp,
  className,
}: ProgressProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const t = useT();
  const active = useLocale();
  const locale = localeProp ?? active;
  const id = useId();
  const input = { actual, target, forecast, goal, nearAt };
  const reading = readMeter(input);
  const texts = meterTexts(input, reading, { valueType, currency, locale }, t);
  // The scale reaches the largest of the three, so an overrun shows past the target's tick.
  const max = Math.max(target, actual, forecast ?? 0, 0);
  const style = {
    '--cp-meter-actual': share(actual, max),
    '--cp-meter-forecast': share(forecast ?? actual, max),
    '--cp-meter-target': share(target, max),
  } as CSSProperties;
  return (
    <div
      ref={ref}
      className={className ? `cp-meter ${className}` : 'cp-meter'}
      data-state={reading.state}
      data-tone={reading.tone}
      data-goal={goal}
      part="meter"
    >
      <div className="cp-meter__head">
        <span id={`${id}-label`} className="cp-meter__label">
          {label}
        </span>
        <span className="cp-meter__status">{texts.status}</span>
      </div>
      <div
        role="meter"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.max(0, actual)}
        aria-valuetext={texts.full}
        className="cp-meter__track"
        style={style}
      >
        {typeof forecast === 'number' && forecast > actual && <span className="cp-meter__forecast" />}
        <span className="cp-meter__bar" />
        {target > 0 && <span className="cp-meter__target" />}
      </div>
      <p className="cp-meter__amounts">{texts.amounts}</p>
    </div>
  );
}
