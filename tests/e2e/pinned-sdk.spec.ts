import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { integrityOf } from '../../packages/elements/scripts/sdkRelease.mjs';
import { partnerPort, partnerSites, type PartnerSites } from './support/partnerSite';
import { sdkReleasesDir } from './support/servers';
import { expect, test, type APIRequestContext, type Page } from './support/test';

// A partner's security review: the page pins one release of the SDK (`/sdk/{version}/`) with the
// portal's snippet for it — an import map whose integrity section covers every module, the entry's
// script with `integrity` and `crossorigin` — on a page of its own origin under the strict policy
// (the demo connected site's strict.html, `?sdk={version}`: nonce + 'strict-dynamic' + Trusted Types).

const RELEASES = join(process.cwd(), 'packages', 'elements', 'releases');
const UNAVAILABLE = 'The portal could not be reached. Try again in a moment.';
/** The pieces the strict page shows, each with its error event. */
const PIECES = ['cp-assistant', 'cp-page', 'cp-report', 'cp-search', 'cp-feedback'] as const;

/** This build's release: the newest version of the package, as the build wrote it. */
const version = (JSON.parse(readFileSync(join('packages', 'elements', 'package.json'), 'utf8')) as { version: string })
  .version;

/** Every `cp-*-error` the page's pieces raise, kept in `window.cpErrors` from the page's first script on. */
async function recordErrors(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { type: string; code: unknown; message: unknown }[] = [];
    (window as unknown as { cpErrors: typeof seen }).cpErrors = seen;
    for (const type of [
      'cp-assistant-error',
      'cp-page-error',
      'cp-report-error',
      'cp-search-error',
      'cp-feedback-error',
    ])
      document.addEventListener(type, (event) => {
        const { code, message } = ((event as CustomEvent).detail ?? {}) as { code?: unknown; message?: unknown };
        seen.push({ type, code, message });
      });
  });
}

/** Changes one byte of the response to every request whose URL matches `pattern`, as a compromised CDN would. */
async function tamper(page: Page, pattern: RegExp): Promise<string[]> {
  const changed: string[] = [];
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const body = Buffer.from(await response.body());
    // A byte of the code's last line (its source-map comment): still valid JavaScript, another hash.
    const at = body.length - 3;
    body[at] = (body[at] ?? 0) ^ 1;
    changed.push(route.request().url());
    await route.fulfill({ response, body });
  });
  return changed;
}

/** The SDK files the page asked for, by path under /sdk/. */
function sdkRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/sdk/')) paths.push(pathname.slice('/sdk/'.length));
  });
  return paths;
}

