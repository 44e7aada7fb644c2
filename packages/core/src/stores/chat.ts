import { atom, type ReadableAtom } from 'nanostores';
import type { Chat, ChatApi, ChatDataset, ChatHistoryItem, ChatMessage } from '../api/chat';
import { isApiError } from '../api/errors';
import { createTranslator, type Translate } from '../i18n/messages';
import { chatMessageIssue, chatReplyErrorMessage, chatScreenshotIssue, parseScreenshotDataUrl, groupChatHistory, isTooLongTipVisible, renameDecision, type HistoryGroup } from '../rules/chat';
import { DATASET_CHANGE_DEBOUNCE_MS, DEFAULT_CURRENCY } from '../rules/constants';
import type { ToastInput } from './toasts';

/**
 * Spec §4 "Chat": `idle` before the chat was opened (and after logout), `restoring` while the
 * latest or a chosen chat is restored (or a new one created in its place), `ready` when the user
 * may type, `generating` while an answer is on its way (the input is disabled).
 */
export type ChatStatus = 'idle' | 'restoring' | 'ready' | 'generating';

/** The open chat (spec §3 "Chat"). */
export interface ChatState {
  status: ChatStatus;
  /** The open chat's id; null before it exists (a new chat is being created, or the dataset just changed). */
  chatId: string | null;
  /** The open chat's name, when the server gave one. */
  chatName: string | null;
  /** No messages: the intro view (spec §2). */
  messages: ChatMessage[];
  /** The dataset the next question is asked about (spec §3 "Dataset option"). */
  dataset: ChatDataset | null;
  /** Follow-up questions offered as suggestions (spec §2). */
  followups: string[];
  /** `chat_cost` (spec §2); null until the server told it. */
  cost: number | null;
  /** `chat_cost_currency`. @default 'USD' (spec §9) */
  currency: string;
  /**
   * Spec §4: 15 or more user messages and not dismissed since the last reply. Derived: the store
   * recomputes it from `messages` and the dismissal on every change (`isTooLongTipVisible`).
   */
  tooLongTipVisible: boolean;
  /** No dataset is available to the tenant: the assistant is not enabled (spec §5). */
  notEnabled: boolean;
}

/** The chat history dropdown (spec §2, §4 "History list states: loading, loaded, empty"). */
export interface ChatHistoryState {
  /** `idle`: nothing cached (never loaded, or the cache was reset after a reply). */
  status: 'idle' | 'loading' | 'loaded' | 'empty';
  /** Newest first, as the server answers. */
  items: ChatHistoryItem[];
  /** `items` under their date labels (spec §4), as of the last change of the list. */
  groups: HistoryGroup[];
}

/** What `rename()` did: refused an invalid name, closed without change, renamed, or failed (spec §5, §8). */
export type ChatRenameResult = 'invalid' | 'unchanged' | 'renamed' | 'failed';

/** What the chat store needs from its portal client. */
export interface ChatStoreOptions {
  /** The chatbot calls of spec §7 (`client.api.chat`). */
  api: ChatApi;
  /** Shows a toast (`client.toast`); errors use kind `error` (danger, 3 s — spec §5, §8). */
  toast: (input: ToastInput) => unknown;
  /** The message catalogue (`client.t`). @default English */
  t?: Translate;
  /**
   * The datasets the tenant may use, as `availableDatasets(...)` answers them (spec §5): a list, or
   * an atom that follows the session and the licences (they may load after the store is created).
   * Empty: not enabled.
   */
  datasets: readonly ChatDataset[] | ReadableAtom<readonly ChatDataset[]>;
  /**
   * Spec §5 "The message is HTML-sanitized before sending". Injected so the store needs no DOM; the
   * portal client passes `toPlainText` of the chat rules.
   */
  sanitize: (html: string) => string;
  /** The clock, for message times and the history groups. @default Date.now */
  now?: () => number;
}

