import type { ChatDataset } from '../rules/chatDatasets';
import type { PageAction, PageActionProposal } from '../rules/pageActions';
import type { PageContext } from '../rules/pageContext';
import type { ReportContext } from '../rules/reportContext';
import type { ChatStreamHandlers } from './chatStream';
import { SERVICE, type Http } from './http';

export type { ChatDataset };

// spec §3 "Chat settings"
/**
 * The assistant's settings: its name and the model behind it.
 * @public
 */
export interface ChatSettings {
  /** The assistant's name, shown in the chat header. */
  name: string;
  /** The model behind it, shown beside the name. */
  modelName: string;
}

// spec §3 "Related link"
/**
 * A portal page that shows the data of an answer.
 * @public
 */
export interface RelatedLink {
  /** The portal route below the content prefix (the host routes to `/{content prefix}/{url}`). */
  url: string;
  /** Where the page sits in the menu, e.g. 'Azure / Cost Analysis'. */
  path: string;
  /** The page's name as shown. */
  name: string;
  /** What the page shows. */
  description: string;
}

// spec §3 "Message"
/**
 * One message of a chat: the user's question or the assistant's answer, with the pages
 * and screenshot that came with it.
 * @public
 */
export interface ChatMessage {
  // Not in the spec: the stored message's id, for what a visitor does with one answer later.
  /** The stored message's id (a message not yet stored has none). */
  id?: string;
  /** Who wrote the message. */
  sender: 'user' | 'assistant';
  /** The text: Markdown for the assistant, plain text for the user. */
  message: string;
  // spec §8
  /**
   * `error` for the assistant's failure messages; `stopped`
   * for an answer the user stopped while it was written — its text is as far as it got.
   */
  type?: 'error' | 'stopped';
  /** Portal pages that show the answer's data (assistant messages). */
  relatedLinks?: RelatedLink[];
  /**
   * What was sent with the question: `screenshot`, a `data:` URL of the attached image;
   * `pageContext`, what the host page said the visitor was looking at.
   */
  data?: { screenshot?: string; pageContext?: PageContext };
  // Not in the spec: an action of the host page the answer proposes (rules/pageActions).
  /** An action of the host page the answer proposes (assistant messages), with its result once run. */
  action?: PageActionProposal;
  /** ISO time the message was stored. */
  created?: string;
}

/**
 * `POST /api/chat/create`: a new chat and the assistant's greeting.
 * @public
 */
export interface ChatCreated {
  /** The new chat's id. */
  chatId: string;
  /** The dataset the chat answers from. */
  chat_dataset: ChatDataset;
  /** The chat's cost so far, in `chat_cost_currency`. */
  chat_cost: number;
  /** The ISO 4217 code of the chat's cost. */
  chat_cost_currency: string;
  /** The greeting, Markdown. */
  response: string;
  // Not among the spec's fields of this answer: an addition of ours.
  /**
   * Follow-up questions the new chat offers (the dataset's starter questions). Optional: a server
   * that leaves it out offers none.
   */
  followup?: string[];
}

// spec §3 "Chat"
/**
 * A stored chat, as restore and `GET /api/chat/history/{id}` answer it.
 * @public
 */
export interface Chat {
  /** The chat's id. */
  chatId: string;
  /** Its name, as the history lists it. */
  chatName: string;
  /** Its messages, oldest first. */
  messages: ChatMessage[];
  /** The dataset the chat answers from. */
  chat_dataset: ChatDataset;
  /** The chat's cost so far, in `chat_cost_currency`. */
  chat_cost: number;
  /** The ISO 4217 code of the chat's cost. */
  chat_cost_currency: string;
  /** Follow-up questions offered after the last answer. */
  followup: string[];
  /** Portal pages that show the last answer's data. */
  related_links: RelatedLink[];
  /** When the chat was created (ISO 8601). */
  created: string;
}

// spec §3 "Chat history item"
/**
 * One chat as the history lists it: its id, name, first question and creation time.
 * @public
 */
export interface ChatHistoryItem {
  /** The chat's id. */
  chatId: string;
  /** Its name as the history lists it. */
  chatName: string;
  /** The first question of the chat. */
  input: string;
  /** ISO time; may be missing for chats of older data (they group as OLDER). */
  created: string | null;
}

// spec §3 "Chat message payload"
/**
 * A question to ask in a chat: the text, the dataset to answer from and what is sent with it
 * (a screenshot, the report view, or a request to regenerate the last answer).
 * @public
 */
export interface ChatQuestion {
  /** The chat the question belongs to. */
  chatId: string;
  /** The question, plain text (HTML-sanitized); may be empty when a screenshot is attached. */
  question: string;
  /** The dataset to answer from. */
  chat_dataset: ChatDataset;
  // spec §3 `data.screenshot`
  /**
   * A screenshot sent with the question: a base64 `data:` URL of a PNG,
   * JPEG or WebP image of at most 2 MiB (`CHAT_SCREENSHOT_MAX_BYTES`). Stored with the user's message.
   */
  screenshot?: string;
  // Not in the spec: an addition of ours.
  /**
   * The live report view the question was asked on (report, active page, filters,
   * saved view — see `ReportContext`), within `REPORT_CONTEXT_LIMITS`; the server answers a bad one
   * with 400. Not stored: it describes the moment of asking.
   */
  reportContext?: ReportContext;
  // Not in the spec: an addition of ours (rules/pageContext).
  /**
   * What the host page says the visitor is looking at (a title and a JSON object, see
   * `PageContext`), within `PAGE_CONTEXT_LIMITS`; the server answers a bad one with 400. Stored with
   * the question, and given to the model as data from the page, never as instructions. Regenerate
   * sends the context of the question it asks again.
   */
  pageContext?: PageContext;
  // Not in the spec: an addition of ours (rules/pageActions).
  /**
   * The actions the host page offers (see `PageAction`), within `PAGE_ACTION_LIMITS`; the server
   * answers bad ones with 400. The assistant may propose one in its answer (`ChatAnswer.action`);
   * it never runs one. Not stored: the page registers them anew.
   */
  pageActions?: PageAction[];
  /**
   * Regenerate: the question is asked again in place of the chat's
   * last one, and its answer replaces the last question and answer (the chat's cost still grows).
   * A chat with no question yet answers 400.
   */
  regenerate?: boolean;
}

