import { EMULATOR_FAIL_KEY } from '@cloudportal/testing';
import { expect, test, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { fault, toast } from './support/faults';
import { appToken, signedInAs, signInAs } from './support/session';

// Spec §8, the error catalogue, reached through the reference server's FAULTS=on switch (a rule makes
// the next request to a path answer an error) and, for the Power BI frame's own calls, through the
// embed emulator's fail switch. Each test asserts the exact text the spec gives and that nothing the
// user typed is lost. The table "Errors of spec §8 and the tests that reach them" of docs/development.md points here.

checkEachTest(test);

const ADA = 'ada@contoso.example';
const MULTI = 'multi@wingtip.example';
const PORTAL = '/services/api-portal-customer';
const GRAPHQL = `${PORTAL}/graphql`;
const CHATBOT = '/services/ai-chatbot/api/chat';

// A fault rule is the worker's own server's (support/faults.ts) and affects one request (`times: 1`)
// made right after it is set: the tests need no order and run on any worker.

test("§8 sign-in: a failed sign-in answer shows 'Authentication error' / 'Unable to identify user: …' and stays on /login", async ({
  page,
  request,
}) => {
  await fault(request, { method: 'POST', path: '/api/auth/azure/token', status: 500 });
  await signInAs(page, ADA);
  const shown = toast(page, 'Authentication error');
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Unable to identify user: ');
  await expect(page).toHaveURL(/\/login$/);
  // The next attempt goes through.
  await page.getByRole('button', { name: ADA }).click();
  await expect(page).toHaveURL(/\/billing\/overview$/);
});

/** Signs ada in and waits for her overview report. */
async function overviewReport(page: Page) {
  await signedInAs(page, ADA);
  const frame = page.frameLocator('iframe[title="Power BI report"]');
  await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible({ timeout: 20_000 });
  return frame;
}

test("§8 views: 'Could Not Capture View' and 'Save Failed: …' keep the name typed, and saving again works", async ({
  page,
  request,
}) => {
  await overviewReport(page);
  const name = `Kept ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Save the current view' }).click();
  const add = page.getByRole('dialog', { name: 'Save view' });
  const input = add.getByRole('textbox', { name: 'View name' });
  await input.fill(name);

  // The frame cannot capture the view (the emulator's fail switch, in the frame's own origin: the
  // loopback twin of the portal's, a site of its own as Power BI's frame is).
  const emulator = page.frames().find((f) => f.url().includes('/powerbi-emulator/reportEmbed'))!;
  expect(new URL(emulator.url()).origin).not.toBe(new URL(page.url()).origin);
  await emulator.evaluate((key) => sessionStorage.setItem(key, 'bookmarks/capture'), EMULATOR_FAIL_KEY);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Could Not Capture View')).toBeVisible();
  await expect(add.getByRole('alert')).toHaveText('Could Not Capture View');
  await expect(input).toHaveValue(name);
  await emulator.evaluate((key) => sessionStorage.removeItem(key), EMULATOR_FAIL_KEY);

  // The server does not store it.
  await fault(request, { method: 'POST', path: GRAPHQL, status: 500 });
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Save Failed')).toContainText('Your view could not be saved. Please try again.');
  await expect(input).toHaveValue(name);

  // Saving again works.
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(toast(page, 'View Saved')).toBeVisible();
});

test("§8 views: 'Delete Failed: …' keeps the view; a failed list is an empty one", async ({ page, request }) => {
  const frame = await overviewReport(page);
  const name = `Stays ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Save the current view' }).click();
  const add = page.getByRole('dialog', { name: 'Save view' });
  await add.getByRole('textbox', { name: 'View name' }).fill(name);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'View Saved')).toBeVisible();

  await page.getByRole('button', { name: 'Saved views' }).click();
  const popup = page.getByRole('dialog', { name: 'Saved views' });
  await popup.getByRole('button', { name: `Delete ${name}` }).click();
  await fault(request, { method: 'POST', path: GRAPHQL, status: 500 });
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(toast(page, 'Delete Failed')).toContainText('Selected view(s) could not be deleted. Please try again.');
  await page.getByRole('button', { name: 'Saved views' }).click();
  await expect(popup.getByRole('button', { name, exact: true })).toBeVisible();
  await expectAxeClean(page);
  await popup.getByRole('button', { name: 'Close' }).click();

  // Spec §8 "Bookmark fetch errors yield an empty list": the list query answers an error on the next
  // load (intercepted in the browser: the fault switch cannot tell one GraphQL query from another).
  await page.route(`**${GRAPHQL}`, (route) =>
    route.request().postData()?.includes('GetPbiBookmarks')
      ? route.fulfill({ status: 500, body: '{}' })
      : route.continue(),
  );
  await page.reload();
  await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Saved views' }).click();
  await expect(popup.getByText('No saved views yet.')).toBeVisible();
});

