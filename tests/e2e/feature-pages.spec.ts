import { expect, test, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { openSignedIn, signedInAs } from './support/session';
import { watchErrors } from './support/watch';

// The feature pages that are not a single grid (dashboards, release notes, the legacy homepage, the
// questionnaire), and ada reaching pages of every kind through the menu: each shows its content, never
// the "cannot be shown" placeholder, with no console error, no CSP violation (checkEachTest) and nothing
// for axe to report. Every dataset page of the menu: grid-pages.spec.ts.

checkEachTest(test);

const ADA = 'ada@contoso.example';

test('the reports page shows the custom dashboards and reports, and the customer metrics page the key figures', async ({
  page,
}) => {
  await signedInAs(page, ADA);
  const errors = watchErrors(page);
  await page.goto('/billing/reports');
  await expect(page.getByRole('region', { name: 'Custom dashboards and reports' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Azure subscriptions' })).toContainText('Cost last month');
  await expectAxeClean(page);
  await page.goto('/billing/customer-metrics');
  await expect(page.getByRole('region', { name: 'Open recommendations' })).toContainText('Savings a month');
  await expect(page.getByRole('region', { name: 'Microsoft 365 licences' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the release notes page lists the versions, newest first, and narrows them to one area', async ({ page }) => {
  await signedInAs(page, ADA);
  const errors = watchErrors(page);
  await page.goto('/billing/release-notes');
  const notes = page.getByRole('region', { name: 'Release notes' });
  const versions = notes.getByRole('article');
  await expect(versions.first().getByRole('heading', { level: 2 })).toHaveText(/^Version \S+ — /);
  const all = await notes.getByRole('listitem').count();
  await notes.getByRole('combobox', { name: 'Area' }).selectOption('Assistant');
  await expect.poll(() => notes.getByRole('listitem').count()).toBeLessThan(all);
  for (const area of await notes.locator('.cp-release-notes__area').allTextContents()) expect(area).toBe('Assistant');
  await expect(page.getByText('This page cannot be shown')).toHaveCount(0);
  await expectAxeClean(page);
  expect(errors).toEqual([]);
});

test('the settings drawer leads to the legacy homepage: ada’s recent and most visited pages, and the key figures', async ({
  page,
}) => {
  await openSignedIn(page, ADA, '/billing/azure-subscriptions');
  await expect(page.getByRole('grid', { name: 'Subscriptions' })).toBeVisible();
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('link', { name: 'Legacy Homepage' }).click();
  await expect(page).toHaveURL(/\/billing\/legacy-homepage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Legacy Homepage' })).toBeVisible();
  const recent = page.getByRole('region', { name: 'Your recent pages' });
  await expect(recent.getByRole('link', { name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your most visited pages' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key figures' })).toContainText('Subscriptions');
  await recent.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page).toHaveURL(/\/billing\/azure-subscriptions$/);
  await expectAxeClean(page);
});

/** Opens a page through the side navigation: expands each parent of `path`, then follows its last item. */
async function openFromMenu(page: Page, path: string[]) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const parent of path.slice(0, -1)) {
    const toggle = nav.getByRole('button', { name: parent, exact: true });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  await nav.getByRole('link', { name: path.at(-1)!, exact: true }).click();
}

test('ada reaches pages of every kind through the menu: grids, tabbed grids, dashboards and the settings', async ({
  page,
}) => {
  await signedInAs(page, ADA);
  const steps: [string[], (p: Page) => Promise<void>][] = [
    [
      ['Azure', 'Cost Management', 'FOCUS Cost Data'],
      (p) => expect(p.getByRole('grid', { name: 'FOCUS cost rows' }).getByRole('row').nth(1)).toBeVisible(),
    ],
    [
      ['Microsoft 365', 'Licence Users'],
      (p) => expect(p.getByRole('grid', { name: 'Licensed users' }).getByRole('row').nth(1)).toBeVisible(),
    ],
    [
      ['Microsoft 365', 'Users'],
      (p) => expect(p.getByRole('grid', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible(),
    ],
    [
      ['Recommendations', 'AWS'],
      (p) => expect(p.getByRole('grid', { name: 'AWS recommendations' }).getByRole('row').nth(1)).toBeVisible(),
    ],
    [
      ['Recommendations', 'Archive'],
      (p) => expect(p.getByRole('grid', { name: 'Archived recommendations' })).toBeVisible(),
    ],
    [
      ['Security', 'Alerts'],
      (p) => expect(p.getByRole('grid', { name: 'Alerts' }).getByRole('row').nth(1)).toBeVisible(),
    ],
    [['Reports'], (p) => expect(p.getByRole('region', { name: 'Custom dashboards and reports' })).toBeVisible()],
    [['Administration', 'Settings'], (p) => expect(p.getByRole('region', { name: 'Licences' })).toBeVisible()],
  ];
  for (const [path, shows] of steps) {
    await openFromMenu(page, path);
    await shows(page);
    await expect(page.getByText('This page cannot be shown')).toHaveCount(0);
  }
});

test('ada answers the licence questionnaire from the menu: a preview is not kept, saved answers are', async ({
  page,
}) => {
  await signedInAs(page, ADA);
  const errors = watchErrors(page);
  await page.goto('/billing/azure-subscriptions');
  await openFromMenu(page, ['Microsoft 365', 'Licence Questionnaire']);
  const office = page.getByRole('textbox', { name: 'People who need the desktop Office apps' });
  await expect(office).not.toHaveValue('');
  await expect(page.getByRole('region', { name: 'Recommended licences' })).toContainText('Microsoft 365 E3');
  await expectAxeClean(page);

  // A wrong answer is refused where it was typed.
  const copilot = page.getByRole('textbox', { name: 'People who should use Microsoft 365 Copilot' });
  await copilot.fill('100001');
  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(copilot).toBeFocused();
  await expect(page.getByText('Enter a whole number from 0 to 100,000.')).toBeVisible();

  await copilot.fill('25');
  await page.getByRole('textbox', { name: 'Frontline workers on shared or mobile devices' }).fill('40');
  await page.getByRole('button', { name: 'Preview recommendation' }).click();
  const preview = page.getByRole('region', { name: 'Recommended licences (not saved)' });
  await expect(preview.getByRole('row', { name: /Microsoft 365 Copilot/ })).toContainText('25');
  await expect(preview.getByRole('row', { name: /Microsoft 365 F3/ })).toContainText('40');

  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText(/^Saved by Ada Lovelace on /)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'People who should use Microsoft 365 Copilot' })).toHaveValue('25');
  await expect(
    page.getByRole('region', { name: 'Recommended licences' }).getByRole('row', { name: /Microsoft 365 F3/ }),
  ).toContainText('40');
  expect(errors).toEqual([]);
});
