import { expect, test, type Locator, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import { FAKE_POWERBI_URL, LIVE_PORTAL_URL, type FakeModelLog } from './support/powerbiLive';
import { appToken, signedInAs, signInAs } from './support/session';
import { waitForReady } from './support/servers';

// Answers as they are written (issue 40) in Chromium, end to end: the live-mode portal server's
// assistant is an OpenAI-compatible model (ASSISTANT_PROVIDER=openai) — the fake model beside the
// fake Power BI (tests/e2e/support/fake-powerbi-server.mjs), which streams the real chunk formats
// and holds its stream where the test says, so what the visitor sees before the answer is complete
// can be looked at. The portal, its chatbot service, the OpenAI-compatible engine, core's stream
// reader and the chat's views are the product's own.
//
// The service allows 2 questions a minute per user: ada asks 2 (in the portal, and by the spec's JSON
// call), max 2 (on the partner page, through <cp-assistant>), multi 2 (a question and its Regenerate).

test.use({ baseURL: LIVE_PORTAL_URL });
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // The config starts the live server last without waiting for it to boot: wait here.
  test.setTimeout(120_000);
  await waitForReady(LIVE_PORTAL_URL, 110_000, 'The live mode server');
});

type Piece = { text: string } | { wait: string } | 'hang';
type Step = { stream: Piece[] } | { json: unknown };

/** The fake model's next answers. */
async function scriptModel(...steps: Step[]): Promise<void> {
  const res = await fetch(`${FAKE_POWERBI_URL}/__e2e/model/script`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ steps }),
  });
  expect(res.status).toBe(204);
}

/** Lets the model's stream held at `{ wait: name }` go on. */
async function release(name: string): Promise<void> {
  expect((await fetch(`${FAKE_POWERBI_URL}/__e2e/model/release/${name}`, { method: 'POST' })).status).toBe(204);
}

async function modelLog(): Promise<FakeModelLog> {
  return (await (await fetch(`${FAKE_POWERBI_URL}/__e2e/model/requests`)).json()) as FakeModelLog;
}

/** A chat completions answer with a final message (a model that does not stream). */
const whole = (content: string): Step => ({
  json: {
    id: 'chatcmpl-e2e',
    object: 'chat.completion',
    model: 'gpt-test',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  },
});

/** Opens the portal's assistant dialog from the navbar. */
async function openPortalAssistant(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Assistant', exact: true }).click();
  const chat = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Ask the assistant' }) });
  await expect(chat).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible();
  return chat;
}

/** max on the partner page: `<cp-assistant>` as a partner pastes it, its events recorded in `window.cpEvents`. */
async function openPartnerAssistant(page: Page): Promise<Locator> {
  await signInAs(page, 'max@fabrikam.example');
  await expect(page).toHaveURL(/\/billing\/overview$/);
  await page.addInitScript(() => {
    const seen: { type: string; detail: unknown }[] = [];
    (window as unknown as { cpEvents: typeof seen }).cpEvents = seen;
    for (const type of ['cp-assistant-answer-progress', 'cp-assistant-answer-received'])
      document.addEventListener(type, (event) => seen.push({ type, detail: (event as CustomEvent).detail }));
  });
  await page.goto('/partner/');
  const chat = page.locator('cp-assistant');
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible();
  return chat;
}

async function ask(chat: Locator, question: string): Promise<void> {
  const input = chat.getByRole('textbox', { name: 'Ask the assistant' });
  await input.fill(question);
  await expect(chat.getByRole('button', { name: 'Send' })).toBeEnabled();
  await input.press('Enter');
}

const writing = (chat: Locator) => chat.locator('[data-type="writing"]');
const answers = (chat: Locator) => chat.locator('li[data-sender="assistant"]:not([data-type="greeting"])');

