import { EMULATOR_FAIL_KEY } from '@cloudportal/testing';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { signedInAs, signInAs } from './support/session';

// Spec §8, the error catalogue, reached through the reference server's FAULTS=on switch (a rule makes
// the next request to a path answer an error) and, for the Power BI frame's own calls, through the
// embed emulator's fail switch. Each test asserts the exact text the spec gives and that nothing the
// user typed is lost. The README's "Errors (spec §8) and their tests" table points here.

checkEachTest(test);

const ADA = 'ada@contoso.example';
const GRAPHQL = '/services/api-portal-customer/graphql';
const CHATBOT = '/services/ai-chatbot/api/chat';

/** Makes the server answer the next `times` requests to `path` (a `*` suffix: a prefix) with `status`. */
async function fault(request: APIRequestContext, rule: { method?: string; path: string; status: number; times?: number }) {
  const answer = await request.put('/api/test/faults', { data: { times: 1, ...rule } });
  expect(answer.status()).toBe(201);
}

/** A toast in the notifications region (a danger toast is an alert, the others a status). */
const toast = (page: Page, title: string) => {
  const region = page.getByRole('region', { name: 'Notifications' });
  return region.getByRole('status').or(region.getByRole('alert')).filter({ hasText: title });
};

// Fault rules are the server's, for every caller: the tests of this file take turns, and each rule
// affects one request (`times: 1`) made right after it is set.
test.describe.configure({ mode: 'serial' });

test("§8 sign-in: a failed sign-in answer shows 'Authentication error' / 'Unable to identify user: …' and stays on /login", async ({ page, request }) => {
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

test("§8 views: 'Could Not Capture View' and 'Save Failed: …' keep the name typed, and saving again works", async ({ page, request }) => {
  await overviewReport(page);
  const name = `Kept ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Save the current view' }).click();
  const add = page.getByRole('dialog', { name: 'Save view' });
  const input = add.getByRole('textbox', { name: 'View name' });
  await input.fill(name);

  // The frame cannot capture the view (the emulator's fail switch, in the page's own origin).
  await page.evaluate((key) => sessionStorage.setItem(key, 'bookmarks/capture'), EMULATOR_FAIL_KEY);
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Could Not Capture View')).toBeVisible();
  await expect(add.getByRole('alert')).toHaveText('Could Not Capture View');
  await expect(input).toHaveValue(name);
  await page.evaluate((key) => sessionStorage.removeItem(key), EMULATOR_FAIL_KEY);

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
  await page.route(`**${GRAPHQL}`, (route) => (route.request().postData()?.includes('GetPbiBookmarks') ? route.fulfill({ status: 500, body: '{}' }) : route.continue()));
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

test("§8 chat: a failed answer says 'An error occurred. Please try again later.' and re-enables the input; rename and delete failures toast and change nothing", async ({ page, request }) => {
  await signedInAs(page, ADA);
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const input = page.getByRole('textbox', { name: 'Ask the assistant' });
  await expect(input).toBeEnabled();
  const chat = page.getByRole('dialog').filter({ has: input });

  await fault(request, { method: 'POST', path: `${CHATBOT}/generate`, status: 500 });
  await input.fill('What did we spend on storage?');
  await input.press('Enter');
  await expect(chat.getByRole('region', { name: 'Conversation' }).getByText('An error occurred. Please try again later.')).toBeVisible();
  await expect(input).toBeEnabled();
  // The question is still there: sending it again is answered (a fault never counts towards the rate limit).
  await expect(input).toHaveValue('What did we spend on storage?');
  await input.press('Enter');
  await expect(chat.getByText(/Chat cost: /)).toBeVisible({ timeout: 15_000 });

  // Rename and delete the chat in her history, each failing once.
  await chat.getByRole('button', { name: 'Chat history' }).click();
  const history = chat.getByRole('region', { name: 'Chat history' });
  const first = history.getByRole('button', { name: /^Rename / }).first();
  const title = ((await first.getAttribute('aria-label')) ?? '').replace(/^Rename /, '');
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
  await expect(history.getByRole('button', { name: `Rename ${title}`, exact: true })).toBeVisible();

  await fault(request, { method: 'DELETE', path: `${CHATBOT}/history/*`, status: 500 });
  await history.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByText('Failed to delete chat')).toBeVisible();
  await expect(history.getByRole('button', { name: `Rename ${title}`, exact: true })).toBeVisible();

  // Deleting works again; it also leaves ada's newest chat an empty one, as other tests expect to find it.
  await history.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByText('Chat deleted successfully')).toBeVisible();
  await expect(history.getByRole('button', { name: `Rename ${title}`, exact: true })).toHaveCount(0);
});
