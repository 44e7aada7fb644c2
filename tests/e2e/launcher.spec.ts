import { expect, test, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { recordSdkScripts } from './support/scripts';
import { openSignedIn, signedInAs } from './support/session';

// <cp-assistant> in launcher mode on a partner page (/partner/launcher.html): the floating
// 'Assistant' button is drawn without React, and the page loads nothing more of the SDK until the
// visitor reaches for it (hover, focus, click) — or until the browser is idle, with preload="idle".

checkEachTest(test);

const PAGE = '/partner/launcher.html';
const ADA = 'ada@contoso.example';

/** The launcher button inside the element's shadow root (the stand-in, then the chat's own). */
const launcher = (page: Page) => page.locator('cp-assistant').getByRole('button', { name: 'Assistant', exact: true });
/**
 * The chat dialog, whatever it shows: the intro, or ada's newest chat restored (these tests are about
 * loading the launcher, not about which chat comes back; assistant.spec.ts covers that).
 */
const chat = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Ask the assistant' }) });

/** Waits until the page has been quiet for a while: nothing more is coming on its own. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
}

test('the page loads only the bundle entry until the visitor hovers the button; a click opens the chat, Escape gives focus back', async ({
  page,
}) => {
  await signedInAs(page, ADA);
  const scripts = recordSdkScripts(page, '/partner/');
  await page.goto(PAGE);
  await expect(launcher(page)).toBeVisible();
  await settled(page);
  expect(scripts).toEqual(['cloudportal-elements']);
  await expectAxeClean(page);

  // Reaching for the button loads the chat; it takes the stand-in's place where it stood.
  const before = await launcher(page).boundingBox();
  const standIn = await launcher(page).elementHandle();
  await launcher(page).hover();
  await expect.poll(() => scripts).toEqual(expect.arrayContaining(['mount', 'react', 'assistant-view']));
  await page.waitForFunction((button) => !button?.isConnected, standIn);
  expect(await launcher(page).boundingBox()).toEqual(before);

  await launcher(page).click();
  await expect(chat(page)).toBeVisible();
  await expect(chat(page).getByRole('textbox', { name: 'Ask the assistant' })).toBeVisible();
  await expectAxeClean(page);
  await page.keyboard.press('Escape');
  await expect(chat(page)).toBeHidden();
  await expect(launcher(page)).toBeFocused();
});

test('a keyboard user focuses the button, which loads the chat and keeps the focus; Enter opens it', async ({
  page,
}) => {
  await signedInAs(page, ADA);
  const scripts = recordSdkScripts(page, '/partner/');
  await page.goto(PAGE);
  await expect(launcher(page)).toBeVisible();
  const standIn = await launcher(page).elementHandle();
  // Tab through the page's own links to the launcher, the last focusable thing on it.
  for (let i = 0; i < 10 && !(await launcher(page).evaluate((button) => button.matches(':focus'))); i++)
    await page.keyboard.press('Tab');
  await expect(launcher(page)).toBeFocused();
  await expect.poll(() => scripts).toContain('assistant-view');
  // The chat's own launcher replaced the stand-in and holds the focus.
  await page.waitForFunction((button) => !button?.isConnected, standIn);
  await expect(launcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chat(page).getByRole('textbox', { name: 'Ask the assistant' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(launcher(page)).toBeFocused();
});

test('a click straight away, before anything loaded, opens the chat once it has', async ({ page }) => {
  await openSignedIn(page, ADA, PAGE);
  // dispatchEvent: a click without the hover before it (a touch, a screen reader).
  await launcher(page).dispatchEvent('click');
  await expect(chat(page)).toBeVisible();
  await expect(chat(page).getByRole('textbox', { name: 'Ask the assistant' })).toBeVisible();
});

test('with preload="idle" the chat downloads while the page is idle, and opens at the first click', async ({
  page,
}) => {
  await signedInAs(page, ADA);
  const scripts = recordSdkScripts(page, '/partner/');
  // The same page with the partner's attribute set.
  await page.route(`**${PAGE}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      body: (await response.text()).replace('<cp-assistant>', '<cp-assistant preload="idle">'),
    });
  });
  await page.goto(PAGE);
  await expect.poll(() => scripts).toEqual(expect.arrayContaining(['mount', 'react', 'assistant-view']));
  // Downloaded, not started: no chat until the visitor asks for it.
  await expect(chat(page)).toHaveCount(0);
  await launcher(page).click();
  await expect(chat(page).getByRole('textbox', { name: 'Ask the assistant' })).toBeVisible();
});

test('a visitor without a portal session who clicks the button is told where to sign in', async ({ page }) => {
  await page.goto(PAGE);
  await launcher(page).click();
  const signIn = page.getByRole('link', { name: 'Sign in to use the assistant' });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveAttribute('href', '/login');
  await expect(launcher(page)).toBeVisible();
  await expectAxeClean(page);
});
