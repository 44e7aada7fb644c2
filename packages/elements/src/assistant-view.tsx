import { isChatDataset, portalChat, type RelatedLink, relatedLinkHref, sessionStarted } from '@cloudportal/core';
import { AssistantChat, AssistantLauncher, type AssistantActionDetail } from '@cloudportal/react/assistant';
import { usePortalClient } from '@cloudportal/react/provider';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { AssistantElementProps, LauncherHandoff } from './assistant';
import { raiseAction } from './internal/assistantHost';
import type { ElementViewProps } from './internal/viewProps';
import { SignInPrompt, useSignInRefusal, useStartedSession } from '@cloudportal/react/auth';

/** The `open` attribute follows the dialog, however it opened or closed (the page's `open()`, the visitor). */
function reflectOpen(host: HTMLElement, open: boolean): void {
  if (host.hasAttribute('open') !== open) host.toggleAttribute('open', open);
}

/** The view of `<cp-assistant>`, loaded when the element first connects. */
export default function AssistantView(props: AssistantElementProps & LauncherHandoff & ElementViewProps) {
  const { mode = 'launcher', open, chatDataset: dataset, contentPrefix = 'billing', emit, host } = props;
  const client = usePortalClient();
  const { status } = useStore(client.session.$session);
  const chat = useStore(portalChat(client).$chat);
  const applied = useRef(false);
  // The portal's origin for links out of the partner's page ('' on the portal's own origin).
  const origin = client.config.apiBase;

  useStartedSession(client);
  useSignInRefusal(client, (refusal) => emit('cp-assistant-error', refusal));

  // The `chat-dataset` attribute: once the chat is ready, switch to it when the tenant has it.
  useEffect(() => {
    if (applied.current || chat.status !== 'ready' || !isChatDataset(dataset)) return;
    applied.current = true;
    if (chat.dataset !== dataset) portalChat(client).changeDataset(dataset);
  }, [chat.status, chat.dataset, dataset, client]);

  // Launcher mode: the stand-in launcher gave way to this view (on hover, focus or click); our own
  // launcher keeps its place whatever the session's state, so the button never blinks. A click on the
  // stand-in opens the chat; the focus it held moves to our launcher — in a ref callback, which runs
  // before the dialog's layout effect notes where to give the focus back.
  const [launcherIsOpen, setLauncherOpen] = useState(!!props.launcherOpen || !!open);
  // The page opens or closes the launcher's dialog through the `open` attribute (`open()`, `ask()`),
  // and the attribute follows the dialog however it opened or closed.
  const [seenOpen, setSeenOpen] = useState(!!open);
  if (!!open !== seenOpen) {
    setSeenOpen(!!open);
    if (!!open !== launcherIsOpen) setLauncherOpen(!!open);
  }
  useEffect(() => {
    if (mode === 'launcher') reflectOpen(host, launcherIsOpen);
  }, [mode, host, launcherIsOpen]);
  const focusHandedOver = useRef(!props.launcherFocused);
  const takeFocus = (slot: HTMLSpanElement | null) => {
    if (!slot || focusHandedOver.current) return;
    focusHandedOver.current = true;
    slot.querySelector<HTMLElement>('[part~="launcher"]')?.focus();
  };

  const signedOut = status === 'anonymous' && sessionStarted(client);
  const login = `${origin}/login`;
  const portalUrl = (link: RelatedLink) => origin + relatedLinkHref(contentPrefix, link.url);
  const chatProps = {
    contentPrefix,
    onOpened: () => emit('cp-assistant-opened', {}),
    onClosed: () => emit('cp-assistant-closed', {}),
    onMessageSent: (detail: object) => emit('cp-assistant-message-sent', detail),
    onAnswerReceived: (detail: object) => emit('cp-assistant-answer-received', detail),
    onAnswerProgress: (detail: object) => emit('cp-assistant-answer-progress', detail),
    onAction: (detail: AssistantActionDetail) => raiseAction(emit, detail),
    onLinkChosen: (link: RelatedLink) => {
      // Cancelable: a partner that routes the link itself calls preventDefault(); otherwise the
      // portal page opens in a new tab, so the partner's page stays where it is.
      if (emit('cp-assistant-link-chosen', { link, url: portalUrl(link) }))
        globalThis.open?.(portalUrl(link), '_blank', 'noopener');
      return true;
    },
  };

  if (mode === 'launcher') {
    const signedIn = status === 'authenticated';
    return (
      <>
        <span ref={takeFocus} style={{ display: 'contents' }}>
          <AssistantLauncher variant="floating" expanded={launcherIsOpen} onClick={() => setLauncherOpen(true)} />
        </span>
        {signedIn ? (
          <AssistantChat mode="dialog" open={launcherIsOpen} onOpenChange={setLauncherOpen} {...chatProps} />
        ) : null}
        {signedOut && launcherIsOpen ? <SignInPrompt href={login} floating /> : null}
      </>
    );
  }
  if (status !== 'authenticated') return signedOut ? <SignInPrompt href={login} /> : null;
  return (
    <AssistantChat
      mode={mode === 'page' ? 'page' : 'dialog'}
      {...(mode === 'dialog' ? { open: !!open, onOpenChange: (next: boolean) => reflectOpen(host, next) } : {})}
      {...chatProps}
    />
  );
}

// The page's requests (the element's methods, `context`, `question`), answered here: see internal/assistantHost.
export {
  ask,
  contextAttribute,
  exportChat,
  newChat,
  prefill,
  raiseAction,
  registerActions,
  setContext,
} from './internal/assistantHost';
