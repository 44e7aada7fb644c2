import { E2E_METRICS_TOKEN } from './support/servers';
import { openSignedIn } from './support/session';
import { watchPage } from './support/watch';
import { expect, test, type APIRequestContext } from './support/test';

// The portal's own pages under the policy security teams deploy: scripts by the response's nonce
// and what they load ('strict-dynamic'), every HTML sink through the SDK's Trusted Types policies,
// and whatever the browser blocks reported to the server, which counts it.

const ADA = 'ada@contoso.example';

/** How many Trusted Types violations the worker's server has counted from browsers' reports. */
async function countedTrustedTypes(request: APIRequestContext): Promise<number> {
  const res = await request.get('/metrics', { headers: { authorization: `Bearer ${E2E_METRICS_TOKEN}` } });
  expect(res.status()).toBe(200);
  const line = /cloudportal_csp_reports_total\{directive="require-trusted-types-for"\} (\d+)/.exec(await res.text());
  return Number(line?.[1] ?? 0);
}

// The assistant's answers (Markdown, tables, links, streamed) are assistant*.spec.ts's, which run on
// these pages under this policy and fail on any violation (support/axe.ts, checkEachTest).
test('a dataset page with its chart and its tooltip runs under the nonce, strict-dynamic and Trusted Types with no violation', async ({
  page,
}) => {
  const watch = watchPage(page);
  const response = await page.goto('/login');
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(policy).toContain("require-trusted-types-for 'script'");
  expect(policy).toContain('trusted-types cloudportal dompurify');

  await openSignedIn(page, ADA, '/billing/azure-focus');
  await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  // The chart, drawn by code loaded after the page's own (import() under 'strict-dynamic'), and its tooltip.
  const figure = page.getByRole('group', { name: 'Charts' }).getByRole('figure').first();
  await figure.scrollIntoViewIfNeeded();
  const chart = figure.locator('canvas');
  await expect(chart).toHaveCount(1, { timeout: 20_000 });
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

  expect(watch.csp, `Content-Security-Policy violations: ${watch.csp.join('; ')}`).toEqual([]);
});

test('a string at an HTML sink is refused by the browser and reported to the server, which counts it', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: ADA })).toBeVisible({ timeout: 20_000 });
  const before = await countedTrustedTypes(request);
  const refused = await page.evaluate(() => {
    try {
      document.body.insertAdjacentHTML('beforeend', '<b>not trusted</b>');
      return false;
    } catch (error) {
      return error instanceof TypeError;
    }
  });
  expect(refused).toBe(true);
  await expect.poll(() => countedTrustedTypes(request), { timeout: 15_000 }).toBe(before + 1);
});