/** The assistant chat of one portal client: the open chat, the history list and their actions. */
export interface ChatStore {
  readonly $chat: ReadableAtom<ChatState>;
  /** The datasets the tenant may use (spec §5), in the selector's order; empty: not enabled. */
  readonly $datasets: ReadableAtom<readonly ChatDataset[]>;
  readonly $history: ReadableAtom<ChatHistoryState>;
  /**
   * Spec §4: opening the chat restores the latest chat (`POST /api/chat/restore {}`); when there is
   * none (or restoring fails) a new chat is created and the intro view shows. Does nothing once
   * opened (until `reset()`); without an available dataset it only marks the assistant not enabled.
   */
  open(): Promise<void>;
  /**
   * Spec §4, §5, §8: sends a question. Refused (false) when the text is invalid (§5) or the chat is
   * not ready; without a dataset it toasts 'Assistant is not enabled for your tenant…' and calls no
   * server. Otherwise the sanitized text is appended as the user's message, the input is disabled
   * while the answer generates, and the answer (or the §8 error text, 429 or other) is appended.
   * After an answer the cost is updated, the history cache resets and follow-ups are fetched.
   * `screenshot` (spec §3 `data.screenshot`) is a PNG, JPEG or WebP `data:` URL of at most 2 MiB,
   * shown in the user's message and sent with the question; any other is refused (false).
   * Resolves true when the assistant answered.
   */
  send(text: string, screenshot?: string): Promise<boolean>;
  /**
   * Spec §4: switches the dataset. Messages and follow-ups are cleared at once; a new chat is
   * created after 300 ms of quiet (§9), so quick changes create one chat. A question sent before
   * then creates the chat straight away.
   */
  changeDataset(dataset: ChatDataset): void;
  /** The New Chat button: an empty chat (intro view) on the same dataset, created on the server. */
  newChat(): Promise<void>;
  /** Spec §4 "Selecting a history item restores that chat"; a failure toasts the generic error and keeps the open chat. */
  selectHistory(chatId: string): Promise<void>;
  /**
   * Spec §4 / §8: loads the history list (loading → loaded or empty) unless it is cached; a
   * failure leaves the list empty (and is retried next time). `force` reloads a cached list.
   */
  loadHistory(force?: boolean): Promise<void>;
  /** Spec §5, §8: renames a chat of the history (or the open chat). */
  rename(chatId: string, name: string): Promise<ChatRenameResult>;
  /** Spec §4, §8: deletes a chat; deleting the open chat starts a new one. Resolves true when deleted. */
  remove(chatId: string): Promise<boolean>;
  /** Spec §4: hides the too-long tip until the next reply. */
  dismissTooLongTip(): void;
  /** Logout: everything back to idle, pending work dropped. */
  reset(): void;
}

const INITIAL_CHAT: ChatState = Object.freeze({
  status: 'idle',
  chatId: null,
  chatName: null,
  messages: [],
  dataset: null,
  followups: [],
  cost: null,
  currency: DEFAULT_CURRENCY,
  tooLongTipVisible: false,
  notEnabled: false,
}) as ChatState;

const INITIAL_HISTORY: ChatHistoryState = Object.freeze({ status: 'idle', items: [], groups: [] }) as ChatHistoryState;

