import { findHomePage, menuItemPath } from '@cloudportal/core';
import type { ReactNode } from 'react';
import { useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { useStyles } from '../ui/useStyles';
import { pageCss as css } from './pageStyles';
import { usePageNavigate, usePortalNavigation } from './pageContext';

/**
 * Props of {@link PagePlaceholder}.
 * @public
 */
export interface PagePlaceholderProps {
  /** The card's heading, e.g. 'Page not found'. */
  title: string;
  /** What the card says under its heading. */
  children?: ReactNode;
  /** Shows "Try again" calling this. */
  onRetry?: () => void;
  /** Shows a link to the home page. @default true */
  home?: boolean;
  /** `alert` for a failure, so it is announced. @default 'status' */
  role?: 'alert' | 'status';
  /** The title's heading level: 1 when the placeholder is the whole page (every page has one `h1`). @default 2 */
  level?: 1 | 2;
}

/**
 * A card saying why a page shows nothing, with a way on: try again, or the home page.
 * @public
 */
export function PagePlaceholder({
  title,
  children,
  onRetry,
  home = true,
  role = 'status',
  level = 2,
}: PagePlaceholderProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const ref = useStyles<HTMLElement>(css);
  const navigate = usePageNavigate();
  const { navigation, prefix } = usePortalNavigation();
  const t = useT();
  // The menu's home page (spec §3 home tags), else the portal's root.
  const home_ = findHomePage(navigation.$menu.get().items);
  const homePath = (home_ && menuItemPath(home_, prefix)) || `/${prefix}`;
  return (
    <section ref={ref} className="cp-placeholder" role={role} aria-label={title} part="placeholder">
      <Heading>{title}</Heading>
      {children}
      <div className="cp-placeholder__actions">
        {onRetry ? <Button onClick={onRetry}>{t('page.retry')}</Button> : null}
        {home ? (
          <a
            href={homePath}
            onClick={(e) => {
              e.preventDefault();
              navigate(homePath);
            }}
          >
            {t('page.home')}
          </a>
        ) : null}
      </div>
    </section>
  );
}
