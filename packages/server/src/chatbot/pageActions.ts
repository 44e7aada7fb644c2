/**
 * The host page's actions in an answer (core's rules/pageActions): what the engines offer and
 * propose. An engine never runs an action; it proposes one, with arguments checked against the
 * parameters the page registered, and only the visitor's click runs it — on the page.
 */
import {
  namedPageAction,
  pageActionLabel,
  proposePageAction,
  type PageAction,
  type PageActionProposal,
} from '@cloudportal/core/rules';
import type { AssistantRequest } from './engine';
import { literal } from './format';

/** A page action's tool name for a model: `page_` and its name (the data tools have no such prefix). */
export const PAGE_TOOL_PREFIX = 'page_';

/** The page's actions as tools a model may call to propose them (function calling). */
export function pageActionTools(actions: readonly PageAction[]) {
  return actions.map((action) => ({
    type: 'function' as const,
    function: {
      name: `${PAGE_TOOL_PREFIX}${action.name}`,
      description: `Propose to the user, as a button they may click, this action of the web page the chat is embedded in: ${action.description}. Calling it does not run it; only the user can.`,
      parameters: action.parameters ?? { type: 'object', properties: {}, additionalProperties: false },
    },
  }));
}

/** The result a model is told for a proposal (the visitor decides), or the reason none was shown. */
export const PROPOSED = 'Shown to the user as a button; the user decides whether to run it. Tell them so briefly.';
export const ONE_PER_ANSWER = 'Only one action can be proposed per answer; one already was.';

/**
 * A model's call of a page action's tool: the proposal when the action is registered and its
 * arguments (JSON text) match its parameters, else the reason, for the model to correct.
 */
export function proposalOfCall(
  actions: readonly PageAction[],
  toolName: string,
  argsJson: string,
): { ok: true; proposal: PageActionProposal } | { ok: false; issue: string } {
  let args: unknown;
  try {
    args = argsJson.trim() ? JSON.parse(argsJson) : {};
  } catch {
    return { ok: false, issue: `${toolName}: the arguments are not valid JSON.` };
  }
  return proposePageAction(actions, toolName.slice(PAGE_TOOL_PREFIX.length), args);
}

/** The names of an action's parameters, as a visitor may be asked for them: `invoice, amount`. */
const parameterNames = (action: PageAction) =>
  Object.keys((action.parameters?.properties ?? {}) as Record<string, unknown>).join(', ');

/**
 * The built-in engine's answer to a question that names one of the page's actions
 * (`namedPageAction`): the proposal, with a sentence that says the button is there; or, when the
 * question does not give valid arguments, a sentence that says what the action needs — and no
 * button. Null when the question names no action.
 */
export function builtinActionAnswer(
  request: AssistantRequest,
): { markdown: string; action?: PageActionProposal } | null {
  const actions = request.pageActions ?? [];
  const named = actions.length ? namedPageAction(request.question, actions, request.pageContext) : null;
  if (!named) return null;
  const made = proposePageAction(actions, named.action.name, named.arguments);
  const description = literal(named.action.description);
  if (!made.ok)
    return {
      markdown: `This page offers **${description}**, but I could not tell from your question what to use for it (it needs: ${literal(parameterNames(named.action))}). Ask again with those details.`,
    };
  return {
    markdown: `This page can do that for you: choose **${literal(pageActionLabel(made.proposal))}** below to go ahead. Nothing happens until you do.`,
    action: made.proposal,
  };
}
