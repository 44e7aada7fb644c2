import { expect, test, type Locator, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { openSignedIn, signedInAs } from './support/session';

// The portal shell of the reference portal (spec §2 "Layout"): side navigation, navbar and
// breadcrumbs, tabbed pages, the settings drawer and personas, the guidance dialog, the video
// library, layout persistence, the phone overlay and the placeholders, against the server's demo
// menu (packages/server/src/seed/portal.ts). Each test signs in its own browser context.

checkEachTest(test);

const ADA = 'ada@contoso.example';
const SAM = 'sam@litware.example';

const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/**
 * Waits until the frame's guidance video — that of the page its `src` names, not one the frame shows
 * until it has navigated — has data to play (readyState >= HAVE_CURRENT_DATA). A frame that changes
 * its `src` keeps the old document for a moment (longer on a busy machine), and a check that runs in
 * it as it goes is retried.
 */
async function expectVideoPlays(frame: Locator): Promise<void> {
  const src = await frame.getAttribute('src');
  const video = frame.contentFrame().locator('video');
  await expect(video).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(
      () =>
        video
          .evaluate(
            (v: HTMLVideoElement, path) => (v.ownerDocument.location.pathname === path ? v.readyState : -1),
            src,
          )
          .catch(() => -1),
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(2);
}

test.describe('ada in the reference portal', () => {
  test('walks the menu down to a nested leaf: URL, title, aria-current and breadcrumbs follow', async ({ page }) => {
    await signedInAs(page, ADA);
    const nav = sideNav(page);
    await expect(nav.getByRole('link', { name: 'Billing Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Cloud Portal - Billing Overview');

    // Azure is a page of its own with children: its chevron toggles them.
    const azureToggle = nav.getByRole('button', { name: 'Azure', exact: true });
    await expect(azureToggle).toHaveAttribute('aria-expanded', 'false');
    await azureToggle.click();
    await expect(azureToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Azure', exact: true })).toHaveAttribute('aria-expanded', 'true');
    // Cost Management is a section without a page of its own.
    const costManagement = nav.getByRole('button', { name: 'Cost Management' });
    await expect(costManagement).toHaveAttribute('aria-expanded', 'false');
    await costManagement.click();
    await expect(costManagement).toHaveAttribute('aria-expanded', 'true');

    const budgets = nav.getByRole('link', { name: 'Budgets' });
    await budgets.click();
    await expect(page).toHaveURL(/\/billing\/azure-budgets$/);
    await expect(page).toHaveTitle('Cloud Portal - Budgets');
    await expect(budgets).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Billing Overview' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(breadcrumb(page).getByRole('listitem')).toHaveText(['Azure', 'Cost Management', 'Budgets']);
    await expect(breadcrumb(page).getByRole('listitem').last()).toHaveAttribute('aria-current', 'page');
    await expect(breadcrumb(page).getByRole('link', { name: 'Azure' })).toHaveAttribute('href', '/billing/azure');
    await expect(page.getByRole('heading', { name: 'Budgets', level: 1 })).toBeVisible();
  });

  test('expands and collapses with the keyboard (ArrowRight / ArrowLeft)', async ({ page }) => {
    await signedInAs(page, ADA);
    const nav = sideNav(page);
    const azure = nav.getByRole('link', { name: 'Azure', exact: true });
    await azure.focus();
    await page.keyboard.press('ArrowRight');
    await expect(azure).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Subscriptions' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(azure).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Subscriptions' })).toBeHidden();
  });

  test('opens a tab named with plus signs in ?tab=, and a click on another tab changes ?tab=', async ({ page }) => {
    await openSignedIn(page, ADA, '/billing/overview?tab=Licence+Costs');
    const tabs = page.getByRole('tablist', { name: 'Sections of Billing Overview' });
    await expect(tabs.getByRole('tab', { name: 'Licence Costs' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel')).toContainText('Microsoft 365 licence spend and unused seats.');

    await tabs.getByRole('tab', { name: 'Azure Costs' }).click();
    await expect(page).toHaveURL(/\/billing\/overview\?tab=Azure(\+|%20)Costs$/);
    await expect(tabs.getByRole('tab', { name: 'Azure Costs' })).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.getByRole('tab', { name: 'Licence Costs' })).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel')).toContainText('Azure consumption by resource group and region.');
  });

  test('chooses personas in the settings drawer and the menu follows', async ({ page }) => {
    await signedInAs(page, ADA);
    // On a page under Azure, Azure is expanded: Cost Analysis is Finance's, Resources IT's.
    await page.goto('/billing/azure-subscriptions');
    const nav = sideNav(page);
    await expect(nav.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Cost Analysis' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Resources' })).toBeVisible();

    const help = page.getByRole('button', { name: 'Help' });
    await help.click();
    const drawer = page.getByRole('dialog', { name: 'Settings and help' });
    await expect(drawer).toBeVisible();
    const finance = drawer.getByRole('checkbox', { name: 'Finance' });
    const it = drawer.getByRole('checkbox', { name: 'IT' });
    // None chosen means all personas.
    await expect(finance).not.toBeChecked();
    await expect(it).not.toBeChecked();
    await it.check();
    await expect(it).toBeChecked();
    await drawer.getByRole('button', { name: 'Close settings' }).click();
    await expect(drawer).toBeHidden();
    await expect(help).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Cost Analysis' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Resources' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('aria-current', 'page');

    await help.click();
    await expect(drawer).toBeVisible();
    await expect(it).toBeChecked();
    await it.uncheck();
    await finance.check();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Cost Analysis' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Resources' })).toHaveCount(0);

    // The choice is kept in this browser.
    await page.reload();
    await expect(nav.getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Cost Analysis' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Resources' })).toHaveCount(0);
  });

  test('watches the guidance video of a page and closes it; a page without guidance disables Video Guide', async ({
    page,
  }) => {
    await openSignedIn(page, ADA, '/billing/usage');
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
    const videoGuide = page.getByRole('button', { name: 'Video Guide' });
    await expect(videoGuide).not.toHaveAttribute('aria-disabled', 'true');
    await videoGuide.click();
    const dialog = page.getByRole('dialog', { name: 'Usage' });
    await expect(dialog).toBeVisible();
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('src', '/videos/embed/usage');
    await expect(frame).toHaveAttribute('title', 'Video: Usage');
    await expectVideoPlays(frame);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(videoGuide).toBeFocused();

    // Subscriptions has no guidance video.
    await sideNav(page).getByRole('button', { name: 'Azure', exact: true }).click();
    await sideNav(page).getByRole('link', { name: 'Subscriptions' }).click();
    await expect(page).toHaveURL(/\/billing\/azure-subscriptions$/);
    await expect(page.getByRole('heading', { name: 'Subscriptions', level: 1 })).toBeVisible();
    await expect(videoGuide).toHaveAttribute('aria-disabled', 'true');
    await videoGuide.hover();
    await expect(page.getByRole('tooltip', { name: 'There is no video guide for this page' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('opens the video library, lists the videos and plays the one chosen', async ({ page }) => {
    await openSignedIn(page, ADA, '/informational-videos-main-dashboard');
    await expect(page).toHaveURL(/\/informational-videos-main-dashboard\/overview$/);
    await expect(page.getByRole('heading', { name: 'Video Library', level: 1 })).toBeVisible();
    const list = page.getByRole('navigation', { name: 'Videos' });
    await expect(list.getByRole('link', { name: 'Billing Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(list.getByRole('link', { name: 'Security', exact: true })).toBeVisible();
    await expect(page.locator('iframe[src="/videos/embed/billing"]')).toBeVisible();

    await list.getByRole('link', { name: 'Security', exact: true }).click();
    await expect(page).toHaveURL(/\/informational-videos-main-dashboard\/security$/);
    await expect(list.getByRole('link', { name: 'Security', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(list.getByRole('link', { name: 'Billing Overview' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'Security', level: 2 })).toBeVisible();
    const frame = page.getByTitle('Video: Security');
    await expect(frame).toHaveAttribute('src', '/videos/embed/security');
    await expectVideoPlays(frame);
  });

  test('keeps the docked navigation and dark mode across a reload', async ({ page }) => {
    await signedInAs(page, ADA);
    const nav = sideNav(page);
    await expect(nav).toHaveAttribute('data-mode', 'pinned');
    await page.getByRole('button', { name: 'Dock the navigation' }).click();
    await expect(nav).toHaveAttribute('data-mode', 'docked');
    const dark = page.getByRole('switch', { name: 'Dark mode' });
    await expect(dark).toHaveAttribute('aria-checked', 'false');
    await dark.click();
    await expect(dark).toHaveAttribute('aria-checked', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-cp-theme', 'dark');

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(nav).toHaveAttribute('data-mode', 'docked');
    // Docked, the rail widens on hover to show the labels.
    await nav.hover();
    await expect(nav.getByRole('link', { name: 'Billing Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('html')).toHaveAttribute('data-cp-theme', 'dark');
    await expect(dark).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('button', { name: 'Pin the navigation open' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('docked, the menu links keep their accessible names', async ({ page }) => {
    await signedInAs(page, ADA);
    const nav = sideNav(page);
    await page.getByRole('button', { name: 'Dock the navigation' }).click();
    await expect(nav).toHaveAttribute('data-mode', 'docked');
    // Focus and pointer leave the rail, so it narrows to icons.
    await page.getByRole('heading', { name: 'Billing Overview', level: 1 }).click();
    await expect(nav.locator(':focus')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Billing Overview' })).toHaveAttribute('aria-current', 'page', {
      timeout: 2_000,
    });
  });

  test('the tenant block links to the tenant settings, and "Powered by" shows', async ({ page }) => {
    await signedInAs(page, ADA);
    const nav = sideNav(page);
    const tenant = nav.getByRole('link', { name: 'Settings of Contoso Ltd' });
    await expect(tenant).toHaveAttribute('href', '/billing/admin-section-settings-dashboard');
    await expect(nav.getByText('Powered by')).toBeVisible();
    await expect(nav.getByText('Powered by')).toContainText('Cloud Portal');
    await tenant.click();
    await expect(page).toHaveURL(/\/billing\/admin-section-settings-dashboard$/);
    await expect(page).toHaveTitle('Cloud Portal - Settings');
  });

  test('an unknown page says so and links home; a moved item shows its notice', async ({ page }) => {
    await openSignedIn(page, ADA, '/billing/does-not-exist');
    const notFound = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Page not found' }) });
    await expect(notFound).toBeVisible();
    await expect(notFound).toContainText("No page 'does-not-exist' exists in your menu.");
    const home = notFound.getByRole('link', { name: 'Go to the home page' });
    await expect(home).toBeVisible();

    await page.goto('/billing/provider-overview');
    await expect(page.getByRole('heading', { name: 'Provider Overview', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Functionality moved' })).toBeVisible();
    await expect(page.getByText('This functionality moved.')).toBeVisible();

    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/billing\/overview$/);
  });

  test('is axe clean on the overview page and with the settings drawer open', async ({ page }) => {
    await signedInAs(page, ADA);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(sideNav(page).getByRole('link', { name: 'Billing Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(sideNav(page).getByRole('link', { name: 'Settings of Contoso Ltd' })).toBeVisible();
    await expectAxeClean(page);

    await page.getByRole('button', { name: 'Help' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings and help' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('checkbox', { name: 'Finance' })).toBeVisible();
    await expect(drawer.getByText(/^Version /)).toBeVisible();
    await expectAxeClean(page);
  });
});

test.describe('sam of a tenant with plgDisabled', () => {
  test('sees no "Powered by"', async ({ page }) => {
    await signedInAs(page, SAM);
    const nav = sideNav(page);
    await expect(nav.getByRole('link', { name: 'Billing Overview' })).toBeVisible();
    // The settings have loaded (the drawer shows their version): the footer has had its chance.
    await page.getByRole('button', { name: 'Help' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings and help' });
    await expect(drawer.getByText(/^Version /)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(nav.getByText('Powered by')).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation is an overlay: opened from the navbar, closed by its backdrop and on navigation', async ({
    page,
  }) => {
    await signedInAs(page, ADA);
    const nav = sideNav(page);
    const open = page.getByRole('banner').getByRole('button', { name: 'Open the navigation' });
    await expect(open).toBeVisible();
    await expect(nav).toBeHidden();

    await open.click();
    await expect(nav).toBeVisible();
    await expect(nav).toHaveAttribute('data-mode', 'overlay-open');
    // Focus moves into the overlay, onto the current page.
    await expect(nav.getByRole('link', { name: 'Billing Overview' })).toBeFocused();
    // The backdrop covers the rest of the screen, right of the panel.
    await page.mouse.click(380, 600);
    await expect(nav).toBeHidden();
    await expect(page).toHaveURL(/\/billing\/overview$/);

    await open.click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Security', exact: true }).click();
    await expect(page).toHaveURL(/\/billing\/security$/);
    await expect(nav).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  });

  test('given a slow menu, when the navigation is opened before it arrives, then focus moves onto the current page once it shows', async ({
    page,
  }) => {
    // A busy server: the menu's answer is held until the overlay is open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/portal\/menu(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await signedInAs(page, ADA);
    const nav = sideNav(page);
    await page.getByRole('banner').getByRole('button', { name: 'Open the navigation' }).click();
    await expect(nav).toHaveAttribute('data-mode', 'overlay-open');
    // Meanwhile focus waits inside the overlay (its first stop), not behind it.
    await expect.poll(() => nav.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    release();
    await expect(nav.getByRole('link', { name: 'Billing Overview' })).toBeFocused();
  });
});
