// spec §2 "Assistant chat", §3 "Chat" and "Relative time display", §4 "Chat", §5 "Chat message",
// "Chat rename" and "Dataset availability", §8 "Chat" and §9
/**
 * Rules of the assistant chat: its messages and errors, the history list and relative times, related links, the
 * too-long tip, the message input and screenshots, renaming, initials, quick starts, dataset options and the cost. Pure
 * functions shared by the chat store, the chat view and the reference server. Every text comes from the message
 * catalogue (`chat.*` keys); each function takes an optional translator and answers in English without one.
 */
import type { ChatCreated, ChatHistoryItem, ChatMessage } from '../api/chat';
import type { ChatDataset } from './chatDatasets';
import { chatEn } from '../i18n/chatMessages';
import { createTranslator, type MessageKey, type Translate } from '../i18n/messages';
import { parseInertHtml } from '../trustedTypes';
import {
  CHAT_MESSAGE_MAX,
  CHAT_TOO_LONG_USER_MESSAGES,
  DEFAULT_CURRENCY,
  HISTORY_GROUP_DAYS,
  RELATED_LINK_DESCRIPTION_MAX,
} from './constants';

const english: Translate = /* @__PURE__ */ createTranslator(chatEn);

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A point in time as the rules accept it: a Date, epoch milliseconds or an ISO string.
 * @public
 */
export type ChatTime = Date | number | string;

/** Epoch milliseconds of `time`, or NaN when it is missing or not a date. */
function toMs(time: ChatTime | null | undefined): number {
  if (time === null || time === undefined || time === '') return Number.NaN;
  if (time instanceof Date) return time.getTime();
  if (typeof time === 'number') return time;
  return Date.parse(time);
}

// ---------------------------------------------------------------------------------------------
// Spec §2 / §8: the chat's error and toast messages.

// spec §8 (the chat messages, quoted exactly)
/**
 * The chat's error and toast messages, in English, shipped exactly.
 * @internal
 */
export const CHAT_MESSAGES = {
  // spec §8
  /** The assistant message on HTTP 429. */
  rateLimited: /* @__PURE__ */ english('chat.error.rateLimited'),
  // spec §8
  /** The assistant message on any other error. */
  generic: /* @__PURE__ */ english('chat.error.generic'),
  // spec §8
  /** The title of the chat's failure toasts. */
  errorTitle: /* @__PURE__ */ english('chat.error.title'),
  // spec §5 "Chat rename"
  /** The rename dialog's error when the new name is empty: 'Chat name is required'. */
  nameRequired: /* @__PURE__ */ english('chat.rename.required'),
  // spec §8 "Rename"
  /** The toast when renaming a chat failed; `renamed` when it succeeded. */
  renameFailed: /* @__PURE__ */ english('chat.rename.failed'),
  renamed: /* @__PURE__ */ english('chat.rename.done'),
  // spec §8 "Delete"
  /** The toast when deleting a chat failed; `deleted` when it succeeded. */
  deleteFailed: /* @__PURE__ */ english('chat.delete.failed'),
  deleted: /* @__PURE__ */ english('chat.delete.done'),
  // spec §5
  /** The toast when no dataset is available. */
  notEnabled: /* @__PURE__ */ english('chat.notEnabled'),
} as const;

// spec §8 / §9
/**
 * The countdown shown with the rate-limit text while a 429's wait (its
 * `Retry-After`, see `retryAfterSeconds`) keeps Send disabled — 'You can ask again in 1 second.',
 * 'You can ask again in {count} seconds.'
 * @public
 */
export function chatRetryText(seconds: number, t: Translate = english): string {
  return seconds === 1 ? t('chat.retry.second') : t('chat.retry.seconds', { count: seconds });
}

// spec §8 "Chat"; §9 "Assistant rate limit"
/**
 * The assistant message that replaces an answer that failed. HTTP 429 (the
 * assistant's rate limit of 2 requests per minute) has its own text; any other failure, or no
 * status at all (the network), gets the generic one.
 * @public
 */
export function chatReplyErrorMessage(status: number | undefined, t: Translate = english): string {
  return t(status === 429 ? 'chat.error.rateLimited' : 'chat.error.generic');
}

