import { expect, test, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { recordSdkScripts } from './support/scripts';
import { signedInAs } from './support/session';

// The portal's search (spec §2 "Search dialog", §5 "Search") against the reference server's menu
// index: in the reference portal (Meta+K, the navbar's box) and on the partner page (<cp-search>).
// Each test signs in its own browser context.

checkEachTest(test);

const ADA = 'ada@contoso.example';
const QUESTION = 'What would you like to find?';

/** Types `text` into the open search dialog and waits out the 1000 ms pause and the answer. */
async function search(page: Page, text: string) {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox', { name: QUESTION }).fill(text);
  return dialog;
}

test('ada opens search with Meta+K, finds a page by a word of its description, pages the grid and lands on a named tab', async ({
  page,
}) => {
  await signedInAs(page, ADA);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.keyboard.press('Meta+K');
  let dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog.getByRole('combobox', { name: QUESTION })).toBeFocused();

  // A word of the description only: 'burn rate' is in the Budgets page's description.
  dialog = await search(page, 'burn rate');
  await expect(dialog.getByRole('status')).toHaveText('1 result');
  await expect(dialog.getByRole('option')).toHaveText([
    'Azure / Cost Management / BudgetsAzure budgets and their burn rate.budget',
  ]);
  await expectAxeClean(page);

  // Every nested page has ' / ' in its path: more than one page of ten rows.
  dialog = await search(page, '/');
  await expect(dialog.getByRole('status')).toHaveText(/^\d+ results$/);
  await expect(dialog.getByRole('option')).toHaveCount(10);
  const pager = dialog.getByRole('navigation', { name: 'Results' });
  await expect(pager).toContainText('Page 1 of');
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager).toContainText('Page 2 of');

  // A tab of a page: Enter on the active row (the second, after ArrowDown) opens the page on that tab.
  dialog = await search(page, 'alert definitions');
  await expect(dialog.getByRole('option')).toHaveCount(2);
  const box = dialog.getByRole('combobox', { name: QUESTION });
  await box.press('ArrowDown');
  await expect(dialog.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/billing\/alerts\?tab=Alert\+Definitions$/);
  await expect(page.getByRole('tab', { name: 'Alert Definitions' })).toHaveAttribute('aria-selected', 'true');
});

test("personas narrow the results; nothing found says 'No results...'; Escape closes and focus returns", async ({
  page,
}) => {
  await signedInAs(page, ADA);
  const open = page.getByRole('button', { name: 'Search', exact: true });
  await open.click();
  let dialog = await search(page, 'budgets');
  await expect(dialog.getByRole('option')).toHaveText([/Budgets/]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // Only the IT persona: Budgets is Finance's.
  await page.getByRole('button', { name: 'Help' }).click();
  const drawer = page.getByRole('dialog', { name: 'Settings and help' });
  await drawer.getByRole('checkbox', { name: 'IT' }).check();
  await drawer.getByRole('button', { name: 'Close settings' }).click();
  await page.keyboard.press('Control+K');
  dialog = await search(page, 'budgets');
  await expect(dialog.getByText('No results...')).toBeVisible();
  await expect(dialog.getByRole('option')).toHaveCount(0);
});

test('the partner page searches with <cp-search> and opens the chosen portal page', async ({ page }) => {
  await signedInAs(page, ADA);
  const scripts = recordSdkScripts(page, '/partner/');
  await page.goto('/partner/search.html');
  const box = page.getByRole('button', { name: 'Search the portal' });
  await expect(box).toBeVisible();
  await expectAxeClean(page);
  expect(scripts).toContain('search-view');
  for (const other of ['assistant-view', 'report-view', 'shell-view', 'powerbi']) expect(scripts).not.toContain(other);

  await box.click();
  const dialog = await search(page, 'burn rate');
  await dialog.getByRole('option', { name: /Budgets/ }).click();
  // Not cancelled: the element opens the portal page.
  await expect(page).toHaveURL(/\/billing\/azure-budgets$/);
});

test('a partner page visitor without a portal session sees a sign-in link', async ({ page }) => {
  await page.goto('/partner/search.html');
  await expect(page.getByRole('link', { name: 'Sign in to search the portal' })).toBeVisible();
});
