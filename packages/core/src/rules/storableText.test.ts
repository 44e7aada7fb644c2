import { describe, expect, it } from 'vitest';
import { findUnstorableText, unstorableText } from './storableText';

describe('texts a database can store (issue 39 §7)', () => {
  it('given a NUL character or half of a surrogate pair, then it says which; whole characters pass', () => {
    expect(unstorableText('a\u0000b')).toBe('nul');
    expect(unstorableText('\ud800')).toBe('surrogate');
    expect(unstorableText('x\udc00')).toBe('surrogate');
    expect(unstorableText('\ud83d\ude00 Grüße, 東京')).toBeNull();
    expect(unstorableText('')).toBeNull();
  });

  it("given a request's parts, then the first unstorable text is found with its path, in values and in keys", () => {
    expect(findUnstorableText({ q: 'ok', f: ['a', 'b\u0000'] }, 'query')).toEqual({ path: 'query.f.1', reason: 'nul' });
    expect(findUnstorableText({ variables: { name: '\ud800' } }, 'body')).toEqual({
      path: 'body.variables.name',
      reason: 'surrogate',
    });
    expect(findUnstorableText({ ['k\u0000']: 1 }, 'body')).toEqual({ path: 'body', reason: 'nul' });
    expect(findUnstorableText({ n: 1, ok: true, none: null, list: ['fine'] }, 'body')).toBeNull();
    expect(findUnstorableText(undefined, 'body')).toBeNull();
  });

  it('walks no deeper than 32 levels (deeper values are the route schema’s to refuse)', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(findUnstorableText(deep, 'body')).toBeNull();
  });
});
