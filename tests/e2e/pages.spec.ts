import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { openSignedIn, signedInAs } from './support/session';

// The feature pages (issue 13) over the reference server's seeded data: the page kit's grid,
// key figures, toolbar, CSV export and row actions, opened through the menu as ada would.

checkEachTest(test);

const ADA = 'ada@contoso.example';
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
/** The toolbar's row count: "1,234 rows", or at least that many for a count the server stopped ("1,000+ rows"). */
const ROW_COUNT = /^[\d,]+\+? rows?$/;
const rowCount = async (page: Page) => Number((await page.getByText(ROW_COUNT).first().innerText()).replace(/\D/g, ''));

test('ada opens Subscriptions through the menu, sorts by name and finds one by search', async ({ page }) => {
  await signedInAs(page, ADA);
  await sideNav(page).getByRole('button', { name: 'Azure', exact: true }).click();
  await sideNav(page).getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page).toHaveURL(/\/billing\/azure-subscriptions$/);
  const grid = page.getByRole('grid', { name: 'Subscriptions' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key figures' })).toContainText('Cost last month');
  await expect(grid.getByRole('columnheader', { name: /Cost last month/ })).toHaveAttribute('aria-sort', 'descending');

  await grid.getByRole('button', { name: 'Subscription', exact: true }).click();
  await expect(grid.getByRole('columnheader', { name: /^Subscription/ }).first()).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  const names = await grid
    .getByRole('row')
    .locator('[role="gridcell"]:first-child, [role="rowheader"]')
    .allInnerTexts();
  expect(names.filter(Boolean)).toEqual(
    [...names.filter(Boolean)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
  );

  const total = await rowCount(page);
  const first = names.find(Boolean)!;
  await page.getByRole('searchbox', { name: 'Search Subscriptions' }).fill(first);
  await expect.poll(() => rowCount(page)).toBeLessThan(total);
  await expect(grid.getByText(first, { exact: true })).toBeVisible();
  await expectAxeClean(page);
});

test('ada scrolls the FOCUS cost rows, over a hundred thousand of them, to the end with the keyboard', async ({
  page,
}) => {
  await openSignedIn(page, ADA, '/billing/azure-focus');
  const grid = page.getByRole('grid', { name: 'FOCUS cost rows' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const total = await rowCount(page);
  expect(total).toBeGreaterThan(100_000);
  await expect(grid).toHaveAttribute('aria-rowcount', String(total + 1));
  await grid.getByRole('gridcell').first().click();
  await page.keyboard.press('Control+End');
  await expect(grid.locator(`[aria-rowindex="${total + 1}"]`)).toBeVisible({ timeout: 10_000 });
  await expect(
    grid
      .locator(`[aria-rowindex="${total + 1}"]`)
      .getByRole('gridcell')
      .first(),
  ).not.toHaveText('');
});

test('ada filters Azure resources, exports them as CSV and reads the same rows back', async ({ page }) => {
  await openSignedIn(page, ADA, '/billing/azure-resources');
  const grid = page.getByRole('grid', { name: 'Azure resources' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  const all = await rowCount(page);
  await page.getByRole('searchbox', { name: 'Search Azure resources' }).fill('prod');
  await expect.poll(() => rowCount(page)).toBeLessThan(all);
  // And only those that cost at least $10 last month: a filter chip says so.
  await page.getByRole('button', { name: 'Filters' }).click();
  const searched = await rowCount(page);
  await page.getByLabel('Cost last month from').fill('10');
  await page.getByLabel('Cost last month from').press('Enter');
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Cost last month ≥');
  await expect.poll(() => rowCount(page)).toBeLessThan(searched);
  // A search is counted to 1,000 ("1,000+ rows"); the filtered rows are fewer, so counted exactly.
  await expect(page.getByText(/^[\d,]+\+ rows$/)).toHaveCount(0);
  const total = await rowCount(page);
  expect(total).toBeGreaterThan(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^resources-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toContain('Resource');
  expect(lines).toHaveLength(total + 1);
  expect(lines.slice(1).every((line) => /prod/i.test(line))).toBe(true);
  const cost = lines[0]!.split(',').indexOf('Cost last month');
  expect(lines.slice(1).every((line) => Number(line.split(',')[cost]) >= 10)).toBe(true);
});

test('ada dismisses an Azure recommendation with a reason: it leaves the list for the archive, and restoring brings it back', async ({
  page,
}) => {
  await openSignedIn(page, ADA, '/billing/best-practice-recommendations');
  const grid = page.getByRole('grid', { name: 'Azure recommendations' });
  const firstRow = grid.getByRole('row').nth(1);
  await expect(firstRow).toBeVisible();
  const before = await rowCount(page);
  const dismiss = firstRow.getByRole('button', { name: /^Dismiss / });
  const title = (await dismiss.getAttribute('aria-label'))!.replace(/^Dismiss /, '');

  await dismiss.click();
  const dialog = page.getByRole('dialog', { name: `Dismiss: ${title}` });
  await dialog.getByLabel('Reason').fill('Owned by another team');
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect.poll(() => rowCount(page)).toBe(before - 1);
  await expect(grid.getByText(title, { exact: true })).toHaveCount(0);

  await page.goto('/billing/recommendations-archive');
  const archive = page.getByRole('grid', { name: 'Archived recommendations' });
  const archived = archive.getByRole('row').filter({ hasText: title });
  await expect(archived).toBeVisible();
  await archived.getByRole('button', { name: `Restore ${title}` }).click();
  await expect(archive.getByText(title, { exact: true })).toHaveCount(0);

  await page.goto('/billing/best-practice-recommendations');
  await expect.poll(() => rowCount(page)).toBe(before);
});
