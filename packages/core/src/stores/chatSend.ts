import type { ChatApi, ChatMessage, ChatQuestion } from '../api/chat';
import { isApiError } from '../api/errors';
import type { Translate } from '../i18n/messages';
import { chatMessageIssue, chatReplyErrorMessage, chatScreenshotIssue, parseScreenshotDataUrl } from '../rules/chat';
import { DEFAULT_CURRENCY, REPORT_CONTEXT_READ_TIMEOUT_MS } from '../rules/constants';
import type { ReportTelemetry } from '../client/telemetry';
import type { PageAction } from '../rules/pageActions';
import type { PageContext } from '../rules/pageContext';
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
  // spec §5
  /** The no-dataset toast. */
  notEnabled: () => void;
  t: Translate;
  stamp: () => string;
  /** The clock (epoch ms), for a 429's Retry-After date. */
  now: () => number;
  /** The live view the question is about (`ChatStoreOptions.reportContext`). */
  reportContext?: () => Promise<ReportContext | null>;
  /** What the host page says the visitor looks at, when a question is sent (`ChatStore.setPageContext`). */
  pageContext: () => PageContext | null;
  /** The actions the host page offers, when a question is sent (`ChatStore.registerActions`). */
  pageActions: () => readonly PageAction[];
  /** The answer on its way, if any: `ChatStore.stop()` aborts it. */
  flight: { current: AnswerInFlight | null };
  /** The host's telemetry (`ChatStoreOptions.telemetry`). */
  telemetry?: ReportTelemetry;
}

/** When a question went out and its answer's first text came (the clock's ms), for telemetry. */
interface AnswerTiming {
  sent: number | null;
  firstText: number | null;
}

/** Tells the host's telemetry how an answer that went out ended (nothing when it never went out). */
function reportAnswer(
  deps: ChatSendDeps,
  timing: AnswerTiming,
  outcome: 'answered' | 'stopped' | 'failed',
  shown: { cost: number | null; currency: string; text?: string },
): void {
  if (timing.sent === null || !deps.telemetry) return;
  const state = deps.conversation.get();
  deps.telemetry({
    type: 'answer-shown',
    outcome,
    dataset: state.dataset,
    firstTextMs: timing.firstText === null ? null : timing.firstText - timing.sent,
    doneMs: deps.now() - timing.sent,
    ...shown,
  });
}

/** An answer on its way: its abort (Stop), and whether the question has gone out to the server. */
export interface AnswerInFlight {
  controller: AbortController;
  sent: boolean;
}

