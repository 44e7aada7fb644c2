import { describe, expect, it } from 'vitest';
import { pageActionArgumentsIssue, proposePageAction } from './pageActionArguments';
import { pageActionLabel } from './pageActionLabel';
import {
  namedPageAction,
  normalizePageActions,
  PAGE_ACTION_LIMITS,
  pageActionResultIssue,
  pageActionsIssue,
  type PageAction,
} from './pageActions';

const OPEN_INVOICE: PageAction = {
  name: 'openInvoice',
  description: 'Open invoice',
  parameters: {
    type: 'object',
    properties: { invoice: { type: 'string', pattern: '^[0-9]{4,8}$' } },
    required: ['invoice'],
    additionalProperties: false,
  },
};
const SET_BUDGET: PageAction = {
  name: 'set_budget',
  description: 'Set the monthly budget',
  parameters: {
    type: 'object',
    properties: { amount: { type: 'number', minimum: 0 }, currency: { type: 'string', enum: ['EUR', 'USD'] } },
    required: ['amount'],
  },
};

describe('page actions: what a host page lets the assistant propose', () => {
  it('given named, described actions with object schemas, then they are valid', () => {
    expect(pageActionsIssue([OPEN_INVOICE, SET_BUDGET, { name: 'refresh', description: 'Refresh' }])).toBeNull();
    expect(pageActionsIssue([])).toBeNull();
  });

  it.each([
    [null, 'pageActions must be an array of { name, description, parameters? }.'],
    [OPEN_INVOICE, 'pageActions must be an array of { name, description, parameters? }.'],
    [['openInvoice'], 'pageActions[0] must be an object: { name, description, parameters? }.'],
    [
      [{ ...OPEN_INVOICE, handler: 'x' }],
      'pageActions[0] has an unknown field "handler"; it takes name, description and parameters.',
    ],
    [
      [{ ...OPEN_INVOICE, name: '1open' }],
      'pageActions[0].name must be a letter followed by letters, digits or "_", at most 48 characters.',
    ],
    [
      [{ ...OPEN_INVOICE, name: 'open-invoice' }],
      'pageActions[0].name must be a letter followed by letters, digits or "_", at most 48 characters.',
    ],
    [
      [{ ...OPEN_INVOICE, name: 'a'.repeat(49) }],
      'pageActions[0].name must be a letter followed by letters, digits or "_", at most 48 characters.',
    ],
    [[OPEN_INVOICE, OPEN_INVOICE], 'pageActions[1].name "openInvoice" is registered twice.'],
    [
      [{ ...OPEN_INVOICE, description: ' ' }],
      'pageActions[0].description must be text of 1 to 200 characters: what its button says.',
    ],
    [
      [{ ...OPEN_INVOICE, description: 'x'.repeat(201) }],
      'pageActions[0].description must be text of 1 to 200 characters: what its button says.',
    ],
    [
      [{ ...OPEN_INVOICE, parameters: { type: 'string' } }],
      'pageActions[0].parameters must be a JSON Schema object with type "object" ({ type: "object", properties: { … } }).',
    ],
    [
      [{ ...OPEN_INVOICE, parameters: { type: 'object', default: Number.POSITIVE_INFINITY } }],
      'pageActions[0].parameters.default is not JSON: use text, a finite number, true, false, null, an array or a plain object.',
    ],
    [
      Array.from({ length: 17 }, (_, i) => ({ name: `a${i}`, description: 'x' })),
      'pageActions has more than 16 actions.',
    ],
  ])('given %j, then it is refused: %s', (value, message) => {
    expect(pageActionsIssue(value)).toBe(message);
  });

  it('given actions over 16 KB as JSON, then they are refused with their size', () => {
    const big = Array.from({ length: 10 }, (_, i) => ({
      name: `a${i}`,
      description: 'x',
      parameters: { type: 'object' as const, description: 'y'.repeat(1700) },
    }));
    expect(pageActionsIssue(big)).toMatch(
      /^pageActions is 1[67]\.\d KB as JSON; at most 16 KB is sent with a question\.$/,
    );
    expect(PAGE_ACTION_LIMITS.bytes).toBe(16384);
  });

  it('given registered actions, then they are kept as JSON copies with trimmed descriptions', () => {
    const parameters = { type: 'object' as const, properties: { a: { type: 'string' } } };
    const [copy] = normalizePageActions([{ name: 'a', description: '  Do a  ', parameters }]);
    expect(copy).toEqual({ name: 'a', description: 'Do a', parameters });
    expect(copy!.parameters).not.toBe(parameters);
  });

  it("given a page's result, then text of 1 to 1,000 characters is taken and anything else refused", () => {
    expect(pageActionResultIssue('Invoice 4711 opened.')).toBeNull();
    const message = "An action's result must be text of at most 1000 characters.";
    expect(pageActionResultIssue('')).toBe(message);
    expect(pageActionResultIssue('x'.repeat(1001))).toBe(message);
    expect(pageActionResultIssue({ ok: true })).toBe(message);
  });

  it("given a proposal, then its button says the description and the arguments' values", () => {
    expect(pageActionLabel({ description: 'Open invoice', arguments: { invoice: '4711' } })).toBe('Open invoice 4711');
    expect(
      pageActionLabel({ description: 'Set the monthly budget', arguments: { amount: 500, currency: 'EUR' } }),
    ).toBe('Set the monthly budget 500 EUR');
    expect(pageActionLabel({ description: 'Refresh', arguments: {} })).toBe('Refresh');
    expect(pageActionLabel({ description: 'Open invoice 4711', arguments: { invoice: '4711', lines: [1] } })).toBe(
      'Open invoice 4711',
    );
  });
});

