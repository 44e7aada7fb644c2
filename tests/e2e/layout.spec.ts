import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from './support/test';
import { axeViolations, checkEachTest, watchCsp } from './support/axe';
import { PSEUDO_LOCALE, type PseudoFindings } from './support/pseudo';
import { appToken, navigateInApp, openSignedIn } from './support/session';

checkEachTest(test);

// Issue 25 §2: no page of the demo menu scrolls sideways at 1024 and 1280 px wide, nor on a phone
// (390 px). Each page is loaded once and measured at every width in turn (a resize reflows it, and the
// charts follow their container), so the sweep costs one page load per page.
// Issue 25 §6: on the way, axe-core judges every page whole in the theme it opens in, and its colours
// (contrast included) in the other.
// Issue 24 §2: the sweep runs in the pseudo-locale (en-XA: every text of the catalogue accented and
// 40 % longer, the server's menu texts too), so the widths are judged with longer words than any
// language's, and on every page the pseudo-locale check (support/pseudo-check.js) finds no text that
// did not come through a catalogue and none wider than its box.

const ADA = 'ada@contoso.example';
const pseudoCheck = fileURLToPath(new URL('./support/pseudo-check.js', import.meta.url));

/** A context in the pseudo-locale with the pseudo-locale check in every document. */
async function inPseudoLocale(context: BrowserContext): Promise<void> {
  await context.addInitScript({ path: pseudoCheck });
}
const WIDTHS = [1280, 1024, 390] as const;
const MENU = '/services/api-portal-customer/api/portal/menu';

interface MenuNode {
  name: string;
  url: string | null;
  tabName: string | null;
  children: MenuNode[];
}

/** Every route ada's menu opens: `/billing/{name}`, with `?tab=` for an item that opens a tab. */
function routes(tree: readonly MenuNode[]): string[] {
  const out = new Set<string>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.url)
        out.add(
          `/billing/${node.name}${node.tabName ? `?tab=${encodeURIComponent(node.tabName).replace(/%20/g, '+')}` : ''}`,
        );
      walk(node.children ?? []);
    }
  };
  walk(tree);
  return [...out];
}

/** How far the page scrolls sideways (0 when it does not), and the widest element past the right edge. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const by = root.scrollWidth - root.clientWidth;
    if (by <= 0) return { by: 0, culprit: '' };
    let culprit = '';
    let right = root.clientWidth;
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = el.getBoundingClientRect();
      if (box.right > right + 0.5) {
        right = box.right;
        culprit = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(box.right)} px)`;
      }
    }
    return { by, culprit };
  });
}

/** Waits until the page has drawn its content: a grid with rows, a dashboard, a form or a placeholder. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  // A chart draws when it nears the viewport: each is brought there, as a person scrolling would.
  for (const figure of await page.locator('.cp-dataset-page__charts figure').all()) {
    await figure.scrollIntoViewIfNeeded();
    await expect(figure.locator('canvas')).toHaveCount(1, { timeout: 10_000 });
  }
  // A report page: its report has loaded (the frame shows a page), or the frame gave way to a card
  // (e.g. 'Configuration Error'), so its toolbar holds all it will hold (a pbiReport page's page
  // buttons) before the widths are measured.
  for (const report of await page.locator('.cp-report__frame iframe').all()) {
    const shown = report.contentFrame().getByRole('heading', { level: 2 });
    await expect
      .poll(async () => (await report.isHidden()) || (await shown.count()) > 0, { timeout: 15_000 })
      .toBe(true);
  }
}

/**
 * Opens `urls` one after another in `page` (signed in as ada, on the first): measures each at every
 * width and has axe judge it whole in the theme it opens in and its colours in the other. Answers the
 * pages that scroll sideways and what axe found.
 */