// ---------------------------------------------------------------------------------------------
// Spec §2 / §4: a new chat and the header.

/**
 * What a new chat shows of `POST /api/chat/create`'s answer, beside the intro view.
 * @public
 */
export interface NewChatOffer {
  /** The assistant's greeting (`response`, Markdown); null when there is none to show. */
  greeting: string | null;
  // spec §2
  /** Follow-up questions offered as suggestions. */
  followups: string[];
}

// spec §4 "a new chat is created (intro view, or with follow-up questions)"; §7
/**
 * The greeting and the
 * follow-up questions `POST /api/chat/create` answers, shown when the chat was created on the
 * dataset the user has chosen (or none is chosen yet). The call has no body, so the server
 * creates every chat on the tenant's default dataset; after a dataset change its greeting and
 * suggestions would speak of another dataset, and none are shown (the intro's quick starts are).
 * @public
 */
export function newChatOffer(
  created: Pick<ChatCreated, 'chat_dataset' | 'response' | 'followup'>,
  chosen: ChatDataset | null | undefined,
): NewChatOffer {
  if (chosen && created.chat_dataset !== chosen) return { greeting: null, followups: [] };
  return {
    greeting: created.response?.trim() ? created.response : null,
    followups: Array.isArray(created.followup) ? created.followup : [],
  };
}

// spec §2
/**
 * The chat's title in the header. It reads 'Start a new chat' until the first question is
 * asked; afterwards it names the chat as the history lists it — its name, else its first question
 * ('Untitled chat' for a question that was a screenshot only).
 * @public
 */
export function chatHeaderTitle(
  chat: { chatName: string | null; messages: readonly Pick<ChatMessage, 'sender' | 'message'>[] },
  t: Translate = english,
): string {
  const first = chat.messages.find((m) => m.sender === 'user');
  if (!first) return t('chat.startNew');
  return chat.chatName?.trim() || first.message.trim() || t('chat.history.untitled');
}

// ---------------------------------------------------------------------------------------------
// Spec §4 "Chat": history groups.

// spec §4
/**
 * The history groups, in display order.
 * @public
 */
export const HISTORY_GROUP_IDS = ['thisWeek', 'lastWeek', 'thisMonth', 'older'] as const;

/**
 * One of {@link HISTORY_GROUP_IDS}.
 * @public
 */
export type HistoryGroupId = (typeof HISTORY_GROUP_IDS)[number];

const HISTORY_GROUP_KEYS: Readonly<Record<HistoryGroupId, MessageKey>> = {
  thisWeek: 'chat.history.thisWeek',
  lastWeek: 'chat.history.lastWeek',
  thisMonth: 'chat.history.thisMonth',
  older: 'chat.history.older',
};

/**
 * A date label of the history list and the chats under it.
 * @public
 */
export interface HistoryGroup<T extends Pick<ChatHistoryItem, 'created'> = ChatHistoryItem> {
  /** Which group it is. */
  id: HistoryGroupId;
  // spec §4
  /** 'THIS WEEK', 'LAST WEEK', 'THIS MONTH' or 'OLDER'. */
  label: string;
  /** The chats in the group. */
  items: T[];
}

// spec §4 / §9 "History groups"
/**
 * The history group of a chat created at `created`, by age: under 7 days THIS WEEK, under 14 LAST WEEK, under 30
 * THIS MONTH; otherwise, or when undated (missing or unreadable `created`), OLDER. Age is the
 * elapsed time since `created`, so a chat created exactly 7 days ago is LAST WEEK. A date in the
 * future (clock skew between server and browser) counts as age 0: THIS WEEK.
 * @public
 */
export function historyGroupOf(created: ChatTime | null | undefined, now: ChatTime): HistoryGroupId {
  const age = toMs(now) - toMs(created);
  if (Number.isNaN(age)) return 'older';
  const days = Math.max(0, age) / DAY_MS;
  const [week, fortnight, month] = HISTORY_GROUP_DAYS;
  if (days < week) return 'thisWeek';
  if (days < fortnight) return 'lastWeek';
  if (days < month) return 'thisMonth';
  return 'older';
}

// spec §4
/**
 * The label of a history group.
 * @public
 */
export function historyGroupLabel(id: HistoryGroupId, t: Translate = english): string {
  return t(HISTORY_GROUP_KEYS[id]);
}

