import type { ConfirmIcon } from '@cloudportal/core';

/**
 * Names of the icons the SDK draws.
 * @public
 */
export type IconName = ConfirmIcon | 'close';

const paths: Record<IconName, string> = {
  success: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  warning: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z',
  question:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 17h-2v-2h2v2zm2.1-7.7-.9.9c-.7.7-1.2 1.3-1.2 2.8h-2v-.5c0-1.1.5-2.1 1.2-2.8l1.2-1.3A2 2 0 0 0 12 7a2 2 0 0 0-2 2H8a4 4 0 1 1 7.1 2.3z',
  close: 'M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z',
};

/**
 * Props of {@link Icon}.
 * @public
 */
export interface IconProps {
  // spec §8 "Icons"
  /** Which icon. An unknown name renders nothing. */
  name: string;
  /** Accessible name; without it the icon is decorative and hidden from assistive technology. */
  label?: string;
  /** Size in px. @default 24 */
  size?: number;
  /** A class for the `<svg>`. */
  className?: string;
}

/**
 * An inline SVG icon, coloured by `currentColor`.
 * @public
 */
export function Icon({ name, label, size = 24, className }: IconProps) {
  const d = (paths as Record<string, string | undefined>)[name];
  if (!d) return null;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
