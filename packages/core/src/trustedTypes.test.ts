import { afterEach, describe, expect, it, vi } from 'vitest';
import { toPlainText } from './rules/chat';
import { parseInertHtml, TRUSTED_TYPES_POLICIES, TRUSTED_TYPES_POLICY, trustSanitizedHtml } from './trustedTypes';
import type * as TrustedTypesModule from './trustedTypes';

/** What a browser's TrustedHTML is to a test: the HTML, in an object a string cannot pass for. */
class FakeTrustedHtml {
  constructor(
    readonly html: string,
    readonly policy: string,
  ) {}
  toString() {
    return this.html;
  }
  toJSON() {
    return this.html;
  }
}

/** A browser's `trustedTypes`, recording the policies created and what each was given. */
function fakeTrustedTypes({ allowed = [...TRUSTED_TYPES_POLICIES] as string[] } = {}) {
  const created: string[] = [];
  const given: string[] = [];
  const factory = {
    createPolicy: vi.fn((name: string, rules: { createHTML(input: string): string }) => {
      // As a page's `trusted-types` directive does: a name it does not list, or one made already, is refused.
      if (!allowed.includes(name) || created.includes(name)) throw new TypeError(`Policy "${name}" disallowed.`);
      created.push(name);
      return {
        createHTML(input: string) {
          given.push(input);
          return new FakeTrustedHtml(rules.createHTML(input), name);
        },
      };
    }),
  };
  vi.stubGlobal('trustedTypes', factory);
  return { factory, created, given };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the SDK’s Trusted Types policy', () => {
  it('is named cloudportal, and a page allows it beside DOMPurify’s', () => {
    expect(TRUSTED_TYPES_POLICY).toBe('cloudportal');
    expect(TRUSTED_TYPES_POLICIES).toEqual(['cloudportal', 'dompurify']);
  });

  it('given a browser without Trusted Types, then sanitized HTML passes through as the string, and no policy is made', () => {
    expect('trustedTypes' in globalThis).toBe(false);
    expect(trustSanitizedHtml('<p>Costs <b>rose</b>.</p>')).toBe('<p>Costs <b>rose</b>.</p>');
  });

  it('given a browser with Trusted Types, then sanitized HTML becomes a TrustedHTML of the cloudportal policy, made once', () => {
    const { factory, created, given } = fakeTrustedTypes();

    const first = trustSanitizedHtml('<p>Costs <b>rose</b>.</p>');
    const second = trustSanitizedHtml('<table><tr><td>1</td></tr></table>');

    expect(first).toEqual(new FakeTrustedHtml('<p>Costs <b>rose</b>.</p>', 'cloudportal'));
    expect(second).toEqual(new FakeTrustedHtml('<table><tr><td>1</td></tr></table>', 'cloudportal'));
    expect(typeof first).not.toBe('string');
    // The policy adds nothing and removes nothing: it is given DOMPurify's output, as it is.
    expect(given).toEqual(['<p>Costs <b>rose</b>.</p>', '<table><tr><td>1</td></tr></table>']);
    expect(created).toEqual(['cloudportal']);
    expect(factory.createPolicy).toHaveBeenCalledTimes(1);
  });

  it('never creates the page’s default policy, whatever it is asked to make', () => {
    const { factory } = fakeTrustedTypes({ allowed: ['cloudportal', 'dompurify', 'default'] });
    trustSanitizedHtml('<p>a</p>');
    parseInertHtml('<p>b</p>');
    toPlainText('<p>c</p>');
    expect(factory.createPolicy.mock.calls.map(([name]) => name)).not.toContain('default');
  });

  it('given a page that does not allow the name, then strings pass through, and the policy is not asked for again', () => {
    const { factory, created } = fakeTrustedTypes({ allowed: ['dompurify'] });
    expect(trustSanitizedHtml('<p>a</p>')).toBe('<p>a</p>');
    expect(trustSanitizedHtml('<p>b</p>')).toBe('<p>b</p>');
    expect(created).toEqual([]);
    expect(factory.createPolicy).toHaveBeenCalledTimes(1);
  });

  it('is not created when the module is imported, only when HTML is first made', async () => {
    const { factory } = fakeTrustedTypes();
    // A module instance of its own, imported while the browser has Trusted Types.
    const fresh = (await import(/* @vite-ignore */ `${'./trustedTypes'}?import-time`)) as typeof TrustedTypesModule;
    expect(factory.createPolicy).not.toHaveBeenCalled();
    fresh.trustSanitizedHtml('<p>a</p>');
    expect(factory.createPolicy).toHaveBeenCalledTimes(1);
  });
});

describe('parseInertHtml: markup parsed only to read its text', () => {
  /** A DOMParser that records what it was handed. */
  function fakeDomParser() {
    const parsed: unknown[] = [];
    class FakeDomParser {
      parseFromString(input: unknown) {
        parsed.push(input);
        return { body: { textContent: String(input), querySelectorAll: () => [] } };
      }
    }
    vi.stubGlobal('DOMParser', FakeDomParser);
    return parsed;
  }

  it('given no DOMParser (Node, a server render), then there is no document, and toPlainText drops the tags itself', () => {
    expect(parseInertHtml('<b>x</b>')).toBeNull();
    expect(toPlainText('Costs <b>now</b>!')).toBe('Costs now!');
  });

  it('given a browser without Trusted Types, then DOMParser is handed the string', () => {
    const parsed = fakeDomParser();
    parseInertHtml('What did <b>Azure</b> cost?');
    expect(parsed).toEqual(['What did <b>Azure</b> cost?']);
  });

  it('given a browser with Trusted Types, when a question is made plain text, then DOMParser is handed a TrustedHTML of the cloudportal policy', () => {
    const { created } = fakeTrustedTypes();
    const parsed = fakeDomParser();
    toPlainText('What did <b>Azure</b> cost?');
    expect(parsed).toEqual([new FakeTrustedHtml('What did <b>Azure</b> cost?', 'cloudportal')]);
    expect(created).toEqual(['cloudportal']);
  });
});
