import { expect, test } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { fault, toast } from './support/faults';
import { appToken, signedInAs, signInAs } from './support/session';
import { watchErrors } from './support/watch';

// Sign-in, session lifetime and guarded routes (spec §2, §4, §8) in the reference portal, with the
// reference server's demo accounts (the embedded default of `npm start`).

checkEachTest(test);

test.describe('each demo account gets the spec answer', () => {
  test('a signed-out visitor is sent to /login, which lists the demo accounts, logs no error and is axe clean', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const resume = page.waitForResponse((r) => /\/api\/auth\/refresh-token(\?|$)/.test(r.url()));
    await page.goto('/billing/overview');
    expect((await resume).status()).toBe(204); // not signed in is not a failed request (issue 42 §5)
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Cloud Portal - Sign In');
    await expect(page.getByRole('button', { name: 'ada@contoso.example' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'multi@wingtip.example' })).toBeVisible();
    expect(errors).toEqual([]);
    await expectAxeClean(page);
  });

  test('ada signs in and lands on /billing/overview as herself, in Contoso', async ({ page }) => {
    await signedInAs(page, 'ada@contoso.example');
    // The tenant block of the side navigation (the sign-in page's account list also names Contoso).
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Contoso Ltd')).toBeVisible();
    await expect(page.getByText('ada@contoso.example')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expectAxeClean(page);
    // A reload keeps her signed in: the app token is in memory only, the refresh cookie resumes it.
    await page.reload();
    await expect(page).toHaveURL(/\/billing\/overview$/);
    await expect(page.getByText('ada@contoso.example')).toBeVisible();
  });

  // One test for max's terms: once accepted they stay accepted in the worker's database.
  test("max must accept the terms: §8 'Failed to load Terms and Conditions' offers 'Try again'; Accept waits for the checkbox; a failed accept says 'Error accepting …' and keeps the tick; then the terms stay accepted", async ({
    page,
    request,
  }) => {
    await fault(request, { method: 'GET', path: '/api/public/eula', status: 500 });
    await signedInAs(page, 'max@fabrikam.example');
    const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to load Terms and Conditions');
    await expect(toast(page, 'Failed to load Terms and Conditions')).toBeVisible();
    const agree = dialog.getByRole('checkbox', { name: 'I have read and agree to the Terms and Conditions.' });
    const accept = dialog.getByRole('button', { name: 'Accept' });
    await expect(agree).toBeDisabled();
    await expect(accept).toBeDisabled();
    await dialog.getByRole('button', { name: 'Try again' }).click();

    await expect(dialog.getByRole('region', { name: 'Terms and Conditions' })).toContainText(
      'These terms govern your use',
    );
    await expect(accept).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expectAxeClean(page);
    await agree.check();
    await fault(request, { method: 'POST', path: '/services/api-portal-customer/api/eula', status: 500 });
    await accept.click();
    await expect(toast(page, 'Error accepting Terms and Conditions. Please consult your support team.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(agree).toBeChecked();

    await accept.click();
    await expect(toast(page, 'Terms and Conditions accepted.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByText('max@fabrikam.example')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toHaveCount(0);
  });

  test("eve sees 'Not Accepted' and can only log out", async ({ page }) => {
    await signedInAs(page, 'eve@northwind.example');
    const dialog = page.getByRole('dialog', { name: 'Not Accepted' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveText(['Log out']);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const [email, toast] of [
    ['new@tailspin.example', 'Onboarding is disabled'],
    ['guest@contoso.example', 'Permission not granted'],
  ] as const) {
    test(`${email} sees '${toast}' (danger, bottom right) and stays signed out`, async ({ page }) => {
      await signInAs(page, email);
      const alert = page.getByRole('alert').filter({ hasText: toast });
      await expect(alert).toBeVisible();
      expect(await alert.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(198, 40, 40)');
      await expect(page).toHaveURL(/\/login$/);
      await page.goto('/billing/overview');
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  test('multi picks a tenant on /tenant and works in it', async ({ page }) => {
    await signInAs(page, 'multi@wingtip.example');
    await expect(page).toHaveURL(/\/tenant$/);
    await expect(page).toHaveTitle('Cloud Portal - Select Tenant');
    await expect(page.getByRole('button', { name: 'Wingtip Toys' })).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Contoso Ltd' }).click();
    await expect(page).toHaveURL(/\/billing\/overview$/);
    await expect(page.getByText('Contoso Ltd')).toBeVisible();
    await expect(page.getByText('multi@wingtip.example')).toBeVisible();
  });
});

test.describe('session lifetime', () => {
  test('the app token is refreshed before it expires, without a reload, and calls keep working', async ({ page }) => {
    // The e2e server issues 40 s app tokens (APP_TOKEN_TTL): the refresh comes 30 s before expiry,
    // 10 s after sign-in. The page's clock jumps there instead of the test waiting for it.
    await page.clock.install();
    await signedInAs(page, 'ada@contoso.example');
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/refresh-token') && r.request().method() === 'POST',
      { timeout: 20_000 },
    );
    await page.clock.fastForward(11_000);
    expect((await refreshed).status()).toBe(200);
    const menu = page.waitForResponse((r) => r.url().includes('/api/portal/menu') && r.request().method() === 'GET');
    await page.goto('/informational-videos-main-dashboard');
    expect((await menu).status()).toBe(200);
    await expect(page).toHaveURL(/\/informational-videos-main-dashboard\/overview$/);
    await expect(page.getByRole('heading', { name: 'Video Library' })).toBeVisible();
  });

  test('after uiSessionTimeout minutes idle a 30 s warning counts down, then the user is logged out', async ({
    page,
  }) => {
    await page.clock.install();
    await signedInAs(page, 'ada@contoso.example');
    await expect(page.getByText('ada@contoso.example')).toBeVisible();
    // Paused, the page's time moves only by runFor, so the countdown cannot tick on while the machine
    // is slow; a key press then starts the idle time at a known instant. The pause is a few seconds
    // ahead: on a loaded machine the page's clock may pass a nearer instant before pauseAt arrives.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3000);
    await page.keyboard.press('Shift');
    await page.clock.runFor('30:00');
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('You will be logged out in 30 s.');
    // axe schedules its work with timers: it runs with the clock going, which is paused again after.
    await page.clock.resume();
    await expectAxeClean(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3000);
    const left = Number(/logged out in (\d+) s\./.exec((await warning.textContent()) ?? '')?.[1]);
    expect(left).toBeGreaterThan(10);
    await page.clock.runFor(10_000);
    await expect(warning).toContainText(`You will be logged out in ${left - 10} s.`);
    await page.clock.runFor((left - 10) * 1000);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('"Stay signed in" keeps the session', async ({ page }) => {
    await page.clock.install();
    await signedInAs(page, 'ada@contoso.example');
    await page.clock.runFor('30:00');
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.clock.runFor(60_000);
    await expect(page).toHaveURL(/\/billing\/overview$/);
  });

  test('logout in one tab ends the session in the other', async ({ context }) => {
    const first = await context.newPage();
    await signedInAs(first, 'ada@contoso.example');
    const second = await context.newPage();
    await second.goto('/billing/overview');
    await expect(second.getByText('ada@contoso.example')).toBeVisible();
    await first.getByRole('button', { name: 'Log out' }).click();
    await expect(first).toHaveURL(/\/login$/);
    await expect(second).toHaveURL(/\/login$/);
  });

  test('a failing logout call still logs out, and a reload does not sign back in', async ({ page, request }) => {
    await signedInAs(page, 'sam@litware.example');
    await fault(request, { method: 'POST', path: '/api/auth/logout', status: 500 });
    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('button', { name: 'Log out' }).click();
    expect((await logout).status()).toBe(500);
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/billing/overview');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the navigation audit trail is recorded on the server, without /tenant', async ({ page, request }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    // Navigation events carry a location; the report view's statistic (spec §7) does not.
    const location = r.url().endsWith('/services/audit/api/audit/event')
      ? (r.postDataJSON() as { location?: string }).location
      : undefined;
    if (location !== undefined) sent.push(location);
  });
  await signInAs(page, 'multi@wingtip.example');
  await page.getByRole('button', { name: 'Contoso Ltd' }).click();
  await expect(page).toHaveURL(/\/billing\/overview$/);
  // A person reads the page before moving on: the visit is logged once the page has rendered.
  await expect.poll(() => sent).toContain('/billing/overview');
  await page.goto('/billing/azure-subscriptions');
  await expect(page.getByText('multi@wingtip.example')).toBeVisible();

  const token = await appToken(request, 'ada@contoso.example');
  await expect
    .poll(async () => {
      const stats = await (
        await request.get('/services/audit/api/audit/statistics', { headers: { Authorization: `Bearer ${token}` } })
      ).json();
      return (stats.topPages as { name: string }[]).map((p) => p.name);
    })
    .toEqual(expect.arrayContaining(['overview', 'azure-subscriptions']));
  // The browser sent the guarded pages it visited, and never '/tenant' (spec §2 exclusions).
  expect(sent).toEqual(['/billing/overview', '/billing/azure-subscriptions']);
});
