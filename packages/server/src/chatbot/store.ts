import { randomUUID } from 'node:crypto';
import type {
  Chat,
  ChatDataset,
  ChatHistoryItem,
  ChatMessage,
  PageActionProposal,
  PageContext,
  RelatedLink,
} from '@cloudportal/core';
import type { Database } from '../db/database';
import type { AssistantHistoryMessage } from './engine';

/** Whose chats: always the tenant and user of the verified app token, never request input. */
export interface ChatOwner {
  tenantId: string;
  userId: string;
}

/** Longest chat name a rename accepts (the spec does not show one). */
export const CHAT_NAME_MAX = 100;
/** How long a default chat name (the first question) may be before it is cut. */
export const DEFAULT_CHAT_NAME_MAX = 60;
/** The name of a chat nobody asked anything in yet. */
export const NEW_CHAT_NAME = 'New chat';
/**
 * What a question that is a screenshot only (spec §5 "Chat message": text may be empty when a
 * screenshot is attached) shows as the history item's `input` and the default chat name.
 */
export const SCREENSHOT_QUESTION_LABEL = 'Screenshot';

/** The text a question stands for in the history and in a chat's name: its text, or 'Screenshot' for a screenshot only. */
export function questionLabel(question: string, hasScreenshot: boolean): string {
  return !question.trim() && hasScreenshot ? SCREENSHOT_QUESTION_LABEL : question;
}

/**
 * The default chat name: the first question on one line, cut at a word boundary to at most 60
 * characters plus an ellipsis.
 */
