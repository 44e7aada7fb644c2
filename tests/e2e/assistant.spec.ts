import { expect, test, type Locator, type Page } from './support/test';
import { fault } from './support/faults';
import { checkEachTest, expectAxeClean } from './support/axe';
import { signedInAs, signInAs } from './support/session';
import { LATER_SCRIPTS, recordSdkScripts } from './support/scripts';

// The assistant chat (spec §2, §4, §5, §8) against the reference chatbot service and its built-in
// engine, in the reference portal and on the partner page. The service allows 2 questions a minute
// per user, so each user here asks at most 2, but for the rate-limit test.

checkEachTest(test);

/** Opens the assistant from the navbar and waits for it to be ready (intro or a restored chat). */
async function openAssistant(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const dialog = page
    .getByRole('dialog', { name: /Cloud Assistant|Start a new chat|.+/ })
    .filter({ has: page.getByRole('textbox', { name: 'Ask the assistant' }) });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function ask(chat: Locator, question: string) {
  const input = chat.getByRole('textbox', { name: 'Ask the assistant' });
  await input.fill(question);
  await expect(chat.getByText(`${question.length} / 2000`)).toBeVisible();
  // Enter sends only once the chat can take a question (Send enabled): not while it restores.
  await expect(chat.getByRole('button', { name: 'Send' })).toBeEnabled();
  await input.press('Enter');
}

test.describe('ada in the reference portal', () => {
  test('asks a cost question, gets a table and related links, and follows a link through the router', async ({
    page,
  }) => {
    await signedInAs(page, 'ada@contoso.example');
    const chat = await openAssistant(page);
    await expect(chat.getByRole('heading', { name: 'Cloud Assistant', level: 3 })).toBeVisible();
    await expect(
      chat.getByText('Instant answers and actionable insights to optimize your cloud environment'),
    ).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Company Overview Azure' })).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Company Overview M365' })).toBeVisible();
    await expectAxeClean(page);

    // The built-in engine answers within milliseconds: hold its answer in the browser's network
    // layer until the generating state has been seen, then let the server's real answer through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/chat/generate',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await ask(chat, 'What were our Azure costs by service last month?');
    await expect(chat.getByRole('textbox', { name: 'Ask the assistant' })).toBeDisabled();
    release();
    const answer = chat.getByRole('table').first();
    await expect(answer).toBeVisible({ timeout: 15_000 });
    await expect(chat.getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled();
    await expect(chat.getByRole('columnheader').first()).toBeVisible();
    const links = chat.getByRole('heading', { name: 'Related links' }).last().locator('xpath=following-sibling::ul[1]');
    await expect(links.getByRole('link').first()).toBeVisible();
    await expect(chat.getByText(/Chat cost: /)).toBeVisible();
    await expect(chat.getByRole('group', { name: 'Suggested questions' })).toBeVisible();
    await expectAxeClean(page);

    const link = links.getByRole('link').first();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/billing\/[a-z0-9-]+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(chat).toBeHidden();
  });

  test('renames and deletes a chat from the history, and switches the dataset', async ({ page }) => {
    await signedInAs(page, 'ada@contoso.example');
    const chat = await openAssistant(page);
    // A chat of its own to rename and delete (ada's second question of the minute).
    await chat.getByRole('button', { name: 'New Chat' }).click();
    await chat.getByRole('button', { name: 'Company Overview M365' }).first().click();
    await expect(chat.getByRole('table').first()).toBeVisible({ timeout: 15_000 });
    await chat.getByRole('button', { name: 'Chat history' }).click();
    const history = chat.getByRole('region', { name: 'Chat history' });
    await expect(history.getByText('THIS WEEK')).toBeVisible();
    const renameButton = history.getByRole('button', { name: /^Rename / }).first();
    await renameButton.click();
    const rename = page.getByRole('dialog', { name: 'Rename chat' });
    const name = rename.getByRole('textbox', { name: 'Chat name' });
    await name.fill('   ');
    await expect(rename.getByText('Chat name is required')).toBeVisible();
    await expect(rename.getByRole('button', { name: 'Rename' })).toBeDisabled();
    await name.fill('Azure spend review');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByText('Chat renamed successfully')).toBeVisible();
    await expect(history.getByRole('button', { name: /^Azure spend review/ })).toBeVisible();

    await history.getByRole('button', { name: 'Delete Azure spend review' }).click();
    await expect(page.getByText('Chat deleted successfully')).toBeVisible();
    await expect(history.getByRole('button', { name: /^Azure spend review/ })).toHaveCount(0);

    // Deleting the open chat started a new one: the intro; switching the dataset keeps it new.
    await expect(chat.getByRole('heading', { name: 'Cloud Assistant', level: 3 })).toBeVisible();
    const dataset = chat.getByRole('combobox', { name: 'Dataset' });
    await expect(dataset.getByRole('option')).toHaveText(['All', 'M365', 'Azure']);
    await dataset.selectOption('azure');
    await expect(chat.getByRole('button', { name: 'Company Overview Azure' })).toBeVisible();
    await expect(chat.getByRole('button', { name: 'Company Overview M365' })).toHaveCount(0);
  });
});

