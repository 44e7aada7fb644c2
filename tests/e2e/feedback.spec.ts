import { expect, test, type APIRequestContext, type Locator } from './support/test';
import { fault } from './support/faults';
import { checkEachTest, expectAxeClean } from './support/axe';
import { recordSdkScripts } from './support/scripts';
import { appToken, navigateInApp, openSignedIn, signedInAs } from './support/session';

// Page feedback (spec §2 "Feedback dialog", §3 "Feedback", §5, §8) against the reference server:
// from the portal's navbar and from the partner page's <cp-feedback>, read back through the API.
// Each test signs in its own browser context.

checkEachTest(test);

const ADA = 'ada@contoso.example';
const FEEDBACK = '/services/api-portal-customer/api/portal/menu/feedback';

/** Clicks a star as a person does: on the star (its label), not the visually hidden radio inside. */
const chooseStars = (dialog: Locator, name: string) =>
  dialog
    .locator('label')
    .filter({ has: dialog.page().getByRole('radio', { name }) })
    .click();

/** Ada's stored feedback, newest first, read back through the API. */
async function storedFeedback(request: APIRequestContext) {
  const token = await appToken(request, ADA);
  const answer = await request.get(FEEDBACK, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Array<{
    menuUuid: string;
    tabName: string | null;
    rating: number;
    type: string;
    comment: string;
  }>;
}

test('ada sends 4-star Bug feedback about a tab; a failed submit keeps what she typed; the server stores it', async ({
  page,
  request,
}) => {
  await openSignedIn(page, ADA, '/billing/overview?tab=Licence+Costs');
  await expect(page.getByRole('tab', { name: 'Licence Costs' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Feedback', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Feedback: Billing Overview' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();

  const comment = `The licence chart hides unused seats (${Date.now().toString(36)}).`;
  await chooseStars(dialog, '4 stars');
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Bug' });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await expect(dialog.getByText(`${comment.length} / 2000`)).toBeVisible();
  await expectAxeClean(page);

  // The server fails once: the 'Error' toast, and nothing typed is lost.
  await fault(request, { method: 'POST', path: FEEDBACK, status: 500 });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Something went wrong, please try again later.' }),
  ).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Comment' })).toHaveValue(comment);
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your feedback has been submitted and will be reviewed by our team.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const [latest] = await storedFeedback(request);
  expect(latest).toMatchObject({ tabName: 'Licence Costs', rating: 4, type: 'Bug', comment });
});

test('a draft survives closing the dialog until it is sent', async ({ page }) => {
  await signedInAs(page, ADA);
  const open = page.getByRole('button', { name: 'Feedback', exact: true });
  await open.click();
  let dialog = page.getByRole('dialog', { name: /^Feedback: / });
  await dialog.getByRole('textbox', { name: 'Comment' }).fill('Half a thought');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await open.click();
  dialog = page.getByRole('dialog', { name: /^Feedback: / });
  await expect(dialog.getByRole('textbox', { name: 'Comment' })).toHaveValue('Half a thought');
});

test('the partner page sends feedback about a portal page with <cp-feedback>', async ({ page, request }) => {
  await signedInAs(page, ADA);
  const scripts = recordSdkScripts(page, '/partner/');
  await page.goto('/partner/search.html');
  const button = page.getByRole('button', { name: 'Feedback', exact: true });
  await expect(button).toBeEnabled();
  expect(scripts).toContain('feedback-view');
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Feedback: Budgets' });
  const comment = `Partner page feedback ${Date.now().toString(36)}`;
  await chooseStars(dialog, '5 stars');
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await expectAxeClean(page);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you: your 5-star feedback reached the portal team.' }),
  ).toBeVisible();
  const [latest] = await storedFeedback(request);
  expect(latest).toMatchObject({ rating: 5, type: 'Feedback', comment, tabName: null });
});

test('on routes outside the menu the navbar names the page and Feedback is not offered, nor does it open on the next page', async ({
  page,
}) => {
  await signedInAs(page, ADA);
  const title = page.locator('header.cp-navbar .cp-navbar__title');
  const feedback = page.getByRole('button', { name: 'Feedback', exact: true });
  for (const [url, label] of [
    ['/billing/legacy-homepage', 'Legacy Homepage'],
    ['/billing/best-practice-recommendations', 'Best Practice Recommendations'],
    ['/billing/bill-of-materials/models-comparison', 'Models Comparison'],
    ['/billing/no-such-page', 'Page not found'],
  ]) {
    await navigateInApp(page, url!);
    await expect(title).toHaveText(label!);
    await expect(feedback).toHaveAttribute('aria-disabled', 'true');
    await feedback.click({ force: true });
  }
  // On to a menu page in the app (no reload: a dialog armed for later would still be there).
  await navigateInApp(page, '/billing/security');
  await expect(title).toHaveText('Security');
  await expect(feedback).not.toHaveAttribute('aria-disabled');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await feedback.click();
  await expect(page.getByRole('dialog', { name: 'Feedback: Security' })).toBeVisible();
  await expectAxeClean(page);
});
