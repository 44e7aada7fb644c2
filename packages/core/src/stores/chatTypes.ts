/**
 * The chat store's state types (see chat.ts): a leaf module, so the store's parts (chatConversation.ts,
 * chatHistory.ts) import them from here rather than from the store that imports them.
 */
import type { ChatDataset, ChatHistoryItem, ChatMessage } from '../api/chat';
import type { HistoryGroup } from '../rules/chat';

// spec §4 "Chat"
/**
 * `idle` before the chat was opened (and after logout), `restoring` while the
 * latest or a chosen chat is restored (or a new one created in its place), `ready` when the user
 * may type, `generating` while an answer is on its way (the input is disabled).
 * @public
 */
export type ChatStatus = 'idle' | 'restoring' | 'ready' | 'generating';

// spec §3 "Chat"
/**
 * The open chat.
 * @public
 */
export interface ChatState {
  /** Whether the chat is not opened yet, being restored, ready, or generating an answer. */
  status: ChatStatus;
  /** The open chat's id; null before it exists (a new chat is being created, or the dataset just changed). */
  chatId: string | null;
  /** The open chat's name, when the server gave one. */
  chatName: string | null;
  // spec §2
  /** No messages: the intro view. */
  messages: ChatMessage[];
  // spec §3 "Dataset option"
  /** The dataset the next question is asked about. */
  dataset: ChatDataset | null;
  /**
   * A new chat's greeting (`POST /api/chat/create`'s `response`, Markdown), shown as the assistant's
   * first words above the messages; null for a restored chat (the server does not keep it) and for a
   * chat created on another dataset than the chosen one (`newChatOffer`).
   */
  greeting: string | null;
  // spec §2
  /** Follow-up questions offered as suggestions. */
  followups: string[];
  // spec §2
  /** `chat_cost`; null until the server told it. */
  cost: number | null;
  // spec §9
  /** `chat_cost_currency`. @default 'USD' */
  currency: string;
  // spec §4
  /**
   * Whether the tip that the chat grows too long shows: 15 or more user messages and not dismissed
   * since the last reply. Derived: the store
   * recomputes it from `messages` and the dismissal on every change (`isTooLongTipVisible`).
   */
  tooLongTipVisible: boolean;
  // spec §5
  /** No dataset is available to the tenant: the assistant is not enabled. */
  notEnabled: boolean;
  // spec §8 / §9
  /**
   * After a 429, the whole seconds until the assistant takes a question again (its
   * `Retry-After`, see `retryAfterSeconds`), counting down each second; null when it takes questions.
   * Sending is refused while it counts. It belongs to the user, not the chat: a new chat keeps it,
   * a logout ends it.
   */
  retryIn: number | null;
  // spec §8
  /**
   * The last question the assistant did not answer (a 429 or another failure), as it was
   * typed, so the input can take it back: nothing the user typed is lost. Null once another
   * question goes out or another chat opens.
   */
  draft: ChatDraft | null;
}

/**
 * A question as the user gave it: the text as typed (before sanitizing) and its screenshot.
 * @public
 */
export interface ChatDraft {
  /** The text as typed. */
  text: string;
  /** The screenshot's `data:` URL, when one was attached. */
  screenshot?: string;
  /**
   * Put there by the host (`ChatStore.prefill`, or a question `ask()` could not send): it replaces
   * what the composer holds, instead of filling only an empty one.
   */
  replace?: boolean;
}

// spec §2, §4 "History list states: loading, loaded, empty"
/**
 * The chat history dropdown.
 * @public
 */
export interface ChatHistoryState {
  /** `idle`: nothing cached (never loaded, or the cache was reset after a reply). */
  status: 'idle' | 'loading' | 'loaded' | 'empty';
  /** Newest first, as the server answers. */
  items: ChatHistoryItem[];
  // spec §4
  /** `items` under their date labels, as of the last change of the list. */
  groups: HistoryGroup[];
}
