/**
 * The chat store's rarer actions: Regenerate, and what follows a Stop. Loaded when
 * first used, so a chat that never stops or regenerates an answer does not carry them.
 */
import { canRegenerate } from '../rules/chat';
import { DEFAULT_CURRENCY, STOPPED_ANSWER_READS_MS } from '../rules/constants';
import { ask, type ChatSendDeps } from './chatSend';

/** `ChatStore.regenerate`: see its documentation. */
export async function regenerateAnswer(deps: ChatSendDeps): Promise<boolean> {
  const { conversation, datasets } = deps;
  const state = conversation.get();
  if (state.status !== 'ready' || state.retryIn !== null || !state.chatId || !canRegenerate(state.messages))
    return false;
  const asked = state.messages.at(-2)!;
  const dataset = datasets.pick(state.dataset);
  if (!dataset) return false;
  conversation.set({ ...state, status: 'generating', dataset, messages: state.messages.slice(0, -1), followups: [] });
  const screenshot = asked.data?.screenshot;
  const pageContext = asked.data?.pageContext;
  return ask(deps, {
    text: asked.message,
    question: asked.message,
    ...(screenshot ? { screenshot } : {}),
    ...(pageContext ? { pageContext } : {}),
    replacing: state.messages,
  });
}

/**
 * The visitor stopped the answer — what was written shows as a stopped answer at once;
 * the server stores it when it sees the request closed, so the chat is read again (a few times, a
 * moment apart) for the stored answer, the cost it added and the follow-ups.
 */
export async function showStopped(
  { api, conversation, history, stamp }: ChatSendDeps,
  at: { chatId: string; mine: number; mySend: number; written: string },
): Promise<void> {
  conversation.reply({ sender: 'assistant', type: 'stopped', message: at.written.trim(), created: stamp() });
  history.invalidate();
  const shown = conversation.get().messages.length;
  for (const wait of STOPPED_ANSWER_READS_MS) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (!conversation.isCurrent(at.mine) || !conversation.isLatestExchange(at.mySend)) return;
    const stored = await api.chat(at.chatId).catch(() => null);
    if (!conversation.isCurrent(at.mine) || !conversation.isLatestExchange(at.mySend)) return;
    // Stored once the chat is as long as shown and ends with the stopped answer (after a
    // Regenerate the chat is as long before, with the answer it replaces).
    const last = stored?.messages.at(-1);
    if (!stored || stored.messages.length < shown || last?.type !== 'stopped') continue;
    const messages = [...conversation.get().messages];
    messages[messages.length - 1] = { ...last, created: last.created ?? stamp() };
    conversation.patch({
      messages,
      cost: stored.chat_cost ?? null,
      currency: stored.chat_cost_currency || DEFAULT_CURRENCY,
      followups: stored.followup ?? [],
    });
    return;
  }
}
