import { expect, test, type Locator, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { giveBackQuestions } from './support/faults';
import { signedInAs } from './support/session';

// The assistant sees the report (beyond the spec: it extends §2 "Assistant chat" with the live view
// of §7 "Embedded report messaging"): the report view publishes its report, page, filters and saved
// view; the chat sends them with the question as reportContext; the built-in engine answers from them.

checkEachTest(test);

const ADA = 'ada@contoso.example';

async function openAssistant(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Ask the assistant' }) });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Asks and answers the generate request's body; waits for the input to be usable again. */
async function ask(page: Page, chat: Locator, question: string): Promise<Record<string, unknown>> {
  const input = chat.getByRole('textbox', { name: 'Ask the assistant' });
  await expect(input).toBeEnabled({ timeout: 15_000 });
  await input.fill(question);
  // Enter sends only once the chat can take a question (Send enabled): not while it restores.
  await expect(chat.getByRole('button', { name: 'Send' })).toBeEnabled();
  const request = page.waitForRequest((r) => r.url().endsWith('/api/chat/generate') && r.method() === 'POST');
  await input.press('Enter');
  const body = (await request).postDataJSON() as Record<string, unknown>;
  await expect(input).toBeEnabled({ timeout: 15_000 });
  return body;
}

test('ada changes the billing overview to another page, asks "what am I looking at?", and the answer names the report and that page', async ({
  page,
  request,
}) => {
  // ada's other assistant tests (assistant.spec.ts) ask her 2 questions a minute, the per-user limit
  // (spec §9): this test starts from a clean minute and gives its own question back.
  await giveBackQuestions(request);
  await signedInAs(page, ADA);
  const frame = page.frameLocator('iframe[title="Power BI report"]');
  await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Save the current view' })).toBeEnabled();
  await frame.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Cost by Service' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Cost by Service' })).toBeVisible();

  const chat = await openAssistant(page);
  const question = 'what am I looking at?';
  const sent = await ask(page, chat, question);
  const conversation = chat.getByRole('region', { name: 'Conversation' });

  // The question carried the live view: the report and the page ada chose.
  expect(sent).toMatchObject({
    question,
    reportContext: {
      reportId: 'billing-overview',
      reportName: 'Billing overview',
      page: { displayName: 'Cost by Service' },
    },
  });
  const answer = conversation
    .getByRole('listitem')
    .filter({ hasText: 'You are looking at Billing overview — page Cost by Service' });
  await expect(answer).toBeVisible();
  await expect(answer.getByText('Billing overview', { exact: true })).toBeVisible();
  await expect(answer.getByText('Cost by Service', { exact: true })).toBeVisible();
  await expectAxeClean(page);

  // Leave ada's open chat as the other assistant tests expect it: a new chat, at its intro view.
  await chat.getByRole('button', { name: 'New Chat' }).click();
  await expect(chat.getByRole('heading', { name: 'Cloud Assistant', level: 3 })).toBeVisible();
  await giveBackQuestions(request);
});