test.describe('a partner pins a release of the SDK, and the browser checks every file', () => {
  let api: APIRequestContext;
  let sites: PartnerSites;
  let strictPage: string;

  test.beforeAll(async ({ playwright, workerPortalUrl }, workerInfo) => {
    api = await playwright.request.newContext({ baseURL: workerPortalUrl });
    sites = await partnerSites(api);
    const { url } = await sites.start(partnerPort(workerInfo.parallelIndex, 9), workerPortalUrl);
    strictPage = `${url}strict.html`;
  });
  test.afterAll(async () => {
    await sites.close();
    await api.dispose();
  });

  test('the pinned snippet loads every piece from its release, each file checked, under the strict policy with no violation', async ({
    page,
  }) => {
    const requested = sdkRequests(page);
    const problems: string[] = [];
    page.on(
      'console',
      (m) =>
        m.type() === 'error' && /integrity|Content Security|Trusted Type/i.test(m.text()) && problems.push(m.text()),
    );
    await page.goto(`${strictPage}?sdk=${version}`);

    await expect(page.locator('cp-assistant').getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled({
      timeout: 20_000,
    });
    await expect(page.locator('cp-page').getByRole('grid').getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    const frame = page.frameLocator('iframe[title="Power BI report"]');
    await expect(frame.getByRole('heading', { level: 1, name: 'Billing overview' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('cp-saved-views').getByRole('button', { name: 'Saved views' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Search the portal' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Feedback', exact: true })).toBeVisible();

    // Every SDK file came from the pinned release, the import map's integrity covering each.
    expect(requested.length).toBeGreaterThan(5);
    expect(requested.filter((path) => !path.startsWith(`${version}/`))).toEqual([]);
    const { integrity } = (await page.evaluate(() =>
      JSON.parse(document.querySelector('script[type="importmap"]')?.textContent ?? '{}'),
    )) as { integrity: Record<string, string> };
    const modules = requested.filter((path) => path.endsWith('.js'));
    expect(modules.filter((path) => !Object.keys(integrity).some((url) => url.endsWith(`/sdk/${path}`)))).toEqual([]);
    expect(problems, problems.join('\n')).toEqual([]);
    // And what the page itself heard the browser report (strict.js): nothing.
    expect(await page.evaluate(() => (window as unknown as { cspViolations: unknown[] }).cspViolations)).toEqual([]);
  });

  test('one byte changed in the entry: the browser refuses it, and every piece says the portal could not be reached and raises its error event', async ({
    page,
  }) => {
    await recordErrors(page);
    const changed = await tamper(page, new RegExp(`/sdk/${version.replaceAll('.', '\\.')}/cloudportal-elements\\.js$`));
    await page.goto(`${strictPage}?sdk=${version}`);
    for (const tag of PIECES) await expect(page.locator(tag).getByRole('alert')).toHaveText(UNAVAILABLE);
    expect(changed).toHaveLength(1);
    // Nothing of the SDK ran: no element was defined.
    expect(await page.evaluate(() => !!customElements.get('cp-assistant'))).toBe(false);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { cpErrors: { type: string; code: string }[] }).cpErrors))
      .toEqual(
        expect.arrayContaining(
          PIECES.map((tag) => ({ type: `${tag}-error`, code: 'unavailable', message: UNAVAILABLE })),
        ),
      );
  });

  test('one byte changed in a chunk loaded later: only the piece that needs it says so and raises its error event; the others work', async ({
    page,
  }) => {
    await recordErrors(page);
    const changed = await tamper(
      page,
      new RegExp(`/sdk/${version.replaceAll('.', '\\.')}/chunks/feedback-view-[^/]+\\.js$`),
    );
    await page.goto(`${strictPage}?sdk=${version}`);
    await expect(page.locator('cp-feedback').getByRole('alert')).toHaveText(UNAVAILABLE, { timeout: 20_000 });
    expect(changed).toHaveLength(1);
    await expect(page.locator('cp-assistant').getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled({
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: 'Search the portal' })).toBeVisible();
    const errors = await page.evaluate(() => (window as unknown as { cpErrors: unknown[] }).cpErrors);
    expect(errors).toEqual([{ type: 'cp-feedback-error', code: 'unavailable', message: UNAVAILABLE }]);
    // The partner's own page heard it too.
    await expect(page.locator('#events').getByText(`cp-feedback-error: unavailable — ${UNAVAILABLE}`)).toBeVisible();
  });

  test('after an upgrade, a page pinned to the earlier release still loads it, and /sdk/{major}/ serves the newer', async ({
    page,
    request,
  }, testInfo) => {
    // The deployment's folder already holds this build's release (added when the server started);
    // an earlier release of the package is put beside it, as the previous deployment left it.
    const dir = sdkReleasesDir(testInfo.parallelIndex);
    const [major, minor] = version.split('.').map(Number) as [number, number];
    const earlier = minor > 0 ? `${major}.${minor - 1}.9` : `${major - 1}.9.9`;
    const target = join(dir, earlier);
    rmSync(target, { recursive: true, force: true });
    cpSync(join(RELEASES, version), target, { recursive: true });
    const entry = join(target, 'cloudportal-elements.js');
    writeFileSync(entry, `${readFileSync(entry, 'utf8')}\n// ${earlier}\n`);
    for (const copy of ['.br', '.gz']) rmSync(entry + copy, { force: true });
    const integrity = integrityOf(target, {
      name: '@cloudportal/elements',
      version: earlier,
      entry: 'cloudportal-elements.js',
    });
    writeFileSync(join(target, 'integrity.json'), JSON.stringify(integrity));
    test.info().attach('earlier release', { body: earlier });
    try {
      await expect
        .poll(
          async () => ((await (await request.get('/sdk/releases.json')).json()) as { versions: string[] }).versions,
          {
            timeout: 15_000,
          },
        )
        .toEqual(expect.arrayContaining([earlier, version]));

      const requested = sdkRequests(page);
      await page.goto(`${strictPage}?sdk=${earlier}`);
      await expect(page.locator('cp-assistant').getByRole('textbox', { name: 'Ask the assistant' })).toBeEnabled({
        timeout: 20_000,
      });
      expect(requested).toContain(`${earlier}/cloudportal-elements.js`);
      expect(requested.filter((path) => !path.startsWith(`${earlier}/`))).toEqual([]);

      const alias = await request.get(`/sdk/${major}/cloudportal-elements.js`, { maxRedirects: 0 });
      expect(alias.status()).toBe(302);
      expect(alias.headers().location).toBe(`/sdk/${version}/cloudportal-elements.js`);
    } finally {
      if (existsSync(target)) rmSync(target, { recursive: true, force: true });
    }
  });
});
