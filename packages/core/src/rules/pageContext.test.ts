import { describe, expect, it } from 'vitest';
import { normalizePageContext, PAGE_CONTEXT_LIMITS, pageContextIssue, type PageContext } from './pageContext';

describe('page context: what the host page says the visitor looks at', () => {
  it('given a title and a JSON object, then it is valid', () => {
    expect(
      pageContextIssue({
        title: 'Invoice 4711',
        data: { invoice: '4711', amount: 1250.5, paid: false, lines: [{ sku: 'E3', qty: 2 }], note: null },
      }),
    ).toBeNull();
    expect(pageContextIssue({ title: 'Invoice 4711' })).toBeNull();
  });

  it.each([
    [null, 'pageContext must be an object: { title, data? }.'],
    ['Invoice 4711', 'pageContext must be an object: { title, data? }.'],
    [[{ title: 'x' }], 'pageContext must be an object: { title, data? }.'],
    [{ title: 'x', role: 'system' }, 'pageContext has an unknown field "role"; it takes title and data.'],
    [{}, 'pageContext.title must be text of 1 to 120 characters: what the visitor sees it called.'],
    [{ title: '   ' }, 'pageContext.title must be text of 1 to 120 characters: what the visitor sees it called.'],
    [
      { title: 'x'.repeat(121) },
      'pageContext.title must be text of 1 to 120 characters: what the visitor sees it called.',
    ],
    [{ title: 'x', data: [1, 2] }, 'pageContext.data must be a JSON object ({ "key": value, … }).'],
    [{ title: 'x', data: 'text' }, 'pageContext.data must be a JSON object ({ "key": value, … }).'],
    [
      { title: 'x', data: { amount: Number.NaN } },
      'pageContext.data.amount is not JSON: use text, a finite number, true, false, null, an array or a plain object.',
    ],
    [
      { title: 'x', data: { at: new Date(0) } },
      'pageContext.data.at is not JSON: use text, a finite number, true, false, null, an array or a plain object.',
    ],
    [
      { title: 'x', data: { open: () => 1 } },
      'pageContext.data.open is not JSON: use text, a finite number, true, false, null, an array or a plain object.',
    ],
    [
      { title: 'x', data: { lines: [1, undefined] } },
      'pageContext.data.lines[1] is not JSON: use text, a finite number, true, false, null, an array or a plain object.',
    ],
  ])('given %j, then it is refused: %s', (value, message) => {
    expect(pageContextIssue(value)).toBe(message);
  });

  it('given data nested deeper than 8 levels, then it is refused', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < PAGE_CONTEXT_LIMITS.depth; i++) deep = { a: deep };
    expect(pageContextIssue({ title: 'x', data: deep })).toMatch(/is nested more than 8 levels deep\.$/);
    let ok: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < PAGE_CONTEXT_LIMITS.depth - 2; i++) ok = { a: ok };
    expect(pageContextIssue({ title: 'x', data: ok })).toBeNull();
  });

  it('given data that refers to itself, then it is refused, not looped over', () => {
    const data: Record<string, unknown> = { name: 'x' };
    data.self = data;
    expect(pageContextIssue({ title: 'x', data })).toBe(
      'pageContext.data.self is not JSON: use text, a finite number, true, false, null, an array or a plain object.',
    );
  });

  it('given the same object twice (not a cycle), then it is valid', () => {
    const line = { sku: 'E3' };
    expect(pageContextIssue({ title: 'x', data: { a: line, b: line } })).toBeNull();
  });

  it('given a context over 8 KB as JSON, then it is refused with its size; at 8 KB it is sent', () => {
    const at = (n: number) => ({ title: 'x', data: { text: 'a'.repeat(n) } });
    const overhead = JSON.stringify(at(0)).length;
    expect(pageContextIssue(at(PAGE_CONTEXT_LIMITS.bytes - overhead))).toBeNull();
    expect(pageContextIssue(at(PAGE_CONTEXT_LIMITS.bytes - overhead + 1))).toBe(
      'pageContext is 8.0 KB as JSON; at most 8 KB is sent with a question.',
    );
    expect(pageContextIssue(at(12_000))).toBe('pageContext is 11.8 KB as JSON; at most 8 KB is sent with a question.');
  });

  it('given text beyond ASCII, then its size is counted in UTF-8 bytes', () => {
    const euro = '€'.repeat(3000); // 3 bytes each: 9000 bytes
    expect(pageContextIssue({ title: 'x', data: { euro } })).toMatch(/^pageContext is 8\.8 KB as JSON/);
  });

  it('given a path, then the messages name it', () => {
    expect(pageContextIssue(1, 'context')).toBe('context must be an object: { title, data? }.');
  });

  it('given a valid context, then it is normalized: title trimmed, data a copy', () => {
    const data = { lines: [{ sku: 'E3' }] };
    const context: PageContext = { title: '  Invoice 4711 ', data };
    const normal = normalizePageContext(context);
    expect(normal).toEqual({ title: 'Invoice 4711', data: { lines: [{ sku: 'E3' }] } });
    data.lines[0]!.sku = 'changed';
    expect(normal.data).toEqual({ lines: [{ sku: 'E3' }] });
    expect(normalizePageContext({ title: 'T' })).toEqual({ title: 'T' });
  });
});
