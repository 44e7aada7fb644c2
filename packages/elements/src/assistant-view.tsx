import { portalChat, isChatDataset, relatedLinkHref, type RelatedLink } from '@cloudportal/core';
import { AssistantChat } from '@cloudportal/react/assistant';
import { usePortalClient } from '@cloudportal/react/provider';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { AssistantElementProps } from './assistant';
import type { ElementViewProps } from './internal/createElement';
import { sessionStarted, useStartedSession } from './internal/session';
import { SignInPrompt } from './internal/SignInPrompt';

/** Dialog mode is driven by the `open` property: keep it in step with the user's open and close. */
function reflectOpen(host: HTMLElement, open: boolean): void {
  (host as HTMLElement & { open?: boolean }).open = open;
}

/** The view of `<cp-assistant>`, loaded when the element first connects. */
export default function AssistantView({ mode = 'launcher', open, dataset, contentPrefix = 'billing', apiBase, emit, host }: AssistantElementProps & ElementViewProps) {
  const client = usePortalClient();
  const { status } = useStore(client.session.$session);
  const chat = useStore(portalChat(client).$chat);
  const applied = useRef(false);
  // The portal's origin for links out of the partner's page ('' on the portal's own origin).
  const origin = (apiBase ?? '').replace(/\/+$/, '');

  useStartedSession(client);

  // The `dataset` attribute: once the chat is ready, switch to it when the tenant has it.
  useEffect(() => {
    if (applied.current || chat.status !== 'ready' || !isChatDataset(dataset)) return;
    applied.current = true;
    if (chat.dataset !== dataset) portalChat(client).changeDataset(dataset);
  }, [chat.status, chat.dataset, dataset, client]);

  if (status !== 'authenticated') {
    if (status === 'anonymous' && sessionStarted(client)) {
      return <SignInPrompt login={`${origin}/login`} />;
    }
    return null;
  }

  const portalUrl = (link: RelatedLink) => origin + relatedLinkHref(contentPrefix, link.url);
  const setOpen = (next: boolean) => {
    if (mode === 'dialog') reflectOpen(host, next);
  };

  return (
    <AssistantChat
      mode={mode === 'page' ? 'page' : 'dialog'}
      launcher={mode === 'launcher' ? 'floating' : 'none'}
      {...(mode === 'dialog' ? { open: !!open, onOpenChange: setOpen } : {})}
      contentPrefix={contentPrefix}
      onOpened={() => emit('cp-assistant-opened', {})}
      onClosed={() => emit('cp-assistant-closed', {})}
      onMessageSent={(detail) => emit('cp-assistant-message-sent', detail)}
      onAnswerReceived={(detail) => emit('cp-assistant-answer-received', detail)}
      onLinkChosen={(link) => {
        // Cancelable: a partner that routes the link itself calls preventDefault(); otherwise the
        // portal page opens in a new tab, so the partner's page stays where it is.
        if (emit('cp-assistant-link-chosen', { link, url: portalUrl(link) })) globalThis.open?.(portalUrl(link), '_blank', 'noopener');
        return true;
      }}
    />
  );
}

