import {
  portalChat,
  type ChatAskOptions,
  type ChatAskOutcome,
  type ChatHistoryItem,
  type ChatStore,
  type ChatTranscript,
  type PageAction,
  type PageContext,
} from '@cloudportal/core';
import { useStore } from '@nanostores/react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Ref,
} from 'react';
import { SignedIn } from '../auth/SignInPrompt';
import { usePortalClient, useT } from '../provider/PortalProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useLatest } from '../ui/useLatest';
import { useStyles } from '../ui/useStyles';
import css from './AssistantChat.css?inline';
import type { AssistantChatEvents } from './assistantEvents';
import { PageActionRunner, type RunPageAction } from './pageActionRunner';
import { AssistantLauncher } from './AssistantLauncher';
import { ChatConversation } from './ChatConversation';
import { exportOpenChat } from './ChatExport';
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
  AssistantActionDetail,
  AssistantAnswerDetail,
  AssistantAnswerProgressDetail,
  AssistantChatEvents,
  AssistantMessageSentDetail,
} from './assistantEvents';

// The rename dialog loads when a rename is first asked for: the intro view does not carry it.
const RenameChatDialog = lazy(() => import('./RenameChatDialog').then((m) => ({ default: m.RenameChatDialog })));

/**
 * What the host can tell {@link AssistantChat} to do, through its `ref`.
 * @public
 */
export interface AssistantChatHandle {
  /** Opens the dialog (dialog mode; through `onOpenChange` when `open` is controlled). */
  open(): void;
  /** Closes the dialog. */
  close(): void;
  /**
   * Asks a question as if the visitor had typed it: opens the dialog, waits while the chat loads or
   * an answer is written, then sends it (the chat store's `ask`: the typed question's limits hold).
   */
  ask(question: string, options?: ChatAskOptions): Promise<ChatAskOutcome>;
  /** Puts `text` in the composer in place of what it holds, without sending it. */
  prefill(text: string): Promise<void>;
  /** Starts a new chat on the same dataset. */
  newChat(): Promise<void>;
  /** The open chat as a transcript (questions, answers, times, related links with full addresses, cost). */
  exportChat(): Promise<ChatTranscript>;
  /** Sets (or with null removes) the page context; resolves with why it was refused, or null. */
  setContext(context: PageContext | null): Promise<string | null>;
  /** Sets the actions the page offers (as the `actions` prop); resolves with why they were refused, or null. */
  registerActions(actions: readonly PageAction[]): Promise<string | null>;
}

/**
 * Props of {@link AssistantChat}.
 * @public
 */
export interface AssistantChatProps extends AssistantChatEvents {
  /** Receives the {@link AssistantChatHandle}: `ask()`, `prefill()`, `open()`… */
  ref?: Ref<AssistantChatHandle>;
  /**
   * What the visitor is looking at on the host's page: a title shown on a chip above the composer
   * ('Using: Invoice 4711', removable by the visitor) and a small JSON object the assistant reads as
   * data from the page, never as instructions (at most 8 KB). Applied when its value changes; a
   * refused one sets none and `onContextRefused` says why. Leave it out to leave the context alone.
   */
  context?: PageContext | null;
  /** The `context` was refused: why, as `pageContextIssue` answers. @default logs it to the console */
  onContextRefused?: (message: string) => void;
  /**
   * The actions the host's page offers: `{ name, description, parameters }` each, `parameters` a
   * JSON Schema of their arguments. Sent with each question; the assistant may propose one in an
   * answer, as a button ('Open invoice 4711') whose click calls `onAction` — it never runs one itself.
   * Applied when their value changes; refused ones set none and `onActionsRefused` says why.
   */
  actions?: readonly PageAction[];
  /** The `actions` were refused: why, as `pageActionsIssue` answers. @default logs it to the console */
  onActionsRefused?: (message: string) => void;
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
  const runAction = useActionRunner(callbacks, events.onAction !== undefined);
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
        contentPrefix={contentPrefix}
      />

