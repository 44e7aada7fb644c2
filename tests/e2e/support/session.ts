import { expect, type Page } from '@playwright/test';

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