describe("a proposed action's arguments, checked against its parameters", () => {
  it('given arguments the schema accepts, then the proposal is made with a copy of them', () => {
    const args = { invoice: '4711' };
    const made = proposePageAction([OPEN_INVOICE], 'openInvoice', args);
    expect(made).toEqual({
      ok: true,
      proposal: { name: 'openInvoice', description: 'Open invoice', arguments: { invoice: '4711' } },
    });
    expect(made.ok && made.proposal.arguments).not.toBe(args);
  });

  it.each([
    [{ invoice: 'DROP TABLE' }, 'arguments.invoice: String does not match pattern.'],
    [{}, 'arguments: Instance does not have required property "invoice".'],
    [{ invoice: '4711', run: 'alert(1)' }, 'arguments: Property "run" does not match additional properties schema.'],
    [{ invoice: 4711 }, 'arguments.invoice: Instance type "number" is invalid. Expected "string".'],
    [[], 'The arguments of "openInvoice" must be a JSON object.'],
    ['{"invoice":"4711"}', 'The arguments of "openInvoice" must be a JSON object.'],
  ])('given arguments %j, then no proposal: %s', (args, issue) => {
    expect(pageActionArgumentsIssue(OPEN_INVOICE, args)).toBe(issue);
    expect(proposePageAction([OPEN_INVOICE], 'openInvoice', args)).toEqual({ ok: false, issue });
  });

  it('given an action without parameters, then only no arguments are accepted', () => {
    const refresh = { name: 'refresh', description: 'Refresh' };
    expect(pageActionArgumentsIssue(refresh, {})).toBeNull();
    expect(pageActionArgumentsIssue(refresh, { all: true })).toBe(
      'arguments: Property "all" does not match additional properties schema.',
    );
  });

  it('given a name the page did not register, then no proposal', () => {
    expect(proposePageAction([OPEN_INVOICE], 'deleteAccount', {})).toEqual({
      ok: false,
      issue: 'No action "deleteAccount" is registered on the page.',
    });
  });
});

describe('the action a question names, for the built-in engine', () => {
  it('given a question with the description and a value after it, then that action with the value', () => {
    expect(namedPageAction('Please open invoice 4711', [OPEN_INVOICE, SET_BUDGET])).toEqual({
      action: OPEN_INVOICE,
      arguments: { invoice: '4711' },
    });
  });

  it("given the name's words with a word between, then the action; a value from the page context wins", () => {
    expect(namedPageAction('Open this invoice', [OPEN_INVOICE], { data: { invoice: '4711' } })).toEqual({
      action: OPEN_INVOICE,
      arguments: { invoice: '4711' },
    });
    expect(namedPageAction('open the invoice', [OPEN_INVOICE])).toEqual({ action: OPEN_INVOICE, arguments: {} });
  });

  it('given numbers and enum values after the phrase, then they fill the numeric and enum arguments', () => {
    expect(namedPageAction('Set the monthly budget to EUR 500', [SET_BUDGET])).toEqual({
      action: SET_BUDGET,
      arguments: { amount: 500, currency: 'EUR' },
    });
    expect(namedPageAction('set budget 20.5', [SET_BUDGET])).toEqual({
      action: SET_BUDGET,
      arguments: { amount: 20.5 },
    });
  });

  it('given a question naming no action, then none', () => {
    expect(namedPageAction('What did invoice 4711 cost?', [OPEN_INVOICE, SET_BUDGET])).toBeNull();
    expect(namedPageAction('Open invoice', [])).toBeNull();
  });
});