test.describe('with no Content-Security-Policy report', () => {
  checkEachTest(test);

  test('the first words show before the answer is complete, the conversation follows the answer until the visitor scrolls up, then the whole answer, announced once', async ({
    page,
  }) => {
    const paragraphs = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `Week ${from + i}: compute led, storage followed.\n\n`).join('');
    await scriptModel({
      stream: [
        { text: '## June\n\nContoso spent ' },
        { text: '**USD 1,234** on Azure.\n\n' },
        { wait: 'long' },
        { text: paragraphs(1, 30) },
        { wait: 'longer' },
        { text: paragraphs(31, 40) },
        { wait: 'end' },
        { text: '- Compute led\n- Storage followed' },
      ],
    });
    await signedInAs(page, 'ada@contoso.example');
    const chat = await openPortalAssistant(page);
    await ask(chat, 'What did we spend in June?');
    // The model holds the rest: what it wrote so far is on screen, its finished blocks as Markdown.
    await expect(writing(chat).getByRole('heading', { name: 'June' })).toBeVisible();
    await expect(writing(chat)).toContainText('Contoso spent USD 1,234 on Azure.');
    await expect(chat.getByRole('textbox', { name: 'Ask the assistant' })).toBeDisabled();
    await expect(chat.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await expect(page.locator('[part="announcer"]')).toHaveText('The assistant is answering');
    await expectAxeClean(page);

    // Longer than the conversation's height: its end is kept in view.
    const conversation = chat.getByRole('region', { name: 'Conversation' });
    const endBelowView = () =>
      conversation.evaluate((main) => {
        const row = main.querySelector('[data-type="writing"]')!;
        return Math.round(row.getBoundingClientRect().bottom - main.getBoundingClientRect().bottom);
      });
    await release('long');
    await expect(writing(chat)).toContainText('Week 30:');
    await expect.poll(endBelowView).toBeLessThanOrEqual(1);
    // The visitor scrolls up to read: it stays where they put it while more is written.
    await conversation.hover();
    await page.mouse.wheel(0, -600);
    await expect.poll(endBelowView).toBeGreaterThan(300);
    const readingAt = await conversation.evaluate((main) => main.scrollTop);
    await release('longer');
    await expect(writing(chat)).toContainText('Week 40:');
    await page.waitForTimeout(300);
    expect(await conversation.evaluate((main) => main.scrollTop)).toBe(readingAt);

    await release('end');
    await expect(writing(chat)).toHaveCount(0);
    const answer = answers(chat).last();
    await expect(answer.getByRole('listitem')).toHaveText(['Compute led', 'Storage followed']);
    await expect(page.locator('[part="announcer"]')).toHaveText(
      /^June Contoso spent USD 1,234 on Azure\. Week 1: .* Week 40: compute led, storage followed\. Compute led Storage followed$/,
      { timeout: 10_000 },
    );
    expect((await modelLog()).at(-1)).toEqual({ stream: true, closedEarly: false });
  });

  test('on a partner’s page, Stop ends the answer: the model’s request is aborted, what was written stays marked as stopped, the cost shows it, and the element told its progress', async ({
    page,
  }) => {
    await scriptModel({ stream: [{ text: 'Fabrikam spent a lot on licences, ' }, 'hang'] });
    const chat = await openPartnerAssistant(page);
    const cost = chat.locator('[part="cost"]');
    const before = await cost.textContent();
    await ask(chat, 'Where did the money go?');
    await expect(writing(chat)).toContainText('Fabrikam spent a lot on licences,');
    await chat.getByRole('button', { name: 'Stop' }).click();
    const last = answers(chat).last();
    await expect(last).toContainText('Fabrikam spent a lot on licences,');
    await expect(last.getByText('You stopped this answer.')).toBeVisible();
    await expect(chat.getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled();
    await expect.poll(async () => (await modelLog()).at(-1)?.closedEarly).toBe(true);
    await expect(cost).not.toHaveText(before ?? '');
    const events = await page.evaluate(
      () => (window as unknown as { cpEvents: { type: string; detail: unknown }[] }).cpEvents,
    );
    expect(events.map((e) => e.type)).toEqual(['cp-assistant-answer-progress', 'cp-assistant-answer-received']);
    expect(events[0]!.detail).toEqual({ text: 'Fabrikam spent a lot on licences, ' });
    expect(events[1]!.detail).toMatchObject({
      message: { sender: 'assistant', type: 'stopped', message: 'Fabrikam spent a lot on licences,' },
    });
    // Stored as stopped: the chat restored after a reload shows it so.
    await page.reload();
    await expect(answers(chat).last().getByText('You stopped this answer.')).toBeVisible();
  });

  test('Regenerate asks the last question again and replaces its answer; the chat keeps the final one', async ({
    page,
  }) => {
    await scriptModel(whole('The first answer.'), { stream: [{ text: 'The second ' }, { text: 'answer.' }] });
    await signInAs(page, 'multi@wingtip.example');
    await page.getByRole('button', { name: 'Wingtip Toys' }).click();
    await expect(page).toHaveURL(/\/billing\/overview$/);
    const chat = await openPortalAssistant(page);
    await ask(chat, 'How are we doing?');
    await expect(answers(chat).last()).toContainText('The first answer.');
    await answers(chat).last().getByRole('button', { name: 'Regenerate' }).click();
    await expect(answers(chat).last()).toContainText('The second answer.');
    await expect(chat.getByText('The first answer.')).toHaveCount(0);
    await page.reload();
    await openPortalAssistant(page);
    await expect(answers(chat).last()).toContainText('The second answer.');
    await expect(chat.getByText('The first answer.')).toHaveCount(0);
    await expect(chat.locator('li[data-sender="user"]')).toHaveCount(1);
  });

  test('the spec’s JSON call still answers as the spec says, stored as a streamed answer is', async ({ page }) => {
    // The spec's call asks the model for one whole answer (no streaming).
    await scriptModel(whole('All at once.'));
    const token = await appToken(page.request, 'ada@contoso.example');
    const headers = { Authorization: `Bearer ${token}` };
    const created = await page.request.post('/services/ai-chatbot/api/chat/create', { headers });
    const { chatId } = (await created.json()) as { chatId: string };
    const res = await page.request.post('/services/ai-chatbot/api/chat/generate', {
      data: { chatId, question: 'Costs?', chat_dataset: 'azure' },
      // What a caller of the spec's call sends: no event-stream Accept.
      headers: { ...headers, Accept: 'application/json' },
    });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    // The spec's fields, and one of ours: the stored answer's id (message_id).
    expect(Object.keys(body).sort()).toEqual(
      ['chat_cost', 'chat_cost_currency', 'chat_dataset', 'message_id', 'related_links', 'response'].sort(),
    );
    expect(body.response).toBe('All at once.');
  });
});

test('a hostile payload split across the pieces never runs, while written or once complete', async ({ page }) => {
  // Chromium reports the page's CSP for the inline handlers DOMPurify's inert parse (DOMParser) meets
  // before it removes them (cure53/DOMPurify#900): nothing can run there. So every report must come
  // from that parse, in the answer pipeline's chunk — and nothing ran, nor was left in the page.
  const cdp = await page.context().newCDPSession(page);
  const reports: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    const csp = issue.details.contentSecurityPolicyIssueDetails;
    if (csp) reports.push(csp.sourceCodeLocation?.url ?? '(no location)');
  });
  await cdp.send('Audits.enable');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await scriptModel({
    stream: [
      { text: 'Look: <img src=x on' },
      { text: 'error="window.pwned=1;alert(1)"> and <scr' },
      { text: 'ipt>window.pwned=1</script>\n\n[click](javas' },
      { text: 'cript:alert(1)) <svg onload="window.pwned=1">\n\n' },
      { wait: 'end' },
      { text: 'The end.' },
    ],
  });
  const chat = await openPartnerAssistant(page);
  await ask(chat, 'Show me something.');
  await expect(writing(chat)).toContainText('Look:');
  const shown = writing(chat).locator('.cp-answer');
  await expect(shown.locator('script, svg, [onerror], [onload], a[href^="javascript"]')).toHaveCount(0);
  await release('end');
  await expect(writing(chat)).toHaveCount(0);
  const answer = answers(chat).last().locator('.cp-answer');
  await expect(answer).toContainText('The end.');
  await expect(answer.locator('script, svg, [onerror], [onload], a[href^="javascript"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  for (const url of reports) expect(url).toMatch(/\/answerPipeline-[\w-]+\.js$/);
});
