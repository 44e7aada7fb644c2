import type { CSSProperties } from 'react';
import css from './Skeleton.css?inline';
import { useStyles } from './useStyles';

/**
 * Props of {@link Skeleton}.
 * @public
 */
export interface SkeletonProps {
  /** CSS width. @default '100%' */
  width?: number | string;
  /** CSS height. @default '1em' */
  height?: number | string;
  /** `text`: a line of text; `rect`: a box (an image, a card); `circle`: an avatar. @default 'text' */
  shape?: 'text' | 'rect' | 'circle';
  /** When given, the skeleton announces itself as a loading status with this text; otherwise it is decorative. */
  label?: string;
  /** A class added to the skeleton, beside `cp-skeleton`. */
  className?: string;
}

const size = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

// spec: skeletons for the history list and the logos.
/**
 * A shimmering placeholder shown while content loads (e.g. the chat history list and logos).
 * @public
 */
export function Skeleton({ width, height, shape = 'text', label, className }: SkeletonProps) {
  const ref = useStyles<HTMLSpanElement>(css, 'base');
  const style = { '--cp-skeleton-width': size(width), '--cp-skeleton-height': size(height) } as CSSProperties;
  const box = (
    <span
      ref={label ? undefined : ref}
      className={className ? `cp-skeleton ${className}` : 'cp-skeleton'}
      data-shape={shape}
      style={style}
      aria-hidden="true"
      part="skeleton"
    />
  );
  if (!label) return box;
  return (
    <span ref={ref} role="status">
      <span className="cp-visually-hidden">{label}</span>
      {box}
    </span>
  );
}
