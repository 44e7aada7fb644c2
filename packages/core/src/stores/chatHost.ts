// Not in the spec: what the page that embeds the assistant may tell it — what the visitor looks at
// there (rules/pageContext), a question to ask, text to put in the composer.
import type { WritableAtom } from 'nanostores';
import type { ChatApi } from '../api/chat';
import type { Translate } from '../i18n/messages';
import { chatMessageError, chatMessageIssue, chatRetryText } from '../rules/chat';
import { normalizePageActions, pageActionResultIssue, pageActionsIssue, type PageAction } from '../rules/pageActions';
import { normalizePageContext, pageContextIssue, type PageContext } from '../rules/pageContext';
import type { ChatConversation } from './chatConversation';
import type { ChatDatasets } from './chatDatasets';
import type { ChatState } from './chatTypes';

/**
 * Why `ask()` did not send a question: its text is too long or empty, the assistant's rate limit is
 * counting down, the tenant has no dataset for the assistant, the page context was refused, or the
 * chat was closed (logout) while the question waited.
 * @public
 */
export type ChatAskRefusal =
  'question-too-long' | 'question-empty' | 'rate-limited' | 'not-enabled' | 'context-invalid' | 'cancelled';

/**
 * What `ask()` did: sent the question (`answered`: whether the assistant answered it, rather than
 * failing or being stopped), or refused it with a code and the message the visitor sees.
 * @public
 */
export type ChatAskOutcome = { ok: true; answered: boolean } | { ok: false; code: ChatAskRefusal; message: string };

/**
 * Options of `ChatStore.ask`.
 * @public
 */
export interface ChatAskOptions {
  /** The page context to use from this question on (as `setPageContext`); `null` sends none. */
  context?: PageContext | null;
}

/**
 * What the host's part of the chat store works on: the store's conversation and datasets, its page
 * context and the text waiting to be prefilled. Internal to the chat store, which loads this module
 * when the host page first uses it (a page that never does carries none of it).
 */
export interface ChatHostDeps {
  api: ChatApi;
  conversation: ChatConversation;
  datasets: ChatDatasets;
  t: Translate;
  send(text: string): Promise<boolean>;
  $pageContext: WritableAtom<PageContext | null>;
  $pageActions: WritableAtom<readonly PageAction[]>;
  /** Text put in the composer before the chat was open, waiting for it. */
  waiting: { text: string | null };
}

/**
 * Resolves with the chat once it takes a question (`ready`); null when, once opening, it closes
 * (back to `idle`: a logout) first. A chat not yet opened is waited for.
 */
function whenReady(conversation: ChatConversation, wasOpening = false): Promise<ChatState | null> {
  return new Promise((resolve) => {
    let opening = wasOpening;
    const check = (state: ChatState) => {
      if (state.status !== 'idle' && state.status !== 'ready') opening = true;
      const done = state.status === 'ready' || (state.status === 'idle' && opening);
      if (done) resolve(state.status === 'ready' ? state : null);
      return done;
    };
    if (check(conversation.get())) return;
    const stop = conversation.$chat.listen((state) => {
      if (check(state)) stop();
    });
  });
}

/** `ChatStore.prefill`: text put there before the chat is open waits for it (opening starts from an empty chat). */
export function prefill(deps: ChatHostDeps, text: string): void {
  const { conversation, waiting } = deps;
  const status = conversation.get().status;
  if (status === 'ready' || status === 'generating') {
    waiting.text = null;
    conversation.patch({ draft: { text, replace: true } });
    return;
  }
  const first = waiting.text === null;
  waiting.text = text;
  if (first)
    void whenReady(conversation).then(() => {
      const latest = waiting.text;
      waiting.text = null;
      if (latest !== null && conversation.get().status === 'ready')
        conversation.patch({ draft: { text: latest, replace: true } });
    });
}

/** `ChatStore.setPageContext`: a refused context is not kept — the previous one would describe something the visitor left. */
export function setPageContext(deps: ChatHostDeps, context: PageContext | null): string | null {
  if (context === null) {
    deps.$pageContext.set(null);
    return null;
  }
  const issue = pageContextIssue(context);
  deps.$pageContext.set(issue ? null : normalizePageContext(context));
  return issue;
}

/** `ChatStore.registerActions`: refused actions are not kept — the page's earlier ones may no longer apply. */
export function registerActions(deps: ChatHostDeps, actions: readonly PageAction[]): string | null {
  const issue = pageActionsIssue(actions);
  deps.$pageActions.set(issue ? [] : normalizePageActions(actions));
  return issue;
}

/** `ChatStore.saveActionResult`: stored first, then shown under the action's button. */
export async function saveActionResult(deps: ChatHostDeps, messageId: string, result: string): Promise<boolean> {
  const { conversation } = deps;
  const chatId = conversation.get().chatId;
  if (!chatId || pageActionResultIssue(result)) return false;
  try {
    const action = await deps.api.actionResult(chatId, messageId, result.trim());
    const state = conversation.get();
    if (state.chatId !== chatId) return true;
    conversation.patch({ messages: state.messages.map((m) => (m.id === messageId ? { ...m, action } : m)) });
    return true;
  } catch {
    return false;
  }
}

/** `ChatStore.ask`: see its documentation. */
export async function ask(
  deps: ChatHostDeps,
  question: string,
  options: ChatAskOptions = {},
  /** Whether the chat was opening when the page asked (this module may have loaded since). */
  wasOpening = false,
): Promise<ChatAskOutcome> {
  const { conversation, t } = deps;
  if (options.context !== undefined) {
    const issue = setPageContext(deps, options.context);
    if (issue) return { ok: false, code: 'context-invalid', message: issue };
  }
  const problem = chatMessageIssue(question);
  if (problem === 'tooLong') {
    // In the composer, where the visitor sees the limit's message and can shorten it.
    prefill(deps, question);
    return { ok: false, code: 'question-too-long', message: chatMessageError(question, t)! };
  }
  if (problem === 'required') return { ok: false, code: 'question-empty', message: '' };
  // A question asked before the chat is open (its view opens it once the visitor's account is
  // known), while it loads, or while an answer is written, waits for it.
  for (let first = true; ; first = false) {
    const state = await whenReady(conversation, first && wasOpening);
    if (!state) return { ok: false, code: 'cancelled', message: '' };
    if (state.notEnabled || deps.datasets.list().length === 0) {
      void deps.send(question); // its toast says so, as a question typed in the composer would
      return { ok: false, code: 'not-enabled', message: t('chat.notEnabled') };
    }
    if (state.retryIn !== null) {
      prefill(deps, question);
      return { ok: false, code: 'rate-limited', message: chatRetryText(state.retryIn, t) };
    }
    if (conversation.get().status !== 'ready') continue;
    return { ok: true, answered: await deps.send(question) };
  }
}
