import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adoptStyles, useStyles } from './useStyles';

/** The CSS texts of the SDK in `root`, in cascade order (constructed sheets, or the <style> fallback). */
function order(root: Document | ShadowRoot, marks: string[]): string[] {
  const texts =
    'adoptedStyleSheets' in root && root.adoptedStyleSheets.length
      ? root.adoptedStyleSheets.map((s) => [...s.cssRules].map((r) => r.cssText).join(''))
      : [...(root instanceof Document ? root.head : root).querySelectorAll('style')].map((s) => s.textContent ?? '');
  return texts.flatMap((text) => marks.filter((m) => text.includes(m)));
}

const BASE = '.x-base { color: red; }';
const PIECE = '.x-piece { color: blue; }';

function Piece() {
  return <div ref={useStyles<HTMLDivElement>(PIECE)} />;
}
function Primitive() {
  return <div ref={useStyles<HTMLDivElement>(BASE, 'base')} />;
}

// Each test styles a shadow root of its own: the document's styles, which the SDK adds once per
// document and other test files in the worker rely on, are left alone.
describe('the SDK styles a root in a fixed order: tokens and primitives, then pieces', () => {
  it('given a piece rendered before any primitive, when a primitive renders later, then its CSS still comes first', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    const first = render(<Piece />, { container: shadow as unknown as HTMLElement });
    render(<Primitive />, { container: shadow as unknown as HTMLElement });
    expect(order(shadow, ['x-base', 'x-piece'])).toEqual(['x-base', 'x-piece']);
    first.unmount();
    host.remove();
  });

  it('keeps a partner’s own sheets where they are, and adds each text once', () => {
    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' });
    const node = shadow.appendChild(document.createElement('div'));
    adoptStyles(node, [PIECE]);
    adoptStyles(node, [BASE], 'base');
    adoptStyles(node, [BASE, PIECE], 'base');
    expect(order(shadow, ['x-base', 'x-piece'])).toEqual(['x-base', 'x-piece']);
  });
});
