import { expect, test, type FrameLocator, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { openSignedIn, signedInAs } from './support/session';

// The report view in the reference portal (spec §2 "Embedded report view", §4 "Report view", §5
// "Bookmarks"): the demo reports embed through the real powerbi-client into the reference server's
// Power BI embed emulator (@cloudportal/testing), with the saved views stored on the server.

checkEachTest(test);

const ADA = 'ada@contoso.example';
const reportFrame = (page: Page): FrameLocator => page.frameLocator('iframe[title="Power BI report"]');
const toast = (page: Page, title: string) =>
  page
    .getByRole('status')
    .filter({ hasText: title })
    .or(page.getByRole('alert').filter({ hasText: title }));

/** Signs in as ada on a fresh copy of her saved views: removes those a previous run left on the overview. */
async function openOverview(page: Page): Promise<FrameLocator> {
  await signedInAs(page, ADA);
  const frame = reportFrame(page);
  await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible({ timeout: 20_000 });
  // Loaded and its saved views read (the buttons are enabled only then): a page chosen earlier
  // could be taken back by the view the report view applies first.
  await expect(page.getByRole('button', { name: 'Save the current view' })).toBeEnabled();
  return frame;
}

test('ada sees the billing overview report on her home page and moves between its pages', async ({ page }) => {
  const frame = await openOverview(page);
  await expect(page.getByRole('toolbar', { name: 'Report tools' })).toBeVisible();
  await expect(frame.getByRole('heading', { level: 1, name: 'Billing overview' })).toBeVisible();
  await frame.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Cost by Service' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Cost by Service' })).toBeVisible();
  await expectAxeClean(page);
  // The page has filters: 'Toggle Filter' shows and hides the report's filter pane.
  const toggle = page.getByRole('button', { name: 'Toggle Filter' });
  await expect(frame.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(frame.getByRole('complementary', { name: 'Filters' })).toBeVisible();
  await toggle.click();
  await expect(frame.getByRole('complementary', { name: 'Filters' })).toHaveCount(0);
});

test('saves a view, finds it applied first after a reload, switches to the Default View, and deletes it from the popup', async ({
  page,
}) => {
  const frame = await openOverview(page);
  // A view of the 'Monthly Trend' page, under a name of this run.
  const name = `Trend ${Date.now().toString(36)}`;
  await frame.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Monthly Trend' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Monthly Trend' })).toBeVisible();
  await page.getByRole('button', { name: 'Save the current view' }).click();
  const add = page.getByRole('dialog', { name: 'Save view' });
  const input = add.getByRole('textbox', { name: 'View name' });
  await input.fill('default view');
  await expect(add.getByRole('alert')).toHaveText('Default View is reserved and cannot be added');
  await expect(add.getByRole('button', { name: 'Save' })).toBeDisabled();
  await input.fill('x'.repeat(41));
  await expect(add.getByRole('alert')).toHaveText('Maximum length is 40 characters.');
  await input.fill(name);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(toast(page, 'View Saved')).toBeVisible();

  // After a reload the most recent view is applied first: the report opens on its page.
  await page.reload();
  await expect(frame.getByRole('heading', { level: 2, name: 'Monthly Trend' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Saved views' }).click();
  const popup = page.getByRole('dialog', { name: 'Saved views' });
  await expect(popup.getByRole('button', { name, exact: true })).toHaveAttribute('aria-current', 'true');
  await expectAxeClean(page);

  // The Default View: the page the report opened on.
  await popup.getByRole('button', { name: 'Default View' }).click();
  await expect(toast(page, "View Changed to 'Default View'")).toBeVisible();
  await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();

  // Deleting is queued in the popup and applied when it closes.
  await page.getByRole('button', { name: 'Saved views' }).click();
  await popup.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(popup.getByRole('status')).toContainText('will be deleted when you close this list');
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(toast(page, 'View(s) Deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Saved views' }).click();
  await expect(popup.getByRole('button', { name, exact: true })).toHaveCount(0);
});

test("a report the tenant is not licensed for shows the 'Unlicensed feature' card", async ({ page }) => {
  await openSignedIn(page, ADA, '/billing/security?tab=Posture');
  const card = page.getByRole('status', { name: 'Unlicensed feature' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Action: ');
  await expectAxeClean(page);
});

test("a report whose configured page is missing shows 'Configuration Error'", async ({ page }) => {
  await openSignedIn(page, ADA, '/billing/usage-legacy');
  const card = page.getByRole('alert', { name: 'Configuration Error' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('Please contact administrator.');
});

test('a report whose embed token fails shows the marketing image linking to the sales e-mail', async ({ page }) => {
  await openSignedIn(page, ADA, '/billing/overview?tab=Savings+Forecast');
  const link = page.getByRole('link', { name: /Contact .+@/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(link).toHaveAttribute('href', /^mailto:.+@/);
});

test('the embed token is refreshed before it expires and swapped into the same frame: the page stays', async ({
  page,
}) => {
  await page.clock.install();
  const frame = await openOverview(page);
  await frame.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Monthly Trend' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Monthly Trend' })).toBeVisible();
  // A mark in the frame's document: a re-embed would load a new one.
  const frameElement = page.locator('iframe[title="Power BI report"]');
  await (await frameElement.contentFrame().locator('body').elementHandle())!.evaluate(
    () => ((window as unknown as { cpMark: number }).cpMark = 42),
  );
  const refreshed = page.waitForResponse(
    (r) =>
      /\/api\/report\/embed\/token\/report\/billing-overview\/refresh$/.test(r.url()) &&
      r.request().method() === 'POST',
  );
  // Embed tokens live 10 minutes; the refresh is due 30 s before expiry.
  await page.clock.fastForward('09:35');
  expect((await refreshed).status()).toBe(200);
  await expect(frame.getByRole('heading', { level: 2, name: 'Monthly Trend' })).toBeVisible();
  expect(
    await (await frameElement.contentFrame().locator('body').elementHandle())!.evaluate(
      () => (window as unknown as { cpMark?: number }).cpMark,
    ),
  ).toBe(42);
  await expect(frameElement).toHaveCount(1);
  // (The server issues tokens on its real clock while the page's runs ahead, so what the frame does
  // after the old token's expiry is not judged here: the emulator spec checks setAccessToken there.)
  await expect(page.getByRole('alert', { name: 'The report could not be shown.' })).toHaveCount(0);
});

test('a pbiReport page shows the pages of its whole page-name filter, and only those', async ({ page }) => {
  await openSignedIn(page, ADA, '/billing/azure-cost-analysis');
  const frame = reportFrame(page);
  await expect(frame.getByRole('heading', { level: 2, name: 'Cost by Resource Group' })).toBeVisible({
    timeout: 20_000,
  });
  const pages = page.getByRole('group', { name: 'Report pages' });
  await expect(pages.getByRole('button')).toHaveText(['Cost by Resource Group', 'Cost by Region']);
  // Power BI's own page navigation, which would lead to the report's third page, is not shown.
  await expect(frame.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await pages.getByRole('button', { name: 'Cost by Region' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Cost by Region' })).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Cost by Region' })).toHaveAttribute('aria-pressed', 'true');
  await expectAxeClean(page);
});