// spec §2 / §4
/**
 * The history list grouped by date label, groups in the order THIS WEEK, LAST WEEK,
 * THIS MONTH, OLDER, empty groups left out. Within a group the items keep the order they were given
 * in (the server answers newest first).
 * @public
 */
export function groupChatHistory<T extends Pick<ChatHistoryItem, 'created'>>(
  items: readonly T[],
  now: ChatTime,
  t: Translate = english,
): HistoryGroup<T>[] {
  const byGroup = new Map<HistoryGroupId, T[]>(HISTORY_GROUP_IDS.map((id) => [id, []]));
  for (const item of items) byGroup.get(historyGroupOf(item.created, now))!.push(item);
  return HISTORY_GROUP_IDS.filter((id) => byGroup.get(id)!.length > 0).map((id) => ({
    id,
    label: historyGroupLabel(id, t),
    items: byGroup.get(id)!,
  }));
}

// ---------------------------------------------------------------------------------------------
// Spec §3 "Relative time display".

// spec §3 "Relative time display"; §4
/**
 * How long ago `time` was, by elapsed time (not calendar days,
 * so the answer does not depend on the time zone). Boundaries, each lower bound inclusive:
 * - under 1 minute (or in the future): 'just now';
 * - under 1 hour: '1 minute ago', 'N minutes ago' (whole minutes);
 * - under 24 hours: '1 hour ago', 'N hours ago' (whole hours);
 * - under 48 hours: 'yesterday';
 * - under 7 days: 'N days ago' (2–6);
 * - under 14 days: '1 week ago';
 * - under 30 days: 'N weeks ago' (2–4, whole weeks; 30 matches the THIS MONTH bound of the history groups);
 * - under 365 days: '1 month ago', 'N months ago' (whole 30-day months, 1–12);
 * - otherwise '1 year ago', 'N years ago' (whole 365-day years).
 * An unreadable time gives ''.
 * @public
 */
export function relativeTime(time: ChatTime | null | undefined, now: ChatTime, t: Translate = english): string {
  const elapsed = toMs(now) - toMs(time);
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE_MS) return t('chat.time.justNow');
  if (elapsed < HOUR_MS) return plural(Math.floor(elapsed / MINUTE_MS), 'chat.time.minute', 'chat.time.minutes', t);
  if (elapsed < DAY_MS) return plural(Math.floor(elapsed / HOUR_MS), 'chat.time.hour', 'chat.time.hours', t);
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 2) return t('chat.time.yesterday');
  if (days < 7) return t('chat.time.days', { count: days });
  if (days < 14) return t('chat.time.week');
  if (days < 30) return t('chat.time.weeks', { count: Math.floor(days / 7) });
  if (days < 365) return plural(Math.floor(days / 30), 'chat.time.month', 'chat.time.months', t);
  return plural(Math.floor(days / 365), 'chat.time.year', 'chat.time.years', t);
}

function plural(count: number, one: MessageKey, many: MessageKey, t: Translate): string {
  return count === 1 ? t(one) : t(many, { count });
}

// ---------------------------------------------------------------------------------------------
// Spec §2 / §9: related links.

/** The ellipsis appended to a cut description (one character, U+2026). */
export const ELLIPSIS = '\u2026';

// spec §2 / §9 "Related-link description cut"
/**
 * A description longer than 220 characters is cut
 * to its first 220 characters plus an ellipsis; a shorter one (or exactly 220) is shown whole.
 * Characters are code points, so an emoji is never split in half.
 * @public
 */
export function relatedLinkDescription(
  description: string | null | undefined,
  max: number = RELATED_LINK_DESCRIPTION_MAX,
): string {
  const chars = Array.from(description ?? '');
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : chars.join('');
}

// spec §2 "Related links navigate to /{content prefix}/{url}"
/**
 * The route of a related link, always
 * a path on the portal's site (slashes around each part are trimmed, empty parts dropped).
 * @public
 */
