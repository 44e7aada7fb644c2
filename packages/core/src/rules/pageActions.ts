/* eslint-disable no-restricted-syntax -- a malformed action's error answers the partner's developer who registered it, so it stays English */
// Not in the spec: the actions a partner's page offers the assistant. The assistant
// may propose one; only the visitor's click runs it, on the page, by the page's own code.
import { isPlainObject, jsonValueIssue, utf8Bytes, type PageContextValue } from './pageContext';

/**
 * A JSON Schema (draft 2020-12) for an action's arguments: an object schema such as
 * `{ type: 'object', properties: { invoice: { type: 'string' } }, required: ['invoice'] }`.
 * @public
 */
export interface PageActionParameters {
  /** Always `'object'`: an action's arguments are named. */
  readonly type: 'object';
  /** Any other JSON Schema keyword: `properties`, `required`, `additionalProperties`, … */
  readonly [keyword: string]: PageContextValue;
}

/**
 * An action the host page offers: the assistant may propose it with arguments, the visitor runs it
 * with a click, and the page's own handler does it.
 * @public
 */
export interface PageAction {
  /** Its name, as the host's handler receives it: a letter, then letters, digits or `_` (at most 48). */
  name: string;
  /** What it does, as the visitor reads it on its button: `Open invoice`. */
  description: string;
  /** Its arguments' JSON Schema. @default no arguments */
  parameters?: PageActionParameters;
}

/**
 * An action the assistant proposed in an answer, its arguments checked against its parameters; and,
 * once the visitor ran it and the page answered, what the page said it did.
 * @public
 */
export interface PageActionProposal {
  /** The action's name. */
  name: string;
  /** Its description, as registered when it was proposed. */
  description: string;
  /** Its arguments. */
  arguments: { readonly [key: string]: PageContextValue };
  /** What the page answered when the visitor ran it (plain text). */
  result?: string;
}

/**
 * The limits of the actions a page registers.
 * @public
 */
export const PAGE_ACTION_LIMITS = {
  /** Actions registered at once. */
  actions: 16,
  /** Characters of an action's name. */
  name: 48,
  /** Characters of its description. */
  description: 200,
  /** Bytes of all the actions as JSON (UTF-8): 16 KB. */
  bytes: 16384,
  /** Characters of the result a page answers for an action it ran. */
  result: 1000,
} as const;

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

const MESSAGES = {
  list: (path: string) => `${path} must be an array of { name, description, parameters? }.`,
  count: (path: string) => `${path} has more than ${PAGE_ACTION_LIMITS.actions} actions.`,
  object: (path: string) => `${path} must be an object: { name, description, parameters? }.`,
  unknown: (path: string, key: string) =>
    `${path} has an unknown field "${key}"; it takes name, description and parameters.`,
  name: (path: string) =>
    `${path}.name must be a letter followed by letters, digits or "_", at most ${PAGE_ACTION_LIMITS.name} characters.`,
  duplicate: (path: string, name: string) => `${path}.name "${name}" is registered twice.`,
  description: (path: string) =>
    `${path}.description must be text of 1 to ${PAGE_ACTION_LIMITS.description} characters: what its button says.`,
  parameters: (path: string) =>
    `${path}.parameters must be a JSON Schema object with type "object" ({ type: "object", properties: { … } }).`,
  size: (path: string, bytes: number) =>
    `${path} is ${(bytes / 1024).toFixed(1)} KB as JSON; at most ${PAGE_ACTION_LIMITS.bytes / 1024} KB is sent with a question.`,
  result: () => `An action's result must be text of at most ${PAGE_ACTION_LIMITS.result} characters.`,
};

/** What is wrong with one action at `path`, or null. */
function actionIssue(value: unknown, path: string): string | null {
  if (!isPlainObject(value)) return MESSAGES.object(path);
  const extra = Object.keys(value).find((k) => k !== 'name' && k !== 'description' && k !== 'parameters');
  if (extra) return MESSAGES.unknown(path, extra);
  const { name, description, parameters } = value;
  if (typeof name !== 'string' || !NAME.test(name) || name.length > PAGE_ACTION_LIMITS.name) return MESSAGES.name(path);
  if (
    typeof description !== 'string' ||
    !description.trim() ||
    Array.from(description).length > PAGE_ACTION_LIMITS.description
  )
    return MESSAGES.description(path);
  if (parameters === undefined) return null;
  if (!isPlainObject(parameters) || parameters.type !== 'object') return MESSAGES.parameters(path);
  return jsonValueIssue(parameters, `${path}.parameters`);
}

/**
 * Checks the actions a page registers: an array of at most 16 {@link PageAction}s, each named once
 * (a letter, then letters, digits or `_`, at most 48), described in 1 to 200 characters, its
 * parameters (when given) a JSON object schema of `type: 'object'`; at most 16 KB as JSON. Answers
 * what is wrong as a sentence naming the field, or null when they are valid. The server answers bad
 * actions with 400 and this text; `registerActions` refuses them with it.
 * @public
 */
