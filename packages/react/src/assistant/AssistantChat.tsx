import {
  SCROLL_TO_LATEST_MS,
  TOOLTIP_DELAY_MS,
  chatHeaderTitle,
  quickStarts,
  userInitials,
  type ChatDataset,
  type ChatHistoryItem,
  type ChatMessage,
  type ChatSettings,
  type RelatedLink,
  portalChat,
  portalChatApi,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useAccount, useSession } from '../auth/useSession';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { deepActiveElement } from '../ui/focus';
import { Icon } from '../ui/Icon';
import { Skeleton } from '../ui/Skeleton';
import { Tooltip } from '../ui/Tooltip';
import { useLoad } from '../ui/useLoad';
import { useStyles } from '../ui/useStyles';
import css from './AssistantChat.css?inline';
import { AssistantLauncher } from './AssistantLauncher';
import { ChatHistory } from './ChatHistory';
import { Composer } from './Composer';
import { ChatIcon } from './icons';
import { answerText, loadMarkdown, renderAnswer } from './markdown';
import { MessageRow } from './MessageRow';

// The rename dialog loads when a rename is first asked for: the intro view does not carry it.
const RenameChatDialog = lazy(() => import('./RenameChatDialog').then((m) => ({ default: m.RenameChatDialog })));

/** `detail` of the message-sent event: the question as sent (sanitized to plain text) and its dataset. */
export interface AssistantMessageSentDetail {
  question: string;
  dataset: ChatDataset | null;
}

/** `detail` of the answer-received event: the assistant's message (`type: 'error'` for the §8 error texts). */
export interface AssistantAnswerDetail {
  message: ChatMessage;
}

/** What `<AssistantChat>` reports (the `cp-assistant` element turns each into a `cp-assistant-*` event). */
export interface AssistantChatEvents {
  /** The dialog opened (dialog mode). */
  onOpened?: () => void;
  /** The dialog closed (dialog mode). */
  onClosed?: () => void;
  /** A question went to the assistant (typed, a quick start or a follow-up). */
  onMessageSent?: (detail: AssistantMessageSentDetail) => void;
  /** The assistant answered, or its §8 error message took the answer's place. */
  onAnswerReceived?: (detail: AssistantAnswerDetail) => void;
  /**
   * A related link was chosen. Return `true` when the host routed it itself (its router): the
   * browser's navigation to `/{contentPrefix}/{url}` is then cancelled. Otherwise the link is a
   * normal link.
   */
  onLinkChosen?: (link: RelatedLink) => boolean | void;
}

/** Props of {@link AssistantChat}. */
export interface AssistantChatProps extends AssistantChatEvents {
  /**
   * `dialog`: a modal dialog on the right, 90% wide, at most 1200 px (spec §2). `page`: the same
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
  /** The content prefix of related links: they route to `/{contentPrefix}/{url}` (spec §2). @default 'billing' */
  contentPrefix?: string;
  className?: string;
}

/**
 * Scrolls the conversation so the latest question is at the top (spec §2 / §9). Smoothly over a short
 * way; a jump over more than two screens (a restored long chat) is instant, since rows out of view
 * are laid out only when shown (`content-visibility`) and a long animation would miss its target.
 */
function scrollToLatestUserMessage(root: HTMLElement | null) {
  const questions = root?.querySelectorAll<HTMLElement>('li[data-sender="user"]');
  const latest = questions?.[questions.length - 1];
  if (!root || !latest || typeof latest.scrollIntoView !== 'function') return;
  const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const distance = Math.abs(latest.getBoundingClientRect().top - root.getBoundingClientRect().top);
  const smooth = !reduce && distance <= 2 * root.clientHeight;
  latest.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
}

/** Keeps the latest callbacks in a ref, so listeners registered once always call the current ones. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** The greeting has no related links to choose. */
const noLinks = () => false;

