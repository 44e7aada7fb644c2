import type { APIRequestContext } from '@playwright/test';
import { expectAxeClean, watchCsp } from './support/axe';
import { entraIdToken } from './support/fakeEntra';
import { ALL_PIECES as ALL, partnerPort, partnerSites, SITES, type PartnerSites } from './support/partnerSite';
import { expect, test, type Page } from './support/test';

// Issue 38: a partner's website on a real second origin (http://127.0.0.1:<port>, the portal being on
// http://localhost:<port>), with the demo connected site's own back end signing each visitor's token.
// Each test's site is registered through the administrators' API, as Settings, Connected sites does.

test.describe('a partner’s website on its own origin (issue 38)', () => {
  let api: APIRequestContext;
  let sites: PartnerSites;
  let token: string;
  const connectedSite: PartnerSites['start'] = (...args) => sites.start(...args);

  test.beforeAll(async ({ playwright, workerPortalUrl }) => {
    api = await playwright.request.newContext({ baseURL: workerPortalUrl });
    sites = await partnerSites(api);
    token = sites.token;
  });
  test.afterAll(async () => {
    await sites.close();
    await api.dispose();
  });

  const assistantOf = (page: Page) => page.locator('cp-assistant');
  /** The partner page's list of the events its pieces raised. */
  const events = (page: Page) => page.locator('#events');

  test('every piece works signed in through the partner’s token, and the token is renewed through its provider', async ({
    page,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await connectedSite(partnerPort(testInfo.parallelIndex, 0), workerPortalUrl);
    const csp = watchCsp(page);
    await page.goto(url);
    await expect(page.getByRole('status').filter({ hasText: /signed 1 token/ })).toBeVisible({ timeout: 20_000 });

    // The assistant is ready to take a question: its chat restored or begun through the site's token.
    // (Its answers are assistant.spec.ts's: the per-user limit of two questions a minute is spent there.)
    const assistant = assistantOf(page);
    await expect(assistant.getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled({ timeout: 20_000 });
    await expect(assistant.getByRole('alert')).toHaveCount(0);

    // A dataset page shows its rows.
    const grid = page.locator('cp-page').getByRole('grid');
    await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });

    // The report shows in the portal's embed frame, with its saved views placed on the partner's page.
    const frame = page.frameLocator('iframe[title="Power BI report"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Billing overview' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('cp-saved-views').getByRole('button', { name: 'Saved views' })).toBeEnabled();

    // Search finds a portal page.
    await page.getByRole('button', { name: 'Search the portal' }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByRole('combobox', { name: 'What would you like to find?' }).fill('burn rate');
    await expect(search.getByRole('option', { name: /Budgets/ }).first()).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');

    // Feedback reaches the portal.
    await page.getByRole('button', { name: 'Feedback', exact: true }).click();
    const feedback = page.getByRole('dialog', { name: /^Feedback/ });
    // A star is clicked as a person does: on its label, not the visually hidden radio inside.
    await feedback
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
      .click();
    await feedback.getByRole('textbox', { name: 'Comment' }).fill(`From the partner's site ${Date.now()}`);
    await feedback.getByRole('button', { name: 'Submit' }).click();
    // Stored: the element raised cp-feedback-submitted, which the partner's page lists.
    await expect(feedback).toHaveCount(0);
    await expect(events(page).getByText('cp-feedback-submitted')).toBeVisible();

    await expectAxeClean(page);
    expect(csp).toEqual([]);

    // The app token lives 40 s in the e2e servers: 30 s before it ends the provider is asked again,
    // and the pieces go on with the new token.
    await expect(page.getByRole('status').filter({ hasText: /signed 2 tokens/ })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Search the portal' }).click();
    await search.getByRole('combobox', { name: 'What would you like to find?' }).fill('reservations');
    await expect(search.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
    await expect(assistant.getByRole('alert')).toHaveCount(0);
  });

  test('an origin the site does not list, a disabled site and a visitor outside the tenant each read why, with an event', async ({
    page,
    workerPortalUrl,
  }, testInfo) => {
    const refused = async (url: string, message: string, code: string) => {
      await page.goto(url);
      await expect(assistantOf(page).getByRole('alert')).toHaveText(message, { timeout: 20_000 });
      await expect(assistantOf(page).getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(events(page).getByText(`cp-assistant-error: ${code}`)).toBeVisible();
    };

    // The site lists another origin than the one its page is served from.
    const listed = await connectedSite(partnerPort(testInfo.parallelIndex, 1), workerPortalUrl, {
      origin: 'https://partner.example',
    });
    await refused(
      listed.url,
      "This website is not connected to the portal. Ask the portal's administrator to add it under Settings, Connected sites.",
      'origin-not-registered',
    );

    // A site its administrator switched off.
    const off = await connectedSite(partnerPort(testInfo.parallelIndex, 2), workerPortalUrl);
    const res = await api.put(`${SITES}/${off.site.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Off', origins: [new URL(off.url).origin], pieces: ALL, enabled: false },
    });
    expect(res.status()).toBe(200);
    await refused(off.url, "This website's connection to the portal is switched off.", 'site-disabled');

    // The partner's visitor has no access to the tenant's portal.
    const open = await connectedSite(partnerPort(testInfo.parallelIndex, 3), workerPortalUrl);
    await refused(
      `${open.url}?as=gus`,
      "You have no access to this portal's data. Ask your administrator for access.",
      'user-not-in-tenant',
    );
    await expectAxeClean(page);
  });

  test('a piece outside the site’s list says so, and the pieces it lists work', async ({
    page,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await connectedSite(partnerPort(testInfo.parallelIndex, 4), workerPortalUrl, {
      pieces: {
        assistant: true,
        search: false,
        feedback: false,
        savedViews: false,
        pages: ['azure-budgets'],
        reports: [],
      },
    });
    await page.goto(url);
    const message = 'This website may not show this part of the portal.';
    await expect(page.locator('cp-page').getByRole('alert')).toHaveText(message, { timeout: 20_000 });
    await expect(page.locator('cp-report').getByRole('alert')).toHaveText(message);
    await expect(page.locator('cp-search').getByRole('alert')).toHaveText(message);
    await expect(page.locator('cp-feedback').getByRole('alert')).toHaveText(message);
    await expect(events(page).getByText(`cp-page-error: piece-not-allowed — ${message}`)).toBeVisible();
    await expect(events(page).getByText(`cp-search-error: piece-not-allowed — ${message}`)).toBeVisible();
    // The assistant, which the site lists, is there to ask.
    await expect(assistantOf(page).getByRole('textbox', { name: 'Ask the assistant' })).toBeVisible();
    await expect(assistantOf(page).getByRole('alert')).toHaveCount(0);
  });

  test('a site that signs its users in with Entra ID: their identity token signs them in there, without a cookie', async ({
    page,
    context,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await connectedSite(partnerPort(testInfo.parallelIndex, 5), workerPortalUrl);
    // The partner's back end hands over the visitor's Entra ID identity token (as MSAL got it from the
    // fake Entra ID of the tests, whose keys the e2e server trusts) instead of a token it signs.
    let asked = 0;
    await page.route(`${url}token**`, async (route) =>
      route.fulfill({ json: { idToken: await entraIdToken(), signed: ++asked } }),
    );
    await page.goto(url);
    const assistant = assistantOf(page);
    await expect(assistant.getByRole('textbox', { name: 'Ask the assistant' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('cp-page').getByRole('grid').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    await expect(assistant.getByRole('alert')).toHaveCount(0);
    expect(await context.cookies(workerPortalUrl)).toEqual([]);
    // Renewed through the provider before the 40 s app token ends.
    await expect.poll(() => asked, { timeout: 30_000 }).toBeGreaterThan(1);
    await expect(assistant.getByRole('alert')).toHaveCount(0);
  });
});
