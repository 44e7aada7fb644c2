import { ProgressBar, useT } from '@cloudportal/react';

/**
 * The splash index.html paints before the portal's code has arrived, kept in place while the session
 * starts (`SessionStart`'s fallback), with a progress bar labelled "Signing you in" under the mark.
 * Styled by boot.css, which the page links (the mark must paint without the code).
 */
export function BootSplash() {
  const t = useT();
  return (
    <div className="host-boot">
      <svg className="host-boot__mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#0b5cad" />
        <path d="M9 20a5 5 0 0 1 1-9.9A7 7 0 0 1 23.5 12 4.5 4.5 0 0 1 23 21H10z" fill="#fff" />
      </svg>
      <ProgressBar label={t('session.starting')} />
    </div>
  );
}
