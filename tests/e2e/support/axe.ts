import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, type TestType } from '@playwright/test';
import { watchPage } from './watch';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; help: string; nodes: { target: unknown[] }[] };

/**
 * Loads axe-core into every frame of the page that lacks it, when a check is about to run — not
 * into every document the page opens (parsing axe costs each page load about half a second here).
 * It is evaluated through the browser's DevTools protocol, which the server's strict CSP (rightly
 * refusing an injected inline <script>) does not govern. Frames of other origins get it too, so axe
 * reaches into them as a person's assistive technology would.
 */
async function loadAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    // A frame navigating away meanwhile has nothing to judge: the check runs on what is there.
    await frame.evaluate(`window.axe || (function () { ${axeSource}\n}).call(window)`).catch(() => undefined);
  }
}

/**
 * The axe rules whose outcome depends on colours, and so on the theme: a page already judged whole in
 * one theme is judged again in the other by these alone (the theme swaps `--cp-*` colours, not markup).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core in the page (open shadow roots and colour contrast included) once what a person sees
 * has settled, and returns its violations as readable lines (rule, help, targets). `colourOnly` runs
 * {@link COLOUR_RULES} alone: for the second theme of a page judged whole in the first.
 */
export async function axeViolations(page: Page, { colourOnly = false } = {}): Promise<string[]> {
  await loadAxe(page);
  const first = await settledAxeRun(page, colourOnly);
  if (first.length === 0) return first;
  // Something that began after the wait (a toast fading in, the page answering a timer) can be judged
  // mid-change: what is still wrong a moment later, once settled again, is what a person meets.
  await page.waitForTimeout(500);
  return settledAxeRun(page, colourOnly);
}

/** Once the page's finite animations have finished, one axe run: its violations as lines. */
async function settledAxeRun(page: Page, colourOnly: boolean): Promise<string[]> {
  // Judge what a person sees once things settle: a toast fading in has, for 200 ms, too little contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(
    async (only) => {
      const axe = (
        window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const result = await axe.run(document, {
        resultTypes: ['violations'],
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      });
      return result.violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`,
      );
    },
    colourOnly ? COLOUR_RULES : null,
  );
}

/** Runs axe-core in the page and expects no violations. */
export async function expectAxeClean(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  // The violations lead the failure's first line: a CI summary that prints only that line names them.
  expect(violations, `axe: ${violations.join('; ')}`).toEqual([]);
}

/** Collects Content-Security-Policy violations the page reports, so a test can assert there were none. */
export const watchCsp = (page: Page): string[] => watchPage(page).csp;

/** For every test of the file: no Content-Security-Policy violation by the end of the test. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any fixtures: each spec passes its own `test`
export function checkEachTest(test: TestType<any, any>): void {
  let csp: string[] = [];
  test.beforeEach(({ page }: { page: Page }) => {
    csp = watchCsp(page);
  });
  test.afterEach(() => expect(csp, `Content-Security-Policy violations: ${csp.join('; ')}`).toEqual([]));
}
