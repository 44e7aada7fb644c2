import { atom, type ReadableAtom } from 'nanostores';
import type { Chat, ChatApi, ChatCreated, ChatMessage } from '../api/chat';
import { isTooLongTipVisible, newChatOffer } from '../rules/chat';
import { DATASET_CHANGE_DEBOUNCE_MS, DEFAULT_CURRENCY } from '../rules/constants';
import type { ChatState } from './chatTypes';
import type { ChatDatasets } from './chatDatasets';
import type { RetryClock } from './chatRetry';

/** The state of the open chat as the store writes it: `tooLongTipVisible` and `retryIn` are derived. */
export type ChatStateInput = Omit<ChatState, 'tooLongTipVisible' | 'retryIn'>;

/**
 * A chat the server answered, as the open chat shows it: a restored one (`Chat`), or a new one
 * with its greeting (`POST /api/chat/create`, through `newChatOffer`).
 */
export interface ShownChat
  extends
    Pick<Chat, 'chatId' | 'chat_dataset' | 'chat_cost' | 'chat_cost_currency'>,
    Partial<Pick<Chat, 'chatName' | 'messages' | 'followup' | 'related_links'>> {
  greeting?: string | null;
}

/** The open chat before it was opened, and after logout. */
export const INITIAL_CHAT: ChatState = Object.freeze({
  status: 'idle',
  chatId: null,
  chatName: null,
  messages: [],
  dataset: null,
  greeting: null,
  followups: [],
  cost: null,
  currency: DEFAULT_CURRENCY,
  tooLongTipVisible: false,
  notEnabled: false,
  retryIn: null,
  draft: null,
}) as ChatState;

/**
 * The open chat: its state, which generation async work belongs to, and its creation on the server.
 * Internal to the chat store; the actions (open, send, change dataset…) are built on it.
 */
export interface ChatConversation {
  readonly $chat: ReadableAtom<ChatState>;
  /** The answer as far as it was written while it streams (Markdown); null when none is on its way. */
  readonly $answer: ReadableAtom<string | null>;
  /** Writes the answer so far (`ChatStore.$answer`); null when it ends. */
  writeAnswer(text: string | null): void;
  get(): ChatState;
  /** Every write of the state goes through here, so `tooLongTipVisible` always matches the messages and the dismissal. */
  set(state: ChatStateInput): void;
  patch(changes: Partial<ChatStateInput>): void;
  /**
   * Starts a new generation: pending creations and timers of the old one no longer count, and the
   * tip's dismissal is forgotten unless `keepTip` (the open chat stays on screen). Returns it.
   */
  begin(options?: { keepTip?: boolean }): number;
  /** The open chat's generation: async work started now belongs to it. */
  generation(): number;
  /** Whether `mine` is still the open chat's generation. */
  isCurrent(mine: number): boolean;
  /** A new question: returns its number; a newer question (or generation) makes older ones stale. */
  nextExchange(): number;
  /** Whether `exchange` is still the latest question. */
  isLatestExchange(exchange: number): boolean;
  /** `POST /api/chat/create` for generation `mine`; resolves the new chat's id, or null when it failed. */
  createChat(mine: number): Promise<string | null>;
  // spec §4, §9
  /** Creates the chat of generation `mine` after the dataset-change debounce (300 ms). */
  createLater(mine: number): void;
  /** Shows a chat `POST /api/chat/open` created, as `createChat` shows its own. */
  showCreated(created: ChatCreated): void;
  /** The open chat's id, creating the chat first when there is none yet (or one is waiting for its debounce). */
  ensureChat(mine: number): Promise<string | null>;
  // spec §4 "restored"
  /**
   * Shows a chat the server answered — restored or just created ("a new chat
   * is created (intro view, or with follow-up questions)") — with its messages, follow-ups, cost and
   * greeting. A chat nobody asked anything in has no name yet: the server's is a placeholder.
   */
  applyChat(chat: ShownChat): void;
  // spec §4
  /** Appends the assistant's reply; the too-long tip re-shows after each reply. */
  reply(message: ChatMessage, changes?: Partial<ChatStateInput>): void;
  // spec §4
  /** Hides the too-long tip until the next reply. */
  dismissTip(): void;
  // spec §8 / §9
  /**
   * Refuses questions while a 429's wait counts `retryIn` down. `start` starts the
   * wait's clock (`startRetryClock`) with the tick that shows each second; a running wait ends first.
   */
  waitToRetry(start: (tick: () => void) => RetryClock): void;
  /** Ends the wait at once (logout). */
  stopRetry(): void;
}

