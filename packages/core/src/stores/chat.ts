import type { ReportTelemetry } from '../client/telemetry';
import { atom, type ReadableAtom } from 'nanostores';
import type { ChatApi, ChatDataset } from '../api/chat';
import { isApiError } from '../api/errors';
import { chatEn } from '../i18n/chatMessages';
import { createTranslator, registerMessages, type Translate } from '../i18n/messages';
import { chatHeaderTitle, renameDecision } from '../rules/chat';
import type { ChatTranscript } from '../rules/chatTranscript';
import type { PageAction, PageActionProposal } from '../rules/pageActions';
import type { PageContext } from '../rules/pageContext';
import type { ReportContext } from '../rules/reportContext';
import { createChatConversation, INITIAL_CHAT, type ChatConversation } from './chatConversation';
import { chatDatasets, type ChatDatasets } from './chatDatasets';
import { createChatHistory } from './chatHistory';
import type { ChatAskOptions, ChatAskOutcome, ChatAskRefusal, ChatHostDeps } from './chatHost';
import { sendQuestion, type ChatSendDeps } from './chatSend';
import type { ToastInput } from './toasts';
import type { ChatStatus, ChatState, ChatDraft, ChatHistoryState } from './chatTypes';

export type { ChatStatus, ChatState, ChatDraft, ChatHistoryState, ChatAskOptions, ChatAskOutcome, ChatAskRefusal };

// spec §5, §8
/**
 * What `rename()` did: refused an invalid name, closed without change, renamed, or failed.
 * @public
 */
export type ChatRenameResult = 'invalid' | 'unchanged' | 'renamed' | 'failed';

/**
 * What the chat store needs from its portal client.
 * @public
 */
export interface ChatStoreOptions {
  // spec §7
  /** The chatbot calls (`portalChatApi(client)`). */
  api: ChatApi;
  // spec §5, §8
  /** Shows a toast (`client.toast`); errors use kind `error` (danger, 3 s). */
  toast: (input: ToastInput) => unknown;
  /** The message catalogue (`client.t`). @default English */
  t?: Translate;
  // spec §5
  /**
   * The datasets the tenant may use, as `availableDatasets(...)` answers them: a list, or
   * an atom that follows the session and the licences (they may load after the store is created).
   * Empty: not enabled.
   */
  datasets: readonly ChatDataset[] | ReadableAtom<readonly ChatDataset[]>;
  // spec §5 "The message is HTML-sanitized before sending"
  /**
   * Turns a message into plain text, stripping its HTML, before it is sent. Injected so the store needs no DOM; the
   * portal client passes `toPlainText` of the chat rules.
   */
  sanitize: (html: string) => string;
  /** The clock, for message times and the history groups. @default Date.now */
  now?: () => number;
  // Not in the spec: an addition of ours (rules/reportContext).
  /**
   * The live view the user is looking at (`client.reportContext.read`): read when a question is
   * sent and sent with it as `reportContext` (see rules/reportContext). An answer
   * later than `REPORT_CONTEXT_READ_TIMEOUT_MS`, a failure or an invalid context is left out.
   * @default none: questions go without a report context
   */
  reportContext?: () => Promise<ReportContext | null>;
  /** Reports each question and how its answer ended to the host's telemetry. @default none */
  telemetry?: ReportTelemetry;
}

/**
 * The assistant chat of one portal client: the open chat, the history list and their actions.
 * @public
 */