export function pageActionsIssue(value: unknown, path = 'pageActions'): string | null {
  if (!Array.isArray(value)) return MESSAGES.list(path);
  if (value.length > PAGE_ACTION_LIMITS.actions) return MESSAGES.count(path);
  const names = new Set<string>();
  for (const [i, action] of value.entries()) {
    const issue = actionIssue(action, `${path}[${i}]`);
    if (issue) return issue;
    const { name } = action as PageAction;
    if (names.has(name)) return MESSAGES.duplicate(`${path}[${i}]`, name);
    names.add(name);
  }
  const bytes = utf8Bytes(JSON.stringify(value));
  return bytes > PAGE_ACTION_LIMITS.bytes ? MESSAGES.size(path, bytes) : null;
}

/**
 * The actions as they are sent and stored: descriptions trimmed, parameters copied as JSON reads
 * them back (the page cannot change them after registering). Only for actions {@link pageActionsIssue} accepts.
 * @public
 */
export function normalizePageActions(actions: readonly PageAction[]): PageAction[] {
  return actions.map(({ name, description, parameters }) => ({
    name,
    description: description.trim(),
    ...(parameters ? { parameters: JSON.parse(JSON.stringify(parameters)) as PageActionParameters } : {}),
  }));
}

/**
 * The page's answer for an action it ran, as it is stored and shown: text trimmed, or an error
 * sentence when it is not text of at most 1,000 characters.
 * @public
 */
export function pageActionResultIssue(value: unknown): string | null {
  return typeof value === 'string' && value.trim() && Array.from(value).length <= PAGE_ACTION_LIMITS.result
    ? null
    : MESSAGES.result();
}

/** A question's words, lower case, each with where it was (for the words that follow a match). */
const wordsOf = (text: string) => Array.from(text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}._-]*/gu), (m) => m[0]);
const lower = (word: string) => word.toLocaleLowerCase('en');
/** `openInvoice` / `open_invoice` → `open invoice`. */
const nameWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter(Boolean)
    .map(lower);

/** Where `phrase`'s words occur in `words` in order, each at most two words after the one before; the index after the last, or -1. */
function matchEnd(words: readonly string[], phrase: readonly string[]): number {
  for (let start = 0; start < words.length; start++) {
    if (lower(words[start]!) !== phrase[0]) continue;
    let at = start;
    let found = true;
    for (const word of phrase.slice(1)) {
      const next = words.slice(at + 1, at + 4).findIndex((w) => lower(w) === word);
      if (next < 0) {
        found = false;
        break;
      }
      at += next + 1;
    }
    if (found) return at + 1;
  }
  return -1;
}

type ParameterSchema = { type?: unknown; enum?: unknown };

/** The value of one argument taken from the words after the match, or undefined. */
function argumentFrom(schema: ParameterSchema, rest: string[]): PageContextValue | undefined {
  const number = schema.type === 'number' || schema.type === 'integer';
  const index = rest.findIndex((word) =>
    Array.isArray(schema.enum)
      ? schema.enum.some((v) => typeof v === 'string' && lower(v) === lower(word))
      : number
        ? /^-?\d+(\.\d+)?$/.test(word)
        : schema.type === 'string' || schema.type === undefined,
  );
  if (index < 0) return undefined;
  const [word] = rest.splice(index, 1);
  if (number) return Number(word);
  return Array.isArray(schema.enum) ? (schema.enum.find((v) => lower(String(v)) === lower(word!)) as string) : word!;
}

/**
 * The action a question names, for an engine without a model (the reference server's built-in
 * one): the registered action whose description's words, or whose name's words (`openInvoice`:
 * "open invoice"), the question has in that order (a word or two between them allowed); the longest
 * such phrase wins. Its arguments are taken, property by property, from the page context's `data`
 * when it has one of that name, else from the question's words after the phrase (a number for a
 * numeric property, one of its `enum` values, or the next word). The caller still checks the
 * arguments against the parameters. Null when no action is named.
 * @public
 */
export function namedPageAction(
  question: string,
  actions: readonly PageAction[],
  context?: { readonly data?: { readonly [key: string]: PageContextValue } },
): { action: PageAction; arguments: { [key: string]: PageContextValue } } | null {
  const words = wordsOf(question);
  let best: { action: PageAction; end: number; length: number } | null = null;
  for (const action of actions) {
    for (const phrase of [wordsOf(action.description).map(lower), nameWords(action.name)]) {
      const end = phrase.length ? matchEnd(words, phrase) : -1;
      if (end >= 0 && (!best || phrase.length > best.length)) best = { action, end, length: phrase.length };
    }
  }
  if (!best) return null;
  const rest = words.slice(best.end);
  const properties = (best.action.parameters?.properties ?? {}) as Record<string, ParameterSchema>;
  const args: { [key: string]: PageContextValue } = {};
  for (const [key, schema] of Object.entries(properties)) {
    const value = context?.data?.[key] ?? argumentFrom(schema, rest);
    if (value !== undefined) args[key] = value;
  }
  return { action: best.action, arguments: args };
}
