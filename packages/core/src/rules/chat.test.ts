import { describe, expect, it } from 'vitest';
import type { ChatHistoryItem } from '../api/chat';
import { chatEn } from '../i18n/chatMessages';
import { createTranslator, registerMessages } from '../i18n/messages';
import {
  canRegenerate,
  canRenameChat,
  toPlainText,
  canSendChatMessage,
  CHAT_MESSAGES,
  chatCostText,
  chatCounterText,
  chatMessageError,
  chatMessageIssue,
  chatScreenshotError,
  relatedLinkHref,
  chatScreenshotIssue,
  CHAT_SCREENSHOT_MAX_BYTES,
  CHAT_SCREENSHOT_MAX_DATA_URL,
  parseScreenshotDataUrl,
  chatReplyErrorMessage,
  chatHeaderTitle,
  countUserMessages,
  datasetOptions,
  ELLIPSIS,
  groupChatHistory,
  historyGroupLabel,
  historyGroupOf,
  isChatTooLong,
  isTooLongTipVisible,
  newChatOffer,
  quickStarts,
  offeredFollowups,
  relatedLinkDescription,
  relativeTime,
  renameDecision,
  userInitials,
  validateChatName,
} from './chat';
import {
  ASSISTANT_RATE_LIMIT_PER_MINUTE,
  CHAT_MESSAGE_MAX,
  CHAT_TOO_LONG_USER_MESSAGES,
  RELATED_LINK_DESCRIPTION_MAX,
} from './constants';
import { availableDatasets } from './chatDatasets';

const NOW = Date.parse('2025-06-30T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('chat error messages (spec §8 "Chat", §5)', () => {
  it('given HTTP 429, then the assistant message is the rate-limit text of §8, naming the limit of §9', () => {
    expect(chatReplyErrorMessage(429)).toBe(
      "We're limiting requests right now to keep things running smoothly. The rate limit is 2 requests per minute. Take a short break, and you'll be able to try again in a minute.",
    );
    expect(chatReplyErrorMessage(429)).toContain(`${ASSISTANT_RATE_LIMIT_PER_MINUTE} requests per minute`);
    expect(CHAT_MESSAGES.rateLimited).toBe(chatReplyErrorMessage(429));
  });

  it('given any other status, or none (network failure), then the message is the generic one', () => {
    for (const status of [400, 403, 500, 502, 503, undefined])
      expect(chatReplyErrorMessage(status)).toBe('An error occurred. Please try again later.');
    expect(CHAT_MESSAGES.generic).toBe('An error occurred. Please try again later.');
  });

  it('given the toasts of §8 and §5, then their texts are exact', () => {
    expect(CHAT_MESSAGES).toEqual({
      rateLimited:
        "We're limiting requests right now to keep things running smoothly. The rate limit is 2 requests per minute. Take a short break, and you'll be able to try again in a minute.",
      generic: 'An error occurred. Please try again later.',
      errorTitle: 'Error',
      nameRequired: 'Chat name is required',
      renameFailed: 'Failed to rename chat',
      renamed: 'Chat renamed successfully',
      deleteFailed: 'Failed to delete chat',
      deleted: 'Chat deleted successfully',
      notEnabled: 'Assistant is not enabled for your tenant. Please contact your administrator to enable it.',
    });
  });

  it('given a translation, then the messages come from it (English for the keys it lacks, once the chat registered them)', () => {
    registerMessages(chatEn);
    const t = createTranslator({ 'chat.error.generic': 'Ein Fehler ist aufgetreten.' });
    expect(chatReplyErrorMessage(500, t)).toBe('Ein Fehler ist aufgetreten.');
    expect(chatReplyErrorMessage(429, t)).toBe(CHAT_MESSAGES.rateLimited);
  });

  it('given the intro view and header of §2, then their quoted texts are in the catalogue exactly', () => {
    expect(chatEn['chat.title']).toBe('Cloud Assistant');
    expect(chatEn['chat.subtitle']).toBe('Instant answers and actionable insights to optimize your cloud environment');
    expect(chatEn['chat.startNew']).toBe('Start a new chat');
    expect(chatEn['chat.history.empty']).toBe('No chat history available');
    expect(chatEn['chat.copied']).toBe('Copied');
    expect(chatEn['chat.newChat']).toBe('New Chat');
    expect(chatEn['chat.close']).toBe('Close chat');
    expect(chatEn['chat.open']).toBe('Assistant');
  });
});