      <PageActionRunner.Provider value={runAction}>
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
      </PageActionRunner.Provider>

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

/** The host's `onAction` as the answers' action buttons call it; null without one (no button shows). */
function useActionRunner(
  callbacks: { readonly current: Pick<AssistantChatEvents, 'onAction'> },
  takesActions: boolean,
): RunPageAction | null {
  return useMemo(
    () =>
      takesActions
        ? async (detail) => {
            const result = await callbacks.current.onAction?.(detail);
            return typeof result === 'string' ? result : undefined;
          }
        : null,
    [callbacks, takesActions],
  );
}

/**
 * Gives the chat store a prop whenever its value (as JSON) changes — the page context, the page's
 * actions: `apply` answers why the store refused it, which `onRefused` hears (else the console).
 */
function useGivenToChat<T>(
  value: T | undefined,
  apply: (chat: ChatStore, value: T) => Promise<string | null>,
  onRefused?: (message: string) => void,
): void {
  const client = usePortalClient();
  const refused = useLatest(onRefused);
  const latest = useLatest(value);
  const applied = useLatest(apply);
  const key = value === undefined ? undefined : jsonKey(value);
  useEffect(() => {
    if (key === undefined) return;
    // Not JSON (a cycle): the store refuses it with its reason.
    void applied.current(portalChat(client), key === null ? latest.current! : (JSON.parse(key) as T)).then((issue) => {
      if (issue) (refused.current ?? ((message: string) => console.error(`AssistantChat: ${message}`)))(issue);
    });
  }, [client, key, refused, latest, applied]);
}

/** A value as JSON, or null when it cannot be written as JSON. */
function jsonKey(value: unknown): string | null {
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
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
 * too-long tip, the history (grouped, rename, delete), Download chat (Markdown or JSON), the dataset selector and the input (Enter
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
 * `export-button` and `export` (Download chat and its two formats),
 * `history`, `history-item`, `new-chat-button`, `close-button`, `conversation`, `intro`,
 * `not-enabled`, `quick-start`, `messages`, `message`, `user-message`, `assistant-message`,
 * `greeting` (a new chat's greeting, also an `assistant-message`), `user-bubble`, `avatar`,
 * `copy-button`, `regenerate-button`, `stopped-note`, `writing` (the answer being written, also an
 * `assistant-message`), `related-links`, `related-link`, `typing`, `followups`, `followup`, `tip`,
 * `composer`, `input`, `dataset`, `counter`, `retry` (a 429's countdown), `send-button`,
 * `stop-button`, `attach-button`,
 * `screenshot-preview`, `remove-screenshot`, `screenshot-error`, `context-chip` and `remove-context`
 * (the page context, 'Using: …'), `message-context` (the page context a question was sent with),
 * `action`, `action-button` and `action-result` (an action of the page an answer proposes, and what
 * the page answered when the visitor ran it),
 * `disclaimer`, `cost`,
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
  onAction,
  ref,
  context,
  onContextRefused,
  actions,
  onActionsRefused,
}: AssistantChatProps) {
  const t = useT();
  const client = usePortalClient();
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
  const events = { onOpened, onClosed, onMessageSent, onAnswerReceived, onAnswerProgress, onLinkChosen, onAction };
  const latest = useLatest(events);
  useGivenToChat(context, (chat, given) => chat.setPageContext(given), onContextRefused);
  useGivenToChat(actions, (chat, given) => chat.registerActions(given), onActionsRefused);
  useImperativeHandle(ref, (): AssistantChatHandle => {
    const chat = portalChat(client);
    return {
      open: () => setOpen(true),
      close: () => setOpen(false),
      ask(question, options) {
        if (mode === 'dialog') setOpen(true);
        return chat.ask(question, options);
      },
      prefill: (text) => chat.prefill(text),
      newChat: () => chat.newChat(),
      setContext: (next) => chat.setPageContext(next),
      registerActions: (next) => chat.registerActions(next),
      exportChat: () => exportOpenChat(client, contentPrefix),
    };
  }, [client, mode, setOpen, contentPrefix]);

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
