import { appToken } from './support/session';
import { expect, test } from './support/test';

test('GET /healthz answers ok with the database kind', async ({ request }) => {
  const res = await request.get('/healthz');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: 'ok', database: 'pglite' });
});

test('deep links fall back to the single-page app, which asks a signed-out user to sign in', async ({ page }) => {
  const res = await page.goto('/billing/release-notes');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Cloud Portal' })).toBeVisible();
  await expect(page).toHaveTitle('Cloud Portal - Sign In');
});

test('Chromium gets every built file as its brotli copy, the hashed ones kept a year and the rest revalidated (issue 42 §1)', async ({
  page,
}) => {
  const scripts: { url: string; encoding?: string; cache?: string; vary?: string }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' && res.request().resourceType() !== 'document') return;
    const headers = res.headers();
    scripts.push({
      url: new URL(res.url()).pathname,
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
      vary: headers.vary,
    });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Cloud Portal' })).toBeVisible();
  const loginPage = scripts.find((s) => s.url === '/login');
  expect(loginPage).toMatchObject({ encoding: 'br', cache: 'no-cache' });
  const assets = scripts.filter((s) => s.url.startsWith('/assets/'));
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    expect(asset).toMatchObject({ encoding: 'br', cache: 'public, max-age=31536000, immutable' });
    expect(asset.vary).toMatch(/accept-encoding/i);
  }
  await page.goto('/partner/');
  await expect.poll(() => scripts.some((s) => s.url === '/sdk/cloudportal-elements.js')).toBe(true);
  expect(scripts.find((s) => s.url === '/sdk/cloudportal-elements.js')).toMatchObject({
    encoding: 'br',
    cache: 'no-cache',
  });
});

test('one wave of code: an element asks for its view’s whole static graph when it connects, not import by import (issue 42 §2)', async ({
  page,
}) => {
  const targets = new Set<string>();
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/^\/sdk\/chunks\/(mount|assistant-view)-[\w-]{8}\.js$/.test(path)) targets.add(path);
  });
  await page.goto('/partner/');
  await expect.poll(() => targets.size).toBe(2);
  await page.waitForLoadState('networkidle');
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname),
  );
  for (const target of targets) {
    const code = await (await page.request.get(target)).text();
    // Its static imports (`import{…}from"./x.js"`, `import"./x.js"`), not its later `import()`s.
    const imports = [...code.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+\.js)"/g)]
      .map((m) => new URL(m[1]!, `http://x${target}`).pathname)
      .filter((path) => path !== '/sdk/cloudportal-elements.js');
    expect(imports.length).toBeGreaterThan(0);
    for (const path of imports) expect(preloaded, `${target} imports ${path}`).toContain(path);
  }
});

test("one wave of code on the portal's routes: a dataset page's code is asked while the portal's own code is still held back (issue 42 §2)", async ({
  page,
}) => {
  await appToken(page.request, 'ada@contoso.example');
  // The portal's own entry (index.html's module script), held until the page's chunk has been asked:
  // were that chunk asked only once the portal had run and rendered, the page would never show.
  const html = await (await page.request.get('/billing/azure-subscriptions')).text();
  // (Its attributes in any order: the server adds the response's nonce.)
  const entry = /<script\b[^>]*\bsrc="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
  expect(entry, "index.html's module script").toBeTruthy();
  let release!: () => void;
  const asked = new Promise<void>((resolve) => (release = resolve));
  page.on('request', (r) => {
    if (/^\/assets\/DatasetFeaturePage-[\w-]{8}\.js$/.test(new URL(r.url()).pathname)) release();
  });
  await page.route(`**${entry}`, async (route) => {
    await asked;
    await route.continue();
  });
  await page.goto('/billing/azure-subscriptions');
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
});