/** One question as it goes out: as typed (for the draft), sanitized, its screenshot, and whether it regenerates. */
export interface Asking {
  text: string;
  question: string;
  screenshot?: string;
  /** The host page's context sent with it. */
  pageContext?: PageContext;
  /** Regenerate: the messages as they were (the answer it replaces last), shown again if it fails. */
  replacing?: ChatMessage[];
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

// spec §4, §5, §8
/** `ChatStore.send`: see its documentation. */
export async function sendQuestion(deps: ChatSendDeps, text: string, screenshot?: string): Promise<boolean> {
  const { conversation, datasets } = deps;
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
  const pageContext = deps.pageContext() ?? undefined;
  const data =
    screenshot || pageContext
      ? { data: { ...(screenshot ? { screenshot } : {}), ...(pageContext ? { pageContext } : {}) } }
      : {};
  conversation.set({
    ...state,
    status: 'generating',
    dataset: datasets.pick(state.dataset)!,
    messages: [...state.messages, { sender: 'user', message: question, ...data, created: deps.stamp() }],
    followups: [],
    notEnabled: false,
    draft: null,
  });
  return ask(deps, { text, question, ...(screenshot ? { screenshot } : {}), ...(pageContext ? { pageContext } : {}) });
}

// spec §8 (the chat error texts); §4
/**
 * Asks the open chat's pending question (the last message, or the one `asking.replacing` answers
 * again) and shows its answer as it is written (`$answer`), then the answer, the stopped answer or
 * the error text; after an answer the history resets and the follow-ups are fetched.
 */
export async function ask(deps: ChatSendDeps, asking: Asking): Promise<boolean> {
  const { api, conversation } = deps;
  const mine = conversation.generation();
  const mySend = conversation.nextExchange();
  const flight: AnswerInFlight = { controller: new AbortController(), sent: false };
  deps.flight.current = flight;
  // Read while the chat is made sure of: the view as it is when the question was asked.
  const viewing = readReportContext(deps.reportContext);
  let chatId: string | null = null;
  let written = '';
  const timing: AnswerTiming = { sent: null, firstText: null };
  try {
    chatId = await conversation.ensureChat(mine);
    if (!conversation.isCurrent(mine)) return false;
    if (!chatId) throw new Error('The chat could not be created.');
    const reportContext = await viewing;
    if (!conversation.isCurrent(mine)) return false;
    // Stopped before the question went out: it is taken back, nothing was asked.
    if (flight.controller.signal.aborted) return withdraw(deps, asking);
    const pageActions = deps.pageActions();
    const question: ChatQuestion = {
      chatId,
      question: asking.question,
      chat_dataset: conversation.get().dataset!,
      ...(asking.screenshot ? { screenshot: asking.screenshot } : {}),
      ...(reportContext ? { reportContext } : {}),
      ...(asking.pageContext ? { pageContext: asking.pageContext } : {}),
      ...(pageActions.length ? { pageActions: [...pageActions] } : {}),
      ...(asking.replacing ? { regenerate: true } : {}),
    };
    flight.sent = true;
    timing.sent = deps.now();
    deps.telemetry?.({
      type: 'question-sent',
      dataset: question.chat_dataset,
      characters: Array.from(question.question).length,
      withContext: Boolean(question.pageContext),
      text: question.question,
    });
    const show = (text: string) => conversation.isCurrent(mine) && conversation.writeAnswer((written = text));
    show('');
    const answer = await api.generateStream(question, {
      onText: (delta) => {
        timing.firstText ??= deps.now();
        show(written + delta);
      },
      onRestart: () => show(''),
      signal: flight.controller.signal,
    });
    if (!conversation.isCurrent(mine)) return false;
    conversation.reply(
      {
        ...(answer.message_id ? { id: answer.message_id } : {}),
        sender: 'assistant',
        message: answer.response,
        relatedLinks: answer.related_links ?? [],
        ...(answer.action ? { action: answer.action } : {}),
        created: deps.stamp(),
      },
      { cost: answer.chat_cost ?? null, currency: answer.chat_cost_currency || DEFAULT_CURRENCY },
    );
    const { cost, currency } = conversation.get();
    reportAnswer(deps, timing, 'answered', { cost, currency, text: answer.response });
  } catch (error) {
    if (!conversation.isCurrent(mine)) return false;
    if (flight.controller.signal.aborted && chatId) {
      reportAnswer(deps, timing, 'stopped', { cost: null, currency: conversation.get().currency, text: written });
      // Loaded when an answer is first stopped: the chat does not carry it until then.
      const { showStopped } = await import('./chatRedo');
      await showStopped(deps, { chatId, mine, mySend, written });
      return false;
    }
    reportAnswer(deps, timing, 'failed', { cost: null, currency: conversation.get().currency });
    const status = isApiError(error) ? error.status : undefined;
    deps.telemetry?.({ type: 'error', piece: 'assistant', code: status === 429 ? 'rate-limited' : 'answer-failed' });
    await showFailure(deps, asking, error, mine);
    return false;
  } finally {
    if (deps.flight.current === flight) deps.flight.current = null;
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

/** Stopped before the question went out: the messages as they were, and a new question back in the input. */
function withdraw({ conversation }: ChatSendDeps, asking: Asking): false {
  const { messages } = conversation.get();
  if (asking.replacing) conversation.patch({ status: 'ready', messages: asking.replacing });
  else
    conversation.patch({
      status: 'ready',
      messages: messages.slice(0, -1),
      draft: asking.screenshot ? { text: asking.text, screenshot: asking.screenshot } : { text: asking.text },
    });
  conversation.writeAnswer(null);
  return false;
}

// spec §8
/** The answer failed — its text as the assistant's reply, and the question back in the input. */
async function showFailure(deps: ChatSendDeps, asking: Asking, error: unknown, mine: number): Promise<void> {
  const { conversation } = deps;
  const failed = isApiError(error) ? error : null;
  const status = failed?.status;
  // Spec §8 / §9: a 429 waits its Retry-After before the next question; the clock loads with the
  // first one (should it fail to load, there is no countdown — the server still refuses).
  if (status === 429) {
    const header = failed?.headers?.get('Retry-After');
    const clock = await import('./chatRetry').catch(() => null);
    if (!conversation.isCurrent(mine)) return;
    if (clock) conversation.waitToRetry((tick) => clock.startRetryClock(header, deps.now, tick));
  }
  // Regenerate that failed: the answer it was to replace is still the chat's, and shows again.
  if (asking.replacing) conversation.patch({ messages: asking.replacing });
  // Spec §8: 429 has its own text, anything else the generic one; the input is re-enabled and
  // takes the question back (nothing typed is lost).
  conversation.reply(
    { sender: 'assistant', type: 'error', message: chatReplyErrorMessage(status, deps.t), created: deps.stamp() },
    asking.replacing
      ? {}
      : { draft: asking.screenshot ? { text: asking.text, screenshot: asking.screenshot } : { text: asking.text } },
  );
}
