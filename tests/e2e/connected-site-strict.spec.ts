import { TRUSTED_TYPES_POLICIES } from '@cloudportal/core';
import { giveBackQuestions } from './support/faults';
import { partnerPort, partnerSitesOfFile } from './support/partnerSite';
import { expect, test, type Locator, type Page } from './support/test';

// A partner's page under the Content-Security-Policy its security team deploys — the demo connected
// site's strict.html and strict-shell.html on a second origin (http://127.0.0.1:<port>, the portal
// on http://localhost:<port>): scripts only by the response's nonce and what they load
// ('strict-dynamic'), `object-src 'none'`, `base-uri 'none'`, and Trusted Types required with the
// SDK's policies. Every piece is used as a visitor uses it; what the browser reports — to the page
// (`securitypolicyviolation`, kept in `window.cspViolations` by strict.js) and to the site's back
// end (`report-uri /csp-reports`) — is read from it, and must be nothing.

/** A violation as the page keeps it (strict.js). */
interface PageViolation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

/** A `report-uri` report as the browser sent it to the site's back end. */
interface CspReport {
  'document-uri': string;
  'violated-directive': string;
  'effective-directive'?: string;
  'blocked-uri': string;
  'script-sample'?: string;
  'source-file'?: string;
}

/** What the browser reported to the page since it loaded. */
const pageViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: PageViolation[] }).cspViolations);

/** What the browser reported to the site's back end. */
async function backEndReports(site: string): Promise<CspReport[]> {
  const res = await fetch(`${site}csp-reports`);
  expect(res.status).toBe(200);
  return (await res.json()) as CspReport[];
}

/** How a report reads in a failure: directive, sample and source. */
const described = (r: CspReport) =>
  `${r['violated-directive']} ${r['script-sample'] ?? r['blocked-uri']} (${r['source-file'] ?? r['document-uri']})`;

// The page's own deliberate violation: the sample both channels report for it.
const CONTROL_SAMPLE = 'Element innerHTML|<b>x</b>';

/**
 * Ends a test's watch: one string assigned to `innerHTML` by the page, which the browser must
 * refuse and report. When it has arrived at the back end, so has anything reported before it: the
 * control then must be the only report, to the page and to the back end.
 */
async function expectOnlyTheControlReported(page: Page, site: string): Promise<void> {
  await page.evaluate(() => {
    try {
      document.createElement('div').innerHTML = '<b>x</b>';
    } catch {
      // Refused: the report is what this is for.
    }
  });
  const onPage = await pageViolations(page);
  expect(
    onPage.map((v) => `${v.directive} ${v.sample || v.blocked} (${v.source})`),
    'the violations the page was told of',
  ).toEqual([expect.stringMatching(/^require-trusted-types-for Element innerHTML\|<b>x<\/b> /)]);
  await expect
    .poll(async () => (await backEndReports(site)).length, { message: 'the control reaches the back end' })
    .toBeGreaterThan(0);
  const reports = await backEndReports(site);
  expect(reports.map(described), 'the reports the back end received').toEqual([
    expect.stringMatching(/^require-trusted-types-for Element innerHTML\|<b>x<\/b> /),
  ]);
}

/** A canvas chart's pixels, to tell whether something was drawn over it (its tooltip). */
const pixels = (chart: Locator) => chart.screenshot({ animations: 'disabled' });