test("§8 search: a failed search shows the empty list and 'No results...'", async ({ page, request }) => {
  await signedInAs(page, ADA);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await fault(request, { method: 'GET', path: '/services/api-portal-customer/api/portal/menu/index', status: 500 });
  const box = dialog.getByRole('combobox', { name: 'What would you like to find?' });
  await box.fill('budgets');
  await expect(dialog.getByText('No results...')).toBeVisible();
  await expect(dialog.getByRole('option')).toHaveCount(0);
  await expect(box).toHaveValue('budgets');
});

test("§8 chat: a failed answer says 'An error occurred. Please try again later.' and re-enables the input; rename and delete failures toast and change nothing", async ({
  page,
  request,
}) => {
  await signedInAs(page, ADA);
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const input = page.getByRole('textbox', { name: 'Ask the assistant' });
  await expect(input).toBeEnabled();
  const chat = page.getByRole('dialog').filter({ has: input });
  const send = chat.getByRole('button', { name: 'Send' });
  // Restored (or created) and ready: a question typed before then waits for Send.
  await expect(chat.getByRole('region', { name: 'Conversation' })).toHaveAttribute('aria-busy', 'false');

  await fault(request, { method: 'POST', path: `${CHATBOT}/generate`, status: 500 });
  await input.fill('What did we spend on storage?');
  await expect(send).toBeEnabled();
  await input.press('Enter');
  await expect(
    chat.getByRole('region', { name: 'Conversation' }).getByText('An error occurred. Please try again later.'),
  ).toBeVisible();
  await expect(input).toBeEnabled();
  // The question is still there: sending it again is answered (a fault never counts towards the rate limit).
  await expect(input).toHaveValue('What did we spend on storage?');
  await expect(send).toBeEnabled();
  await input.press('Enter');
  // Answered: the question left the input, and the answer came.
  await expect(input).toHaveValue('');
  await expect(input).toBeEnabled({ timeout: 15_000 });
  await expect(chat.getByRole('region', { name: 'Conversation' }).getByRole('listitem').last()).not.toContainText(
    'An error occurred',
  );

  // Rename and delete the chat in her history, each failing once.
  await chat.getByRole('button', { name: 'Chat history' }).click();
  const history = chat.getByRole('region', { name: 'Chat history' });
  const first = history.getByRole('button', { name: /^Rename / }).first();
  const title = ((await first.getAttribute('aria-label')) ?? '').replace(/^Rename /, '');
  // Other tests may have asked ada the same question: the chat is the newest of that title, and the
  // history holds as many of that title after each failure as before it.
  const named = (action: 'Rename' | 'Delete') =>
    history.getByRole('button', { name: `${action} ${title}`, exact: true });
  const sameTitle = await named('Rename').count();
  await fault(request, { method: 'PUT', path: `${CHATBOT}/history/*`, status: 500 });
  await first.click();
  const rename = page.getByRole('dialog', { name: 'Rename chat' });
  const chatName = rename.getByRole('textbox', { name: 'Chat name' });
  await chatName.fill('Storage review');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('Failed to rename chat')).toBeVisible();
  // The dialog stays with the name she typed; cancelling leaves the chat as it was.
  await expect(chatName).toHaveValue('Storage review');
  await rename.getByRole('button', { name: 'Cancel' }).click();
  await expect(named('Rename')).toHaveCount(sameTitle);

  await fault(request, { method: 'DELETE', path: `${CHATBOT}/history/*`, status: 500 });
  await named('Delete').first().click();
  await expect(page.getByText('Failed to delete chat')).toBeVisible();
  await expect(named('Rename')).toHaveCount(sameTitle);

  // Deleting works again; it also leaves ada's newest chat an empty one, as other tests expect to find it.
  await named('Delete').first().click();
  await expect(page.getByText('Chat deleted successfully')).toBeVisible();
  await expect(named('Rename')).toHaveCount(sameTitle - 1);
});