export function relatedLinkHref(contentPrefix: string, url: string): string {
  return (
    '/' +
    [contentPrefix, url]
      .map((part) => part.replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .join('/')
  );
}

// ---------------------------------------------------------------------------------------------
// Spec §4 / §9: the too-long tip.

/**
 * How many of the messages the user wrote.
 * @public
 */
export function countUserMessages(messages: readonly Pick<ChatMessage, 'sender'>[]): number {
  return messages.filter((m) => m.sender === 'user').length;
}

// spec §4 / §9 "Too-long tip"
/**
 * The chat is too long when user messages reach 15 or more.
 * @public
 */
export function isChatTooLong(messages: readonly Pick<ChatMessage, 'sender'>[]): boolean {
  return countUserMessages(messages) >= CHAT_TOO_LONG_USER_MESSAGES;
}

// spec §4 ("re-shows after each reply")
/**
 * The tip shows when the chat is too long, unless the user dismissed it. The dismissal
 * lasts until the next reply: the store clears it after each reply (so the tip shows again)
 * and whenever another chat opens.
 * @public
 */
export function isTooLongTipVisible(messages: readonly Pick<ChatMessage, 'sender'>[], dismissed: boolean): boolean {
  return !dismissed && isChatTooLong(messages);
}

// ---------------------------------------------------------------------------------------------
// Beyond the spec: Regenerate.

// spec §8
/**
 * Whether the last answer may be asked again (Regenerate): the chat ends with a question and its
 * answer — a stopped one too, not the error text that replaces a failed answer, which is no answer.
 * @public
 */
export function canRegenerate(messages: readonly Pick<ChatMessage, 'sender' | 'type'>[]): boolean {
  const [asked, answered] = messages.slice(-2);
  return asked?.sender === 'user' && answered?.sender === 'assistant' && answered.type !== 'error';
}

// ---------------------------------------------------------------------------------------------
// Spec §2 / §5 "Chat message".

// spec §2 / §5
/**
 * The character counter, 'n / 2000' (n counts UTF-16 units, as the textarea's maxlength does).
 * @public
 */
export function chatCounterText(text: string, t: Translate = english): string {
  return t('chat.input.counter', { count: text.length, max: CHAT_MESSAGE_MAX });
}

/**
 * Why a chat message cannot be sent as it stands.
 * @public
 */
export type ChatMessageIssue = 'required' | 'tooLong';

// spec §5 "Chat message"
/**
 * Whether a chat message may be sent: it is required (text that is not only whitespace, or a
 * screenshot) and at most 2000 characters. Returns the first rule broken, or null when the message is valid.
 * @public
 */
export function chatMessageIssue(text: string, hasScreenshot = false): ChatMessageIssue | null {
  if (text.length > CHAT_MESSAGE_MAX) return 'tooLong';
  if (!text.trim() && !hasScreenshot) return 'required';
  return null;
}

/**
 * The message shown under the input: only for a message over 2000 characters ('Maximum length is
 * 2000 characters.'). An empty message shows nothing — Send is simply disabled.
 * @public
 */
export function chatMessageError(text: string, t: Translate = english): string | null {
  return text.length > CHAT_MESSAGE_MAX ? t('chat.input.tooLong', { max: CHAT_MESSAGE_MAX }) : null;
}

// spec §5
/**
 * Send is disabled when the text is empty (whitespace only counts as empty) and there is
 * no screenshot, or while generating; a message over 2000 characters is invalid and cannot be sent.
 * @public
 */
export function canSendChatMessage(input: { text: string; hasScreenshot?: boolean; generating: boolean }): boolean {
  return !input.generating && chatMessageIssue(input.text, input.hasScreenshot ?? false) === null;
}

// ---------------------------------------------------------------------------------------------
// Spec §3 "Message" (`data.screenshot`) and §5 "Chat message" ("…and there is no screenshot").
// The spec names the screenshot but not its form: it travels as a base64 `data:` URL of a PNG,
// JPEG or WebP image of at most 2 MiB (our limits), on the question and on the stored message.

/**
 * The image types a screenshot may have.
 * @public
 */
export const CHAT_SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * A screenshot's image type.
 * @public
 */
export type ChatScreenshotType = (typeof CHAT_SCREENSHOT_TYPES)[number];

/**
 * The largest screenshot, in bytes of the image (not of its base64 text): 2 MiB.
 * @internal
 */
export const CHAT_SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The longest `data:` URL a screenshot of at most {@link CHAT_SCREENSHOT_MAX_BYTES} can have.
 * @internal
 */
export const CHAT_SCREENSHOT_MAX_DATA_URL =
  'data:image/jpeg;base64,'.length + Math.ceil(CHAT_SCREENSHOT_MAX_BYTES / 3) * 4;

/**
 * Why an image cannot be attached: not a PNG, JPEG or WebP image, or over 2 MiB.
 * @public
 */
export type ChatScreenshotIssue = 'type' | 'size';

/**
 * Whether an image (a file's type and size) may be attached as a screenshot; the first rule broken, or null.
 * @public
 */
export function chatScreenshotIssue(image: { type: string; size: number }): ChatScreenshotIssue | null {
  if (!(CHAT_SCREENSHOT_TYPES as readonly string[]).includes(image.type.toLowerCase())) return 'type';
  if (image.size > CHAT_SCREENSHOT_MAX_BYTES) return 'size';
  return null;
}

/**
 * The message shown under the input for an image that cannot be attached.
 * @public
 */
export function chatScreenshotError(issue: ChatScreenshotIssue, t: Translate = english): string {
  return issue === 'type' ? t('chat.screenshot.type') : t('chat.screenshot.size', { max: '2 MB' });
}

const SCREENSHOT_DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/]*={0,2})$/;