async function sweep(
  page: Page,
  urls: readonly string[],
): Promise<{ wide: string[]; inaccessible: string[]; untranslated: string[] }> {
  const wide: string[] = [];
  const inaccessible: string[] = [];
  const untranslated: string[] = [];
  // Signed in through the API, straight onto the first page (no landing report to load).
  await openSignedIn(page, ADA, urls[0]!);
  // The navbar's dark-mode switch (its name is in the pseudo-locale).
  const darkMode = page.locator('.cp-navbar__switch [role="switch"]');
  for (const [n, url] of urls.entries()) {
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    // The first page is open already.
    if (n > 0) {
      const before = await page.getByRole('heading', { level: 1 }).innerText();
      // Within the single-page app: a reload per page would cost the sweep a second a page and test nothing more.
      await navigateInApp(page, url);
      // The new page has replaced the last one (no two pages of a sweep share a title).
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(before, { timeout: 10_000 });
    }
    await settled(page);
    // The portal shows the pseudo-locale (the browser's language), its document's lang with it.
    await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO_LOCALE);
    const found = await page.evaluate(() => (window as unknown as { cpPseudoCheck(): PseudoFindings }).cpPseudoCheck());
    for (const text of [...found.untranslated, ...found.overflow])
      untranslated.push(`${url} (${PSEUDO_LOCALE}): ${text}`);
    // Both themes, the current one first and whole, then the other's colours: the switch flips the
    // portal without a reload.
    for (let i = 0; i < 2; i++) {
      const theme = (await darkMode.getAttribute('aria-checked')) === 'true' ? 'dark' : 'light';
      for (const v of await axeViolations(page, { colourOnly: i === 1 })) inaccessible.push(`${url} (${theme}): ${v}`);
      if (i === 0) await darkMode.click();
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // A resize reaches the charts through a ResizeObserver: give it a frame or two.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const { by, culprit } = await overflow(page);
      if (by > 0) wide.push(`${url} at ${width} px: ${by} px wider, ${culprit}`);
    }
  }
  return { wide, inaccessible, untranslated };
}

// The menu in parts of about six pages, each part swept by two pages side by side (a context each):
// a page mostly waits on its rows, charts and frames, so one at a time left the machine half idle.
const PARTS = 9;
test.describe('in the pseudo-locale', () => {
  test.use({ locale: PSEUDO_LOCALE });
  for (let part = 0; part < PARTS; part++) {
    test(`no page of ada's menu scrolls sideways at ${WIDTHS.join(', ')} px, axe finds nothing in light or dark, and every text comes from a catalogue and fits (part ${part + 1} of ${PARTS})`, async ({
      page,
      request,
      browser,
      baseURL,
    }) => {
      await inPseudoLocale(page.context());
      const token = await appToken(request, ADA);
      const menu = (await (
        await request.get(MENU, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as MenuNode[];
      const all = routes(menu);
      expect(all.length).toBeGreaterThan(40);
      const mine = all.filter((_, i) => i % PARTS === part);
      const other = await browser.newContext({ baseURL, locale: PSEUDO_LOCALE });
      await inPseudoLocale(other);
      const otherPage = await other.newPage();
      const otherCsp = watchCsp(otherPage);
      const results = await Promise.all([
        sweep(
          page,
          mine.filter((_, i) => i % 2 === 0),
        ),
        sweep(
          otherPage,
          mine.filter((_, i) => i % 2 === 1),
        ),
      ]);
      await other.close();
      // All three at once, so one run tells everything a part found.
      expect({
        wide: results.flatMap((r) => r.wide),
        inaccessible: results.flatMap((r) => r.inaccessible),
        untranslated: results.flatMap((r) => r.untranslated),
      }).toEqual({ wide: [], inaccessible: [], untranslated: [] });
      expect(otherCsp).toEqual([]);
    });
  }
});

test('on a narrow window the FOCUS grid scrolls sideways inside its own box, its first column pinned', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await openSignedIn(page, ADA, '/billing/azure-focus');
  const grid = page.getByRole('grid', { name: 'FOCUS cost rows' });
  const first = grid.getByRole('row').nth(1).getByRole('gridcell').first();
  await expect(first).not.toHaveText('');
  const left = (await first.boundingBox())!.x;
  // The grid is its own scrolling box.
  const scrolled = await grid.evaluate((box) => {
    box.scrollLeft = 400;
    return box.scrollLeft;
  });
  expect(scrolled).toBeGreaterThan(0);
  await expect.poll(async () => (await first.boundingBox())!.x).toBe(left);
  expect(await overflow(page)).toEqual({ by: 0, culprit: '' });
});
