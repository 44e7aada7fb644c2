import { readFileSync } from 'node:fs';
import { expectAxeClean, watchCsp } from './support/axe';
import { giveBackQuestions } from './support/faults';
import { partnerPort, partnerSitesOfFile } from './support/partnerSite';
import { expect, test, type Page } from './support/test';

// The partner's page drives the pieces: on the demo connected site (a real second origin, its back end
// signing the visitor's token), the page tells the assistant what the visitor looks at and asks it
// questions. Mia is the visitor: no other spec asks as her, so her two questions a minute are ours.

test.describe('the partner’s page drives the assistant', () => {
  const sites = partnerSitesOfFile();

  /** The demo site as Mia, with the assistant ready to take a question. */
  async function openAsMia(page: Page, url: string) {
    await page.goto(`${url}?as=mia`);
    const assistant = page.locator('cp-assistant');
    await expect(assistant.getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled({ timeout: 20_000 });
    return assistant;
  }

  test('a button asks about the invoice with its page context: the chip shows it, the answer is about it, and the visitor can remove it', async ({
    page,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await sites().start(partnerPort(testInfo.parallelIndex, 10), workerPortalUrl);
    const csp = watchCsp(page);
    const assistant = await openAsMia(page, url);
    // A new chat (her latest, restored, may hold earlier questions): newChat() from the page.
    await page.evaluate(() => document.querySelector('cp-assistant')!.newChat());
    await expect(assistant.locator('li[data-sender="user"]')).toHaveCount(0);
    const chip = assistant.locator('[part="context-chip"]');
    await expect(chip).toHaveText('Using: Invoice 4711');
    await expectAxeClean(page);

    const generate = page.waitForRequest((r) => r.url().endsWith('/api/chat/generate') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Ask about this invoice' }).click();
    const sent = (await generate).postDataJSON() as { question: string; pageContext: unknown };
    expect(sent.question).toBe('What is this invoice about?');
    expect(sent.pageContext).toEqual({
      title: 'Invoice 4711',
      data: { invoice: '4711', period: '2026-11', amount: 1250.5, currency: 'EUR', status: 'open' },
    });
    const answer = assistant.locator('li[data-sender="assistant"]').last();
    await expect(answer).toContainText('On this page you are looking at Invoice 4711', { timeout: 20_000 });
    await expect(answer.getByRole('cell', { name: '1250.5' })).toBeVisible();
    // The question shows what it was sent with; the page heard it go.
    await expect(assistant.locator('li[data-sender="user"]').last()).toContainText('Using: Invoice 4711');
    await expect(page.locator('#events').getByText('cp-assistant-message-sent')).toBeVisible();

    // The page takes the chat away for its support desk; the visitor downloads it.
    const transcript = await page.evaluate(() => document.querySelector('cp-assistant')!.exportChat());
    expect(transcript.messages.map((m) => [m.sender, m.pageContext?.title ?? null])).toEqual([
      ['user', 'Invoice 4711'],
      ['assistant', null],
    ]);
    await assistant.getByRole('button', { name: 'Download chat' }).click();
    const saving = page.waitForEvent('download');
    await assistant.getByRole('button', { name: 'As Markdown (.md)' }).click();
    const saved = await saving;
    expect(saved.suggestedFilename()).toMatch(/^what-is-this-invoice-about-\d{4}-\d\d-\d\d\.md$/);
    const markdown = readFileSync(await saved.path(), 'utf8');
    expect(markdown).toContain('> What is this invoice about?');
    expect(markdown).toContain('> _Using: Invoice 4711_');
    expect(markdown).toContain('On this page you are looking at **Invoice 4711**');

    // The visitor removes the context before the next question: the focus goes back to the composer.
    await assistant.getByRole('button', { name: 'Stop using Invoice 4711' }).click();
    await expect(chip).toHaveCount(0);
    await expect(assistant.getByRole('textbox', { name: 'Ask the assistant' })).toBeFocused();
    expect(await page.evaluate(() => document.querySelector('cp-assistant')!.context)).toEqual(
      expect.objectContaining({ title: 'Invoice 4711' }),
    );
    expect(csp).toEqual([]);
  });

  test('the page prefills the composer, and what it asks beyond the limits is refused where the visitor sees why, with cp-assistant-error', async ({
    page,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await sites().start(partnerPort(testInfo.parallelIndex, 11), workerPortalUrl);
    const assistant = await openAsMia(page, url);
    const input = assistant.getByRole('textbox', { name: 'Ask the assistant' });
    const events = page.locator('#events');

    // prefill() and the question attribute fill the composer and send nothing.
    await page.evaluate(() => document.querySelector('cp-assistant')!.prefill('How much did we spend?'));
    await expect(input).toHaveValue('How much did we spend?');
    await page.evaluate(() => document.querySelector('cp-assistant')!.setAttribute('question', 'Which licences?'));
    await expect(input).toHaveValue('Which licences?');

    // A question over 2000 characters: in the composer with the limit's message, and an error event.
    const outcome = await page.evaluate(() => document.querySelector('cp-assistant')!.ask('x'.repeat(2001)));
    expect(outcome).toEqual({
      ok: false,
      code: 'question-too-long',
      message: 'Maximum length is 2000 characters.',
    });
    await expect(assistant.getByRole('alert')).toHaveText('Maximum length is 2000 characters.');
    await expect(input).toHaveValue('x'.repeat(2001));
    await expect(
      events.getByText('cp-assistant-error: question-too-long — Maximum length is 2000 characters.'),
    ).toBeVisible();

    // A context the rules refuse: no chip, and the page is told why.
    const refused = await page.evaluate(() =>
      document.querySelector('cp-assistant')!.setContext({ title: 'Invoice 4711', data: { a: 'x'.repeat(9000) } }),
    );
    expect(refused).toBe('pageContext is 8.8 KB as JSON; at most 8 KB is sent with a question.');
    await expect(assistant.locator('[part="context-chip"]')).toHaveCount(0);
    await expect(
      events.getByText(
        'cp-assistant-error: context-invalid — pageContext is 8.8 KB as JSON; at most 8 KB is sent with a question.',
      ),
    ).toBeVisible();
    // Set again as JSON in the attribute, it shows.
    await page.evaluate(() =>
      document.querySelector('cp-assistant')!.setAttribute('context', '{"title":"Subscription Production"}'),
    );
    await expect(assistant.locator('[part="context-chip"]')).toHaveText('Using: Subscription Production');
  });

  test('the page offers its own action: the assistant proposes it, the visitor’s click runs the page’s handler with checked arguments and its result shows; a question that cannot fill it shows no button', async ({
    page,
    request,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await sites().start(partnerPort(testInfo.parallelIndex, 13), workerPortalUrl);
    await giveBackQuestions(request);
    const csp = watchCsp(page);
    const assistant = await openAsMia(page, url);
    await page.evaluate(() => document.querySelector('cp-assistant')!.newChat());
    await expect(assistant.locator('li[data-sender="user"]')).toHaveCount(0);
    const input = assistant.getByRole('textbox', { name: 'Ask the assistant' });
    const answers = assistant.locator('li[data-sender="assistant"]');

    const generate = page.waitForRequest((r) => r.url().endsWith('/api/chat/generate') && r.method() === 'POST');
    await input.fill('Please open invoice 4711');
    await input.press('Enter');
    const sent = (await generate).postDataJSON() as { pageActions: { name: string }[] };
    expect(sent.pageActions.map((a) => a.name)).toEqual(['openInvoice']);
    const proposal = answers.last().getByRole('button', { name: 'Open invoice 4711' });
    await expect(proposal).toBeVisible({ timeout: 20_000 });
    await expect(answers.last()).toContainText('Nothing happens until you do.');
    // Nothing ran before the visitor chose it.
    await expect(page.getByRole('complementary', { name: 'Invoice 4711 — details' })).toBeHidden();
    await expect(page.locator('#events').getByText('cp-assistant-action')).toHaveCount(0);
    await expectAxeClean(page);

    const stored = page.waitForResponse((r) => r.url().endsWith('/api/chat/action-result') && r.status() === 200);
    await proposal.click();
    await expect(page.getByRole('complementary', { name: 'Invoice 4711 — details' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Invoice 4711 — details' })).toBeFocused();
    await expect(page.locator('#events').getByText('cp-assistant-action')).toBeVisible();
    await expect(answers.last().getByRole('status')).toHaveText('Invoice 4711 opened in the side panel.');
    await stored;
    // The page's telemetry panel lists what its onTelemetry received — no question's or answer's text.
    const telemetry = page.getByRole('list').filter({ has: page.getByText(/piece-ready/) });
    for (const line of [
      /piece-ready — piece: assistant, ms: \d+/,
      /question-sent — dataset: all, characters: 24, withContext: true/,
      /answer-shown — outcome: answered, dataset: all, firstTextMs: \d+, doneMs: \d+, cost: [\d.]+, currency: \w+/,
      /action-offered — name: openInvoice/,
      /action-chosen — name: openInvoice/,
    ])
      await expect(telemetry.getByText(line).first()).toBeVisible();
    await expect(telemetry).not.toContainText('Please open invoice 4711');
    // Stored with the answer: the chat read again shows it.
    await page.reload();
    await expect(assistant.getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled({ timeout: 20_000 });
    await expect(answers.last().getByRole('status')).toHaveText('Invoice 4711 opened in the side panel.', {
      timeout: 20_000,
    });

    // A question whose words cannot fill the action's parameters (and no page context to fill them
    // from, the visitor removed it): the answer says what it needs, and shows no button.
    await assistant.getByRole('button', { name: 'Stop using Invoice 4711' }).click();
    await input.fill('Open invoice abc');
    await input.press('Enter');
    await expect(answers.last()).toContainText('This page offers Open invoice, but I could not tell', {
      timeout: 20_000,
    });
    await expect(answers.last().getByRole('button', { name: /Open invoice/ })).toHaveCount(0);
    expect(csp).toEqual([]);
  });

  test('a visitor opens a row of a <cp-page> grid with Enter or a double click: the page hears cp-page-row-activated with the row', async ({
    page,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await sites().start(partnerPort(testInfo.parallelIndex, 14), workerPortalUrl);
    await page.goto(`${url}?as=mia`);
    await page.evaluate(() => {
      const heard: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = heard;
      document.addEventListener('cp-page-row-activated', (event) => heard.push((event as CustomEvent).detail));
    });
    const grid = page.locator('cp-page').getByRole('grid', { name: 'Subscriptions' });
    const first = grid.getByRole('row').nth(1).getByRole('gridcell').first();
    await expect(first).not.toBeEmpty({ timeout: 20_000 });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#events').getByText('cp-page-row-activated')).toBeVisible();
    const second = grid.getByRole('row').nth(2).getByRole('gridcell').first();
    await second.dblclick();
    const heard = await page.evaluate(
      () => (window as unknown as { heard: { dataset: string; row: unknown }[] }).heard,
    );
    expect(heard.map((d) => d.dataset)).toEqual(['subscriptions', 'subscriptions']);
    expect(Object.values(heard[0]!.row as object)).toContain(await first.textContent());
    expect(Object.values(heard[1]!.row as object)).toContain(await second.textContent());
  });

  test('open() and close() drive a launcher’s dialog, and its open attribute follows the visitor', async ({
    page,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await sites().start(partnerPort(testInfo.parallelIndex, 12), workerPortalUrl);
    await openAsMia(page, url);
    await page.evaluate(() => {
      const launcher = document.createElement('cp-assistant');
      launcher.id = 'launcher';
      document.body.append(launcher);
    });
    const launcher = page.locator('#launcher');
    await expect(launcher.getByRole('button', { name: 'Assistant' })).toBeVisible();
    await page.evaluate(() => (document.getElementById('launcher') as HTMLElementTagNameMap['cp-assistant']).open());
    const dialog = launcher.getByRole('dialog');
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled({ timeout: 20_000 });
    await expect(launcher).toHaveAttribute('open', '');
    await page.evaluate(() => (document.getElementById('launcher') as HTMLElementTagNameMap['cp-assistant']).close());
    await expect(dialog).toBeHidden();
    // The visitor opens it with the button and closes it with Escape: the attribute follows.
    await launcher.getByRole('button', { name: 'Assistant' }).click();
    await expect(dialog).toBeVisible();
    await expect(launcher).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(launcher).not.toHaveAttribute('open');
  });
});
