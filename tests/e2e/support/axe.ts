import { createRequire } from 'node:module';
import { expect, type Page, type TestType } from '@playwright/test';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

type AxeViolation = { id: string; help: string; nodes: { target: unknown[] }[] };

/**
 * Loads axe-core into every document the page opens. It goes in as an init script because the
 * server's strict CSP (rightly) refuses an injected inline <script>.
 */
export async function prepareAxe(page: Page): Promise<void> {
  await page.addInitScript({ path: axePath });
}

/**
 * Runs axe-core in the page (open shadow roots and colour contrast included) once what a person sees
 * has settled, and returns its violations as readable lines (rule, help, targets).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Judge what a person sees once things settle: a toast fading in has, for 200 ms, too little contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
  });
}

/** Runs axe-core in the page and expects no violations. */
export async function expectAxeClean(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/** Collects Content-Security-Policy violations the page reports, so a test can assert there were none. */
export function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().includes('Content Security Policy')) violations.push(msg.text());
  });
  return violations;
}

/**
 * For every test of the file: axe loaded into each document, and no Content-Security-Policy
 * violation by the end of the test.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any fixtures: each spec passes its own `test`
export function checkEachTest(test: TestType<any, any>): void {
  let csp: string[] = [];
  test.beforeEach(async ({ page }: { page: Page }) => {
    csp = watchCsp(page);
    await prepareAxe(page);
  });
  test.afterEach(() => expect(csp).toEqual([]));
}