describe('a new chat (spec §4 "a new chat is created (intro view, or with follow-up questions)")', () => {
  const created = {
    chat_dataset: 'all' as const,
    response: 'Hello Ada! Ask me about Contoso.',
    followup: ['Company Overview Azure', 'How are we doing against our budgets?'],
  };

  it('given the chat was created on the chosen dataset, then its greeting and follow-ups are offered', () => {
    expect(newChatOffer(created, 'all')).toEqual({
      greeting: 'Hello Ada! Ask me about Contoso.',
      followups: ['Company Overview Azure', 'How are we doing against our budgets?'],
    });
    expect(newChatOffer(created, null)).toEqual(newChatOffer(created, 'all'));
  });

  it('given a server that answers no follow-ups or an empty greeting, then none of them', () => {
    expect(newChatOffer({ chat_dataset: 'm365', response: 'Hello!' }, 'm365')).toEqual({
      greeting: 'Hello!',
      followups: [],
    });
    expect(newChatOffer({ chat_dataset: 'm365', response: '  ', followup: [] }, 'm365')).toEqual({
      greeting: null,
      followups: [],
    });
  });

  it('given the user chose another dataset than the one the server created the chat on, then neither is offered (they speak of that dataset)', () => {
    expect(newChatOffer(created, 'azure')).toEqual({ greeting: null, followups: [] });
  });
});

describe("the header's chat title (spec §2 \"The header also reads 'Start a new chat'\")", () => {
  const question = { sender: 'user' as const, message: 'What did we spend on Azure?' };
  const answer = { sender: 'assistant' as const, message: 'USD 12,480.' };

  it("given no question yet, then 'Start a new chat' — whatever the chat is called, even with a greeting or an error message", () => {
    expect(chatHeaderTitle({ chatName: null, messages: [] })).toBe('Start a new chat');
    expect(chatHeaderTitle({ chatName: 'New chat', messages: [] })).toBe('Start a new chat');
    expect(chatHeaderTitle({ chatName: null, messages: [answer] })).toBe('Start a new chat');
  });

  it("given a question, then the chat's name, else its first question, else 'Untitled chat' (a screenshot only)", () => {
    expect(chatHeaderTitle({ chatName: 'Azure spend', messages: [question, answer] })).toBe('Azure spend');
    expect(
      chatHeaderTitle({ chatName: '  ', messages: [question, answer, { sender: 'user', message: 'And M365?' }] }),
    ).toBe('What did we spend on Azure?');
    expect(chatHeaderTitle({ chatName: null, messages: [{ sender: 'user', message: '' }] })).toBe('Untitled chat');
  });

  it('given a translation, then its words', () => {
    registerMessages(chatEn);
    expect(
      chatHeaderTitle({ chatName: null, messages: [] }, createTranslator({ 'chat.startNew': 'Neuen Chat beginnen' })),
    ).toBe('Neuen Chat beginnen');
  });
});

describe('history groups (spec §4 "Chat", §9 "History groups")', () => {
  it('given ages under 7, 14 and 30 days, then THIS WEEK, LAST WEEK and THIS MONTH; 30 days and more OLDER', () => {
    expect(historyGroupOf(ago(0), NOW)).toBe('thisWeek');
    expect(historyGroupOf(ago(7 * DAY - 1), NOW)).toBe('thisWeek');
    expect(historyGroupOf(ago(7 * DAY), NOW)).toBe('lastWeek');
    expect(historyGroupOf(ago(14 * DAY - 1), NOW)).toBe('lastWeek');
    expect(historyGroupOf(ago(14 * DAY), NOW)).toBe('thisMonth');
    expect(historyGroupOf(ago(30 * DAY - 1), NOW)).toBe('thisMonth');
    expect(historyGroupOf(ago(30 * DAY), NOW)).toBe('older');
    expect(historyGroupOf(ago(400 * DAY), NOW)).toBe('older');
  });

  it('given an undated or unreadable date, then OLDER; a future date (clock skew) is THIS WEEK', () => {
    expect(historyGroupOf(null, NOW)).toBe('older');
    expect(historyGroupOf(undefined, NOW)).toBe('older');
    expect(historyGroupOf('', NOW)).toBe('older');
    expect(historyGroupOf('not a date', NOW)).toBe('older');
    expect(historyGroupOf(NOW + HOUR, NOW)).toBe('thisWeek');
    expect(historyGroupOf(new Date(NOW - DAY), new Date(NOW))).toBe('thisWeek');
  });

  it('given the groups, then their labels are THIS WEEK, LAST WEEK, THIS MONTH and OLDER', () => {
    expect(['thisWeek', 'lastWeek', 'thisMonth', 'older'].map((id) => historyGroupLabel(id as 'older'))).toEqual([
      'THIS WEEK',
      'LAST WEEK',
      'THIS MONTH',
      'OLDER',
    ]);
  });

  it('given a history list, then it is grouped in display order, items keep their order and empty groups are left out', () => {
    const item = (chatId: string, created: string | null): ChatHistoryItem => ({
      chatId,
      chatName: chatId,
      input: 'q',
      created,
    });
    const items = [
      item('a', ago(HOUR)),
      item('b', null),
      item('c', ago(20 * DAY)),
      item('d', ago(2 * DAY)),
      item('e', ago(90 * DAY)),
    ];
    const groups = groupChatHistory(items, NOW);
    expect(groups.map((g) => [g.id, g.label, g.items.map((i) => i.chatId)])).toEqual([
      ['thisWeek', 'THIS WEEK', ['a', 'd']],
      ['thisMonth', 'THIS MONTH', ['c']],
      ['older', 'OLDER', ['b', 'e']],
    ]);
    expect(groupChatHistory([], NOW)).toEqual([]);
  });
});

