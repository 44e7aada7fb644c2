import { expect, test, type Page } from './support/test';
import { expectAxeClean, watchCsp } from './support/axe';
import { signedInAs } from './support/session';
import { LATER_SCRIPTS, recordSdkScripts } from './support/scripts';

// The same confirmation dialog and toasts, driven as a person would, in the reference host (React)
// and on the partner page (plain HTML + the standalone bundle, rendering in shadow DOM).
const surfaces = [
  {
    name: 'reference host',
    open: async (page: Page) => {
      await signedInAs(page, 'ada@contoso.example');
      // The reference host's own demo page of the SDK's dialogs and toasts.
      await page.goto('/dialogs-demo');
      await expect(page.getByRole('heading', { name: 'Dialogs and notifications' })).toBeVisible();
    },
  },
  {
    name: 'partner page',
    open: async (page: Page) => {
      await page.goto('/partner/');
      await expect(page.locator('cp-toaster')).toBeAttached();
    },
  },
];

for (const surface of surfaces) {
  test.describe(surface.name, () => {
    let csp: string[] = [];
    test.beforeEach(async ({ page }) => {
      csp = watchCsp(page);
      await surface.open(page);
    });

    // Every page runs under a strict CSP (no 'unsafe-inline'): nothing the SDK does may trip it.
    test.afterEach(() => expect(csp).toEqual([]));

    test('a confirm dialog opens, is 80% wide up to 500 px, is axe clean, and resolves {result: true} on confirm', async ({
      page,
    }) => {
      const opener = page.getByRole('button', { name: 'Ask for confirmation' });
      await opener.click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete the selected views?' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAccessibleDescription('Deleted views cannot be restored.');
      await expect(page.getByRole('img', { name: 'Question' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Delete' })).toBeFocused();

      const viewport = page.viewportSize()!;
      const box = (await dialog.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(500);
      await page.setViewportSize({ width: 400, height: 700 });
      const narrow = (await dialog.boundingBox())!;
      expect(Math.round(narrow.width)).toBe(Math.round(400 * 0.8));
      await page.setViewportSize(viewport);

      await expectAxeClean(page);
      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Result: {result: true}')).toBeVisible();
      await expect(opener).toBeFocused();
    });

    test('Escape closes the dialog with null', async ({ page }) => {
      await page.getByRole('button', { name: 'Ask for confirmation' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Delete' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toBeHidden();
      await expect(page.getByText('Result: null')).toBeVisible();
    });

    test('a timed confirm counts down and closes itself with null', async ({ page }) => {
      await page.getByRole('button', { name: 'Timed confirmation' }).click();
      const dialog = page.getByRole('dialog', { name: 'View Saved' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Closes in 3 s')).toBeVisible();
      await expect(dialog.getByText('Closes in 1 s')).toBeVisible({ timeout: 4_000 });
      await expect(dialog).toBeHidden({ timeout: 4_000 });
      await expect(page.getByText('Result: null')).toBeVisible();
    });

    test('a toast shows bottom right and is gone after 3 s; errors use the danger style', async ({ page }) => {
      // Timed from before the click: the toast shows after it, so a toast that stays its 3000 ms is
      // always gone ≥ 3000 ms later, however late a busy machine notices it; one that left early is not.
      const clickedAt = Date.now();
      await page.getByRole('button', { name: 'Show toast' }).click();
      const toast = page.getByRole('status').filter({ hasText: 'View Saved' });
      await expect(toast).toBeVisible();
      const box = (await toast.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
      expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);

      await page.getByRole('button', { name: 'Show error toast' }).click();
      const error = page.getByRole('alert').filter({ hasText: 'Permission not granted' });
      await expect(error).toBeVisible();
      // Several stack: both toasts are on screen at once.
      await expect(toast).toBeVisible();
      const danger = await error.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(danger).toBe('rgb(198, 40, 40)');
      await expectAxeClean(page);

      await expect(toast).toBeHidden({ timeout: 5_000 });
      // It can never leave early: the time-out is 3000 ms.
      expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(3_000);
      await expect(error).toBeHidden({ timeout: 5_000 });
    });

    test('dark mode switches the dialog to the dark tokens', async ({ page }) => {
      // The portal's navbar has a dark-mode switch; the partner page a button of its own.
      await page
        .getByRole('switch', { name: 'Dark mode' })
        .or(page.getByRole('button', { name: 'Dark mode' }))
        .click();
      await page.getByRole('button', { name: 'Ask for confirmation' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toBeVisible();
      await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(22, 27, 34)');
      await expectAxeClean(page);
    });
  });
}

test('the partner page styles its elements with adopted stylesheets, never inline <style>', async ({ page }) => {
  await page.goto('/partner/');
  await page.getByRole('button', { name: 'Show toast' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'View Saved' })).toBeVisible();
  const styles = await page.evaluate(() => {
    const host = document.querySelector('cp-toaster')!;
    return {
      adopted: host.shadowRoot!.adoptedStyleSheets.length,
      inline: host.shadowRoot!.querySelectorAll('style').length,
      pageInline: document.querySelectorAll('style').length,
    };
  });
  expect(styles.adopted).toBeGreaterThan(0);
  expect(styles.inline).toBe(0);
  expect(styles.pageInline).toBe(0);
});

test('the partner page loads the bundle, then only the views of the elements it uses', async ({ page }) => {
  const scripts = recordSdkScripts(page);
  await page.goto('/partner/');
  await expect(page.locator('cp-toaster')).toBeAttached();
  // The bundle's entry up front; React and an element's view when that element connects: this page
  // has a <cp-toaster> and a <cp-assistant> (a sign-in link for this visitor), so their views; not
  // cp-shell's, cp-report's, powerbi-client or the Markdown renderer.
  await expect.poll(() => scripts).toContain('toaster-view');
  await expect.poll(() => scripts).toContain('assistant-view');
  expect(scripts).toEqual(expect.arrayContaining(['cloudportal-elements', 'mount']));
  for (const later of LATER_SCRIPTS) expect(scripts).not.toContain(later);
});
