// What the page asks of <cp-assistant> (its methods, its `context` and `question`): the element's
// entry forwards them here, to the view's module, which the element loads anyway — so asking adds no
// chunk of its own, and a page that never drives the assistant carries none of it in the entry.
import {
  portalChat,
  type ChatAskOptions,
  type ChatAskOutcome,
  type ChatStore,
  type ChatTranscript,
  type PageAction,
  type PageContext,
} from '@cloudportal/core';
import { exportOpenChat } from '@cloudportal/react/assistant';
import type { PortalElement } from './createElement';
import { loadRuntime } from './loader';
import { PAGE_ACTIONS, PAGE_CONTEXT, type Emit } from './viewProps';

type Host = PortalElement & {
  mode?: string;
  [PAGE_CONTEXT]?: PageContext | null;
  [PAGE_ACTIONS]?: readonly PageAction[];
};

/** The chat store of the element's client, once the elements' runtime has loaded. */
async function chatOf(element: PortalElement): Promise<ChatStore> {
  await loadRuntime();
  const client = element.client;
  if (!client) throw new Error(`${element.localName}: no portal client`);
  return portalChat(client);
}

/** Raises `cp-assistant-error` for something the page asked that could not be done. */
function refuse(element: HTMLElement, code: string, message: string): void {
  element.dispatchEvent(
    new CustomEvent('cp-assistant-error', {
      detail: { code, message },
      bubbles: true,
      composed: true,
      cancelable: true,
    }),
  );
}

/** `setContext()` and the `context` property: a refused context is reported (console and event) and answered. */
export async function setContext(element: Host, context: PageContext | null): Promise<string | null> {
  element[PAGE_CONTEXT] = context;
  const issue = await (await chatOf(element)).setPageContext(context);
  if (issue) {
    console.error(`cp-assistant: ${issue}`);
    refuse(element, 'context-invalid', issue);
  }
  return issue;
}

/** The `context` attribute: JSON, or nothing to remove the context. */
export async function contextAttribute(element: Host, value: string | null): Promise<void> {
  if (value === null || !value.trim()) return void (await setContext(element, null));
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    const message = 'The context attribute is not JSON: { "title": "…", "data": { … } }.';
    console.error(`cp-assistant: ${message}`);
    return refuse(element, 'context-invalid', message);
  }
  await setContext(element, parsed as PageContext);
}

/** `registerActions()` and the `actions` property: refused actions are reported (console and event) and answered. */
export async function registerActions(element: Host, actions: readonly PageAction[]): Promise<string | null> {
  const issue = await (await chatOf(element)).registerActions(actions);
  element[PAGE_ACTIONS] = issue ? [] : actions;
  if (issue) {
    console.error(`cp-assistant: ${issue}`);
    refuse(element, 'actions-invalid', issue);
  }
  return issue;
}

/**
 * The `cp-assistant-action` event for an action the visitor chose: the page's listener may call
 * `respond(text or promise of text)` while it handles the event; what it gives is the result.
 */
export function raiseAction(
  emit: Emit,
  detail: { name: string; arguments: unknown; messageId: string },
): Promise<string | undefined> {
  let given: Promise<unknown> | undefined;
  emit('cp-assistant-action', {
    ...detail,
    respond: (result: string | Promise<string>) => {
      given ??= Promise.resolve(result);
    },
  });
  return (given ?? Promise.resolve(undefined)).then((result) => (typeof result === 'string' ? result : undefined));
}

/** `ask()`: opens the dialog (not in page mode), asks, and reports a refusal with `cp-assistant-error`. */
export async function ask(element: Host, question: string, options: ChatAskOptions = {}): Promise<ChatAskOutcome> {
  if ((element.mode ?? 'launcher') !== 'page') element.toggleAttribute('open', true);
  if (options.context !== undefined) element[PAGE_CONTEXT] = options.context;
  const outcome = await (await chatOf(element)).ask(question, options);
  if (!outcome.ok && outcome.message) refuse(element, outcome.code, outcome.message);
  return outcome;
}

/** `prefill()` and the `question` attribute. */
export async function prefill(element: Host, text: string): Promise<void> {
  (await chatOf(element)).prefill(text);
}

/** `exportChat()`: related links as full addresses, after the element's `content-prefix`. */
export async function exportChat(element: Host & { contentPrefix?: string }): Promise<ChatTranscript> {
  await chatOf(element);
  return exportOpenChat(element.client!, element.contentPrefix ?? 'billing');
}

/** `newChat()`. */
export async function newChat(element: Host): Promise<void> {
  await (await chatOf(element)).newChat();
}
