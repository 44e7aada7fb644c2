import { menuMap, type MenuNode, sessionStarted } from '@cloudportal/core';
import { FeedbackDialog } from '@cloudportal/react/feedback';
import { usePortalClient, useT } from '@cloudportal/react/provider';
import { adoptStyles, Button, useLoad } from '@cloudportal/react/ui';
import { useStore } from '@nanostores/react';
import { useCallback, useLayoutEffect, useState } from 'react';
import css from './feedback.css?inline';
import type { FeedbackElementProps } from './feedback';
import type { ElementViewProps } from './internal/viewProps';
import { SignInPrompt, usePieceRefusal, useSignInRefusal, useStartedSession } from '@cloudportal/react/auth';

/** What the element needs of a connected site's visitor's token. */
const SITE_NEED = { piece: 'feedback' } as const;

/** The view of `<cp-feedback>`: the Feedback button and the portal's feedback dialog about `page`. */
export default function FeedbackElementView({ page, tabName, emit, host }: FeedbackElementProps & ElementViewProps) {
  const client = usePortalClient();
  // Into the shadow root before the first paint, whether or not the button shows yet.
  useLayoutEffect(() => {
    if (host.shadowRoot) adoptStyles(host.shadowRoot, [css]);
  }, [host]);
  const { status } = useStore(client.session.$session);
  const t = useT();
  const [open, setOpen] = useState(false);
  const signedIn = status === 'authenticated';
  useStartedSession(client);
  useSignInRefusal(client, (refusal) => emit('cp-feedback-error', refusal));
  const refused = usePieceRefusal(SITE_NEED, (refusal) => emit('cp-feedback-error', refusal));
  // The page's menu item (its uuid and display name), from the visitor's menu once signed in.
  const loadMenu = useCallback((): Promise<MenuNode[]> => client.api.portal.menu(), [client]);
  const [menu] = useLoad(signedIn ? loadMenu : null);
  const item = page && menu.state === 'loaded' ? (menuMap(menu.value).get(page) ?? null) : null;

  if (refused) return <SignInPrompt href="" refusal={refused} onRetry={undefined} />;
  if (!signedIn)
    return status === 'anonymous' && sessionStarted(client) ? (
      <SignInPrompt href={`${client.config.apiBase}/login`} text={t('feedback.signIn')} />
    ) : null;
  return (
    <>
      <Button
        part="feedback-button"
        disabled={!item}
        title={menu.state === 'loaded' && !item ? t('feedback.unknownPage', { page: page ?? '' }) : undefined}
        onClick={() => {
          setOpen(true);
          emit('cp-feedback-opened', { page, tabName: tabName ?? null });
        }}
      >
        {t('feedback.open')}
      </Button>
      {item ? (
        <FeedbackDialog
          open={open}
          onClose={() => setOpen(false)}
          menuUuid={item.uuid}
          tabName={tabName || null}
          pageDisplayName={item.displayName}
          onSubmitted={(feedback) => emit('cp-feedback-submitted', { feedback })}
        />
      ) : null}
    </>
  );
}
