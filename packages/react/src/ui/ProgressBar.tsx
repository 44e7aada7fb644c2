import css from './ProgressBar.css?inline';
import { useStyles } from './useStyles';

/**
 * Props of {@link ProgressBar}.
 * @public
 */
export interface ProgressBarProps {
  /** Accessible name, e.g. 'Loading'. */
  label: string;
  /** Progress from 0 to 1. Leave it out for an indeterminate bar (loading of unknown length). */
  value?: number;
  /** Text read by screen readers instead of the percentage, e.g. 'Closes in 3 s'. */
  valueText?: string;
  /** A class added to the bar, beside `cp-progress`. */
  className?: string;
}

/**
 * A thin progress bar: determinate with `value`, indeterminate without. Colour: `--cp-progress-color`; height: `--cp-progress-height`.
 * @public
 */
export function ProgressBar({ label, value, valueText, className }: ProgressBarProps) {
  const ref = useStyles<HTMLDivElement>(css, 'base');
  const determinate = typeof value === 'number' && Number.isFinite(value);
  const percent = determinate ? Math.round(Math.min(1, Math.max(0, value)) * 100) : undefined;
  return (
    <div
      ref={ref}
      role="progressbar"
      aria-label={label}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={className ? `cp-progress ${className}` : 'cp-progress'}
      part="progress"
      data-state={determinate ? 'determinate' : 'indeterminate'}
    >
      <div className="cp-progress__bar" style={determinate ? { width: `${percent}%` } : undefined} />
    </div>
  );
}