describe('relative time display (spec §3)', () => {
  const cases: [number, string][] = [
    [0, 'just now'],
    [59 * SECOND, 'just now'],
    [MINUTE, '1 minute ago'],
    [2 * MINUTE - 1, '1 minute ago'],
    [2 * MINUTE, '2 minutes ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [2 * HOUR, '2 hours ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, 'yesterday'],
    [2 * DAY - 1, 'yesterday'],
    [2 * DAY, '2 days ago'],
    [6 * DAY, '6 days ago'],
    [7 * DAY, '1 week ago'],
    [13 * DAY, '1 week ago'],
    [14 * DAY, '2 weeks ago'],
    [21 * DAY, '3 weeks ago'],
    [29 * DAY, '4 weeks ago'],
    [30 * DAY, '1 month ago'],
    [59 * DAY, '1 month ago'],
    [60 * DAY, '2 months ago'],
    [364 * DAY, '12 months ago'],
    [365 * DAY, '1 year ago'],
    [730 * DAY, '2 years ago'],
  ];
  it.each(cases)('given %i ms ago, then %s', (elapsed, text) => {
    expect(relativeTime(NOW - elapsed, NOW)).toBe(text);
  });

  it('given a time in the future, then just now; given no readable time, then nothing', () => {
    expect(relativeTime(NOW + 5 * MINUTE, NOW)).toBe('just now');
    expect(relativeTime(null, NOW)).toBe('');
    expect(relativeTime('garbage', NOW)).toBe('');
  });

  it('given ISO strings and Dates, then they read the same as epoch milliseconds', () => {
    expect(relativeTime(ago(3 * HOUR), new Date(NOW))).toBe('3 hours ago');
  });

  it('given a translation, then the count is placed in it', () => {
    const t = createTranslator({ 'chat.time.days': 'vor {count} Tagen' });
    expect(relativeTime(NOW - 3 * DAY, NOW, t)).toBe('vor 3 Tagen');
  });
});

describe('related link description (spec §2, §9 "Related-link description cut")', () => {
  it('given a description of at most 220 characters, then it is shown whole', () => {
    const exact = 'x'.repeat(RELATED_LINK_DESCRIPTION_MAX);
    expect(relatedLinkDescription(exact)).toBe(exact);
    expect(relatedLinkDescription('Costs by subscription.')).toBe('Costs by subscription.');
    expect(relatedLinkDescription(undefined)).toBe('');
  });

  it('given a longer description, then the first 220 characters plus an ellipsis', () => {
    const long = 'a'.repeat(220) + 'bcdef';
    expect(relatedLinkDescription(long)).toBe('a'.repeat(220) + '…');
    expect(ELLIPSIS).toBe('…');
  });

  it('given emoji, then characters are counted as code points and none is split', () => {
    const long = '📊'.repeat(221);
    expect(relatedLinkDescription(long)).toBe('📊'.repeat(220) + '…');
  });
});

