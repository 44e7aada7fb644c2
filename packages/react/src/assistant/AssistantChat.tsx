import { portalChat, type ChatHistoryItem } from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { SignedIn } from '../auth/SignInPrompt';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useLatest } from '../ui/useLatest';
import { useStyles } from '../ui/useStyles';
import css from './AssistantChat.css?inline';
import type { AssistantChatEvents } from './assistantEvents';
import { AssistantLauncher } from './AssistantLauncher';
import { ChatConversation } from './ChatConversation';
import { ChatHeader } from './ChatHeader';
import { Composer } from './Composer';
import { ChatIcon } from './icons';
import { preloadStreamingAnswer } from './StreamingAnswerRow';
import {
  chatDisplay,
  useAssistantIdentity,
  useAnswerProgress,
  useChatAnnouncer,
  useLinkChosen,
  useOpenLatestChat,
  useRefocusAfterAnswer,
  useSendQuestion,
} from './useAssistantChat';

export type {
  AssistantAnswerDetail,
  AssistantAnswerProgressDetail,
  AssistantChatEvents,
  AssistantMessageSentDetail,
} from './assistantEvents';

// The rename dialog loads when a rename is first asked for: the intro view does not carry it.
const RenameChatDialog = lazy(() => import('./RenameChatDialog').then((m) => ({ default: m.RenameChatDialog })));

/**
 * Props of {@link AssistantChat}.
 * @public
 */
export interface AssistantChatProps extends AssistantChatEvents {
  // spec §2
  /**
   * `dialog`: a modal dialog on the right, 90% wide, at most 1200 px. `page`: the same
   * chat embedded in the page, filling its container.
   * @default 'dialog'
   */
  mode?: 'dialog' | 'page';
  /** Dialog mode, controlled: whether the dialog is open. Leave it out to let the component keep it. */
  open?: boolean;
  /** Dialog mode, uncontrolled: whether the dialog starts open. @default false */
  defaultOpen?: boolean;
  /** Dialog mode: called when the chat asks to open (launcher) or close (Close chat, Escape, backdrop). */
  onOpenChange?: (open: boolean) => void;
  /**
   * Dialog mode: render a launcher button labelled 'Assistant' that opens the dialog — `floating`
   * (bottom right) or `navbar` (a sparkles icon button). A host with its own button uses `none`
   * and the `open`/`onOpenChange` pair, or renders `<AssistantLauncher>` where it wants it.
   * @default 'none'
   */
  launcher?: 'floating' | 'navbar' | 'none';
  // spec §2
  /** The content prefix of related links: they route to `/{contentPrefix}/{url}`. @default 'billing' */
  contentPrefix?: string;
  /** A class added to the chat's root (the embedded chat, or the dialog), beside `cp-assistant-page` or `cp-assistant-dialog`. */
  className?: string;
}

interface ChatBodyProps {
  mode: 'dialog' | 'page';
  titleId: string;
  onClose?: () => void;
  contentPrefix: string;
  events: AssistantChatEvents;
}

