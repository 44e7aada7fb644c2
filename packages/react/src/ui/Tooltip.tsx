import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import css from './Tooltip.css?inline';
import { useStyles } from './useStyles';

/**
 * Props of {@link Tooltip}.
 * @public
 */
export interface TooltipProps {
  /** The tooltip text. */
  content: string;
  // spec §9 "Tooltip delays": 500 (navbar, filter button), 1000 (chat), 1500 (drag button)
  /**
   * Milliseconds between pointer entry (or keyboard focus) and showing the tooltip.
   * The portal uses 500 (navbar, filter button), 1000 (chat) and 1500 (drag button): see `TOOLTIP_DELAY_MS`.
   */
  delay: number;
  /** Where it shows relative to the trigger. @default 'top' */
  placement?: 'top' | 'bottom';
  /** The trigger: one element that can hold focus. It gets `aria-describedby` while the tooltip shows. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

/**
 * A tooltip shown after `delay` on hover or focus, hidden on leave, blur or Escape (WCAG 1.4.13),
 * and linked to its trigger with `aria-describedby`.
 * @public
 */
export function Tooltip({ content, delay, placement = 'top', children }: TooltipProps) {
  const ref = useStyles<HTMLSpanElement>(css, 'base');
  const id = useId();
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancel = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };
  const show = () => {
    cancel();
    timer.current = setTimeout(() => setVisible(true), delay);
  };
  const hide = () => {
    cancel();
    setVisible(false);
  };

  useEffect(() => cancel, []);

  return (
    <span
      ref={ref}
      className="cp-tooltip-anchor"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && visible) {
          event.stopPropagation();
          hide();
        }
      }}
    >
      {cloneElement(children, { 'aria-describedby': visible ? id : children.props['aria-describedby'] })}
      {visible ? (
        <span role="tooltip" id={id} className="cp-tooltip" part="tooltip" data-placement={placement}>
          {content}
        </span>
      ) : null}
    </span>
  );
}