describe('related link route (spec §2 "/{content prefix}/{url}")', () => {
  it('given a content prefix and a link url, then the route is /{prefix}/{url}, slashes trimmed', () => {
    expect(relatedLinkHref('billing', 'azure/cost-analysis')).toBe('/billing/azure/cost-analysis');
    expect(relatedLinkHref('/billing/', '/azure/cost-analysis/')).toBe('/billing/azure/cost-analysis');
    expect(relatedLinkHref('', 'azure/cost-analysis')).toBe('/azure/cost-analysis');
  });

  it('given a url that tries to leave the site, then it stays a path on it', () => {
    expect(relatedLinkHref('billing', '//evil.example/x')).toBe('/billing/evil.example/x');
  });
});

describe('too-long tip (spec §4, §9 "Too-long tip")', () => {
  const users = (n: number) =>
    Array.from({ length: n }, () => [{ sender: 'user' as const }, { sender: 'assistant' as const }]).flat();

  it('given 14 user messages, then the chat is not too long; given 15, it is', () => {
    expect(countUserMessages(users(14))).toBe(14);
    expect(isChatTooLong(users(CHAT_TOO_LONG_USER_MESSAGES - 1))).toBe(false);
    expect(isChatTooLong(users(CHAT_TOO_LONG_USER_MESSAGES))).toBe(true);
    expect(isChatTooLong(users(20))).toBe(true);
  });

  it('given assistant messages only, then they do not count', () => {
    expect(isChatTooLong(Array.from({ length: 30 }, () => ({ sender: 'assistant' as const })))).toBe(false);
  });

  it('given a too-long chat, then the tip shows unless dismissed', () => {
    expect(isTooLongTipVisible(users(15), false)).toBe(true);
    expect(isTooLongTipVisible(users(15), true)).toBe(false);
    expect(isTooLongTipVisible(users(14), false)).toBe(false);
  });
});

describe('chat message (spec §2, §5 "Chat message")', () => {
  it("given a text, then the counter reads 'n / 2000'", () => {
    expect(chatCounterText('')).toBe('0 / 2000');
    expect(chatCounterText('Hello')).toBe('5 / 2000');
    expect(chatCounterText('x'.repeat(2001))).toBe('2001 / 2000');
  });

  it('given empty or whitespace-only text without a screenshot, then it is required; with a screenshot it is valid', () => {
    for (const text of ['', '   ', '\n\t']) {
      expect(chatMessageIssue(text)).toBe('required');
      expect(chatMessageIssue(text, true)).toBeNull();
    }
    expect(chatMessageIssue('What did we spend?')).toBeNull();
  });

  it('given 2000 characters, then valid; given 2001, then too long with the message "Maximum length is 2000 characters."', () => {
    expect(chatMessageIssue('x'.repeat(CHAT_MESSAGE_MAX))).toBeNull();
    expect(chatMessageIssue('x'.repeat(CHAT_MESSAGE_MAX + 1))).toBe('tooLong');
    expect(chatMessageIssue('x'.repeat(CHAT_MESSAGE_MAX + 1), true)).toBe('tooLong');
    expect(chatMessageError('x'.repeat(CHAT_MESSAGE_MAX + 1))).toBe('Maximum length is 2000 characters.');
    expect(chatMessageError('x'.repeat(CHAT_MESSAGE_MAX))).toBeNull();
    expect(chatMessageError('')).toBeNull();
  });

  it('given the input, then Send is disabled when empty without screenshot, over 2000, or while generating', () => {
    expect(canSendChatMessage({ text: 'Hi', generating: false })).toBe(true);
    expect(canSendChatMessage({ text: 'Hi', generating: true })).toBe(false);
    expect(canSendChatMessage({ text: '  ', generating: false })).toBe(false);
    expect(canSendChatMessage({ text: '  ', hasScreenshot: true, generating: false })).toBe(true);
    expect(canSendChatMessage({ text: '', hasScreenshot: true, generating: true })).toBe(false);
    expect(canSendChatMessage({ text: 'x'.repeat(2001), generating: false })).toBe(false);
  });
});