/** The chat itself: header, conversation (or intro, skeleton, not enabled) and the input. */
function ChatBody({ mode, titleId, onClose, contentPrefix, events }: ChatBodyProps) {
  const ref = useStyles<HTMLDivElement>(css);
  const client = usePortalClient();
  const t = useT();
  const chat = useStore(portalChat(client).$chat);
  // Spec §5: the store's datasets — the token's account types and the tenant's licences.
  const datasets = useStore(portalChat(client).$datasets);
  const callbacks = useLatest(events);
  const main = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const [renaming, setRenaming] = useState<ChatHistoryItem | null>(null);

  useOpenLatestChat(chat.status);
  const identity = useAssistantIdentity();
  // Announcements, events and the scroll to the latest question follow the store's transitions.
  const announcement = useChatAnnouncer(main, callbacks);
  useAnswerProgress(callbacks);
  useRefocusAfterAnswer(chat.status, input);
  const send = useSendQuestion();
  const onLinkChosen = useLinkChosen(callbacks);
  const stop = useCallback(() => portalChat(client).stop(), [client]);
  const regenerate = useCallback(() => {
    preloadStreamingAnswer();
    void portalChat(client).regenerate();
  }, [client]);

  const display = chatDisplay(chat);
  const Root = mode === 'page' ? 'section' : 'div';
  return (
    <Root
      ref={ref}
      className="cp-assistant"
      part="assistant"
      data-mode={mode}
      data-state={display.state}
      data-view={display.view}
      aria-labelledby={mode === 'page' ? titleId : undefined}
    >
      <ChatHeader
        chat={chat}
        titleId={titleId}
        identity={identity}
        onRename={setRenaming}
        renaming={renaming !== null}
        onClose={onClose}
      />

      <ChatConversation
        mainRef={main}
        chat={chat}
        display={display}
        assistantName={identity.name}
        contentPrefix={contentPrefix}
        onAsk={send}
        onLinkChosen={onLinkChosen}
        onRegenerate={regenerate}
      />

      {chat.tooLongTipVisible ? (
        <div className="cp-assistant__tip" part="tip" role="note">
          <ChatIcon name="bulb" size={18} />
          <p>{t('chat.tooLong.text')}</p>
          <Button onClick={() => portalChat(client).dismissTooLongTip()}>{t('chat.tooLong.dismiss')}</Button>
        </div>
      ) : null}

      <Composer
        onSend={send}
        onStop={stop}
        busy={chat.status !== 'ready'}
        generating={display.generating}
        datasets={datasets}
        dataset={chat.dataset}
        cost={chat.cost}
        currency={chat.currency}
        retryIn={chat.retryIn}
        draft={chat.draft}
        inputRef={input}
        autoFocus={mode === 'dialog'}
      />

      {/* Spec: screen readers hear that the assistant is answering, then the finished answer — once each. */}
      <div className="cp-visually-hidden" role="status" aria-live="polite" aria-atomic="true" part="announcer">
        {announcement}
      </div>

      {renaming ? (
        <Suspense fallback={null}>
          <RenameChatDialog key={renaming.chatId} item={renaming} onDone={() => setRenaming(null)} />
        </Suspense>
      ) : null}
    </Root>
  );
}

/** What the assistant needs of a connected site's visitor's token. */
const ASSISTANT_NEED = { piece: 'assistant' } as const;