export function defaultChatName(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= DEFAULT_CHAT_NAME_MAX) return line || NEW_CHAT_NAME;
  const cut = chars.slice(0, DEFAULT_CHAT_NAME_MAX).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space >= DEFAULT_CHAT_NAME_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}\u2026`;
}

interface ChatRow {
  id: string;
  name: string | null;
  dataset: ChatDataset;
  cost: number;
  currency: string;
  created_at: string | Date;
}

interface MessageRow {
  sender: 'user' | 'assistant';
  message: string;
  type: 'error' | 'stopped' | null;
  related_links: RelatedLink[];
  followup: string[];
  /** The data: URL of the screenshot sent with a user message (migration 009), or null. */
  screenshot: string | null;
  /** What the host page said the visitor looked at, sent with a user message (migration 028), or null. */
  page_context: PageContext | null;
  /** The host page's action proposed in an assistant message, with its result once run (migration 029), or null. */
  page_action: PageActionProposal | null;
  id: string;
  created_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const CHAT_COLUMNS = 'id, name, dataset, cost::float8 as cost, currency, created_at';

/** A new, empty chat of the owner; its cost starts at 0 in `currency`. */
export async function createChat(
  db: Database,
  owner: ChatOwner,
  dataset: ChatDataset,
  currency: string,
): Promise<string> {
  const id = randomUUID();
  // Chats nobody asked anything in are not in the history; the owner's older ones are dropped so
  // every dataset change (which creates a chat, spec §4) does not leave one behind for good.
  await db.query(
    `delete from chats c where c.tenant_id = $1 and c.user_id = $2 and c.created_at < now() - interval '1 day'
        and not exists (select 1 from chat_messages m where m.tenant_id = c.tenant_id and m.chat_id = c.id)`,
    [owner.tenantId, owner.userId],
  );
  await db.query('insert into chats (id, tenant_id, user_id, dataset, currency) values ($1, $2, $3, $4, $5)', [
    id,
    owner.tenantId,
    owner.userId,
    dataset,
    currency,
  ]);
  return id;
}

/** One of the owner's chats without its messages; null for an unknown id or anyone else's. */
export async function findChat(db: Database, owner: ChatOwner, chatId: string): Promise<ChatRow | null> {
  const { rows } = await db.query<ChatRow>(
    `select ${CHAT_COLUMNS} from chats where id = $1 and tenant_id = $2 and user_id = $3`,
    [chatId, owner.tenantId, owner.userId],
  );
  return rows[0] ?? null;
}

/** The owner's most recently used chat, or null. */
export async function latestChatId(db: Database, owner: ChatOwner): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    'select id from chats where tenant_id = $1 and user_id = $2 order by updated_at desc, recency desc limit 1',
    [owner.tenantId, owner.userId],
  );
  return rows[0]?.id ?? null;
}

/**
 * One of the owner's chats with its messages (spec §3 "Chat"); null for an unknown id or anyone
 * else's. `followup` and `related_links` are those of the last answer; a chat without one gets
 * `starters`. A user message sent with a screenshot carries it as `data.screenshot` (spec §3
 * "Message"), the data: URL as it was sent; other messages have no `data`.
 */
export async function loadChat(
  db: Database,
  owner: ChatOwner,
  chatId: string,
  starters: (dataset: ChatDataset) => string[],
): Promise<Chat | null> {
  const chat = await findChat(db, owner, chatId);
  if (!chat) return null;
  const { rows } = await db.query<MessageRow>(
    'select id::text as id, sender, message, type, related_links, followup, screenshot, page_context, page_action, created_at from chat_messages where tenant_id = $1 and chat_id = $2 order by chat_messages.id',
    [owner.tenantId, chat.id],
  );
  const messages: ChatMessage[] = rows.map((m) => ({
    id: m.id,
    sender: m.sender,
    message: m.message,
    ...(m.type ? { type: m.type } : {}),
    ...(m.sender === 'assistant' ? { relatedLinks: m.related_links } : {}),
    ...(m.page_action ? { action: m.page_action } : {}),
    ...(m.screenshot || m.page_context
      ? {
          data: {
            ...(m.screenshot ? { screenshot: m.screenshot } : {}),
            ...(m.page_context ? { pageContext: m.page_context } : {}),
          },
        }
      : {}),
    created: iso(m.created_at),
  }));
  const lastAnswer = [...rows].reverse().find((m) => m.sender === 'assistant');
  const firstQuestion = rows.find((m) => m.sender === 'user');
  return {
    chatId: chat.id,
    chatName:
      chat.name ??
      (firstQuestion
        ? defaultChatName(questionLabel(firstQuestion.message, firstQuestion.screenshot !== null))
        : NEW_CHAT_NAME),
    messages,
    chat_dataset: chat.dataset,
    chat_cost: Number(chat.cost),
    chat_cost_currency: chat.currency,
    followup: lastAnswer ? lastAnswer.followup : starters(chat.dataset),
    related_links: lastAnswer?.related_links ?? [],
    created: iso(chat.created_at),
  };
}

/**
 * The chat's earlier messages for the engine answering its next question (oldest first), without the
 * screenshots themselves: only whether a user message had one. Null for an unknown id or anyone else's.
 * `lastExchanges` is how many questions the chat holds; with `withoutLastExchange` (Regenerate) the
 * history stops before the last question.
 */
export async function chatForEngine(
  db: Database,
  owner: ChatOwner,
  chatId: string,
  { withoutLastExchange = false } = {},
): Promise<{ history: AssistantHistoryMessage[]; questions: number } | null> {
  const chat = await findChat(db, owner, chatId);
  if (!chat) return null;
  const { rows } = await db.query<Pick<MessageRow, 'sender' | 'message' | 'type'> & { has_screenshot: boolean }>(
    'select sender, message, type, screenshot is not null as has_screenshot from chat_messages where tenant_id = $1 and chat_id = $2 order by id',
    [owner.tenantId, chat.id],
  );
  const history = rows.map((m) => ({
    sender: m.sender,
    message: m.message,
    ...(m.type ? { type: m.type } : {}),
    ...(m.has_screenshot ? { hasScreenshot: true } : {}),
  }));
  const questions = history.filter((m) => m.sender === 'user').length;
  const lastQuestion = history.findLastIndex((m) => m.sender === 'user');
  return { history: withoutLastExchange && lastQuestion >= 0 ? history.slice(0, lastQuestion) : history, questions };
}

interface HistoryRow {
  id: string;
  name: string | null;
  input: string | null;
  input_screenshot: boolean | null;
  created_at: string | Date | null;
}

const toHistoryItem = (r: HistoryRow): ChatHistoryItem => {
  const input = questionLabel(r.input ?? '', r.input_screenshot === true);
  return {
    chatId: r.id,
    chatName: r.name ?? (input ? defaultChatName(input) : NEW_CHAT_NAME),
    input,
    created: r.created_at ? iso(r.created_at) : null,
  };
};

// The first question of each chat; a screenshot-only one shows as 'Screenshot' (questionLabel).
const HISTORY_SELECT = `select c.id, c.name, c.created_at, f.message as input, f.has_screenshot as input_screenshot
  from chats c
  left join lateral (select m.message, m.screenshot is not null as has_screenshot from chat_messages m
                      where m.tenant_id = c.tenant_id and m.chat_id = c.id and m.sender = 'user' order by m.id limit 1) f on true`;

/** Spec §2 / §7: the owner's chats that have a question, newest first. */
export async function chatHistory(db: Database, owner: ChatOwner): Promise<ChatHistoryItem[]> {
  const { rows } = await db.query<HistoryRow>(
    `${HISTORY_SELECT} where c.tenant_id = $1 and c.user_id = $2 and exists (select 1 from chat_messages m where m.tenant_id = c.tenant_id and m.chat_id = c.id)
      order by c.created_at desc, c.recency desc`,
    [owner.tenantId, owner.userId],
  );
  return rows.map(toHistoryItem);
}

/** Renames one of the owner's chats; null for an unknown id or anyone else's. */
export async function renameChat(
  db: Database,
  owner: ChatOwner,
  chatId: string,
  name: string,
): Promise<ChatHistoryItem | null> {
  const { rows } = await db.query<{ id: string }>(
    'update chats set name = $4 where id = $1 and tenant_id = $2 and user_id = $3 returning id',
    [chatId, owner.tenantId, owner.userId, name],
  );
  if (!rows[0]) return null;
  const { rows: items } = await db.query<HistoryRow>(`${HISTORY_SELECT} where c.id = $1`, [chatId]);
  return items[0] ? toHistoryItem(items[0]) : null;
}

/** Deletes one of the owner's chats with its messages; false for an unknown id or anyone else's. */
export async function deleteChat(db: Database, owner: ChatOwner, chatId: string): Promise<boolean> {
  const { rows } = await db.query('delete from chats where id = $1 and tenant_id = $2 and user_id = $3 returning id', [
    chatId,
    owner.tenantId,
    owner.userId,
  ]);
  return rows.length > 0;
}

/**
 * Spec §9 "Assistant rate limit": takes one of the owner's `limit` questions per minute. Counted
 * from the stored request times, under a lock on the user's row, so it holds across restarts,
 * concurrent requests and server instances. Answers null when the question may go ahead (and
 * records it), or the seconds until the oldest counted question leaves the minute.
 */
export async function takeRequestSlot(db: Database, owner: ChatOwner, limit: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 and tenant_id = $2 for update', [owner.userId, owner.tenantId]);
    const { rows } = await tx.query<{ wait_ms: number }>(
      `select extract(epoch from (requested_at + interval '1 minute' - now()))::float8 * 1000 as wait_ms
         from assistant_requests where tenant_id = $1 and user_id = $2 and requested_at > now() - interval '1 minute'
        order by requested_at`,
      [owner.tenantId, owner.userId],
    );
    if (rows.length >= limit) return Math.max(1, Math.ceil(Number(rows[rows.length - limit]!.wait_ms) / 1000));
    await tx.query(
      "delete from assistant_requests where tenant_id = $1 and user_id = $2 and requested_at < now() - interval '1 hour'",
      [owner.tenantId, owner.userId],
    );
    await tx.query('insert into assistant_requests (tenant_id, user_id) values ($1, $2)', [
      owner.tenantId,
      owner.userId,
    ]);
    return null;
  });
}

/** One question and its answer, as stored. */
export interface Exchange {
  /** The sanitized question; empty when it is a screenshot only. */
  question: string;
  /** The data: URL of the screenshot sent with the question (already checked), stored on the user's message. */
  screenshot?: string;
  /** What the host page said the visitor looked at (already checked), stored on the user's message. */
  pageContext?: PageContext;
  answer: string;
  relatedLinks: RelatedLink[];
  followups: string[];
  /** The host page's action the answer proposes (already checked against its parameters). */
  action?: PageActionProposal;
  /** What this exchange cost, in the chat's currency. */
  cost: number;
  dataset: ChatDataset;
  /** The visitor stopped the answer while it streamed: `answer` is as far as it was written (issue 40 §2). */
  stopped?: boolean;
  /** Regenerate (issue 40 §2): the exchange replaces the chat's last question and answer; the chat's cost still grows. */
  replacesLast?: boolean;
}

/**
 * Stores a question (with its screenshot) and its answer in one of the owner's chats, adds the cost
 * to the chat's and names the chat after its first question ('Screenshot' for a screenshot only). Answers the chat's cost and currency; null when the
 * chat is gone (deleted meanwhile) or not the owner's.
 */
export async function saveExchange(
  db: Database,
  owner: ChatOwner,
  chatId: string,
  exchange: Exchange,
): Promise<{ cost: number; currency: string; messageId: string } | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ cost: number; currency: string }>(
      `update chats set cost = cost + $4, dataset = $5, name = coalesce(name, $6), updated_at = now()
        where id = $1 and tenant_id = $2 and user_id = $3 returning cost::float8 as cost, currency`,
      [
        chatId,
        owner.tenantId,
        owner.userId,
        exchange.cost,
        exchange.dataset,
        defaultChatName(questionLabel(exchange.question, !!exchange.screenshot)),
      ],
    );
    const chat = rows[0];
    if (!chat) return null;
    if (exchange.replacesLast)
      await tx.query(
        `delete from chat_messages where tenant_id = $1 and chat_id = $2 and id >= (
           select max(id) from chat_messages where tenant_id = $1 and chat_id = $2 and sender = 'user')`,
        [owner.tenantId, chatId],
      );
    await tx.query(
      "insert into chat_messages (tenant_id, chat_id, sender, message, screenshot, page_context) values ($1, $2, 'user', $3, $4, $5)",
      [
        owner.tenantId,
        chatId,
        exchange.question,
        exchange.screenshot ?? null,
        exchange.pageContext ? JSON.stringify(exchange.pageContext) : null,
      ],
    );
    const answer = await tx.query<{ id: string }>(
      "insert into chat_messages (tenant_id, chat_id, sender, message, related_links, followup, cost, type, page_action) values ($1, $2, 'assistant', $3, $4, $5, $6, $7, $8) returning id::text as id",
      [
        owner.tenantId,
        chatId,
        exchange.answer,
        JSON.stringify(exchange.relatedLinks),
        JSON.stringify(exchange.followups),
        exchange.cost,
        exchange.stopped ? 'stopped' : null,
        exchange.action ? JSON.stringify(exchange.action) : null,
      ],
    );
    return { cost: Number(chat.cost), currency: chat.currency, messageId: answer.rows[0]!.id };
  });
}

/** The dataset and the follow-up questions of the last answer of one of the owner's chats (followup null before any answer); null for an unknown chat. */
export async function lastFollowups(
  db: Database,
  owner: ChatOwner,
  chatId: string,
): Promise<{ dataset: ChatDataset; followup: string[] | null } | null> {
  const chat = await findChat(db, owner, chatId);
  if (!chat) return null;
  const { rows } = await db.query<{ followup: string[] }>(
    "select followup from chat_messages where tenant_id = $1 and chat_id = $2 and sender = 'assistant' order by id desc limit 1",
    [owner.tenantId, chat.id],
  );
  return { dataset: chat.dataset, followup: rows[0]?.followup ?? null };
}

/**
 * Stores what the host page answered for an action the visitor ran from one of the owner's answers.
 * Answers the proposal as it now is; null when the chat, the message or its proposal is not there —
 * or is someone else's.
 */
export async function savePageActionResult(
  db: Database,
  owner: ChatOwner,
  chatId: string,
  messageId: string,
  result: string,
): Promise<PageActionProposal | null> {
  if (!/^\d{1,18}$/.test(messageId)) return null;
  const { rows } = await db.query<{ page_action: PageActionProposal }>(
    `update chat_messages m set page_action = jsonb_set(m.page_action, '{result}', to_jsonb($5::text))
       from chats c
      where m.id = $4::bigint and m.chat_id = $3 and m.tenant_id = $1 and m.page_action is not null
        and c.id = m.chat_id and c.tenant_id = $1 and c.user_id = $2
      returning m.page_action`,
    [owner.tenantId, owner.userId, chatId, messageId, result],
  );
  return rows[0]?.page_action ?? null;
}