describe('screenshot (spec §3 "Message" data.screenshot, §5 "Chat message")', () => {
  it('given a PNG, JPEG or WebP image of at most 2 MiB, then it may be attached', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'IMAGE/PNG'])
      expect(chatScreenshotIssue({ type, size: 1000 })).toBeNull();
    expect(chatScreenshotIssue({ type: 'image/png', size: CHAT_SCREENSHOT_MAX_BYTES })).toBeNull();
  });

  it("given another type, then 'Attach a PNG, JPEG or WebP image.'", () => {
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', ''])
      expect(chatScreenshotIssue({ type, size: 10 })).toBe('type');
    expect(chatScreenshotError('type')).toBe('Attach a PNG, JPEG or WebP image.');
  });

  it("given an image over 2 MiB, then 'The screenshot is larger than 2 MB.'", () => {
    expect(chatScreenshotIssue({ type: 'image/png', size: CHAT_SCREENSHOT_MAX_BYTES + 1 })).toBe('size');
    expect(chatScreenshotError('size')).toBe('The screenshot is larger than 2 MB.');
    expect(chatScreenshotError('size', createTranslator({ 'chat.screenshot.size': 'Zu groß (max. {max})' }))).toBe(
      'Zu groß (max. 2 MB)',
    );
  });

  it('given a base64 data URL of an image, then its type and decoded size are read', () => {
    expect(parseScreenshotDataUrl('data:image/png;base64,AAAA')).toEqual({
      type: 'image/png',
      size: 3,
      base64: 'AAAA',
    });
    expect(parseScreenshotDataUrl('data:image/jpeg;base64,AAA=')).toMatchObject({ type: 'image/jpeg', size: 2 });
    expect(parseScreenshotDataUrl('data:image/webp;base64,AA==')).toMatchObject({ type: 'image/webp', size: 1 });
  });

  it('given anything else, then it is not a screenshot', () => {
    for (const value of [
      '',
      'data:image/png;base64,',
      'data:image/gif;base64,AAAA',
      'data:image/png,AAAA',
      'data:image/png;base64,AAA',
      'data:image/png;base64,AA AA',
      'data:image/png;base64,AAAA"><script>',
      'https://example.com/shot.png',
      'javascript:alert(1)',
    ])
      expect(parseScreenshotDataUrl(value)).toBeNull();
  });

  it('given the longest data URL a 2 MiB image can have, then it is read; far longer ones are refused unread', () => {
    const max = 'data:image/jpeg;base64,' + 'A'.repeat(CHAT_SCREENSHOT_MAX_DATA_URL - 'data:image/jpeg;base64,'.length);
    expect(parseScreenshotDataUrl(max)?.size).toBeGreaterThanOrEqual(CHAT_SCREENSHOT_MAX_BYTES);
    expect(parseScreenshotDataUrl(max + 'A'.repeat(2048))).toBeNull();
  });
});

describe('chat rename (spec §5 "Chat rename")', () => {
  it("given an empty or whitespace-only name, then 'Chat name is required'", () => {
    for (const name of ['', '   ', '\t', null, undefined]) expect(validateChatName(name)).toBe('Chat name is required');
    expect(validateChatName(' Costs ')).toBeNull();
  });

  it('given names, then the decision is invalid, unchanged (after trimming) or rename', () => {
    expect(renameDecision('Costs', '  ')).toBe('invalid');
    expect(renameDecision('Costs', 'Costs')).toBe('unchanged');
    expect(renameDecision('Costs', '  Costs  ')).toBe('unchanged');
    expect(renameDecision('Costs', 'costs')).toBe('rename');
    expect(renameDecision('Costs', 'Azure costs')).toBe('rename');
    expect(renameDecision(null, 'First name')).toBe('rename');
  });

  it('given the dialog, then the Rename button is enabled only for a valid, changed name', () => {
    expect(canRenameChat('Costs', 'Azure costs')).toBe(true);
    expect(canRenameChat('Costs', ' Costs')).toBe(false);
    expect(canRenameChat('Costs', '')).toBe(false);
  });
});

describe('user initials (spec §2 "User bubbles show the user\'s initials")', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada lovelace', 'AL'],
    ['Ada', 'A'],
    ['Ada B. Lovelace', 'AL'],
    ['  Grace   Hopper ', 'GH'],
    ['max@fabrikam.example', 'M'],
    ['ada.lovelace@contoso.example', 'AL'],
    ['first_last@x.example', 'FL'],
    ['Émile Zola', 'ÉZ'],
    ['', ''],
    [null, ''],
  ])('given %s, then %s', (input, initials) => {
    expect(userInitials(input)).toBe(initials);
  });
});