// spec §2 "Assistant chat"
/**
 * The AI assistant (beta) as a right-side dialog (`mode="dialog"`, 90%
 * wide, at most 1200 px, on the `Dialog` primitive) or embedded in a page (`mode="page"`).
 *
 * It renders the chat store of the portal client (`portalChat(client)`): restores the latest chat when it
 * first opens (once the account has loaded), shows the intro with quick starts per dataset, the
 * conversation with Markdown answers (one sanitizing pipeline, `marked` loaded with the first
 * answer), a new chat's greeting, copy buttons ('Copied' for 500 ms), related links, follow-up
 * suggestions, the cost, the
 * too-long tip, the history (grouped, rename, delete), the dataset selector and the input (Enter
 * sends, Shift+Enter adds a line, 'n / 2000'). Without a dataset it shows that the assistant is not
 * enabled. An answer shows as it is written (finished Markdown blocks rendered, the block being
 * written as text); Stop takes Send's place meanwhile and keeps what was written ('You stopped this
 * answer.'), and Regenerate on the last answer asks its question again. The conversation follows
 * the answer unless the visitor scrolled up. A polite live region announces when the answer starts
 * and then the answer, once it is complete — never piece by piece. Once
 * the session is started and finds no one, a signed-out visitor sees the sign-in prompt ('Sign in to
 * use the assistant') instead of a chat that cannot load.
 *
 * State is on the root as `data-state` (`restoring`, `ready`, `generating`, `not-enabled`),
 * `data-view` (`restoring`, `intro`, `conversation`, `not-enabled`) and `data-mode`.
 *
 * Parts: `dialog`, `assistant`, `header`, `title`, `model`, `chat-title`, `beta`, `history-button`,
 * `history`, `history-item`, `new-chat-button`, `close-button`, `conversation`, `intro`,
 * `not-enabled`, `quick-start`, `messages`, `message`, `user-message`, `assistant-message`,
 * `greeting` (a new chat's greeting, also an `assistant-message`), `user-bubble`, `avatar`,
 * `copy-button`, `regenerate-button`, `stopped-note`, `writing` (the answer being written, also an
 * `assistant-message`), `related-links`, `related-link`, `typing`, `followups`, `followup`, `tip`,
 * `composer`, `input`, `dataset`, `counter`, `retry` (a 429's countdown), `send-button`,
 * `stop-button`, `attach-button`,
 * `screenshot-preview`, `remove-screenshot`, `screenshot-error`, `disclaimer`, `cost`,
 * `announcer`, `rename-dialog`, `rename-input`, `rename-button`, `launcher`, `tooltip`, `skeleton`,
 * `signed-out` and `signin` (a signed-out visitor's title and sign-in prompt).
 *
 * Custom properties: `--cp-assistant-height` (page mode, default `100%`, at least 420 px),
 * `--cp-assistant-content-width` (reading width of the conversation, default 860px),
 * `--cp-assistant-user-bubble` (user bubble background), plus the shared `--cp-*` tokens and the
 * dialog's `--cp-dialog-width` (90%) / `--cp-dialog-max-width` (1200px).
 * @public
 */
export function AssistantChat({
  mode = 'dialog',
  open,
  defaultOpen = false,
  onOpenChange,
  launcher = 'none',
  contentPrefix = 'billing',
  className,
  onOpened,
  onClosed,
  onMessageSent,
  onAnswerReceived,
  onAnswerProgress,
  onLinkChosen,
}: AssistantChatProps) {
  const t = useT();
  const titleId = useId();
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const isOpen = mode === 'page' || (open ?? ownOpen);
  const change = useLatest(onOpenChange);
  const setOpen = useCallback(
    (next: boolean) => {
      setOwnOpen(next);
      change.current?.(next);
    },
    [change],
  );
  const events = { onOpened, onClosed, onMessageSent, onAnswerReceived, onAnswerProgress, onLinkChosen };
  const latest = useLatest(events);

  // The opened and closed events follow the dialog's state, however it changed.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (mode !== 'dialog' || isOpen === wasOpen.current) return;
    wasOpen.current = isOpen;
    if (isOpen) latest.current.onOpened?.();
    else latest.current.onClosed?.();
  }, [mode, isOpen, latest]);

  if (mode === 'page') {
    return (
      <div className={className ? `cp-assistant-page ${className}` : 'cp-assistant-page'}>
        <SignedIn text={t('chat.signIn')} need={ASSISTANT_NEED}>
          <ChatBody mode="page" titleId={titleId} contentPrefix={contentPrefix} events={events} />
        </SignedIn>
      </div>
    );
  }
  return (
    <>
      {launcher !== 'none' ? (
        <AssistantLauncher variant={launcher} expanded={isOpen} onClick={() => setOpen(true)} />
      ) : null}
      <Dialog
        open={isOpen}
        onClose={() => setOpen(false)}
        labelledBy={titleId}
        className={className ? `cp-assistant-dialog ${className}` : 'cp-assistant-dialog'}
      >
        <SignedIn text={t('chat.signIn')} heading={{ id: titleId, text: t('chat.title') }} need={ASSISTANT_NEED}>
          <ChatBody
            mode="dialog"
            titleId={titleId}
            onClose={() => setOpen(false)}
            contentPrefix={contentPrefix}
            events={events}
          />
        </SignedIn>
      </Dialog>
    </>
  );
}
