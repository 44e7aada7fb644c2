import { expect, test, type Page } from './support/test';
import { expectAxeClean, watchCsp } from './support/axe';
import { fakeEntra, type FakeEntra } from './support/fakeEntra';

// Entra ID sign-in with the real @azure/msal-browser against a fake Entra ID routed at the network
// edge (TOOLCHAIN.md): redirect, silent renewal, the hidden-iframe fallback, popup, logout, and
// interaction when the silent flows cannot help (spec §4 "Sign-in flow fallbacks", §8 library codes).

let entra: FakeEntra;
let csp: string[] = [];
test.beforeEach(async ({ page, context }) => {
  entra = await fakeEntra(context);
  csp = watchCsp(page);
});
// MSAL's calls and its hidden iframe run under the strict CSP too: the server allows the authority only.
test.afterEach(() => expect(csp).toEqual([]));

async function signInWithMicrosoft(page: Page, path = '/login') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
}

async function expectSignedInAsAda(page: Page) {
  await expect(page).toHaveURL(/\/billing\/overview$/);
  // In the portal's navigation, not the sign-in page's list of demo accounts (which names them too
  // and may still show for a moment after the URL changed).
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByText('ada@contoso.example')).toBeVisible();
  await expect(nav.getByText('Contoso Ltd')).toBeVisible();
}

/**
 * Another tab of the portal logs out: the cross-tab message the portal sends, posted from a page of
 * the same origin that runs no portal code. This tab ends its session; its MSAL cache stays.
 */
async function logoutFromAnotherTab(page: Page) {
  const other = await page.context().newPage();
  await other.goto('/healthz');
  await other.evaluate(() => new BroadcastChannel('cloudportal-session').postMessage({ type: 'logout' }));
  await expect(page).toHaveURL(/\/login$/);
  await other.close();
}

test('redirect sign-in: to Entra ID and back through /id_token, then into the portal', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  await expectAxeClean(page);
  await signInWithMicrosoft(page);
  await expectSignedInAsAda(page);
  expect(entra.log).toEqual(['GET authorize', 'POST token authorization_code']);
});

test('silent renewal: signing in again with a cached account needs no page to Entra ID', async ({ page }) => {
  await signInWithMicrosoft(page);
  await expectSignedInAsAda(page);
  await logoutFromAnotherTab(page);
  entra.log.length = 0;
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expectSignedInAsAda(page);
  expect(entra.log).toEqual(['POST token refresh_token']);
});

test('when the refresh token is refused, the hidden iframe (ssoSilent) signs in from the Entra ID session', async ({
  page,
}) => {
  await signInWithMicrosoft(page);
  await expectSignedInAsAda(page);
  await logoutFromAnotherTab(page);
  entra.log.length = 0;
  entra.refuseRefresh = true;
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expectSignedInAsAda(page);
  expect(entra.log).toEqual(['POST token refresh_token', 'GET authorize?prompt=none', 'POST token authorization_code']);
});

test('interaction_required on every silent flow leads to interaction', async ({ page }) => {
  await signInWithMicrosoft(page);
  await expectSignedInAsAda(page);
  await logoutFromAnotherTab(page);
  entra.log.length = 0;
  entra.refuseRefresh = true;
  entra.requireInteraction = true;
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expectSignedInAsAda(page);
  expect(entra.log).toEqual([
    'POST token refresh_token',
    'GET authorize?prompt=none',
    'GET authorize',
    'POST token authorization_code',
  ]);
});

test('popup sign-in: Entra ID in a popup that hands the answer back and closes', async ({ page }) => {
  const popup = page.waitForEvent('popup');
  await signInWithMicrosoft(page, '/login?interaction=popup');
  const window = await popup;
  await expectSignedInAsAda(page);
  await expect.poll(() => window.isClosed()).toBe(true);
  expect(entra.log).toEqual(['GET authorize', 'POST token authorization_code']);
});

test('logout ends the portal session and the Entra ID session, and lands on /login', async ({ page }) => {
  await signInWithMicrosoft(page);
  await expectSignedInAsAda(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => entra.log).toContain('GET logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  expect(entra.session).toBe(false);
  // MSAL forgot the account: the next sign-in is interactive again.
  entra.log.length = 0;
  await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
  await expectSignedInAsAda(page);
  expect(entra.log).toEqual(['GET authorize', 'POST token authorization_code']);
});