describe('quick starts (spec §2)', () => {
  it("given dataset all, then 'Company Overview Azure' and 'Company Overview M365'", () => {
    expect(quickStarts('all').map((q) => q.text)).toEqual(['Company Overview Azure', 'Company Overview M365']);
  });

  it('given azure or m365, then only its own; given none, then no quick start', () => {
    expect(quickStarts('azure')).toEqual([{ id: 'overviewAzure', text: 'Company Overview Azure' }]);
    expect(quickStarts('m365')).toEqual([{ id: 'overviewM365', text: 'Company Overview M365' }]);
    expect(quickStarts(null)).toEqual([]);
  });
});

describe('follow-ups beside the intro view (spec §4: intro view, or with follow-up questions)', () => {
  it('given the quick starts on show, then a follow-up with the same text is not offered again', () => {
    expect(
      offeredFollowups(['Company Overview Azure', 'company overview m365 ', 'Top services'], quickStarts('all')),
    ).toEqual(['Top services']);
  });

  it('given no quick start on show (a conversation), then every follow-up is offered, each once', () => {
    expect(offeredFollowups(['Company Overview Azure', 'Top services', 'Top services'], [])).toEqual([
      'Company Overview Azure',
      'Top services',
    ]);
  });

  it('given an empty follow-up, then it is not offered', () => {
    expect(offeredFollowups(['  ', 'Budgets'], quickStarts('azure'))).toEqual(['Budgets']);
  });
});

describe('dataset options (spec §3 "Dataset option", §5 "Dataset availability")', () => {
  it('given both datasets, then the options are All, M365 and Azure with their values', () => {
    expect(datasetOptions(availableDatasets({ azure: true, m365: true }))).toEqual([
      { text: 'All', value: 'all' },
      { text: 'M365', value: 'm365' },
      { text: 'Azure', value: 'azure' },
    ]);
  });

  it('given one dataset, then it is the only option; given none, then no option', () => {
    expect(datasetOptions(availableDatasets({ azure: false, m365: true }))).toEqual([{ text: 'M365', value: 'm365' }]);
    expect(datasetOptions(availableDatasets({ azure: true, m365: false }))).toEqual([
      { text: 'Azure', value: 'azure' },
    ]);
    expect(datasetOptions(availableDatasets({ azure: false, m365: false }))).toEqual([]);
  });
});

describe('chat cost (spec §2, §9 "Default currency")', () => {
  it('given a cost and a currency, then the amount in that currency with 2 to 4 decimals', () => {
    expect(chatCostText(0.0042, 'USD')).toBe('$0.0042');
    expect(chatCostText(1.5, 'EUR')).toBe('€1.50');
  });

  it('given no currency, then USD; given an unknown code, then the code after the number', () => {
    expect(chatCostText(2, null)).toBe('$2.00');
    expect(chatCostText(2, 'credits')).toBe('2.00 credits');
  });

  it('given German (issue 24 §2), then the amount has a decimal comma and the currency after it', () => {
    expect(chatCostText(0.0123, 'USD', 'de')).toBe('0,0123\u00a0$');
    expect(chatCostText(2, 'credits', 'de')).toBe('2,00 credits');
  });
});

describe('toPlainText (spec §5: the message is HTML-sanitized before sending)', () => {
  it('keeps plain text as it is, line breaks included', () => {
    expect(toPlainText('What did Azure cost\nlast month? 5 < 6')).toBe('What did Azure cost\nlast month? 5 < 6');
  });

  it('drops tags, scripts and handlers and keeps the words', () => {
    expect(toPlainText('Costs <b>now</b><img src=x onerror=alert(1)><script>alert(2)</script>!')).toBe('Costs now!');
  });
});

describe('canRegenerate (issue 40 §2: Regenerate on the last answer)', () => {
  const q = { sender: 'user' as const };
  const a = { sender: 'assistant' as const };
  it('given a question and its answer last, then it may be asked again — a stopped answer too', () => {
    expect(canRegenerate([q, a])).toBe(true);
    expect(canRegenerate([q, a, q, { ...a, type: 'stopped' as const }])).toBe(true);
  });
  it('given the §8 error text last, no message, a greeting-only or a question-only chat, then not', () => {
    expect(canRegenerate([q, { ...a, type: 'error' as const }])).toBe(false);
    expect(canRegenerate([])).toBe(false);
    expect(canRegenerate([a])).toBe(false);
    expect(canRegenerate([a, q])).toBe(false);
  });
});
