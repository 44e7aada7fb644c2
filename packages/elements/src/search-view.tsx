import { isSearchShortcut, pagePath, sessionStarted } from '@cloudportal/core';
import { usePortalClient, useT } from '@cloudportal/react/provider';
import { SearchDialog } from '@cloudportal/react/search';
import { useStyles } from '@cloudportal/react/ui';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ElementViewProps } from './internal/viewProps';
import { SignInPrompt, usePieceRefusal, useSignInRefusal, useStartedSession } from '@cloudportal/react/auth';
import css from './search.css?inline';
import type { SearchElementProps } from './search';

/** A magnifying glass (Material's search icon). */
const SEARCH_ICON =
  'M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z';

/** What the element needs of a connected site's visitor's token. */
const SITE_NEED = { piece: 'search' } as const;

/** The view of `<cp-search>`: the search box and the portal's search dialog. */
export default function SearchElementView({
  contentPrefix = 'billing',
  hotkey,
  emit,
}: SearchElementProps & ElementViewProps) {
  const client = usePortalClient();
  const { status } = useStore(client.session.$session);
  const ref = useStyles<HTMLButtonElement>(css);
  const t = useT();
  const [open, setOpen] = useState(false);
  const origin = client.config.apiBase;
  const signedIn = status === 'authenticated';
  useStartedSession(client);
  useSignInRefusal(client, (refusal) => emit('cp-search-error', refusal));
  const refused = usePieceRefusal(SITE_NEED, (refusal) => emit('cp-search-error', refusal));

  useEffect(() => {
    if (hotkey === false || !signedIn) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [hotkey, signedIn]);

  if (refused) return <SignInPrompt href="" refusal={refused} onRetry={undefined} />;
  if (!signedIn)
    return status === 'anonymous' && sessionStarted(client) ? (
      <SignInPrompt href={`${origin}/login`} text={t('search.signIn')} />
    ) : null;
  return (
    <>
      <button
        ref={ref}
        type="button"
        className="cp-search-box"
        part="search-box"
        aria-haspopup="dialog"
        // hotkey="false" leaves the keys to the page: then they are neither announced nor shown.
        aria-keyshortcuts={hotkey === false ? undefined : 'Meta+K Control+K'}
        onClick={() => setOpen(true)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
          <path d={SEARCH_ICON} />
        </svg>
        <span>{t('search.open')}</span>
        {hotkey === false ? null : <kbd aria-hidden="true">{t('search.shortcut')}</kbd>}
      </button>
      <SearchDialog
        open={open}
        onClose={() => setOpen(false)}
        onChoose={(result) => {
          const path = pagePath(result.name, result.tabName, contentPrefix);
          // Cancelable: a partner that routes itself calls preventDefault(); otherwise the portal page opens.
          if (emit('cp-search-result-chosen', { path, tabName: result.tabName, url: origin + path, result }))
            globalThis.location.assign(origin + path);
        }}
      />
    </>
  );
}