test('max (Microsoft 365 only) is offered the M365 dataset only', async ({ page }) => {
  // On the partner page: max's terms dialog belongs to the portal (the sign-in tests accept it).
  await signInAs(page, 'max@fabrikam.example');
  await expect(page).toHaveURL(/\/billing\/overview$/);
  await page.goto('/partner/');
  const assistant = page.locator('cp-assistant');
  await expect(assistant.getByRole('heading', { name: 'Cloud Assistant', level: 3 })).toBeVisible();
  await expect(assistant.getByRole('button', { name: 'Company Overview M365' })).toBeVisible();
  await expect(assistant.getByRole('button', { name: 'Company Overview Azure' })).toHaveCount(0);
  const dataset = assistant.getByRole('combobox', { name: 'Dataset' });
  if ((await dataset.count()) > 0) await expect(dataset.getByRole('option')).toHaveText(['M365']);
});

test('max attaches a screenshot on the partner page: it is sent with the question, answered, and restored with the chat', async ({
  page,
}) => {
  await signInAs(page, 'max@fabrikam.example');
  await expect(page).toHaveURL(/\/billing\/overview$/);
  await page.goto('/partner/');
  const assistant = page.locator('cp-assistant');
  await expect(assistant.getByRole('heading', { name: 'Cloud Assistant', level: 3 })).toBeVisible();
  // A PNG as the file picker hands it over (the server checks the bytes are a PNG).
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await assistant
    .locator('input[type="file"]')
    .setInputFiles({ name: 'teams.png', mimeType: 'image/png', buffer: png });
  await expect(assistant.getByRole('img', { name: 'Screenshot to send' })).toBeVisible();
  await expect(assistant.getByRole('button', { name: 'Send' })).toBeEnabled();
  await expectAxeClean(page);
  await ask(assistant, 'How active is Teams?');
  const bubble = assistant.getByRole('img', { name: 'Attached screenshot' });
  await expect(bubble).toBeVisible();
  await expect(assistant.getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled({ timeout: 15_000 });
  await expect(
    assistant.getByRole('region', { name: 'Conversation' }).getByText(/reads only the text of your question/),
  ).toBeVisible();

  await page.reload();
  await expect(assistant.getByRole('img', { name: 'Attached screenshot' })).toHaveAttribute(
    'src',
    `data:image/png;base64,${png.toString('base64')}`,
  );
});

test("sam's tenant has no dataset: the assistant says it is not enabled, and sending raises the toast", async ({
  page,
}) => {
  await signedInAs(page, 'sam@litware.example');
  const chat = await openAssistant(page);
  await expect(
    chat.getByText('Assistant is not enabled for your tenant. Please contact your administrator to enable it.'),
  ).toBeVisible();
  await chat.getByRole('textbox', { name: 'Ask the assistant' }).fill('What did we spend?');
  await chat.getByRole('textbox', { name: 'Ask the assistant' }).press('Enter');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Assistant is not enabled for your tenant. Please contact your administrator to enable it.' }),
  ).toBeVisible();
});

