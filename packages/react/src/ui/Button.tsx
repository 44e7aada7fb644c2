import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { useImperativeHandle } from 'react';
import css from './Button.css?inline';
import { useStyles } from './useStyles';

/**
 * Props of {@link Button}. All native button attributes pass through.
 * @public
 */
export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** `primary` for the main action, `secondary` for the others, `icon` for a round icon-only button. @default 'secondary' */
  variant?: 'primary' | 'secondary' | 'icon';
  /** Accessible name. Required for `icon` buttons, which have no visible text. */
  'aria-label'?: string;
  /** The native button type. @default 'button' (never submits a form by accident) */
  type?: ButtonHTMLAttributes<HTMLButtonElement>['type'];
  /** The button's label, and its icon if it has one. */
  children?: ReactNode;
  /** A ref to the `<button>`. */
  ref?: Ref<HTMLButtonElement | null>;
}

/**
 * The SDK's button. Defaults to `type="button"` so it never submits a form by accident.
 * @public
 */
export function Button({ variant = 'secondary', className, type = 'button', ref, children, ...rest }: ButtonProps) {
  const own = useStyles<HTMLButtonElement>(css, 'base');
  useImperativeHandle(ref, () => own.current as HTMLButtonElement, [own]);
  return (
    <button
      {...rest}
      ref={own}
      type={type}
      data-variant={variant}
      className={className ? `cp-button ${className}` : 'cp-button'}
    >
      {children}
    </button>
  );
}