/**
 * Reads a screenshot's `data:` URL: its image type and size in bytes, or null when it is not a
 * base64 `data:` URL of a PNG, JPEG or WebP image. (The server also checks the bytes themselves.)
 * @public
 */
export function parseScreenshotDataUrl(
  dataUrl: string,
): { type: ChatScreenshotType; size: number; base64: string } | null {
  if (dataUrl.length > CHAT_SCREENSHOT_MAX_DATA_URL + 1024) return null;
  const match = SCREENSHOT_DATA_URL.exec(dataUrl);
  if (!match || match[2]!.length === 0 || match[2]!.length % 4 !== 0) return null;
  const base64 = match[2]!;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return { type: match[1] as ChatScreenshotType, size: (base64.length / 4) * 3 - padding, base64 };
}

// ---------------------------------------------------------------------------------------------
// Spec §5 "Chat rename".

// spec §5
/**
 * 'Chat name is required' when the name is empty or whitespace only; else null.
 * @public
 */
export function validateChatName(name: string | null | undefined, t: Translate = english): string | null {
  return (name ?? '').trim() ? null : t('chat.rename.required');
}

/**
 * What the rename dialog does with a name: refuse it, close without change, or rename.
 * @public
 */
export type RenameDecision = 'invalid' | 'unchanged' | 'rename';

// spec §5 "Chat rename"
/**
 * An invalid name (empty or whitespace only) is refused; a name that is
 * unchanged after trimming closes the dialog without change; anything else renames the chat to the
 * trimmed name.
 * @public
 */
export function renameDecision(
  currentName: string | null | undefined,
  nextName: string | null | undefined,
): RenameDecision {
  const next = (nextName ?? '').trim();
  if (!next) return 'invalid';
  return next === (currentName ?? '').trim() ? 'unchanged' : 'rename';
}

// spec §5
/**
 * The Rename button is disabled if the name is invalid or unchanged after trimming.
 * @public
 */
export function canRenameChat(currentName: string | null | undefined, nextName: string | null | undefined): boolean {
  return renameDecision(currentName, nextName) === 'rename';
}

// ---------------------------------------------------------------------------------------------
// Spec §2: user bubbles show the user's initials.

// spec §2 "User bubbles show the user's initials"
/**
 * The initials a user's message bubble shows. From a display name: the first letter of the
 * first and of the last word ('Ada Lovelace' → 'AL', 'Ada' → 'A', 'Ada B. Lovelace' → 'AL'). From an
 * e-mail address: the same, over the local part split at '.', '_', '-' and '+'
 * ('max@fabrikam.example' → 'M', 'ada.lovelace@contoso.example' → 'AL'); the domain names the
 * organisation, not the person, so it gives no letter. Upper case; '' when nothing is known (the view
 * shows a generic user icon).
 * @public
 */
