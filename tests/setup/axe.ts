import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Runs axe on `root` (default: the whole document) and fails with a readable list of violations.
 * `color-contrast` is left to the e2e layer (jsdom computes no colours), and so is `region`:
 * a component alone is not a page with landmarks. Frames are not entered: jsdom loads no frame
 * documents (the guidance video's player page is checked in Chromium by the e2e layer).
 */
export async function expectNoAxeViolations(root: Element | Document = document): Promise<void> {
  const results = await axe.run(root as Element, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
    iframes: false,
  });
  const readable = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(readable).toEqual([]);
}