/**
 * Owns the open chat's state and its derived parts: every write goes through `set`, which derives
 * `tooLongTipVisible` from the messages and the tip's dismissal, and `retryIn` from the wait after a 429.
 */
function createChatState() {
  const $chat = atom<ChatState>(INITIAL_CHAT);
  // Spec §4: the tip, once dismissed, stays hidden until the next reply. The only tip state:
  // `tooLongTipVisible` is derived from it and the messages on every write (`set`).
  let tipDismissed = false;
  // Spec §8 / §9: the wait after a 429, counting `retryIn` down. Kept apart from the chat: the
  // limit is the user's, so another chat keeps it.
  let retry: RetryClock | null = null;

  const set = (state: ChatStateInput): void =>
    $chat.set({
      ...state,
      retryIn: retry?.secondsLeft() ?? null,
      tooLongTipVisible: isTooLongTipVisible(state.messages, tipDismissed),
    });
  const patch = (changes: Partial<ChatStateInput>): void => set({ ...$chat.get(), ...changes });

  function stopRetry(): void {
    retry?.stop();
    retry = null;
  }

  return {
    $chat,
    set,
    patch,
    /** Forgets the tip's dismissal (another chat, a reply); shown again on the next write. */
    forgetDismissal(): void {
      tipDismissed = false;
    },
    dismissTip(): void {
      tipDismissed = true;
      patch({});
    },
    waitToRetry(start: (tick: () => void) => RetryClock): void {
      stopRetry();
      retry = start(() => patch({}));
      patch({});
    },
    stopRetry,
  };
}

type ChatStateWriter = ReturnType<typeof createChatState>;

/** Owns showing a chat the server answered: its messages (the last answer's related links), name, dataset, cost and greeting. */
function applyShownChat(state: ChatStateWriter, datasets: ChatDatasets, chat: ShownChat): void {
  const messages = [...(chat.messages ?? [])];
  // The chat's related links belong to its last answer; attach them when the message lacks its own.
  const last = messages.length - 1;
  if (
    last >= 0 &&
    messages[last]!.sender === 'assistant' &&
    !messages[last]!.relatedLinks?.length &&
    chat.related_links?.length
  ) {
    messages[last] = { ...messages[last]!, relatedLinks: chat.related_links };
  }
  // Another chat opens: a dismissal of the previous one does not carry over.
  state.forgetDismissal();
  state.set({
    status: 'ready',
    chatId: chat.chatId,
    chatName: messages.some((m) => m.sender === 'user') ? (chat.chatName ?? null) : null,
    messages,
    dataset: datasets.pick(chat.chat_dataset),
    greeting: chat.greeting ?? null,
    followups: chat.followup ?? [],
    cost: chat.chat_cost ?? null,
    currency: chat.chat_cost_currency || DEFAULT_CURRENCY,
    notEnabled: datasets.list().length === 0,
    draft: null,
  });
}

/** A chat `POST /api/chat/create` answered for the open chat: shown whole, or joined to the question already asked. */
function showCreated(state: ChatStateWriter, datasets: ChatDatasets, created: ChatCreated): void {
  const current = state.$chat.get();
  const { greeting, followups } = newChatOffer(created, current.dataset);
  const chat = {
    chatId: created.chatId,
    chat_dataset: current.dataset ?? created.chat_dataset,
    chat_cost: created.chat_cost,
    chat_cost_currency: created.chat_cost_currency,
    greeting,
  };
  // A question went out while the chat was being created: it stays, with the greeting above it.
  if (current.status === 'generating' || current.messages.length > 0) {
    state.patch({
      chatId: chat.chatId,
      chatName: null,
      cost: chat.chat_cost ?? null,
      currency: chat.chat_cost_currency || DEFAULT_CURRENCY,
      greeting,
    });
    return;
  }
  applyShownChat(state, datasets, { ...chat, followup: followups });
}