/** The side navigation. */
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test("§2 shell: a menu that fails to load says 'The menu could not be loaded.'; 'Try again' brings the menu and her page back", async ({
  page,
  request,
}) => {
  await signedInAs(page, ADA);
  const overview = sideNav(page).getByRole('link', { name: 'Billing Overview' });
  await expect(overview).toHaveAttribute('aria-current', 'page');

  // After a reload the session resumes and the shell asks for her menu: that call fails — both the
  // one the page's early refresh makes along (its bundle then carries no menu) and the shell's own.
  await fault(request, { method: 'GET', path: `${PORTAL}/api/portal/menu`, status: 500, times: 2 });
  await page.reload();
  const failed = sideNav(page).getByRole('alert');
  await expect(failed).toContainText('The menu could not be loaded.');
  await expect(overview).toHaveCount(0);
  await expect(page.getByText(ADA)).toBeVisible();
  // The page area says the same, not that her page does not exist.
  const pageCard = page.getByRole('main').getByRole('alert', { name: 'This page cannot be shown' });
  await expect(pageCard).toContainText('The menu could not be loaded.');
  await expect(page.getByText('Page not found')).toHaveCount(0);

  // Trying again loads the menu, and with it the page of the route.
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(overview).toHaveAttribute('aria-current', 'page');
  await expect(sideNav(page).getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing Overview' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Sections of Billing Overview' })).toBeVisible();
});

test("§2/§8 pages: a page whose description fails shows the error page with the server's reason; 'Try again' loads the page", async ({
  page,
  request,
}) => {
  await signedInAs(page, ADA);
  // Her landing page has loaded its own description first.
  await expect(page.getByRole('tablist', { name: 'Sections of Billing Overview' })).toBeVisible();

  await fault(request, { method: 'GET', path: `${PORTAL}/api/portal/menu/page/*`, status: 500 });
  await sideNav(page).getByRole('link', { name: 'Azure', exact: true }).click();
  await expect(page).toHaveURL(/\/billing\/azure$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Azure' })).toBeVisible();
  const error = page.getByRole('alert', { name: 'Page not found' });
  await expect(error).toContainText('Injected fault');

  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('tablist', { name: 'Sections of Azure' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Subscriptions' })).toHaveAttribute('aria-selected', 'true');
  await expect(error).toHaveCount(0);
});

test('§8 reports: a failed embed-token call shows the marketing image linking to the sales e-mail; a 401 is refreshed and retried, and the report shows', async ({
  page,
  request,
}) => {
  const token = `${PORTAL}/api/report/embed/token/report/billing-overview`;
  // Any failure of the embed-token call is a token failure (the frame's own errors are 'The report could not be shown.').
  await fault(request, { method: 'GET', path: token, status: 500 });
  await signedInAs(page, ADA);
  const marketing = page.getByRole('link', {
    name: 'This report is not available for your subscription yet. Contact sales@cloudportal.example to get it.',
  });
  await expect(marketing).toBeVisible({ timeout: 20_000 });
  await expect(marketing).toHaveAttribute('href', 'mailto:sales@cloudportal.example');
  await expect(marketing.getByRole('img')).toBeVisible();
  await expect(page.getByRole('alert', { name: 'The report could not be shown.' })).toHaveCount(0);
  await expectAxeClean(page);

  // An app token the server no longer takes (401) is not a token failure: the portal refreshes it,
  // asks again once, and the report shows.
  await fault(request, { method: 'GET', path: token, status: 401 });
  const refused = page.waitForResponse((r) => r.url().endsWith(token) && r.status() === 401);
  await page.reload();
  await refused;
  const frame = page.frameLocator('iframe[title="Power BI report"]');
  await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible({ timeout: 20_000 });
  await expect(marketing).toHaveCount(0);
});

test("§8 chat: a chat that cannot be created answers 'An error occurred. Please try again later.' and keeps the question; sending again works; a failed history load is an empty list", async ({
  page,
  request,
}) => {
  // Mia, in Contoso: her questions do not share the 2-a-minute limit with ada's.
  await signInAs(page, MULTI);
  await page.getByRole('button', { name: 'Contoso Ltd' }).click();
  await expect(page).toHaveURL(/\/billing\/overview$/);
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const input = page.getByRole('textbox', { name: 'Ask the assistant' });
  const chat = page.getByRole('dialog').filter({ has: input });
  const conversation = chat.getByRole('region', { name: 'Conversation' });
  // Restored (or created) and ready.
  await expect(conversation).toHaveAttribute('aria-busy', 'false');

  // A new chat whose creation fails: nothing is lost yet, her next question creates it...
  const created = page.waitForResponse((r) => r.url().endsWith(`${CHATBOT}/create`) && r.request().method() === 'POST');
  await fault(request, { method: 'POST', path: `${CHATBOT}/create`, status: 500 });
  await chat.getByRole('button', { name: 'New Chat' }).click();
  expect((await created).status()).toBe(500);
  // ...and that creation fails too.
  await fault(request, { method: 'POST', path: `${CHATBOT}/create`, status: 500 });
  const question = 'Which subscriptions cost the most?';
  const send = chat.getByRole('button', { name: 'Send' });
  await input.fill(question);
  await expect(send).toBeEnabled();
  await input.press('Enter');
  await expect(conversation.getByText('An error occurred. Please try again later.')).toBeVisible();
  await expect(input).toBeEnabled();
  await expect(input).toHaveValue(question);

  // Sending it again creates the chat and is answered.
  await expect(send).toBeEnabled();
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(input).toBeEnabled({ timeout: 15_000 });
  await expect(conversation.getByRole('listitem').last()).not.toContainText('An error occurred');

  // Spec §8 "A history load failure leaves the list empty"; opening the list again loads it.
  await fault(request, { method: 'GET', path: `${CHATBOT}/history`, status: 500 });
  const historyButton = chat.getByRole('button', { name: 'Chat history' });
  await historyButton.click();
  const history = chat.getByRole('region', { name: 'Chat history' });
  await expect(history.getByText('No chat history available')).toBeVisible();
  await expect(history.getByRole('button', { name: /^Rename / })).toHaveCount(0);
  await historyButton.click();
  await expect(history).toBeHidden();
  await historyButton.click();
  await expect(history.getByRole('button', { name: /^Rename / }).first()).toBeVisible();
});

test("§2 settings: '{section} could not be loaded.' offers 'Try again'; '{section} could not be saved: {reason}' keeps what she typed, and saving again works", async ({
  page,
  request,
}) => {
  await signedInAs(page, ADA);
  // The tenant link shows once her settings and who-is have loaded (the settings call is the General section's too).
  const settings = sideNav(page).getByRole('link', { name: 'Settings of Contoso Ltd' });
  await expect(settings).toBeVisible();

  await fault(request, { method: 'GET', path: `${PORTAL}/api`, status: 500 });
  await settings.click();
  await expect(page).toHaveURL(/\/billing\/admin-section-settings-dashboard$/);
  const general = page.getByRole('region', { name: 'General' });
  const failed = general.getByRole('alert');
  await expect(failed).toContainText('General could not be loaded.');
  // The other sections load regardless.
  await expect(page.getByRole('region', { name: 'Licences' }).getByRole('table')).toBeVisible();
  await failed.getByRole('button', { name: 'Try again' }).click();
  const email = general.getByRole('textbox', { name: 'Sales e-mail' });
  await expect(email).toHaveValue('sales@cloudportal.example');

  const typed = `billing.${Date.now().toString(36)}@contoso.example`;
  try {
    await email.fill(typed);
    await fault(request, { method: 'POST', path: `${PORTAL}/api`, status: 500 });
    await general.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'General could not be saved: Injected fault')).toBeVisible();
    await expect(email).toHaveValue(typed);

    await general.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'General saved.')).toBeVisible();
    await expect(email).toHaveValue(typed);
    // The server holds it.
    await page.reload();
    await expect(email).toHaveValue(typed);
  } finally {
    // Back to the server's defaults (Contoso overrides none of the four fields) for the tests after this one.
    const reset = await request.post(`${PORTAL}/api`, {
      headers: { Authorization: `Bearer ${await appToken(request, ADA)}` },
      data: { productName: null, salesEmail: null, uiSessionTimeout: null, eula: null },
    });
    expect(reset.status()).toBe(200);
  }
});