export interface ChatStore {
  /** The open chat. */
  readonly $chat: ReadableAtom<ChatState>;
  /**
   * The answer as far as it was written while it streams: Markdown that grows with each
   * piece (and starts over when the model goes on to look data up); `''` once the question went out
   * and nothing is written yet; null when no answer is on its way. Kept apart from `$chat`, so a
   * view that does not show the answer as it is written does not render with every piece.
   */
  readonly $answer: ReadableAtom<string | null>;
  // spec §5
  /** The datasets the tenant may use, in the selector's order; empty: not enabled. */
  readonly $datasets: ReadableAtom<readonly ChatDataset[]>;
  /** The history list. */
  readonly $history: ReadableAtom<ChatHistoryState>;
  /**
   * What the host page says the visitor is looking at (`setPageContext`): shown on a removable chip
   * above the composer and sent with each question; null when there is none.
   */
  readonly $pageContext: ReadableAtom<PageContext | null>;
  /**
   * Sets (or, with null, removes) the page context. A context `pageContextIssue` refuses is not
   * kept — none is used until a valid one is set — and its message is answered; null when it was taken.
   */
  setPageContext(context: PageContext | null): Promise<string | null>;
  /** The actions the host page offers (`registerActions`); empty when it offers none. */
  readonly $pageActions: ReadableAtom<readonly PageAction[]>;
  /**
   * Sets the actions the host page offers, in place of those it offered before (an empty list:
   * none). They go with each question; the assistant may propose one in an answer, as a button the
   * visitor may click — it never runs one. Actions `pageActionsIssue` refuses are not kept (none are
   * offered until valid ones are set) and its message is answered; null when they were taken.
   */
  registerActions(actions: readonly PageAction[]): Promise<string | null>;
  /**
   * Stores what the host page answered for the action the visitor ran from answer `messageId` of
   * the open chat, and shows it under the action's button. Resolves false when it could not be
   * stored (the text is not 1 to 1,000 characters, or the server refused it).
   */
  saveActionResult(messageId: string, result: string): Promise<boolean>;
  /**
   * Why an answer's proposal is not offered to the visitor now: the page no longer registers its
   * action, or its arguments do not match the action's parameters as registered now; null when its
   * button may show. (The server checked it when it answered; the page may have changed since.)
   */
  proposalIssue(proposal: PageActionProposal): Promise<string | null>;
  /** Puts `text` in the composer in place of what it holds, without sending it (once the chat is open). */
  prefill(text: string): Promise<void>;
  /**
   * Asks a question as if the visitor had typed it: waits until the chat is open (its view opens it
   * once the visitor's account is known; without a view, call `open()`), while it loads and while an
   * answer is written, then sends it. The
   * limits of a typed question hold: a question over 2000 characters, or one asked while the rate
   * limit counts down, is put in the composer (where the visitor sees why) and refused; without a
   * dataset the not-enabled toast shows. `context` sets the page context first.
   */
  ask(question: string, options?: ChatAskOptions): Promise<ChatAskOutcome>;
  /**
   * The open chat as a transcript (questions, answers, times, related links, cost): what the
   * visitor downloads, and what a host page hands to its support desk. `linkUrl` turns a related
   * link's portal route into a full address. @default the route as it is
   */
  exportChat(linkUrl?: (url: string) => string): Promise<ChatTranscript>;
  // spec §4
  /**
   * Opening the chat restores the latest chat (`POST /api/chat/restore {}`); when there is
   * none (or restoring fails) a new chat is created and the intro view shows. Does nothing once
   * opened (until `reset()`); without an available dataset it only marks the assistant not enabled.
   */
  open(): Promise<void>;
  // spec §4, §5, §8 (the chat error texts); §3 `data.screenshot`
  /**
   * Sends a question. Refused (false) when the text is invalid, the chat is
   * not ready, or a 429's wait is counting down (`retryIn`); without a dataset it toasts 'Assistant is not enabled for your tenant…' and calls no
   * server. Otherwise the sanitized text is appended as the user's message, the input is disabled
   * while the answer generates, and the answer is appended — or, when it fails, an error message (its
   * own text for a 429, the generic one otherwise).
   * A failed question is kept as `draft` for the input; a 429 also starts the `retryIn` countdown
   * from its `Retry-After` header. After an answer the cost is updated, the history cache resets and follow-ups are fetched.
   * `screenshot` is a PNG, JPEG or WebP `data:` URL of at most 2 MiB,
   * shown in the user's message and sent with the question; any other is refused (false).
   * The live report view (`reportContext` option), when there is one, goes with the question.
   * Resolves true when the assistant answered.
   */
  send(text: string, screenshot?: string): Promise<boolean>;
  /**
   * Stop — ends the answer on its way. Once the question went out, what was written
   * stays as the answer, marked `type: 'stopped'` (the server stops the model and stores it); the
   * chat is then read again for the cost it added and the follow-ups. Before it went out, the
   * question is taken back into the input (`draft`). Does nothing when no answer is on its way.
   */
  stop(): void;
  // spec §8 (the chat error texts)
  /**
   * Regenerate — asks the last question again; its answer replaces the last answer
   * (on screen and on the server: the history keeps the final one), streamed as `send`'s is. The
   * last message must be an answer (or a stopped one), the chat ready. Failing, the old answer
   * shows again with the error message after it. Resolves true when the assistant answered.
   */
  regenerate(): Promise<boolean>;
  // spec §4; §9
  /**
   * Switches the dataset. Messages and follow-ups are cleared at once; a new chat is
   * created after 300 ms of quiet, so quick changes create one chat. A question sent before
   * then creates the chat straight away.
   */
  changeDataset(dataset: ChatDataset): void;
  /**
   * The New Chat button: an empty chat (intro view) on the same dataset, created on the server; it
   * shows the greeting and follow-up questions the server created it with (`newChatOffer`).
   */
  newChat(): Promise<void>;
  // spec §4 "Selecting a history item restores that chat"
  /** Restores a chat chosen in the history list; a failure toasts the generic error and keeps the open chat. */
  selectHistory(chatId: string): Promise<void>;
  // spec §4 / §8
  /**
   * Loads the history list (loading → loaded or empty) unless it is cached; a
   * failure leaves the list empty (and is retried next time). `force` reloads a cached list.
   */
  loadHistory(force?: boolean): Promise<void>;
  // spec §5, §8
  /** Renames a chat of the history (or the open chat). */
  rename(chatId: string, name: string): Promise<ChatRenameResult>;
  // spec §4, §8
  /** Deletes a chat; deleting the open chat starts a new one. Resolves true when deleted. */
  remove(chatId: string): Promise<boolean>;
  // spec §4
  /** Hides the too-long tip until the next reply. */
  dismissTooLongTip(): void;
  /** Logout: everything back to idle, pending work dropped. */
  reset(): void;
}

