import { expect, test, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { openSignedIn, signedInAs } from './support/session';

// Every feature page the SDK registers (issue 13), as ada reaches it from the demo menu: it shows
// its content (a grid with rows, or a dashboard's cards), never the "cannot be shown" placeholder,
// with no console error, no CSP violation (checkEachTest) and nothing for axe to report.

checkEachTest(test);

const ADA = 'ada@contoso.example';

/**
 * [menu URL, the grid's name] of every dataset page ada's menu opens. The Copilot score is a preview
 * item (spec §2: hidden unless preview is on), so her menu has no URL for it; pages.test.tsx renders it.
 */
const GRID_PAGES: [string, string][] = [
  ['/billing/azure-subscriptions', 'Subscriptions'],
  ['/billing/azure-resources', 'Azure resources'],
  ['/billing/azure-focus', 'FOCUS cost rows'],
  ['/billing/recommendations?tab=Azure', 'Azure recommendations'],
  ['/billing/recommendations?tab=Microsoft+365', 'Microsoft 365 recommendations'],
  ['/billing/recommendations-aws', 'AWS recommendations'],
  ['/billing/recommendations-archive', 'Archived recommendations'],
  ['/billing/best-practice-recommendations', 'Azure recommendations'],
  ['/billing/m365?tab=Licences', 'Licences'],
  ['/billing/m365-license-users', 'Licensed users'],
  ['/billing/m365-users', 'Users'],
  ['/billing/alerts', 'Alerts'],
  ['/billing/azure-budgets', 'Azure budgets'],
  ['/billing/azure-reservations?tab=RI+and+SP+Contracts', 'Reservations and savings plans'],
  ['/billing/azure-reservations?tab=EA+Reservations', 'EA reservations'],
  ['/billing/security?tab=Secure+Score', 'Secure Score improvement actions'],
  ['/billing/usage', 'Microsoft 365 usage'],
  ['/billing/usage-teams', 'Teams usage'],
  ['/billing/usage-mail', 'Mail usage'],
  ['/billing/usage-sharepoint', 'SharePoint usage'],
  ['/billing/overview?tab=Invoices', 'Invoices'],
  ['/billing/azure-macc', 'Azure consumption commitment months'],
  ['/billing/azure-shared-costs', 'Shared cost allocations'],
  ['/billing/azure-anomalies', 'Cost anomalies'],
  ['/billing/project-costs', 'Project costs'],
  ['/billing/azure-enrollments', 'Enrolment accounts'],
  ['/billing/bom-summary', 'Bill of materials lines'],
  ['/billing/bill-of-materials/models-comparison', 'Bill of materials lines'],
  ['/billing/tags', 'Tags and values'],
  ['/billing/admin?tab=Log+Analytics', 'Log Analytics workspaces'],
  ['/billing/admin?tab=Service+Health', 'Service health events'],
  ['/billing/pipelines', 'Data pipelines'],
  ['/billing/rules', 'Rules'],
  ['/billing/alerts?tab=Alert+Definitions', 'Alert rules'],
  ['/billing/alerts?tab=Metric+Alerts', 'Metric alerts'],
  ['/billing/security-alerts', 'Security alerts'],
  ['/billing/m365?tab=Groups', 'Microsoft 365 groups'],
  ['/billing/m365?tab=Devices', 'Managed devices'],
  ['/billing/m365-joiners?tab=Joiners', 'Joiners'],
  ['/billing/m365-joiners?tab=Leavers', 'Leavers'],
  ['/billing/m365-worker-profiles', 'Worker profiles'],
  ['/billing/m365-teams-calls', 'Teams call days'],
  ['/billing/third-party-apps', 'Third-party apps'],
  ['/billing/sharepoint-tenant-settings', 'SharePoint tenant settings'],
  ['/billing/usage-score?tab=Score', 'Usage score checks'],
  ['/billing/usage-score?tab=Assessment', 'Usage assessment findings'],
];

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

for (const [url, grid] of GRID_PAGES) {
  test(`${url} shows ${grid} with its rows and key figures`, async ({ page }) => {
    const errors = watchErrors(page);
    await openSignedIn(page, ADA, url);
    const table = page.getByRole('grid', { name: grid });
    await expect(table.getByRole('row').nth(1).getByRole('gridcell').first()).not.toHaveText('', { timeout: 10_000 });
    await expect(page.getByRole('region', { name: 'Key figures' }).first()).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText('This page cannot be shown')).toHaveCount(0);
    // Charts draw on a canvas once ECharts has loaded.
    const charts = page.getByRole('group', { name: 'Charts' }).getByRole('figure');
    for (const figure of await charts.all()) await expect(figure.locator('canvas')).toHaveCount(1, { timeout: 10_000 });
    // axe judges every page of the menu, light and dark, in layout.spec.ts.
    expect(errors).toEqual([]);
  });
}

test('the reports page shows the custom dashboards and reports, and the customer metrics page the key figures', async ({ page }) => {
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

test('the settings drawer leads to the legacy homepage: ada’s recent and most visited pages, and the key figures', async ({ page }) => {
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

test('ada reaches pages of every kind through the menu: grids, tabbed grids, dashboards and the settings', async ({ page }) => {
  await signedInAs(page, ADA);
  const steps: [string[], (p: Page) => Promise<void>][] = [
    [['Azure', 'Cost Management', 'FOCUS Cost Data'], (p) => expect(p.getByRole('grid', { name: 'FOCUS cost rows' }).getByRole('row').nth(1)).toBeVisible()],
    [['Microsoft 365', 'Licence Users'], (p) => expect(p.getByRole('grid', { name: 'Licensed users' }).getByRole('row').nth(1)).toBeVisible()],
    [['Microsoft 365', 'Users'], (p) => expect(p.getByRole('grid', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible()],
    [['Recommendations', 'AWS'], (p) => expect(p.getByRole('grid', { name: 'AWS recommendations' }).getByRole('row').nth(1)).toBeVisible()],
    [['Recommendations', 'Archive'], (p) => expect(p.getByRole('grid', { name: 'Archived recommendations' })).toBeVisible()],
    [['Security', 'Alerts'], (p) => expect(p.getByRole('grid', { name: 'Alerts' }).getByRole('row').nth(1)).toBeVisible()],
    [['Reports'], (p) => expect(p.getByRole('region', { name: 'Custom dashboards and reports' })).toBeVisible()],
    [['Administration', 'Settings'], (p) => expect(p.getByRole('region', { name: 'Licences' })).toBeVisible()],
  ];
  for (const [path, shows] of steps) {
    await openFromMenu(page, path);
    await shows(page);
    await expect(page.getByText('This page cannot be shown')).toHaveCount(0);
  }
});

test('ada answers the licence questionnaire from the menu: a preview is not kept, saved answers are', async ({ page }) => {
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
  await expect(page.getByRole('region', { name: 'Recommended licences' }).getByRole('row', { name: /Microsoft 365 F3/ })).toContainText('40');
  expect(errors).toEqual([]);
});