/**
 * `POST /api/chat/generate`: the answer to one question.
 * @public
 */
export interface ChatAnswer {
  /** Markdown. */
  response: string;
  /** The dataset the answer is from. */
  chat_dataset: ChatDataset;
  /** Portal pages that show the answer's data. */
  related_links: RelatedLink[];
  /** The chat's cost so far, in `chat_cost_currency`. */
  chat_cost: number;
  /** The ISO 4217 code of the chat's cost. */
  chat_cost_currency: string;
  // Not among the spec's fields of this answer: additions of ours.
  /** The stored answer's id. */
  message_id?: string;
  /** An action of the host page the answer proposes, its arguments checked against its parameters. */
  action?: PageActionProposal;
}

/**
 * `POST /api/chat/open`: what opening the assistant asks in one
 * round trip — the latest chat restored (`POST /restore {}`'s answer), or, when there is none, a new
 * one created (`POST /create`'s answer).
 * @public
 */
export type ChatOpened = { restored: Chat; created?: undefined } | { created: ChatCreated; restored?: undefined };

/**
 * `POST /api/chat/followup`.
 * @public
 */
export interface ChatFollowup {
  /** Follow-up questions to offer after the last answer. */
  followup: string[];
}

// spec §7 "Chatbot service"
/**
 * The chatbot service client (base /services/ai-chatbot): the assistant's settings, chats,
 * their history, questions and follow-ups.
 * @public
 */
export function createChatApi(http: Http) {
  const api = (path: string) => http.service(SERVICE.chatbot, `/api/chat${path}`);
  const id = (chatId: string) => encodeURIComponent(chatId);
  return {
    /** GET /api/chat/settings — the assistant's name and model. */
    settings: () => http.request<ChatSettings>('GET', api('/settings')),
    /** POST /api/chat/create — no body; a new chat with its greeting. */
    create: () => http.request<ChatCreated>('POST', api('/create')),
    /**
     * POST /api/chat/open — the latest chat restored, or a new one created, in one call;
     * a refusal of the creation rejects as `create()` would, and a server without the route answers 404.
     */
    open: () => http.request<ChatOpened>('POST', api('/open')),
    /** POST /api/chat/restore — the latest chat (null when there is none), or the chat `chatId`. */
    restore: async (chatId?: string): Promise<Chat | null> =>
      (await http.request<Chat | null>('POST', api('/restore'), { json: chatId ? { chatId } : {} })) ?? null,
    /** GET /api/chat/history — the caller's chats, newest first. */
    history: () => http.request<ChatHistoryItem[]>('GET', api('/history')),
    /** POST /api/chat/generate — ask a question; 429 with Retry-After past 2 a minute; 403 for a dataset the tenant may not use. */
    generate: (question: ChatQuestion) => http.request<ChatAnswer>('POST', api('/generate'), { json: question }),
    /**
     * POST /api/chat/generate as server-sent events: the same answer, its text told to
     * `handlers` as it is written; `handlers.signal` stops it. The reader loads with the first
     * question (`generateChatStream`), so a view that asks nothing does not carry it.
     */
    generateStream: async (question: ChatQuestion, handlers?: ChatStreamHandlers): Promise<ChatAnswer> =>
      (await import('./chatStream')).generateChatStream(http, question, handlers),
    /** POST /api/chat/followup — follow-up questions for the chat's last answer. */
    followup: (chatId: string) => http.request<ChatFollowup>('POST', api('/followup'), { json: { chatId } }),
    /** GET /api/chat/history/{id} — one chat with its messages. */
    chat: (chatId: string) => http.request<Chat>('GET', api(`/history/${id(chatId)}`)),
    /** PUT /api/chat/history/{id} — rename a chat. */
    rename: (chatId: string, chatName: string) =>
      http.request<ChatHistoryItem>('PUT', api(`/history/${id(chatId)}`), { json: { chatName } }),
    /**
     * POST /api/chat/action-result — stores what the host page answered for the action the visitor
     * ran from answer `messageId` of chat `chatId`; 404 for anyone else's.
     */
    actionResult: (chatId: string, messageId: string, result: string) =>
      http.request<PageActionProposal>('POST', api('/action-result'), { json: { chatId, messageId, result } }),
    /** DELETE /api/chat/history/{id}. */
    remove: (chatId: string) => http.request<void>('DELETE', api(`/history/${id(chatId)}`), { responseType: 'none' }),
  };
}

/**
 * The chatbot calls.
 * @public
 */
export type ChatApi = ReturnType<typeof createChatApi>;