/** Spec §2: the intro view of a new chat — the title, the subtitle and the dataset's quick starts. */
function ChatIntro({
  dataset,
  canAsk,
  onAsk,
}: {
  dataset: ChatDataset | null;
  canAsk: boolean;
  onAsk: (question: string) => void;
}) {
  const t = useT();
  return (
    <div className="cp-assistant-intro" part="intro">
      <span className="cp-assistant-intro__icon" aria-hidden="true">
        <ChatIcon name="sparkles" size={32} />
      </span>
      <h3 className="cp-assistant-intro__title">{t('chat.title')}</h3>
      <p className="cp-assistant-intro__subtitle">{t('chat.subtitle')}</p>
      <div className="cp-assistant-intro__starts">
        {quickStarts(dataset, t).map((start) => (
          <Button key={start.id} part="quick-start" disabled={!canAsk} onClick={() => onAsk(start.text)}>
            <ChatIcon name="sparkles" size={16} />
            {start.text}
          </Button>
        ))}
      </div>
    </div>
  );
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
  const account = useAccount();
  const { identity } = useSession();
  const callbacks = useLatest(events);
  const main = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [renaming, setRenaming] = useState<ChatHistoryItem | null>(null);

  // Spec §5: the store's datasets — the token's account types and the tenant's licences.
  const datasets = useStore(portalChat(client).$datasets);

  // Spec §4: opening restores the latest chat (or creates one). The datasets come with the account,
  // so the chat opens once the account has loaded (a failed load opens it as not enabled).
  const accountSettled = account.status === 'loaded' || account.status === 'error';
  useEffect(() => {
    if (accountSettled && chat.status === 'idle') void portalChat(client).open();
  }, [client, accountSettled, chat.status]);

  // Spec §2: the assistant's name and model in the header.
  const loadSettings = useCallback(() => portalChatApi(client).settings(), [client]);
  const [settings] = useLoad<ChatSettings>(account.status === 'loaded' ? loadSettings : null);
  const assistantName = (settings.state === 'loaded' && settings.value?.name) || t('chat.title');
  const model = settings.state === 'loaded' ? settings.value?.modelName : undefined;

  // Announcements, events and the scroll to the latest question follow the store's transitions.
  useEffect(() => {
    let live = true;
    let turn = 0;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const scrollSoon = () => {
      const id = setTimeout(() => {
        timers.delete(id);
        scrollToLatestUserMessage(main.current);
      }, SCROLL_TO_LATEST_MS);
      timers.add(id);
    };
    const unlisten = portalChat(client).$chat.listen((state, old) => {
      if (!old) return;
      if (state.status === 'generating' && old.status !== 'generating') {
        turn++;
        // Once when the answer starts — never token by token.
        setAnnouncement(t('chat.generating'));
        const question = state.messages[state.messages.length - 1];
        if (question?.sender === 'user')
          callbacks.current.onMessageSent?.({ question: question.message, dataset: state.dataset });
        scrollSoon();
      } else if (old.status === 'generating' && state.status === 'ready') {
        const mine = ++turn;
        const answer = state.messages[state.messages.length - 1];
        // Another chat or dataset replaced the pending question: nothing was answered.
        if (state.messages.length <= old.messages.length || answer?.sender !== 'assistant') {
          setAnnouncement('');
          return;
        }
        callbacks.current.onAnswerReceived?.({ message: answer });
        if (answer.type === 'error') {
          setAnnouncement(answer.message);
          return;
        }
        // Then the finished answer, once, as text.
        renderAnswer(answer.message).then(
          (html) => live && mine === turn && setAnnouncement(answerText(html)),
          () => live && mine === turn && setAnnouncement(answer.message),
        );
      } else if (old.status === 'restoring' && state.status === 'ready' && state.messages.length > 0) {
        scrollSoon();
      }
    });
    return () => {
      live = false;
      unlisten();
      for (const id of timers) clearTimeout(id);
    };
  }, [client, t, callbacks]);

  // The textarea and Send were disabled while the answer generated (and a quick start or follow-up
  // that was clicked is gone): give focus back to the textarea when it was lost with them.
  const previousStatus = useRef(chat.status);
  useEffect(() => {
    const was = previousStatus.current;
    previousStatus.current = chat.status;
    const field = input.current;
    if (was !== 'generating' || chat.status !== 'ready' || !field) return;
    const active = deepActiveElement(field.ownerDocument);
    const lost =
      !active ||
      active === field.ownerDocument.body ||
      !active.isConnected ||
      active === field ||
      (active as HTMLButtonElement).disabled === true;
    if (lost) field.focus();
  }, [chat.status]);

  const send = useCallback(
    (text: string, screenshot?: string): boolean => {
      void portalChat(client).send(text, screenshot);
      // The store took the question when it started generating; otherwise (not enabled, invalid) the text stays.
      const accepted = portalChat(client).$chat.get().status === 'generating';
      // The answer will be Markdown: fetch the renderer while the assistant thinks.
      if (accepted) loadMarkdown().catch(() => undefined);
      return accepted;
    },
    [client],
  );

  const onLinkChosen = useCallback((link: RelatedLink) => callbacks.current.onLinkChosen?.(link) === true, [callbacks]);
  const initials = userInitials(identity?.displayName || identity?.upn);

  const restoring = chat.status === 'idle' || chat.status === 'restoring';
  const generating = chat.status === 'generating';
  // Spec §8 / §9: nothing asks while a 429's wait counts down (the composer shows it).
  const canAsk = chat.status === 'ready' && chat.retryIn === null;
  const view = restoring
    ? 'restoring'
    : chat.messages.length > 0
      ? 'conversation'
      : chat.notEnabled
        ? 'not-enabled'
        : 'intro';
  const state = restoring ? 'restoring' : generating ? 'generating' : chat.notEnabled ? 'not-enabled' : 'ready';
  const chatTitle = chatHeaderTitle(chat, t);
  // A new chat's greeting: the assistant's first words, above the questions.
  const greeting: ChatMessage | null = chat.greeting ? { sender: 'assistant', message: chat.greeting } : null;

  const Root = mode === 'page' ? 'section' : 'div';
  return (
    <Root
      ref={ref}
      className="cp-assistant"
      part="assistant"
      data-mode={mode}
      data-state={state}
      data-view={view}
      aria-labelledby={mode === 'page' ? titleId : undefined}
    >
      {/* Not a <header>: inside a host's own banner it would be a nested banner landmark. */}
      <div className="cp-assistant__header" part="header">
        <div className="cp-assistant__identity">
          <span className="cp-assistant-avatar" data-sender="assistant" aria-hidden="true">
            <ChatIcon name="sparkles" size={18} />
          </span>
          <div className="cp-assistant__names">
            <h2 id={titleId} className="cp-assistant__name" part="title">
              {assistantName}
            </h2>
            {model ? (
              <span className="cp-assistant__model" part="model">
                {model}
              </span>
            ) : settings.state === 'loading' ? (
              <Skeleton width={72} height={10} />
            ) : null}
          </div>
        </div>
        <div className="cp-assistant__actions">
          <ChatHistory currentChatId={chat.chatId} onRename={setRenaming} suspended={renaming !== null} />
          <Tooltip content={t('chat.newChat')} delay={TOOLTIP_DELAY_MS.chat} placement="bottom">
            <Button
              variant="icon"
              aria-label={t('chat.newChat')}
              part="new-chat-button"
              disabled={chat.status === 'idle'}
              onClick={() => void portalChat(client).newChat()}
            >
              <ChatIcon name="plus" />
            </Button>
          </Tooltip>
          {onClose ? (
            <Tooltip content={t('chat.close')} delay={TOOLTIP_DELAY_MS.chat} placement="bottom">
              <Button variant="icon" aria-label={t('chat.close')} part="close-button" onClick={onClose}>
                <Icon name="close" size={20} />
              </Button>
            </Tooltip>
          ) : null}
        </div>
        <p className="cp-assistant__chat-title">
          <span className="cp-assistant__chat-name" part="chat-title">
            {chatTitle}
          </span>
          <span className="cp-assistant__beta" part="beta">
            {t('chat.beta')}
          </span>
        </p>
      </div>

      <div
        ref={main}
        className="cp-assistant__main"
        part="conversation"
        role="region"
        aria-label={t('chat.conversation')}
        aria-busy={restoring || generating}
        tabIndex={0}
      >
        {view === 'restoring' ? (
          <div className="cp-assistant__restoring">
            <Skeleton label={t('chat.loading')} width="45%" height={14} />
            <Skeleton width="70%" height={48} shape="rect" className="cp-assistant__skeleton-end" />
            <Skeleton width="85%" height={96} shape="rect" />
            <Skeleton width="55%" height={48} shape="rect" className="cp-assistant__skeleton-end" />
          </div>
        ) : view === 'not-enabled' ? (
          <div className="cp-assistant-intro" data-state="not-enabled" part="not-enabled">
            <span className="cp-assistant-intro__icon" aria-hidden="true">
              <ChatIcon name="lock" size={32} />
            </span>
            <h3 className="cp-assistant-intro__title">{t('chat.title')}</h3>
            <p className="cp-assistant-intro__subtitle">{t('chat.notEnabled')}</p>
          </div>
        ) : (
          <>
            {view === 'intro' ? <ChatIntro dataset={chat.dataset} canAsk={canAsk} onAsk={send} /> : null}
            {greeting || chat.messages.length > 0 ? (
              <ol className="cp-assistant__messages" part="messages">
                {greeting ? (
                  <MessageRow
                    key="greeting"
                    message={greeting}
                    greeting
                    initials={initials}
                    assistantName={assistantName}
                    contentPrefix={contentPrefix}
                    onLinkChosen={noLinks}
                  />
                ) : null}
                {chat.messages.map((message, index) => (
                  // Messages are only ever appended to an open chat, so their position is their identity.
                  <MessageRow
                    key={index}
                    message={message}
                    initials={initials}
                    assistantName={assistantName}
                    contentPrefix={contentPrefix}
                    onLinkChosen={onLinkChosen}
                  />
                ))}
              </ol>
            ) : null}
          </>
        )}
        {generating ? (
          <div className="cp-assistant__typing" part="typing" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        ) : null}
        {!restoring && !generating && chat.followups.length > 0 ? (
          <div className="cp-assistant__followups" part="followups" role="group" aria-label={t('chat.followups')}>
            {chat.followups.map((question) => (
              <Button
                key={question}
                className="cp-assistant__followup"
                part="followup"
                disabled={!canAsk}
                onClick={() => send(question)}
              >
                {question}
              </Button>
            ))}
          </div>
        ) : null}
      </div>

      {chat.tooLongTipVisible ? (
        <div className="cp-assistant__tip" part="tip" role="note">
          <ChatIcon name="bulb" size={18} />
          <p>{t('chat.tooLong.text')}</p>
          <Button onClick={() => portalChat(client).dismissTooLongTip()}>{t('chat.tooLong.dismiss')}</Button>
        </div>
      ) : null}

      <Composer
        onSend={send}
        busy={chat.status !== 'ready'}
        generating={generating}
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

/**
 * Spec §2 "Assistant chat": the AI assistant (beta) as a right-side dialog (`mode="dialog"`, 90%
 * wide, at most 1200 px, on the `Dialog` primitive) or embedded in a page (`mode="page"`).
 *
 * It renders the chat store of the portal client (`portalChat(client)`): restores the latest chat when it
 * first opens (once the account has loaded), shows the intro with quick starts per dataset, the
 * conversation with Markdown answers (one sanitizing pipeline, `marked` loaded with the first
 * answer), a new chat's greeting, copy buttons ('Copied' for 500 ms), related links, follow-up
 * suggestions, the cost, the
 * too-long tip, the history (grouped, rename, delete), the dataset selector and the input (Enter
 * sends, Shift+Enter adds a line, 'n / 2000'). Without a dataset it shows that the assistant is not
 * enabled. A polite live region announces when the answer starts and then the answer, once.
 *
 * State is on the root as `data-state` (`restoring`, `ready`, `generating`, `not-enabled`),
 * `data-view` (`restoring`, `intro`, `conversation`, `not-enabled`) and `data-mode`.
 *
 * Parts: `dialog`, `assistant`, `header`, `title`, `model`, `chat-title`, `beta`, `history-button`,
 * `history`, `history-item`, `new-chat-button`, `close-button`, `conversation`, `intro`,
 * `not-enabled`, `quick-start`, `messages`, `message`, `user-message`, `assistant-message`,
 * `greeting` (a new chat's greeting, also an `assistant-message`), `user-bubble`, `avatar`,
 * `copy-button`, `related-links`, `related-link`, `typing`, `followups`, `followup`, `tip`,
 * `composer`, `input`, `dataset`, `counter`, `retry` (a 429's countdown), `send-button`, `attach-button`,
 * `screenshot-preview`, `remove-screenshot`, `screenshot-error`, `disclaimer`, `cost`,
 * `announcer`, `rename-dialog`, `rename-input`, `rename-button`, `launcher`, `tooltip`, `skeleton`.
 *
 * Custom properties: `--cp-assistant-height` (page mode, default `100%`, at least 420 px),
 * `--cp-assistant-content-width` (reading width of the conversation, default 860px),
 * `--cp-assistant-user-bubble` (user bubble background), plus the shared `--cp-*` tokens and the
 * dialog's `--cp-dialog-width` (90%) / `--cp-dialog-max-width` (1200px).
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
  onLinkChosen,
}: AssistantChatProps) {
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
  const events = { onOpened, onClosed, onMessageSent, onAnswerReceived, onLinkChosen };
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
        <ChatBody mode="page" titleId={titleId} contentPrefix={contentPrefix} events={events} />
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
        <ChatBody
          mode="dialog"
          titleId={titleId}
          onClose={() => setOpen(false)}
          contentPrefix={contentPrefix}
          events={events}
        />
      </Dialog>
    </>
  );
}
