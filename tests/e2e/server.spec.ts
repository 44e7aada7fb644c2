import { expect, test } from './support/test';

test('GET /healthz answers ok with the database kind', async ({ request }) => {
  const res = await request.get('/healthz');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' });
});

test('deep links fall back to the single-page app, which asks a signed-out user to sign in', async ({ page }) => {
  const res = await page.goto('/billing/release-notes');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Cloud Portal' })).toBeVisible();
  await expect(page).toHaveTitle('Cloud Portal - Sign In');
});
