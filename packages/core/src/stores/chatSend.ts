import type { ChatApi, ChatMessage } from '../api/chat';
import { isApiError } from '../api/errors';
import type { Translate } from '../i18n/messages';
import { chatMessageIssue, chatReplyErrorMessage, chatScreenshotIssue, parseScreenshotDataUrl } from '../rules/chat';
import { DEFAULT_CURRENCY, REPORT_CONTEXT_READ_TIMEOUT_MS } from '../rules/constants';
import type { ReportContext } from '../rules/reportContext';
import type { ChatConversation } from './chatConversation';
import type { ChatDatasets } from './chatDatasets';
import type { ChatHistoryCache } from './chatHistory';

/** What sending a question needs of the chat store. Internal to the chat store. */
export interface ChatSendDeps {
  api: ChatApi;
  conversation: ChatConversation;
  datasets: ChatDatasets;
  history: ChatHistoryCache;
  sanitize: (html: string) => string;
  /** The no-dataset toast (spec §5). */
  notEnabled: () => void;
  t: Translate;
  stamp: () => string;
  /** The clock (epoch ms), for a 429's Retry-After date. */
  now: () => number;
  /** The live view the question is about (`ChatStoreOptions.reportContext`). */
  reportContext?: () => Promise<ReportContext | null>;
}

/**
 * The live view to send with a question: the provider's answer within
 * `REPORT_CONTEXT_READ_TIMEOUT_MS`, when it is a valid context. A slow, failing or invalid view is
 * left out — the question goes without it.
 */
function readReportContext(read: (() => Promise<ReportContext | null>) | undefined): Promise<ReportContext | null> {
  if (!read) return Promise.resolve(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>(
    (resolve) => (timer = setTimeout(() => resolve(null), REPORT_CONTEXT_READ_TIMEOUT_MS)),
  );
  const answer = Promise.resolve()
    .then(read)
    .then(
      // The rules load with the first context (a page with a report view has them already), so a
      // page without a report does not carry them.
      async (context) =>
        context && (await import('../rules/reportContext')).reportContextIssue(context) === null ? context : null,
      () => null,
    );
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

/** `ChatStore.send`: see its documentation (spec §4, §5, §8). */
export async function sendQuestion(deps: ChatSendDeps, text: string, screenshot?: string): Promise<boolean> {
  const { api, conversation, datasets } = deps;
  if (chatMessageIssue(text, Boolean(screenshot)) !== null) return false;
  // Spec §3 `data.screenshot`: only a PNG, JPEG or WebP `data:` URL of at most 2 MiB goes out.
  const shot = screenshot ? parseScreenshotDataUrl(screenshot) : null;
  if (screenshot && (!shot || chatScreenshotIssue(shot) !== null)) return false;
  if (datasets.list().length === 0) {
    // Spec §5: no dataset — no server call, the not-enabled toast (danger, 3 s).
    conversation.patch({ notEnabled: true });
    deps.notEnabled();
    return false;
  }
  const state = conversation.get();
  // Spec §8 / §9: while a 429's wait counts down, no question goes out.
  if (state.status !== 'ready' || state.retryIn !== null) return false;
  const question = deps.sanitize(text).trim();
  if (!question && !screenshot) return false;

  const mine = conversation.generation();
  const mySend = conversation.nextExchange();
  const dataset = datasets.pick(state.dataset)!;
  const messages: ChatMessage[] = [
    ...state.messages,
    { sender: 'user', message: question, ...(screenshot ? { data: { screenshot } } : {}), created: deps.stamp() },
  ];
  conversation.set({
    ...state,
    status: 'generating',
    dataset,
    messages,
    followups: [],
    notEnabled: false,
    draft: null,
  });
  // Read while the chat is made sure of: the view as it is when the question was asked.
  const viewing = readReportContext(deps.reportContext);

  let chatId: string | null;
  try {
    chatId = await conversation.ensureChat(mine);
    if (!conversation.isCurrent(mine)) return false;
    if (!chatId) throw new Error('The chat could not be created.');
    const reportContext = await viewing;
    if (!conversation.isCurrent(mine)) return false;
    const answer = await api.generate({
      chatId,
      question,
      chat_dataset: dataset,
      ...(screenshot ? { screenshot } : {}),
      ...(reportContext ? { reportContext } : {}),
    });
    if (!conversation.isCurrent(mine)) return false;
    conversation.reply(
      {
        sender: 'assistant',
        message: answer.response,
        relatedLinks: answer.related_links ?? [],
        created: deps.stamp(),
      },
      { cost: answer.chat_cost ?? null, currency: answer.chat_cost_currency || DEFAULT_CURRENCY },
    );
  } catch (error) {
    if (!conversation.isCurrent(mine)) return false;
    const failed = isApiError(error) ? error : null;
    const status = failed?.status;
    // Spec §8 / §9: a 429 waits its Retry-After before the next question; the clock loads with the
    // first one (should it fail to load, there is no countdown — the server still refuses).
    if (status === 429) {
      const header = failed?.headers?.get('Retry-After');
      const clock = await import('./chatRetry').catch(() => null);
      if (!conversation.isCurrent(mine)) return false;
      if (clock) conversation.waitToRetry((tick) => clock.startRetryClock(header, deps.now, tick));
    }
    // Spec §8: 429 has its own text, anything else the generic one; the input is re-enabled and
    // takes the question back (nothing typed is lost).
    conversation.reply(
      { sender: 'assistant', type: 'error', message: chatReplyErrorMessage(status, deps.t), created: deps.stamp() },
      { draft: screenshot ? { text, screenshot } : { text } },
    );
    return false;
  }
  // Spec §4: after a reply the history cache resets and follow-ups are fetched.
  deps.history.invalidate();
  const followups = await api.followup(chatId).then(
    (answer) => answer?.followup ?? [],
    () => [],
  );
  if (conversation.isCurrent(mine) && conversation.isLatestExchange(mySend)) conversation.patch({ followups });
  return true;
}