export function userInitials(nameOrEmail: string | null | undefined): string {
  const value = (nameOrEmail ?? '').trim();
  const isEmail = value.includes('@') && !/\s/.test(value);
  const source = isEmail ? value.slice(0, value.indexOf('@')) : value;
  const words = source.split(isEmail ? /[._+-]+/ : /\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  const first = (word: string | undefined) => Array.from(word ?? '').find((c) => /\p{L}|\p{N}/u.test(c)) ?? '';
  const letters = words.length > 1 ? first(words[0]) + first(words[words.length - 1]) : first(words[0]);
  return letters.toLocaleUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Spec §2: quick starts; §3 / §5: dataset options.

/**
 * A quick-start button of the intro view: its text is also the question it sends.
 * @public
 */
export interface QuickStart {
  /** Which quick start it is. */
  id: 'overviewAzure' | 'overviewM365';
  /** Its text, which is also the question it sends. */
  text: string;
}

// spec §2
/**
 * 'Company Overview Azure' (dataset all or azure) and 'Company Overview M365' (dataset
 * all or m365), in that order; none without a dataset.
 * @public
 */
export function quickStarts(dataset: ChatDataset | null | undefined, t: Translate = english): QuickStart[] {
  const starts: QuickStart[] = [];
  if (dataset === 'all' || dataset === 'azure') starts.push({ id: 'overviewAzure', text: t('chat.quickStart.azure') });
  if (dataset === 'all' || dataset === 'm365') starts.push({ id: 'overviewM365', text: t('chat.quickStart.m365') });
  return starts;
}

// spec §4 "a new chat is created (intro view, or with follow-up questions)"
/**
 * Each suggestion shows
 * once. The follow-ups offered beside the intro view leave out those its quick starts already offer
 * (compared trimmed and case-insensitively), and a follow-up the service lists twice shows once.
 * @public
 */
export function offeredFollowups(followups: readonly string[], shownQuickStarts: readonly QuickStart[]): string[] {
  const key = (text: string) => text.trim().toLocaleLowerCase();
  const seen = new Set(shownQuickStarts.map((start) => key(start.text)));
  return followups.filter((question) => {
    const k = key(question);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

// spec §3 "Dataset option"
/**
 * An option of the chat's dataset selector: its text and the dataset it chooses.
 * @public
 */
export interface DatasetOption {
  /** The option's label. */
  text: string;
  /** The dataset it chooses. */
  value: ChatDataset;
}

const DATASET_KEYS: Readonly<Record<ChatDataset, MessageKey>> = {
  all: 'chat.dataset.all',
  m365: 'chat.dataset.m365',
  azure: 'chat.dataset.azure',
};

// spec §3 "Dataset option" and §5 "If both are available, the options are all, M365 and Azure"
/**
 * The selector's options for the datasets of `availableDatasets(...)`, in that order, texts 'All',
 * 'M365' and 'Azure'.
 * @public
 */
export function datasetOptions(datasets: readonly ChatDataset[], t: Translate = english): DatasetOption[] {
  return datasets.map((value) => ({ value, text: t(DATASET_KEYS[value]) }));
}

// ---------------------------------------------------------------------------------------------
// Spec §2: the chat's cost.

// spec §2 "The cost (chat_cost with chat_cost_currency) is shown"; §9 "Default currency"
/**
 * A chat's cost as shown: the amount in its currency
 * (USD when none is given), with 2 to 4 decimals because a chat costs
 * fractions of a cent. An unknown currency code is shown after the number.
 * @public
 */
export function chatCostText(cost: number, currency: string | null | undefined, locale = 'en-US'): string {
  const code = (currency ?? '').trim() || DEFAULT_CURRENCY;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(cost);
  } catch {
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(cost)} ${code}`;
  }
}

// spec §5 "The message is HTML-sanitized before sending"
/**
 * The question goes out as plain text —
 * markup is parsed (never run) and only its text kept. Uses the browser's DOMParser when there is
 * one (through the SDK's Trusted Types policy, on a page that requires them); elsewhere tags are
 * dropped. The server strips HTML again on its side.
 * @public
 */
export function toPlainText(html: string): string {
  const doc = parseInertHtml(html);
  if (doc) {
    for (const el of doc.body.querySelectorAll('script, style, template')) el.remove();
    return doc.body.textContent ?? '';
  }
  return html.replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '').replace(/<\/?[a-z!][^>]*>/gi, '');
}
