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
  /** Spec §4, §9: creates the chat of generation `mine` after the dataset-change debounce (300 ms). */
  createLater(mine: number): void;
  /** The open chat's id, creating the chat first when there is none yet (or one is waiting for its debounce). */
  ensureChat(mine: number): Promise<string | null>;
  /**
   * Shows a chat the server answered — restored (spec §4 "restored") or just created ("a new chat
   * is created (intro view, or with follow-up questions)") — with its messages, follow-ups, cost and
   * greeting. A chat nobody asked anything in has no name yet: the server's is a placeholder.
   */
  applyChat(chat: ShownChat): void;
  /** Appends the assistant's reply; spec §4: the too-long tip re-shows after each reply. */
  reply(message: ChatMessage, changes?: Partial<ChatStateInput>): void;
  /** Spec §4: hides the too-long tip until the next reply. */
  dismissTip(): void;
  /**
   * Spec §8 / §9: refuses questions while a 429's wait counts `retryIn` down. `start` starts the
   * wait's clock (`startRetryClock`) with the tick that shows each second; a running wait ends first.
   */
  waitToRetry(start: (tick: () => void) => RetryClock): void;
  /** Ends the wait at once (logout). */
  stopRetry(): void;
}

/** Creates the open chat of one chat store. */
export function createChatConversation(api: ChatApi, datasets: ChatDatasets): ChatConversation {
  const $chat = atom<ChatState>(INITIAL_CHAT);
  // Which open chat async work belongs to: every action that replaces the open chat starts a new
  // generation, and answers of an older one are dropped (a logout, another chat, another dataset).
  let generation = 0;
  // Which question a follow-up fetch belongs to: a newer question clears the suggestions.
  let exchange = 0;
  // Spec §4: the tip, once dismissed, stays hidden until the next reply. The only tip state:
  // `tooLongTipVisible` is derived from it and the messages on every write (`set`).
  let tipDismissed = false;
  // The debounced chat creation after a dataset change (spec §4, §9).
  let debounce: ReturnType<typeof setTimeout> | undefined;
  // The chat being created for the current generation, if any.
  let creating: Promise<string | null> | null = null;
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

  function applyChat(chat: ShownChat): void {
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
    tipDismissed = false;
    set({
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
  function showCreated(created: ChatCreated): void {
    const state = $chat.get();
    const { greeting, followups } = newChatOffer(created, state.dataset);
    const chat = {
      chatId: created.chatId,
      chat_dataset: state.dataset ?? created.chat_dataset,
      chat_cost: created.chat_cost,
      chat_cost_currency: created.chat_cost_currency,
      greeting,
    };
    // A question went out while the chat was being created: it stays, with the greeting above it.
    if (state.status === 'generating' || state.messages.length > 0) {
      patch({
        chatId: chat.chatId,
        chatName: null,
        cost: chat.chat_cost ?? null,
        currency: chat.chat_cost_currency || DEFAULT_CURRENCY,
        greeting,
      });
      return;
    }
    applyChat({ ...chat, followup: followups });
  }

  function cancelDebounce(): void {
    if (debounce !== undefined) clearTimeout(debounce);
    debounce = undefined;
  }

  function createChat(mine: number): Promise<string | null> {
    const pending: Promise<string | null> = api.create().then(
      (created) => {
        if (mine === generation) showCreated(created);
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
    $chat,
    get: () => $chat.get(),
    set,
    patch,
    begin({ keepTip = false } = {}) {
      cancelDebounce();
      creating = null;
      if (!keepTip) tipDismissed = false;
      exchange++;
      return ++generation;
    },
    generation: () => generation,
    isCurrent: (mine) => mine === generation,
    nextExchange: () => ++exchange,
    isLatestExchange: (mine) => mine === exchange,
    createChat,
    createLater(mine) {
      debounce = setTimeout(() => {
        debounce = undefined;
        void createChat(mine);
      }, DATASET_CHANGE_DEBOUNCE_MS);
    },
    async ensureChat(mine) {
      if (debounce !== undefined) {
        cancelDebounce();
        return createChat(mine);
      }
      if (creating) return creating;
      return $chat.get().chatId ?? createChat(mine);
    },
    applyChat,
    reply(message, changes = {}) {
      tipDismissed = false;
      patch({ ...changes, status: 'ready', messages: [...$chat.get().messages, message] });
    },
    dismissTip() {
      tipDismissed = true;
      patch({});
    },
    waitToRetry(start) {
      stopRetry();
      retry = start(() => patch({}));
      patch({});
    },
    stopRetry,
  };
}