test.describe('a partner’s page under a strict CSP with Trusted Types', () => {
  const sites = partnerSitesOfFile();
  // A failure elsewhere in a test (an answer that never showed) comes with what the browser reported.
  test.afterEach(async ({ page }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
    const reported = await pageViolations(page).catch(() => 'the page could not be asked');
    await testInfo.attach('violations reported to the page', { body: JSON.stringify(reported, null, 2) });
  });

  test('the page’s policy: a fresh nonce on its own scripts per response, strict-dynamic, and the SDK’s Trusted Types policies; a string the page assigns to innerHTML is refused and reported, to the page and to its back end', async ({
    page,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await sites().start(partnerPort(testInfo.parallelIndex, 6), workerPortalUrl);
    const served = async () => {
      const res = await fetch(`${url}strict.html`);
      const policy = res.headers.get('content-security-policy') ?? '';
      const html = await res.text();
      return { policy, nonce: /'nonce-([^']+)'/.exec(policy)?.[1], scripts: [...html.matchAll(/<script\b[^>]*>/g)] };
    };
    const first = await served();
    const second = await served();
    expect(first.policy).toMatch(/(^|; )script-src 'nonce-[A-Za-z0-9+/=]{24,}' 'strict-dynamic'(;|$)/);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "require-trusted-types-for 'script'",
      `trusted-types ${TRUSTED_TYPES_POLICIES.join(' ')}`,
      `connect-src 'self' ${workerPortalUrl}`,
      'report-uri /csp-reports',
    ])
      expect(first.policy.split('; ')).toContain(directive);
    expect(first.nonce).not.toBe(second.nonce);
    // Each of the page's own scripts carries this response's nonce, and no other script is there.
    expect(first.scripts.length).toBeGreaterThanOrEqual(2);
    for (const [tag] of first.scripts) expect(tag).toContain(`nonce="${first.nonce}"`);

    // The negative control: the page's own script assigns '<b>x</b>' to innerHTML at load.
    await page.goto(`${url}strict.html?control=innerhtml`);
    await expect
      .poll(() => pageViolations(page))
      .toEqual([expect.objectContaining({ directive: 'require-trusted-types-for', sample: CONTROL_SAMPLE })]);
    await expect(page.getByText(/reported 1 policy violation; the last: require-trusted-types-for/)).toBeVisible();
    await expect
      .poll(async () => (await backEndReports(url)).map(described))
      .toEqual([expect.stringMatching(/^require-trusted-types-for Element innerHTML\|<b>x<\/b> \(.*\/strict\.js\)$/)]);
  });

  test('every piece works — the assistant answering in Markdown with a table and links as it writes, a dataset page and its chart’s tooltip, a report with saved views, search, feedback — and the browser reports no violation', async ({
    page,
    request,
    workerPortalUrl,
  }, testInfo) => {
    test.setTimeout(150_000);
    const { url } = await sites().start(partnerPort(testInfo.parallelIndex, 7), workerPortalUrl);
    // The answer's progress events: raised only while an answer is being written.
    await page.addInitScript(() => {
      const w = window as unknown as { answerProgress: number };
      w.answerProgress = 0;
      document.addEventListener('cp-assistant-answer-progress', () => (w.answerProgress += 1));
    });
    await page.goto(`${url}strict.html`);
    await expect(page.getByRole('status').filter({ hasText: /signed 1 token/ })).toBeVisible({ timeout: 20_000 });

    // The assistant: its composer, then an answer written as it comes — Markdown with a table, a
    // link and its related links.
    const assistant = page.locator('cp-assistant');
    const input = assistant.getByRole('textbox', { name: 'Ask the assistant' });
    await expect(input).toBeEnabled({ timeout: 20_000 });
    await giveBackQuestions(request);
    await input.fill('What were our Azure costs by service last month?');
    await expect(assistant.getByRole('button', { name: 'Send' })).toBeEnabled();
    await input.press('Enter');
    const conversation = assistant.getByRole('region', { name: 'Conversation' });
    await expect(conversation.getByRole('table').first()).toBeVisible({ timeout: 30_000 });
    await expect(input).toBeEnabled({ timeout: 30_000 });
    await expect(conversation.getByRole('columnheader').first()).toBeVisible();
    await expect(conversation.getByRole('heading', { name: 'Related links' }).last()).toBeVisible();
    await expect(conversation.getByRole('link').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { answerProgress: number }).answerProgress)).toBeGreaterThan(
      0,
    );
    await expect(page.locator('#events').getByText('cp-assistant-answer-received')).toBeVisible();
    await giveBackQuestions(request);

    // A dataset page: its rows, and its chart drawn on a canvas, whose tooltip shows under the pointer.
    const dataset = page.locator('cp-page');
    await expect(dataset.getByRole('grid').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    const figure = dataset.getByRole('figure').first();
    await figure.scrollIntoViewIfNeeded();
    const plot = figure.locator('.cp-chart__plot[data-ready="true"]');
    await expect(plot.locator('canvas')).not.toHaveCount(0, { timeout: 20_000 });
    const before = await pixels(plot);
    const box = (await plot.boundingBox())!;
    // Over the ring of the donut (centred at 50 % / 45 %, radii 48–74 % of half the shorter side).
    const radius = (0.61 * Math.min(box.width, box.height)) / 2;
    await page.mouse.move(box.x + box.width / 2 + radius, box.y + box.height * 0.45);
    await expect.poll(async () => (await pixels(plot)).equals(before), { message: 'the tooltip is drawn' }).toBe(false);

    // The report in the portal's frame, and its saved views on the partner's page.
    const frame = page.frameLocator('iframe[title="Power BI report"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Billing overview' })).toBeVisible({ timeout: 20_000 });
    const savedViews = page.locator('cp-saved-views').getByRole('button', { name: 'Saved views' });
    await savedViews.click();
    const views = page.getByRole('dialog').filter({ hasText: 'Default View' });
    await expect(views).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(views).toHaveCount(0);

    // Search finds a portal page.
    await page.getByRole('button', { name: 'Search the portal' }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByRole('combobox', { name: 'What would you like to find?' }).fill('burn rate');
    await expect(search.getByRole('option', { name: /Budgets/ }).first()).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();

    // Feedback reaches the portal.
    await page.getByRole('button', { name: 'Feedback', exact: true }).click();
    const feedback = page.getByRole('dialog', { name: /^Feedback/ });
    await feedback
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
      .click();
    await feedback.getByRole('textbox', { name: 'Comment' }).fill(`Under a strict policy ${Date.now()}`);
    await feedback.getByRole('button', { name: 'Submit' }).click();
    await expect(feedback).toHaveCount(0);
    await expect(page.locator('#events').getByText('cp-feedback-submitted')).toBeVisible();

    await expect(page.getByText('The browser has reported no policy violation.')).toBeVisible();
    await expectOnlyTheControlReported(page, url);
  });

  test('the shell frames the partner’s page — its navigation, search, assistant, help and dark mode — and the browser reports no violation', async ({
    page,
    workerPortalUrl,
  }, testInfo) => {
    const { url } = await sites().start(partnerPort(testInfo.parallelIndex, 8), workerPortalUrl);
    await page.goto(`${url}strict-shell.html`);
    const shell = page.locator('cp-shell');
    const nav = shell.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Billing Overview' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Contoso Partner Hub' })).toBeVisible();
    await expect(shell.getByText('Powered by')).toBeVisible();

    // A group of the menu opens.
    await nav.getByRole('button', { name: 'Azure', exact: true }).click();
    await expect(nav.getByRole('link').nth(1)).toBeVisible();

    // The navbar's search finds a page.
    await shell.getByRole('button', { name: /^Search/ }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    await expect(search).toBeVisible();
    await search.getByRole('combobox', { name: 'What would you like to find?' }).fill('budget');
    await expect(search.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();

    // Its assistant opens, ready to take a question (it answers on the other strict page).
    await shell.getByRole('button', { name: 'Assistant', exact: true }).click();
    const chat = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Ask the assistant' }) });
    await expect(chat.getByRole('textbox', { name: 'Ask the assistant' })).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(chat).toHaveCount(0);

    // Help, and dark mode.
    await shell.getByRole('button', { name: 'Help', exact: true }).click();
    await expect(page.getByRole('dialog').or(shell.getByRole('complementary')).first()).toBeVisible();
    await page.keyboard.press('Escape');
    const dark = shell.getByRole('switch').first();
    await dark.click();
    await expect(dark).toBeChecked();

    await expect(page.getByText('The browser has reported no policy violation.')).toBeVisible();
    await expectOnlyTheControlReported(page, url);
  });
});
