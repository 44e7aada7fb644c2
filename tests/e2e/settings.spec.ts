import { expect, test, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { appToken, openSignedIn, signedInAs, signInAs } from './support/session';

// The settings dashboard (spec §2 admin-section-settings-dashboard) over the reference server's
// settings service (spec §7). Tests change only what they put back: the pilot licence Contoso has
// not activated, and a logo they delete again, so they are safe beside the other specs.

checkEachTest(test);

const ADA = 'ada@contoso.example';
const SAM = 'sam@litware.example';
const FILES = '/services/api-portal-customer/api/files';
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openSettings(page: Page) {
  await signedInAs(page, ADA);
  await sideNav(page).getByRole('link', { name: 'Settings of Contoso Ltd' }).click();
  await expect(page).toHaveURL(/\/billing\/admin-section-settings-dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Licences' })).toBeVisible();
}

test('ada activates the pilot licence by key and de-activates it from the table', async ({ page }) => {
  await openSettings(page);
  const licenses = page.getByRole('region', { name: 'Licences' });
  await expect(licenses.getByRole('row', { name: /CONTOSO-M365-PILOT .* Inactive/ })).toBeVisible();

  await licenses.getByLabel('Licence key').fill('contoso-m365-pilot');
  await licenses.getByRole('button', { name: 'Activate', exact: true }).click();
  await expect(page.getByText('Licence CONTOSO-M365-PILOT activated.')).toBeVisible();
  await expect(licenses.getByRole('row', { name: /CONTOSO-M365-PILOT .* Active/ })).toBeVisible();

  // The server holds it: a reload shows it active.
  await page.reload();
  await expect(licenses.getByRole('row', { name: /CONTOSO-M365-PILOT .* Active/ })).toBeVisible();
  await expectAxeClean(page);

  await licenses.getByRole('button', { name: 'De-activate CONTOSO-M365-PILOT' }).click();
  await expect(page.getByText('Licence CONTOSO-M365-PILOT de-activated.')).toBeVisible();
  await expect(licenses.getByRole('row', { name: /CONTOSO-M365-PILOT .* Inactive/ })).toBeVisible();
});

test('ada uploads a logo: the preview and the side navigation show it; deleted, the default is back', async ({
  page,
  request,
}) => {
  // Contoso is branded with a logo of its own: keep it, to put it back after the test.
  const token = await appToken(request, ADA);
  const headers = { Authorization: `Bearer ${token}` };
  const stored = await request.get(`${FILES}/branding-logo`, { headers });
  const original = stored.ok()
    ? {
        info: await stored.json(),
        bytes: await (await request.get(`${FILES}/branding-logo/content`, { headers })).body(),
      }
    : null;
  try {
    await openSettings(page);
    const logo = page.getByRole('group', { name: 'Logo', exact: true });
    const navLogo = sideNav(page).getByRole('link', { name: 'Cloud Portal home' }).locator('img');
    // 0 while no image shows (the product name stands in for a missing logo).
    const width = () => navLogo.evaluateAll((images) => (images[0] as HTMLImageElement | undefined)?.naturalWidth ?? 0);

    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="321" height="40" viewBox="0 0 321 40"><rect width="321" height="40" fill="#0b5cad"/></svg>';
    await logo
      .getByLabel('Upload Logo')
      .setInputFiles({ name: 'contoso.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await expect(page.getByText('Logo uploaded.')).toBeVisible();
    await expect(logo.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await expect.poll(width).toBe(321);

    await logo.getByRole('button', { name: 'Delete Logo' }).click();
    await page
      .getByRole('alertdialog', { name: /Delete the Logo/ })
      .getByRole('button', { name: 'OK' })
      .click();
    await expect(page.getByText('Logo deleted; the default is shown.')).toBeVisible();
    await expect(logo.getByText('The default is shown.')).toBeVisible();
    await expect.poll(width).not.toBe(321);
  } finally {
    if (original) {
      const put = await request.post(`${FILES}/branding-logo/upload`, {
        headers,
        multipart: {
          file: { name: original.info.filename, mimeType: original.info.contentType, buffer: original.bytes },
        },
      });
      expect(put.ok()).toBe(true);
    }
  }
});

test('a logo carrying a script is refused with the reason; the logo another Contoso user opens in a new tab is the server file, where no script runs', async ({
  page,
  browser,
}) => {
  await openSettings(page);
  const logo = page.getByRole('group', { name: 'Logo', exact: true });
  const before = await logo
    .locator('img')
    .getAttribute('src')
    .catch(() => null);
  const hostile =
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><script>document.title = "pwned"; fetch("/api/auth/refresh-token", { method: "POST", credentials: "include" })</script><rect width="120" height="40"/></svg>';
  await logo
    .getByLabel('Upload Logo')
    .setInputFiles({ name: 'contoso.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(hostile) });
  await expect(page.getByText(/The SVG was refused because it carries a <script> element\./)).toBeVisible();
  expect(
    await logo
      .locator('img')
      .getAttribute('src')
      .catch(() => null),
  ).toBe(before);

  // Another user of Contoso. The logo they are shown carries a script, as a file stored before uploads
  // were checked would: the test swaps the body at the network edge and keeps the server's own headers.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    await context.route('**/api/branding/branding-logo/content?*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: hostile });
    });
    const other = await context.newPage();
    await signInAs(other, 'multi@wingtip.example');
    await other.getByRole('button', { name: 'Contoso Ltd' }).click();
    await expect(other).toHaveURL(/\/billing\/overview$/);
    const src = await sideNav(other).getByRole('link', { name: /home$/ }).locator('img').getAttribute('src');
    // The server's own address: a blob: or data: copy would drop its sandbox and run in the portal's origin.
    expect(src).toMatch(
      /^(http:\/\/localhost:\d+)?\/services\/api-portal-customer\/api\/branding\/branding-logo\/content\?owner=/,
    );

    // "Open image in new tab".
    const tab = await context.newPage();
    const refreshes: string[] = [];
    tab.on('request', (r) => r.url().includes('/api/auth/refresh-token') && refreshes.push(r.url()));
    const opened = await tab.goto(new URL(src!, other.url()).href);
    expect(opened?.headers()['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(opened?.headers()['x-content-type-options']).toBe('nosniff');
    await tab.waitForTimeout(500);
    expect(await tab.title()).not.toBe('pwned');
    expect(refreshes).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a file that is not an image is refused before it is sent', async ({ page }) => {
  await openSettings(page);
  const logo = page.getByRole('group', { name: 'Logo', exact: true });
  const upload = logo.getByLabel('Upload Logo');
  await upload.setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(upload).toHaveAccessibleDescription('Choose a PNG, JPEG, SVG or ICO image.');
  await expect(page.getByText('Logo uploaded.')).toHaveCount(0);
});

test('sam, who may not manage settings, is told so and sees no settings', async ({ page }) => {
  await openSignedIn(page, SAM, '/billing/admin-section-settings-dashboard');
  await expect(page.getByRole('alert')).toContainText(
    "Only users who may manage the tenant's settings can open this page.",
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Licences' })).toHaveCount(0);
  await expectAxeClean(page);
});
