import { useId } from 'react';
import css from './StarRating.css?inline';
import { useStyles } from './useStyles';

const STAR = 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';
const STAR_OUTLINE =
  'M22 9.24l-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03L22 9.24zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28L12 15.4z';
const NONE =
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 0 1 6.32 12.9L7.1 5.68A7.96 7.96 0 0 1 12 4zm-8 8c0-1.85.63-3.55 1.68-4.9L16.9 18.32A8 8 0 0 1 4 12z';

/**
 * Props of {@link StarRating}.
 * @public
 */
export interface StarRatingProps {
  /** The group's visible label (its legend), e.g. 'Rating'. */
  label: string;
  /** Stars chosen: 0 (none) to `max`. */
  value: number;
  /** Called with the stars the user chose (0 when they chose none). */
  onValueChange: (value: number) => void;
  /** The accessible name of each choice: 0 is the "none" choice, then e.g. '1 star', '2 stars'. */
  valueLabel: (value: number) => string;
  // spec §9 "Star count"
  /** The number of stars. @default 5 */
  max?: number;
  /** Disables every choice. @default false */
  disabled?: boolean;
  /** Marks the chosen choice `data-autofocus`, so a dialog opening around it focuses it first. @default false */
  autoFocus?: boolean;
  /** A class added to the group (its `fieldset`), beside `cp-stars`. */
  className?: string;
  /** The `part` name exposed to `::part()` inside a web component. @default 'stars' */
  part?: string;
}

/**
 * A star rating as a native radio group (WAI-ARIA APG "Rating Radio Group"): Tab reaches the chosen
 * choice, the arrow keys move and choose, and each choice is named by `valueLabel` ('1 star'…). The
 * first choice is "none" (value 0), so a rating can be taken back with the keyboard too. Stars up
 * to the value are filled. Colours: `--cp-stars-color` (filled), `--cp-stars-empty-color`; size:
 * `--cp-stars-size`.
 * @public
 */
export function StarRating({
  label,
  value,
  onValueChange,
  valueLabel,
  max = 5,
  disabled = false,
  autoFocus = false,
  className,
  part = 'stars',
}: StarRatingProps) {
  const ref = useStyles<HTMLFieldSetElement>(css, 'base');
  const name = useId();
  return (
    <fieldset
      ref={ref}
      className={className ? `cp-stars ${className}` : 'cp-stars'}
      part={part}
      disabled={disabled}
      data-value={value}
    >
      <legend className="cp-stars__label">{label}</legend>
      <div className="cp-stars__choices">
        {Array.from({ length: max + 1 }, (_, n) => (
          <label
            key={n}
            className="cp-stars__choice"
            data-kind={n === 0 ? 'none' : 'star'}
            data-filled={n > 0 && n <= value ? '' : undefined}
            data-checked={value === n ? '' : undefined}
          >
            <input
              type="radio"
              className="cp-visually-hidden"
              name={name}
              value={n}
              checked={value === n}
              data-autofocus={autoFocus && value === n ? '' : undefined}
              onChange={() => onValueChange(n)}
            />
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={n === 0 ? NONE : n <= value ? STAR : STAR_OUTLINE} />
            </svg>
            <span className="cp-visually-hidden">{valueLabel(n)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