/** Creates the chat store of one portal client. */
export function createChatStore(options: ChatStoreOptions): ChatStore {
  const { api, toast, sanitize } = options;
  const t = options.t ?? createTranslator();
  const now = options.now ?? Date.now;
  const $chat = atom<ChatState>(INITIAL_CHAT);
  const $history = atom<ChatHistoryState>(INITIAL_HISTORY);

  const given = options.datasets;
  const $datasets: ReadableAtom<readonly ChatDataset[]> = 'get' in given ? given : atom(given);
  const datasets = (): readonly ChatDataset[] => $datasets.get();
  const stamp = () => new Date(now()).toISOString();

  // Which open chat async work belongs to: every action that replaces the open chat starts a new
  // generation, and answers of an older one are dropped (a logout, another chat, another dataset).
  let generation = 0;
  // Which question a follow-up fetch belongs to: a newer question clears the suggestions.
  let exchange = 0;
  // Spec §4: the tip, once dismissed, stays hidden until the next reply. The only tip state:
  // `tooLongTipVisible` is derived from it and the messages on every write (`setChat`).
  let tipDismissed = false;
  // The debounced chat creation after a dataset change (spec §4, §9).
  let debounce: ReturnType<typeof setTimeout> | undefined;
  // The chat being created for the current generation, if any.
  let creating: Promise<string | null> | null = null;

  /** Every write of `$chat` goes through here, so `tooLongTipVisible` always matches the messages and the dismissal. */
  function setChat(state: Omit<ChatState, 'tooLongTipVisible'>): void {
    $chat.set({ ...state, tooLongTipVisible: isTooLongTipVisible(state.messages, tipDismissed) });
  }

  function patch(changes: Partial<Omit<ChatState, 'tooLongTipVisible'>>): void {
    setChat({ ...$chat.get(), ...changes });
  }

  function cancelDebounce(): void {
    if (debounce !== undefined) clearTimeout(debounce);
    debounce = undefined;
  }

  /** Starts a new generation: pending creations and timers of the old one no longer count. */
  function begin(): number {
    cancelDebounce();
    creating = null;
    tipDismissed = false;
    exchange++;
    return ++generation;
  }

  /** `POST /api/chat/create` for generation `mine`; resolves the new chat's id, or null when it failed. */
  function createChat(mine: number): Promise<string | null> {
    const pending: Promise<string | null> = api.create().then(
      (created) => {
        if (mine === generation) patch({ chatId: created.chatId, chatName: null, cost: created.chat_cost ?? null, currency: created.chat_cost_currency || DEFAULT_CURRENCY });
        return created.chatId;
      },
      () => null,
    );
    creating = pending;
    void pending.finally(() => {
      if (creating === pending) creating = null;
    });
    return pending;
  }

  /** The open chat's id, creating the chat first when there is none yet (or one is waiting for its debounce). */
  async function ensureChat(mine: number): Promise<string | null> {
    if (debounce !== undefined) {
      cancelDebounce();
      return createChat(mine);
    }
    if (creating) return creating;
    return $chat.get().chatId ?? createChat(mine);
  }

  /** The dataset to use: `preferred` when the tenant has it, else the first available. */
  function pickDataset(preferred: ChatDataset | null | undefined): ChatDataset | null {
    const available = datasets();
    return preferred && available.includes(preferred) ? preferred : (available[0] ?? null);
  }

  /** Shows a restored chat (spec §4 "restored"). */
  function applyChat(chat: Chat): void {
    const messages = [...(chat.messages ?? [])];
    // The chat's related links belong to its last answer; attach them when the message lacks its own.
    const last = messages.length - 1;
    if (last >= 0 && messages[last]!.sender === 'assistant' && !messages[last]!.relatedLinks?.length && chat.related_links?.length) {
      messages[last] = { ...messages[last]!, relatedLinks: chat.related_links };
    }
    // Another chat opens: a dismissal of the previous one does not carry over.
    tipDismissed = false;
    setChat({
      status: 'ready',
      chatId: chat.chatId,
      chatName: chat.chatName ?? null,
      messages,
      dataset: pickDataset(chat.chat_dataset),
      followups: chat.followup ?? [],
      cost: chat.chat_cost ?? null,
      currency: chat.chat_cost_currency || DEFAULT_CURRENCY,
      notEnabled: datasets().length === 0,
    });
  }

  /** Appends the assistant's reply; spec §4: the too-long tip re-shows after each reply. */
  function reply(message: ChatMessage, changes: Partial<ChatState> = {}): void {
    tipDismissed = false;
    patch({ ...changes, status: 'ready', messages: [...$chat.get().messages, message] });
  }

  // The history cache: valid after a successful load, dropped after each reply (spec §4).
  let historyGeneration = 0;
  let historyValid = false;
  let historyLoad: Promise<void> | null = null;

  function setHistory(items: ChatHistoryItem[]): void {
    $history.set({ status: items.length ? 'loaded' : 'empty', items, groups: groupChatHistory(items, now(), t) });
  }

  function resetHistory(): void {
    historyGeneration++;
    historyValid = false;
    historyLoad = null;
    $history.set(INITIAL_HISTORY);
  }

  function notEnabledToast(): void {
    toast({ text: t('chat.notEnabled'), kind: 'error' });
  }

  async function newChat(): Promise<void> {
    const mine = begin();
    const dataset = pickDataset($chat.get().dataset);
    if (!dataset) {
      setChat({ ...INITIAL_CHAT, status: 'ready', notEnabled: true });
      return;
    }
    setChat({ ...INITIAL_CHAT, status: 'ready', dataset });
    await createChat(mine);
  }

  return {
    $chat,
    $datasets,
    $history,

    async open() {
      if ($chat.get().status !== 'idle') return;
      const mine = begin();
      const dataset = pickDataset(null);
      if (!dataset) {
        setChat({ ...INITIAL_CHAT, status: 'ready', notEnabled: true });
        return;
      }
      setChat({ ...INITIAL_CHAT, status: 'restoring', dataset });
      const latest = await api.restore().catch(() => null);
      if (mine !== generation) return;
      if (latest) {
        applyChat(latest);
        return;
      }
      await createChat(mine);
      if (mine === generation) patch({ status: 'ready' });
    },

    async send(text, screenshot) {
      if (chatMessageIssue(text, Boolean(screenshot)) !== null) return false;
      // Spec §3 `data.screenshot`: only a PNG, JPEG or WebP `data:` URL of at most 2 MiB goes out.
      const shot = screenshot ? parseScreenshotDataUrl(screenshot) : null;
      if (screenshot && (!shot || chatScreenshotIssue(shot) !== null)) return false;
      if (datasets().length === 0) {
        // Spec §5: no dataset — no server call, the not-enabled toast (danger, 3 s).
        patch({ notEnabled: true });
        notEnabledToast();
        return false;
      }
      const state = $chat.get();
      if (state.status !== 'ready') return false;
      const question = sanitize(text).trim();
      if (!question && !screenshot) return false;

      const mine = generation;
      const mySend = ++exchange;
      const dataset = pickDataset(state.dataset)!;
      const messages: ChatMessage[] = [...state.messages, { sender: 'user', message: question, ...(screenshot ? { data: { screenshot } } : {}), created: stamp() }];
      setChat({ ...state, status: 'generating', dataset, messages, followups: [], notEnabled: false });

      let chatId: string | null;
      try {
        chatId = await ensureChat(mine);
        if (mine !== generation) return false;
        if (!chatId) throw new Error('The chat could not be created.');
        const answer = await api.generate({ chatId, question, chat_dataset: dataset, ...(screenshot ? { screenshot } : {}) });
        if (mine !== generation) return false;
        reply(
          { sender: 'assistant', message: answer.response, relatedLinks: answer.related_links ?? [], created: stamp() },
          { cost: answer.chat_cost ?? null, currency: answer.chat_cost_currency || DEFAULT_CURRENCY },
        );
      } catch (error) {
        if (mine !== generation) return false;
        // Spec §8: 429 has its own text, anything else the generic one; the input is re-enabled.
        reply({ sender: 'assistant', type: 'error', message: chatReplyErrorMessage(isApiError(error) ? error.status : undefined, t), created: stamp() });
        return false;
      }
      // Spec §4: after a reply the history cache resets and follow-ups are fetched.
      resetHistory();
      const followups = await api.followup(chatId).then(
        (answer) => answer?.followup ?? [],
        () => [],
      );
      if (mine === generation && mySend === exchange) patch({ followups });
      return true;
    },

    changeDataset(dataset) {
      const state = $chat.get();
      if (dataset === state.dataset || !datasets().includes(dataset)) return;
      const mine = begin();
      setChat({ ...INITIAL_CHAT, status: 'ready', dataset });
      debounce = setTimeout(() => {
        debounce = undefined;
        void createChat(mine);
      }, DATASET_CHANGE_DEBOUNCE_MS);
    },

    newChat,

    async selectHistory(chatId) {
      const before = $chat.get();
      if (chatId === before.chatId && before.status === 'ready') return;
      const dismissed = tipDismissed;
      const mine = begin();
      // The open chat stays on screen while restoring (and when restoring fails): so does its dismissal.
      tipDismissed = dismissed;
      setChat({ ...before, status: 'restoring' });
      const chat = await api.restore(chatId).catch(() => null);
      if (mine !== generation) return;
      if (chat) {
        applyChat(chat);
        return;
      }
      setChat({ ...before, status: 'ready' });
      toast({ title: t('chat.error.title'), text: t('chat.error.generic'), kind: 'error' });
    },

    loadHistory(force = false) {
      const { status } = $history.get();
      if (!force && historyValid && (status === 'loaded' || status === 'empty')) return Promise.resolve();
      if (historyLoad && !force) return historyLoad;
      const mine = ++historyGeneration;
      $history.set({ ...$history.get(), status: 'loading' });
      const load = api.history().then(
        (items) => {
          if (mine !== historyGeneration) return;
          historyValid = true;
          setHistory(Array.isArray(items) ? items : []);
        },
        () => {
          // Spec §8: a history load failure leaves the list empty; the next opening retries.
          if (mine !== historyGeneration) return;
          historyValid = false;
          setHistory([]);
        },
      );
      historyLoad = load;
      void load.finally(() => {
        if (historyLoad === load) historyLoad = null;
      });
      return load;
    },

    async rename(chatId, name) {
      const item = $history.get().items.find((i) => i.chatId === chatId);
      const open = $chat.get();
      const current = item?.chatName ?? (open.chatId === chatId ? open.chatName : null);
      const decision = renameDecision(current, name);
      if (decision === 'invalid') return 'invalid';
      if (decision === 'unchanged') return 'unchanged';
      const chatName = name.trim();
      try {
        const renamed = await api.rename(chatId, chatName);
        const finalName = renamed?.chatName ?? chatName;
        const history = $history.get();
        if (history.items.some((i) => i.chatId === chatId)) setHistory(history.items.map((i) => (i.chatId === chatId ? { ...i, chatName: finalName } : i)));
        if ($chat.get().chatId === chatId) patch({ chatName: finalName });
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
      const history = $history.get();
      if (history.items.some((i) => i.chatId === chatId)) setHistory(history.items.filter((i) => i.chatId !== chatId));
      toast({ text: t('chat.delete.done'), kind: 'success' });
      // Spec §4: deleting the open chat starts a new one.
      if ($chat.get().chatId === chatId) await newChat();
      return true;
    },

    dismissTooLongTip() {
      tipDismissed = true;
      patch({});
    },

    reset() {
      begin();
      resetHistory();
      setChat(INITIAL_CHAT);
    },
  };
}
