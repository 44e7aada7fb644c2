import { expect, test } from './support/test';
import { expectAxeClean, watchCsp } from './support/axe';
import { signedInAs } from './support/session';

// <cp-shell> on a partner's own page: the tenant's portal navigation around the partner's content,
// from the standalone bundle, in a shadow root.
test('the partner page shows <cp-shell> around its own content; a cancelled cp-shell-navigate keeps the partner on its page', async ({
  page,
}) => {
  const csp = watchCsp(page);
  // The visitor has a portal session (the refresh cookie); the element resumes it on its own.
  await signedInAs(page, 'ada@contoso.example');
  await page.goto('/partner/shell.html');

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Billing Overview' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fabrikam managed services' })).toBeVisible();
  await expect(page.getByText('Powered by')).toBeVisible();
  await expectAxeClean(page);

  // The partner cancels the event: it stays on its page and learns where the visitor wanted to go.
  await nav.getByRole('link', { name: 'Release Notes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Stayed here; chose /billing/release-notes' })).toBeVisible();
  await expect(page).toHaveURL(/\/partner\/shell\.html$/);

  // Not cancelled: the portal page opens.
  await page.getByRole('checkbox', { name: 'Stay on this page when the portal menu is used' }).uncheck();
  await nav.getByRole('link', { name: 'Billing Overview' }).click();
  await expect(page).toHaveURL(/\/billing\/overview$/);
  expect(csp).toEqual([]);
});

test('a visitor without a portal session sees a sign-in link and the partner content', async ({ page }) => {
  await page.goto('/partner/shell.html');
  await expect(page.getByRole('heading', { name: 'Fabrikam managed services' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to see your portal' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
});
