import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Signs a demo account in on /login as a person would: the account's button is named by its e-mail. */
export async function signInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: email }).click();
}

/** Signs in and waits for the portal's landing page. */
export async function signedInAs(page: Page, email: string): Promise<void> {
  await signInAs(page, email);
  await expect(page).toHaveURL(/\/billing\/overview$/);
}

/**
 * Signs a demo account in through the portal's sign-in API in the page's own browser context (so its
 * refresh cookie lands there), then opens `url`: the portal resumes the session as after a reload.
 * For tests about a page rather than about signing in: no sign-in page, no landing report to load.
 */
export async function openSignedIn(page: Page, email: string, url: string): Promise<void> {
  await appToken(page.request, email);
  await page.goto(url);
  await expect(page).not.toHaveURL(/\/login$/);
  // The page's first load: its heading, and its code (a lazy chunk) in place of the progress bar.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0, { timeout: 20_000 });
}

/** An app token for API checks from the test itself, through the same sign-in the portal uses. */
export async function appToken(request: APIRequestContext, email: string): Promise<string> {
  const { id_token } = await (await request.post('/api/dev/identity-token', { data: { email } })).json();
  const claims = JSON.parse(Buffer.from(id_token.split('.')[1], 'base64url').toString());
  const login = await request.post('/api/auth/azure/token', {
    data: { id: claims.oid, tenantId: claims.tid, upn: email, preview: false, token: id_token },
    headers: { 'X-Authorization': `Bearer ${id_token}` },
  });
  return (await login.json()).access_token;
}

/**
 * Moves the single-page app to `url` as a menu link does (history and popstate), without reloading:
 * state the app keeps between pages survives, and it costs no page load.
 */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
