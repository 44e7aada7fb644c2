import { expect, test } from './support/test';
import { expectAxeClean, watchCsp } from './support/axe';
import { signedInAs } from './support/session';
import { recordSdkScripts } from './support/scripts';

// <cp-report> and <cp-saved-views for> on a partner's own page, from the standalone bundle: the
// report embeds through the real powerbi-client into the reference server's embed emulator; the
// partner's script follows the cp-report-* events.
test('the partner page shows <cp-report> with its saved views placed elsewhere, and hears its events', async ({
  page,
}) => {
  const csp = watchCsp(page);
  // The visitor has a portal session (the refresh cookie); the elements resume it on their own.
  await signedInAs(page, 'ada@contoso.example');
  const scripts = recordSdkScripts(page);
  await page.goto('/partner/report.html');

  const frame = page.frameLocator('iframe[title="Power BI report"]');
  await expect(frame.getByRole('heading', { level: 1, name: 'Billing overview' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Showing Billing overview, page Overview.' })).toBeVisible();
  // saved-views="false": <cp-saved-views> holds the saved-view buttons; the report's own toolbar keeps
  // only 'Toggle Filter' (the page has filters), which does not depend on the saved views.
  const reportTools = page.locator('cp-report').getByRole('toolbar', { name: 'Report tools' });
  await expect(reportTools.getByRole('button', { name: 'Toggle Filter' })).toBeVisible();
  await expect(reportTools.getByRole('button', { name: 'Saved views' })).toHaveCount(0);
  const views = page.getByRole('region', { name: 'Your views' });
  await expect(views.getByRole('button', { name: 'Saved views' })).toBeEnabled();
  await expectAxeClean(page);
  // A page with a report pays for the report: its view and powerbi-client, not the assistant's.
  expect(scripts).toEqual(
    expect.arrayContaining(['cloudportal-elements', 'mount', 'report-view', 'saved-views-view', 'powerbi']),
  );
  for (const other of ['assistant-view', 'shell-view', 'answerPipeline']) expect(scripts).not.toContain(other);

  await frame.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Cost by Service' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Page Cost by Service.' })).toBeVisible();

  // Saving through the partner's <cp-saved-views> stores a view of the report and raises cp-report-view-saved.
  const name = `Partner ${Date.now().toString(36)}`;
  await views.getByRole('button', { name: 'Save the current view' }).click();
  const add = page.getByRole('dialog', { name: 'Save view' });
  await add.getByRole('textbox', { name: 'View name' }).fill(name);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved the view ${name}.` })).toBeVisible();

  // The Default View from the partner's popup: applied to the report, cp-report-view-applied heard.
  await views.getByRole('button', { name: 'Saved views' }).click();
  const popup = page.getByRole('dialog', { name: 'Saved views' });
  await popup.getByRole('button', { name: name }).first().waitFor();
  await popup.getByRole('button', { name: 'Default View' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Applied the view Default View.' })).toBeVisible();
  await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();

  // Tidy up: the view saved by this run is deleted (queued in the popup, applied on close).
  await views.getByRole('button', { name: 'Saved views' }).click();
  await popup.getByRole('button', { name: `Delete ${name}` }).click();
  await popup.getByRole('button', { name: 'Close' }).click();
  expect(csp).toEqual([]);
});

test('a visitor without a portal session sees a sign-in link where the report would be', async ({ page }) => {
  await page.goto('/partner/report.html');
  await expect(page.getByRole('link', { name: 'Sign in to see this report' })).toBeVisible();
  await expect(page.locator('iframe[title="Power BI report"]')).toHaveCount(0);
});