// spec §4
/**
 * Opening restores the latest chat, or creates one when there is none — in one round trip
 * (`POST /open`), or, on a server without that route (404), by two calls (restore, then create).
 */
async function openLatestChat(api: ChatApi, conversation: ChatConversation, datasets: ChatDatasets): Promise<void> {
  if (conversation.get().status !== 'idle') return;
  const mine = conversation.begin();
  const dataset = datasets.pick(null);
  if (!dataset) {
    conversation.set({ ...INITIAL_CHAT, status: 'ready', notEnabled: true });
    return;
  }
  conversation.set({ ...INITIAL_CHAT, status: 'restoring', dataset });
  const opened = await api
    .open()
    .catch((error: unknown) => (isApiError(error) && error.status === 404 ? undefined : null));
  if (!conversation.isCurrent(mine)) return;
  if (opened === undefined) {
    const latest = await api.restore().catch(() => null);
    if (!conversation.isCurrent(mine)) return;
    if (latest) return conversation.applyChat(latest);
    await conversation.createChat(mine);
  } else if (opened?.restored) return conversation.applyChat(opened.restored);
  // Created, or its creation refused: the chat is ready either way (a question creates it then).
  else if (opened?.created) conversation.showCreated(opened.created);
  if (conversation.isCurrent(mine)) conversation.patch({ status: 'ready' });
}

/**
 * `ChatStore.exportChat`: the chat as its header names it, exported at `now` (epoch ms). The
 * transcript's rules load with the first export.
 */
async function exportOpenChat(
  state: ChatState,
  t: Translate,
  now: number,
  linkUrl: (url: string) => string,
): Promise<ChatTranscript> {
  const { chatTranscript } = await import('../rules/chatTranscript');
  const source = {
    chatId: state.chatId,
    title: chatHeaderTitle(state, t),
    dataset: state.dataset,
    cost: state.cost,
    currency: state.currency,
    messages: state.messages,
  };
  return chatTranscript(source, new Date(now), linkUrl);
}

/**
 * The host page's part of the chat store: its page context, and `setPageContext`, `prefill` and
 * `ask`, whose module (with the page context's rules) loads when the page first uses them.
 */
function createHostPart(
  deps: Omit<ChatHostDeps, '$pageContext' | '$pageActions' | 'waiting'>,
): Pick<
  ChatStore,
  | '$pageContext'
  | 'setPageContext'
  | 'prefill'
  | 'ask'
  | '$pageActions'
  | 'registerActions'
  | 'saveActionResult'
  | 'proposalIssue'
> {
  const $pageContext = atom<PageContext | null>(null);
  const $pageActions = atom<readonly PageAction[]>([]);
  const host: ChatHostDeps = { ...deps, $pageContext, $pageActions, waiting: { text: null } };
  const hosted = () => import('./chatHost');
  return {
    $pageContext,
    $pageActions,
    registerActions: async (actions) =>
      actions.length === 0 ? ($pageActions.set([]), null) : (await hosted()).registerActions(host, actions),
    saveActionResult: async (messageId, result) => (await hosted()).saveActionResult(host, messageId, result),
    // The JSON Schema validator loads with the first proposal shown: a chat without one never carries it.
    proposalIssue: async ({ name, arguments: args }) => {
      const made = (await import('../rules/pageActionArguments')).proposePageAction($pageActions.get(), name, args);
      return made.ok ? null : made.issue;
    },
    // Removing (the chip's button) is at once, with nothing to load.
    setPageContext: async (context) =>
      context === null ? ($pageContext.set(null), null) : (await hosted()).setPageContext(host, context),
    prefill: async (text) => (await hosted()).prefill(host, text),
    ask: async (question, options) => {
      const { status } = deps.conversation.get();
      const opening = status !== 'idle' && status !== 'ready';
      return (await hosted()).ask(host, question, options, opening);
    },
  };
}

