import { isChatDataset, relatedLinkHref, type RelatedLink } from '@cloudportal/core';
import { AssistantChat } from '@cloudportal/react/assistant';
import { usePortalClient, useT } from '@cloudportal/react/provider';
import { useStyles } from '@cloudportal/react/ui';
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import css from './assistant.css?inline';
import { createPortalElement, defineOnce, type ElementViewProps } from './internal/createElement';
import { sessionStarted, useStartedSession } from './internal/session';

/** Attributes (and properties) of `<cp-assistant>`. */
export interface AssistantElementProps {
  /**
   * `launcher`: a floating 'Assistant' button that opens the chat as a right-side dialog;
   * `dialog`: the dialog alone, opened and closed with the `open` attribute/property;
   * `page`: the chat embedded where the element is.
   * @default 'launcher'
   */
  mode?: 'launcher' | 'dialog' | 'page';
  /** Dialog mode: whether the dialog is open. */
  open?: boolean;
  /** Origin of the portal API, when it is not the page's own (`api-base="https://portal.example"`). */
  apiBase?: string;
  /** The dataset to start on when the tenant has it: `all`, `m365` or `azure`. */
  dataset?: string;
  /** Where related links lead in the portal: `/{content-prefix}/{url}`. @default 'billing' */
  contentPrefix?: string;
}

/** Dialog mode is driven by the `open` property: keep it in step with the user's open and close. */
function reflectOpen(host: HTMLElement, open: boolean): void {
  (host as HTMLElement & { open?: boolean }).open = open;
}

/** Shown to a visitor without a portal session: where to sign in (internal: the shell element uses it too). */
export function SignInPrompt({ login, text }: { login: string; text?: string }) {
  const ref = useStyles<HTMLParagraphElement>(css);
  const t = useT();
  return (
    <p ref={ref} className="cp-assistant-signin" part="signin">
      <a href={login}>{text ?? t('chat.signIn')}</a>
    </p>
  );
}

function AssistantView({ mode = 'launcher', open, dataset, contentPrefix = 'billing', apiBase, emit, host }: AssistantElementProps & ElementViewProps) {
  const client = usePortalClient();
  const { status } = useStore(client.session.$session);
  const chat = useStore(client.chat.$chat);
  const applied = useRef(false);
  // The portal's origin for links out of the partner's page ('' on the portal's own origin).
  const origin = (apiBase ?? '').replace(/\/+$/, '');

  useStartedSession(client);

  // The `dataset` attribute: once the chat is ready, switch to it when the tenant has it.
  useEffect(() => {
    if (applied.current || chat.status !== 'ready' || !isChatDataset(dataset)) return;
    applied.current = true;
    if (chat.dataset !== dataset) client.chat.changeDataset(dataset);
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

/**
 * `<cp-assistant>` — the AI assistant chat (spec §2 "Assistant chat") as a web component: a floating
 * launcher with a right-side dialog, a dialog the page opens, or a chat embedded in the page. It
 * uses its `client` property, a client for `api-base`, or the page-wide default client, and resumes
 * the user's portal session from the refresh cookie on its own.
 *
 * @event cp-assistant-opened - the dialog opened; `detail: {}`
 * @event cp-assistant-closed - the dialog closed; `detail: {}`
 * @event cp-assistant-message-sent - a question was sent; `detail: { question, dataset }`
 * @event cp-assistant-answer-received - an answer arrived; `detail: { message }`
 * @event cp-assistant-link-chosen - a related link was chosen; `detail: { link, url }`. Cancelable:
 *   `preventDefault()` keeps the element from opening `url` in a new tab.
 * @csspart launcher - the floating 'Assistant' button
 * @csspart dialog - the dialog box
 * @csspart signin - the sign-in prompt shown to a signed-out visitor
 * @csspart attach-button - the button that attaches a screenshot (PNG, JPEG or WebP, at most 2 MB)
 * @csspart screenshot-preview - the attached screenshot before it is sent, with `remove-screenshot`
 * @csspart user-bubble - a question; a screenshot sent with it shows inside
 *   (every other part of `AssistantChat` — `header`, `messages`, `composer`, `send-button`, … — is exposed as well)
 * @cssproperty --cp-assistant-dialog-width - dialog width (default 90%)
 * @cssproperty --cp-assistant-dialog-max-width - dialog maximum width (default 1200px)
 * @cssproperty --cp-assistant-height - height of the embedded chat (page mode)
 */
export const CpAssistantElement = createPortalElement<AssistantElementProps>(AssistantView, {
  mode: 'string',
  open: 'boolean',
  apiBase: 'string',
  dataset: 'string',
  contentPrefix: 'string',
});

/** Tag name of {@link CpAssistantElement}. */
export const ASSISTANT_TAG = 'cp-assistant';

/** Defines `<cp-assistant>` (idempotent). */
export function defineAssistant(): void {
  defineOnce(ASSISTANT_TAG, CpAssistantElement);
}