/** What chat creation needs from the open chat. */
interface CreationDeps {
  /** Whether `mine` is still the open chat's generation. */
  isCurrent(mine: number): boolean;
  /** Shows the chat created for the current generation. */
  show(created: ChatCreated): void;
  /** The open chat's id, if it has one. */
  chatId(): string | null;
}

/** Owns creating the open chat on the server: at once, after the dataset-change debounce, or when a question needs it. */
function createChatCreation(api: ChatApi, deps: CreationDeps) {
  // The debounced chat creation after a dataset change (spec §4, §9).
  let debounce: ReturnType<typeof setTimeout> | undefined;
  // The chat being created for the current generation, if any.
  let creating: Promise<string | null> | null = null;

  function cancelDebounce(): void {
    if (debounce !== undefined) clearTimeout(debounce);
    debounce = undefined;
  }

  function createChat(mine: number): Promise<string | null> {
    const pending: Promise<string | null> = api.create().then(
      (created) => {
        if (deps.isCurrent(mine)) deps.show(created);
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

  return {
    createChat,
    createLater(mine: number): void {
      debounce = setTimeout(() => {
        debounce = undefined;
        void createChat(mine);
      }, DATASET_CHANGE_DEBOUNCE_MS);
    },
    async ensureChat(mine: number): Promise<string | null> {
      if (debounce !== undefined) {
        cancelDebounce();
        return createChat(mine);
      }
      if (creating) return creating;
      return deps.chatId() ?? createChat(mine);
    },
    /** A new generation: the waiting debounce and the pending creation no longer count. */
    forget(): void {
      cancelDebounce();
      creating = null;
    },
  };
}

/** Creates the open chat of one chat store: composes its state, the showing of chats and their creation. */
export function createChatConversation(api: ChatApi, datasets: ChatDatasets): ChatConversation {
  const state = createChatState();
  const { $chat } = state;
  const $answer = atom<string | null>(null);
  // Which open chat async work belongs to: every action that replaces the open chat starts a new
  // generation, and answers of an older one are dropped (a logout, another chat, another dataset).
  let generation = 0;
  // Which question a follow-up fetch belongs to: a newer question clears the suggestions.
  let exchange = 0;
  const creation = createChatCreation(api, {
    isCurrent: (mine) => mine === generation,
    show: (created) => showCreated(state, datasets, created),
    chatId: () => $chat.get().chatId,
  });

  return {
    $chat,
    $answer,
    writeAnswer: (text) => $answer.set(text),
    get: () => $chat.get(),
    set: state.set,
    patch: state.patch,
    begin({ keepTip = false } = {}) {
      creation.forget();
      $answer.set(null);
      if (!keepTip) state.forgetDismissal();
      exchange++;
      return ++generation;
    },
    generation: () => generation,
    isCurrent: (mine) => mine === generation,
    nextExchange: () => ++exchange,
    isLatestExchange: (mine) => mine === exchange,
    createChat: creation.createChat,
    createLater: creation.createLater,
    showCreated: (created) => showCreated(state, datasets, created),
    ensureChat: creation.ensureChat,
    applyChat: (chat) => applyShownChat(state, datasets, chat),
    reply(message, changes = {}) {
      $answer.set(null);
      state.forgetDismissal();
      state.patch({ ...changes, status: 'ready', messages: [...$chat.get().messages, message] });
    },
    dismissTip: state.dismissTip,
    waitToRetry: state.waitToRetry,
    stopRetry: state.stopRetry,
  };
}