test('a third question within a minute gets the rate-limit message, and the input is usable again', async ({
  page,
}) => {
  await signInAs(page, 'multi@wingtip.example');
  await page.getByRole('button', { name: 'Wingtip Toys' }).click();
  await expect(page).toHaveURL(/\/billing\/overview$/);
  const chat = await openAssistant(page);
  const input = chat.getByRole('textbox', { name: 'Ask the assistant' });
  for (const question of ['What are our top Azure cost drivers?', 'How are our budgets doing?']) {
    await ask(chat, question);
    await expect(input).toBeEnabled({ timeout: 15_000 });
  }
  await ask(chat, 'What reservations do we have?');
  await expect(
    chat.getByRole('listitem').filter({
      hasText:
        "We're limiting requests right now to keep things running smoothly. The rate limit is 2 requests per minute. Take a short break, and you'll be able to try again in a minute.",
    }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(input).toBeEnabled();
});

test('a new chat greets; a 429 with Retry-After shows the rate-limit text and a countdown, and keeps the question until Send works again', async ({
  page,
  request,
}) => {
  // Wingtip has the Azure dataset only: the chat the server creates is on the chosen dataset, so it greets.
  await signInAs(page, 'multi@wingtip.example');
  await page.getByRole('button', { name: 'Wingtip Toys' }).click();
  await expect(page).toHaveURL(/\/billing\/overview$/);
  const chat = await openAssistant(page);
  await chat.getByRole('button', { name: 'New Chat' }).click();
  await expect(
    chat.getByRole('listitem').filter({ hasText: "I'm Cloud Assistant. Ask me about Wingtip Toys' Azure costs" }),
  ).toBeVisible();
  await expect(chat.getByRole('group', { name: 'Suggested questions' }).getByRole('button').first()).toBeVisible();
  await expect(chat.getByText('Start a new chat', { exact: true })).toBeVisible();

  const input = chat.getByRole('textbox', { name: 'Ask the assistant' });
  const send = chat.getByRole('button', { name: 'Send' });
  const question = 'Which resource groups cost the most?';
  await input.fill(question);
  // The next question is refused by the server with a 429 and Retry-After: 2 (once; it takes no slot of the real limit).
  await fault(request, {
    method: 'POST',
    path: '/services/ai-chatbot/api/chat/generate',
    status: 429,
    headers: { 'Retry-After': '2' },
  });
  await input.press('Enter');
  await expect(
    chat.getByRole('listitem').filter({
      hasText:
        "We're limiting requests right now to keep things running smoothly. The rate limit is 2 requests per minute. Take a short break, and you'll be able to try again in a minute.",
    }),
  ).toBeVisible();
  await expect(chat.getByRole('timer')).toHaveText(/^You can ask again in [12] seconds?\.$/);
  await expect(input).toHaveValue(question);
  await expect(send).toBeDisabled();
  await expect(chat.getByRole('timer')).toBeHidden({ timeout: 5_000 });
  await expect(send).toBeEnabled();
  await expect(input).toHaveValue(question);
});

test('the partner page embeds <cp-assistant> from the standalone bundle and completes a conversation', async ({
  page,
}) => {
  // The visitor is signed in to the portal; the partner page (same origin) resumes that session.
  await signInAs(page, 'multi@wingtip.example');
  await page.getByRole('button', { name: 'Contoso Ltd' }).click();
  await expect(page).toHaveURL(/\/billing\/overview$/);
  // Scripts the partner page asks for (the portal page it leaves may still be loading its report).
  const scripts = recordSdkScripts(page, '/partner/');
  const events: string[] = [];
  await page.exposeFunction('recordAssistantEvent', (name: string) => events.push(name));
  await page.goto('/partner/');
  await page.evaluate(() => {
    for (const name of ['cp-assistant-message-sent', 'cp-assistant-answer-received']) {
      document.addEventListener(name, () =>
        (window as unknown as { recordAssistantEvent: (n: string) => void }).recordAssistantEvent(name),
      );
    }
  });
  const assistant = page.locator('cp-assistant');
  await expect(assistant.getByRole('heading', { name: 'Cloud Assistant', level: 3 })).toBeVisible();
  await expectAxeClean(page);
  // The intro view loads the bundle's entry, then React (mount) and the assistant's view with what
  // they share; nothing of the elements the page does not use, and the Markdown renderer, the history
  // list and the rename dialog only when they are needed.
  await expect.poll(() => scripts).toContain('toaster-view');
  expect(scripts).toEqual(expect.arrayContaining(['cloudportal-elements', 'mount', 'assistant-view', 'toaster-view']));
  for (const later of LATER_SCRIPTS) expect(scripts).not.toContain(later);

  await assistant.getByRole('button', { name: 'Company Overview Azure' }).first().click();
  await expect(assistant.getByRole('table').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/The assistant answered at/)).toBeVisible();
  expect(events).toEqual(['cp-assistant-message-sent', 'cp-assistant-answer-received']);
  // The Markdown pipeline (marked, DOMPurify and the answer's rules) came with the first answer.
  expect(scripts).toContain('answerPipeline');
  await expectAxeClean(page);
});
