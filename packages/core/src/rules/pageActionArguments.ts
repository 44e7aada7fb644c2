/* eslint-disable no-restricted-syntax -- a malformed proposal's error is written for the partner's developer and the model, so it stays English */
// Not in the spec: an action proposed by the assistant is shown only when its arguments match the
// parameters the page registered. Its own module: the JSON Schema validator it uses is
// loaded only where a proposal is checked (the server, and the chat once an answer proposes one).
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import type { PageContextValue } from './pageContext';
import type { PageAction, PageActionProposal } from './pageActions';

const NO_ARGUMENTS = { type: 'object', properties: {}, additionalProperties: false } as const;

// Keywords that only say a part below failed; the part's own error says what is wrong.
const APPLICATORS = new Set(['properties', 'items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', '$ref', 'false']);

/** `#/invoice/0` → `arguments.invoice[0]`. */
const where = (location: string) =>
  'arguments' +
  location
    .slice(1)
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('');

const firstLeaf = (errors: readonly OutputUnit[]) => errors.find((e) => !APPLICATORS.has(e.keyword)) ?? errors[0];

/**
 * Checks a proposed call of `action`: `args` must be a JSON object that its parameters' JSON Schema
 * (draft 2020-12) accepts — no arguments at all when it has none. Answers what is wrong as a
 * sentence naming the argument (`arguments.invoice: String does not match pattern.`), or null.
 * @public
 */
export function pageActionArgumentsIssue(action: PageAction, args: unknown): string | null {
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return `The arguments of "${action.name}" must be a JSON object.`;
  const result = new Validator(action.parameters ?? NO_ARGUMENTS, '2020-12', false).validate(args);
  if (result.valid) return null;
  const error = firstLeaf(result.errors);
  return `${where(error?.instanceLocation ?? '#')}: ${error?.error ?? 'does not match the parameters.'}`;
}

/**
 * The proposal of `name` with `args` among the page's `actions`: the proposal when the action is
 * registered and the arguments match its parameters, or the reason it is not shown.
 * @public
 */
export function proposePageAction(
  actions: readonly PageAction[],
  name: string,
  args: unknown,
): { ok: true; proposal: PageActionProposal } | { ok: false; issue: string } {
  const action = actions.find((a) => a.name === name);
  if (!action) return { ok: false, issue: `No action "${name}" is registered on the page.` };
  const issue = pageActionArgumentsIssue(action, args);
  if (issue) return { ok: false, issue };
  return {
    ok: true,
    proposal: {
      name,
      description: action.description,
      arguments: JSON.parse(JSON.stringify(args)) as { [key: string]: PageContextValue },
    },
  };
}
