import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import css from './Field.css?inline';
import { useStyles } from './useStyles';

/**
 * The props of {@link Field} besides the native control's.
 * @public
 */
interface FieldOwnProps {
  /** The visible label, also the control's accessible name. */
  label: string;
  /** A problem to show under the control; the control is then `aria-invalid`. */
  error?: string | null;
  /** A hint under the label. */
  hint?: ReactNode;
  /** `true` for a `<textarea>` (several lines), else an `<input>`. @default false */
  multiline?: boolean;
}

/**
 * Props of {@link Field}: a labelled `<input>` (every native input attribute passes through).
 * @public
 */
export type FieldProps = FieldOwnProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { multiline?: false };
/**
 * Props of {@link Field} with `multiline`: a labelled `<textarea>`.
 * @public
 */
export type TextAreaFieldProps = FieldOwnProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { multiline: true };

// `FieldOwnProps &` adds nothing to the type (both props types hold it): it lets the docs' props table
// (react-docgen, which skips a union of props types) list the props the two share.
/**
 * A form field of the SDK: label, optional hint, the control and its problem, wired for screen
 * readers (`aria-describedby`, `aria-invalid`). State shows as `data-invalid`.
 * @public
 */
export function Field(props: FieldOwnProps & (FieldProps | TextAreaFieldProps)) {
  const ref = useStyles<HTMLDivElement>(css, 'base');
  const id = useId();
  const { label, error, hint, className } = props;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    className: 'cp-field__control',
  } as const;
  let control: ReactNode;
  if (props.multiline) {
    const { label: _l, error: _e, hint: _h, multiline: _m, className: _c, ...rest } = props;
    control = <textarea {...rest} {...common} />;
  } else {
    const { label: _l, error: _e, hint: _h, multiline: _m, className: _c, ...rest } = props;
    control = <input {...rest} {...common} />;
  }
  return (
    <div ref={ref} className={className ? `cp-field ${className}` : 'cp-field'} data-invalid={error ? '' : undefined}>
      <label htmlFor={id} className="cp-field__label">
        {label}
      </label>
      {hint ? (
        <span id={`${id}-hint`} className="cp-field__hint">
          {hint}
        </span>
      ) : null}
      {control}
      {error ? (
        <span id={`${id}-error`} className="cp-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