/**
 * Creates the chat store of one portal client: the open chat, its history and its datasets, and their actions.
 * @public
 */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  const { api, toast } = options;
  // The chat's messages join every translator (the client's too) once a chat exists.
  registerMessages(chatEn);
  const t = options.t ?? createTranslator();
  // Read at each call, so a clock replaced later (fake timers in tests) is the one used.
  const now = options.now ?? (() => Date.now());
  const datasets = chatDatasets(options.datasets);
  const conversation = createChatConversation(api, datasets);
  const history = createChatHistory(api, now, t);
  const send: ChatSendDeps = {
    api,
    conversation,
    datasets,
    history,
    sanitize: options.sanitize,
    notEnabled: () => void toast({ text: t('chat.notEnabled'), kind: 'error' }),
    t,
    stamp: () => new Date(now()).toISOString(),
    now,
    reportContext: options.reportContext,
    telemetry: options.telemetry,
    pageContext: () => $pageContext.get(),
    pageActions: () => $pageActions.get(),
    flight: { current: null },
  };
  const { $pageContext, $pageActions, ...hostCalls } = createHostPart({
    api,
    conversation,
    datasets,
    t,
    send: (text) => sendQuestion(send, text),
  });

  async function newChat(): Promise<void> {
    const mine = conversation.begin();
    const dataset = datasets.pick(conversation.get().dataset);
    if (!dataset) {
      conversation.set({ ...INITIAL_CHAT, status: 'ready', notEnabled: true });
      return;
    }
    conversation.set({ ...INITIAL_CHAT, status: 'ready', dataset });
    await conversation.createChat(mine);
  }

  return {
    $chat: conversation.$chat,
    $answer: conversation.$answer,
    $datasets: datasets.$datasets,
    $history: history.$history,
    $pageContext,
    $pageActions,
    ...hostCalls,

    open: () => openLatestChat(api, conversation, datasets),

    exportChat: (linkUrl = (url) => url) => exportOpenChat(conversation.get(), t, now(), linkUrl),

    send: (text, screenshot) => sendQuestion(send, text, screenshot),

    stop() {
      if (conversation.get().status === 'generating') send.flight.current?.controller.abort();
    },

    regenerate: async () => (await import('./chatRedo')).regenerateAnswer(send),

    changeDataset(dataset) {
      const state = conversation.get();
      if (dataset === state.dataset || !datasets.list().includes(dataset)) return;
      const mine = conversation.begin();
      conversation.set({ ...INITIAL_CHAT, status: 'ready', dataset });
      conversation.createLater(mine);
    },

    newChat,

    async selectHistory(chatId) {
      const before = conversation.get();
      if (chatId === before.chatId && before.status === 'ready') return;
      // The open chat stays on screen while restoring (and when restoring fails): so does its tip's dismissal.
      const mine = conversation.begin({ keepTip: true });
      conversation.set({ ...before, status: 'restoring' });
      const chat = await api.restore(chatId).catch(() => null);
      if (!conversation.isCurrent(mine)) return;
      if (chat) {
        conversation.applyChat(chat);
        return;
      }
      conversation.set({ ...before, status: 'ready' });
      toast({ title: t('chat.error.title'), text: t('chat.error.generic'), kind: 'error' });
    },

    loadHistory: (force = false) => history.load(force),

    async rename(chatId, name) {
      const open = conversation.get();
      const current = history.find(chatId)?.chatName ?? (open.chatId === chatId ? open.chatName : null);
      const decision = renameDecision(current, name);
      if (decision === 'invalid') return 'invalid';
      if (decision === 'unchanged') return 'unchanged';
      const chatName = name.trim();
      try {
        const renamed = await api.rename(chatId, chatName);
        const finalName = renamed?.chatName ?? chatName;
        history.renamed(chatId, finalName);
        if (conversation.get().chatId === chatId) conversation.patch({ chatName: finalName });
        toast({ text: t('chat.rename.done'), kind: 'success' });
        return 'renamed';
      } catch {
        toast({ title: t('chat.error.title'), text: t('chat.rename.failed'), kind: 'error' });
        return 'failed';
      }
    },

    async remove(chatId) {
      try {
        await api.remove(chatId);
      } catch {
        toast({ title: t('chat.error.title'), text: t('chat.delete.failed'), kind: 'error' });
        return false;
      }
      history.removed(chatId);
      toast({ text: t('chat.delete.done'), kind: 'success' });
      // Spec §4: deleting the open chat starts a new one.
      if (conversation.get().chatId === chatId) await newChat();
      return true;
    },

    dismissTooLongTip: () => conversation.dismissTip(),

    reset() {
      // The visitor is gone: so is the answer they were waiting for.
      send.flight.current?.controller.abort();
      conversation.begin();
      conversation.stopRetry();
      history.reset();
      conversation.set(INITIAL_CHAT);
    },
  };
}