test('§4 session: a failed app-token refresh is tried again 10 s later; she stays signed in, keeps what she typed, and calls keep working', async ({
  page,
  request,
}) => {
  // The page's clock runs, and is moved on to the refresh (the e2e server's app tokens live 40 s: refreshed at 10 s).
  await page.clock.install();
  await signedInAs(page, ADA);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const box = dialog.getByRole('combobox', { name: 'What would you like to find?' });
  await box.fill('burn');

  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/auth/refresh-token') && r.request().method() === 'POST') refreshes.push(r.status());
  });
  await fault(request, { method: 'POST', path: '/api/auth/refresh-token', status: 500 });
  await page.clock.fastForward(10_000);
  await expect.poll(() => refreshes).toContain(500);
  // Nothing changes for her: still signed in, on her page, with what she typed.
  await expect(page).toHaveURL(/\/billing\/overview$/);
  await expect(sideNav(page).getByText(ADA)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(box).toHaveValue('burn');

  // The retry, 10 s on, gets a new token (moved on a little at a time: its timer is set once the failure is read).
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(2_000);
        return refreshes.slice(refreshes.indexOf(500) + 1);
      },
      { timeout: 20_000 },
    )
    .toContain(200);
  await box.fill('burn rate');
  await expect(dialog.getByRole('status')).toHaveText('1 result');
  await expect(dialog.getByRole('option')).toHaveText([
    'Azure / Cost Management / BudgetsAzure budgets and their burn rate.budget',
  ]);
});
