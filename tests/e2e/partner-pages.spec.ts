import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAxeClean, watchCsp } from './support/axe';
import { recordSdkScripts } from './support/scripts';
import { appToken } from './support/session';

// <cp-page> on a partner's own page, from the standalone bundle: two pages of the visitor's menu side
// by side, over the reference server's demo data, and the partner's script following cp-page-* events.

const first = (page: Page) => page.locator('cp-page').first();
const second = (page: Page) => page.locator('cp-page').nth(1);
const status = (page: Page, which: 'first' | 'second') => page.locator(`#${which}-status`);

/** The visitor has a portal session (the refresh cookie); the elements resume it on their own. */
async function openAs(page: Page, email: string) {
  await appToken(page.request, email);
  await page.goto('/partner/pages.html');
}

test('two portal pages side by side: a dataset page with its rows, and every other page kind in turn', async ({
  page,
}) => {
  const csp = watchCsp(page);
  const scripts = recordSdkScripts(page, '/partner/');
  await openAs(page, 'ada@contoso.example');

  // The dataset page: its heading, key figures and grid, and cp-page-loaded with the grid's rows.
  await expect(first(page).getByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible({ timeout: 15_000 });
  const grid = first(page).getByRole('grid', { name: 'Azure budgets' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 15_000 });
  await expect(status(page, 'first')).toHaveText(/^Showing azure-budgets: \d+ rows\.$/);
  // Its chart draws with ECharts' parts from the bundle's chunks (the core they share, the bars, the tooltip).
  const chart = first(page).getByRole('figure', { name: 'Actual month to date by budget' });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('canvas')).toHaveCount(1, { timeout: 15_000 });
  // Release notes beside it.
  await expect(status(page, 'second')).toHaveText('Showing release-notes.', { timeout: 15_000 });
  await expect(second(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expectAxeClean(page);
  // A page of pages pays for the page view, not for the shell, the assistant or the report.
  expect(scripts).toEqual(expect.arrayContaining(['cloudportal-elements', 'mount', 'page-view']));
  for (const other of ['shell-view', 'assistant-view', 'powerbi']) expect(scripts).not.toContain(other);

  const choose = (value: string) => page.getByRole('combobox', { name: 'Second page' }).selectOption(value);
  // A dashboard, the questionnaire, a tabbed page on a named tab, a dataset page: each loads in place.
  for (const [value, shown] of [
    ['reports', 'Showing reports.'],
    ['m365-license-questionnaire', 'Showing m365-license-questionnaire.'],
    ['azure|Resources', /^Showing azure, tab Resources: \d+ rows\.$/],
    ['m365-users', /^Showing m365-users: \d+ rows\.$/],
  ] as const) {
    await choose(value);
    await expect(status(page, 'second')).toHaveText(shown, { timeout: 15_000 });
    await expect(second(page).getByRole('heading', { level: 1 })).toBeVisible();
  }

  // A report page: the embedded report view, through the real powerbi-client.
  await choose('m365-license-report');
  await expect(status(page, 'second')).toHaveText('Showing m365-license-report.', { timeout: 15_000 });
  await expect(second(page).locator('iframe[title="Power BI report"]')).toBeVisible({ timeout: 20_000 });
  expect(scripts).toContain('powerbi');
  await expectAxeClean(page);
  expect(csp).toEqual([]);
});

test("a page the visitor's menu does not hold shows no data; the placeholder's link is the partner's to follow", async ({
  page,
}) => {
  const data: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.includes('/api/data/')) data.push(r.url());
  });
  // Max's tenant has only Microsoft 365: the Azure budgets page is not in his menu.
  await openAs(page, 'max@fabrikam.example');
  await expect(first(page).getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible({ timeout: 15_000 });
  await expect(status(page, 'first')).toHaveText(/^Not shown \(not-found\): /);
  await expect(first(page).getByRole('grid')).toHaveCount(0);
  expect(data.filter((url) => url.includes('/budgets'))).toEqual([]);

  // Cancelled by the partner: the visitor stays; not cancelled: the portal page opens.
  await first(page).getByRole('link', { name: 'Go to the home page' }).click();
  await expect(status(page, 'first')).toHaveText(/^Stayed here; chose \/billing\//);
  await expect(page).toHaveURL(/\/partner\/pages\.html$/);
  await page.getByRole('checkbox', { name: /Stay on this page/ }).uncheck();
  await first(page).getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/billing\//);
});

test('a visitor without a portal session sees a sign-in link in each page', async ({ page }) => {
  await page.goto('/partner/pages.html');
  await expect(page.getByRole('heading', { level: 1, name: 'Fabrikam cost review' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to see this page' })).toHaveCount(2);
});
