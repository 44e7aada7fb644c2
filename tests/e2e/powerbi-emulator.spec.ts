import { createRequire } from 'node:module';
import { fakeAccessToken, routePowerBiEmulator, SALES_REPORT, TICKETS_REPORT } from '@cloudportal/testing';
import { expect, test, type APIRequestContext, type Frame, type Page } from './support/test';
import { expectAxeClean, watchCsp } from './support/axe';
import { appToken } from './support/session';

// The Power BI embed emulator (@cloudportal/testing) driven by the REAL powerbi-client 2.24 in
// Chromium: first on the reference server (/powerbi-emulator/, the demo reports' entityUrl) through
// the app-made-iframe path the portal uses, with embed tokens the server issued to ada; then through
// routePowerBiEmulator at https://app.powerbi.com, where powerbi-client makes the iframe itself.

const require = createRequire(import.meta.url);
const POWERBI_CLIENT = require.resolve('powerbi-client/dist/powerbi.min.js');
/**
 * A page of the test's own on the server's origin, so the server's frame (`frame-ancestors 'self'`
 * and the origin's loopback twin) may be framed by it: a document written over one the server
 * answered, so Chromium knows it came from a loopback address (a page fulfilled by a route has no
 * address, and Chromium's local network access checks then refuse its frame on the loopback twin).
 * Its own heading and main landmark: axe judges the frame, another site's document, on its own.
 */
const HOST_PATH = '/readyz';
const HOST_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embedding host</title></head><body><main><h1>Embedding host</h1><div id="report" style="width:1100px;height:720px"></div></main></body></html>';

interface Embed {
  token: string;
  entityUrl: string;
  entityId: string;
  pages: { name: string; displayName: string; visibility: number; isActive: boolean }[];
}

async function embedAnswer(request: APIRequestContext, token: string, report = 'billing-overview'): Promise<Embed> {
  const res = await request.get(`/services/api-portal-customer/api/report/embed/token/report/${report}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return res.json();
}

/** Opens the host page with powerbi-client loaded from node_modules (window['powerbi-client'], window.powerbi). */
async function openHost(page: Page): Promise<void> {
  await page.goto(HOST_PATH);
  await page.setContent(HOST_HTML);
  await page.addScriptTag({ path: POWERBI_CLIENT });
}

/**
 * Embeds the way the portal's report engine does (TOOLCHAIN.md): the app makes the iframe, with
 * `uid` in its URL equal to `config.uniqueId`, then `new Report(service, element, config, false,
 * false, iframe)`, `element.powerBiEmbed = report`, `service.addOrOverwriteEmbed`, and appends it.
 * Every report event is recorded on `window.__events`.
 */
async function embedAppMade(page: Page, embed: { token: string; entityUrl: string; entityId: string }): Promise<void> {
  await page.evaluate(({ token, entityUrl, entityId }) => {
    const w = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const pbi = w['powerbi-client'];
    const service = w.powerbi;
    const element = document.getElementById('report') as HTMLElement & { powerBiEmbed?: unknown };
    const uniqueId = 'e2e-report-1';
    const url = new URL(entityUrl, location.href);
    url.searchParams.set('uid', uniqueId);
    const iframe = document.createElement('iframe');
    iframe.src = url.toString();
    iframe.title = 'Power BI report';
    iframe.width = '1100';
    iframe.height = '720';
    const config = {
      type: 'report',
      id: entityId,
      embedUrl: url.toString(),
      accessToken: token,
      tokenType: pbi.models.TokenType.Embed,
      uniqueId,
      settings: { panes: { filters: { visible: false }, pageNavigation: { visible: false } } },
    };
    const report = new pbi.Report(service, element, config, false, false, iframe);
    element.powerBiEmbed = report;
    service.addOrOverwriteEmbed(report, element);
    const events: { name: string; detail: unknown }[] = [];
    for (const name of ['loaded', 'rendered', 'pageChanged', 'error']) {
      report.on(name, (event: CustomEvent) => {
        const d = event.detail;
        events.push({
          name,
          detail: name === 'pageChanged' ? { name: d.newPage.name, displayName: d.newPage.displayName } : (d ?? null),
        });
      });
    }
    w.__events = events;
    w.__report = report;
    element.append(iframe);
  }, embed);
}

const events = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: { name: string; detail: unknown }[] }).__events);
const eventNames = async (page: Page) => (await events(page)).map((e) => e.name);
/** Runs a method of the embedded report in the page and answers its (serialisable) result or its rejection's body. */
const call = <T>(page: Page, fn: string, ...args: unknown[]) =>
  page.evaluate(
    async ({ fn, args }) => {
      const report = (
        window as unknown as {
          __report: Record<string, (...a: unknown[]) => Promise<unknown>> & {
            bookmarksManager: Record<string, (...a: unknown[]) => Promise<unknown>>;
          };
        }
      ).__report;
      const [owner, method] = fn.startsWith('bookmarks.')
        ? [report.bookmarksManager, fn.slice('bookmarks.'.length)]
        : [report, fn];
      try {
        const value = await owner[method]!(...args);
        return {
          ok: true as const,
          value: JSON.parse(
            JSON.stringify(value ?? null, (key, v) => (key === 'report' || key === 'page' ? undefined : v)),
          ),
        };
      } catch (error) {
        return { ok: false as const, error: error instanceof Error ? { message: error.message } : error };
      }
    },
    { fn, args },
  ) as Promise<{ ok: true; value: T } | { ok: false; error: { message?: string; detailedMessage?: string } }>;
const value = async <T>(p: ReturnType<typeof call<T>>): Promise<T> => {
  const r = await p;
  if (!r.ok) throw new Error(`report call failed: ${JSON.stringify(r.error)}`);
  return r.value;
};
const pagesOf = (page: Page) =>
  value(call<{ name: string; displayName: string; isActive: boolean; visibility: number }[]>(page, 'getPages'));
const frameOf = (page: Page) => page.frameLocator('#report iframe');
const onlyService = (service: string) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Costs', column: 'Service' },
  filterType: 1,
  operator: 'In',
  values: [service],
});

test.describe("the reference server's emulator through powerbi-client's app-made iframe (the demo reports' path)", () => {
  let csp: string[] = [];
  let embed: Embed;
  let adaToken: string;

  test.beforeEach(async ({ page, request }) => {
    csp = watchCsp(page);
    adaToken = await appToken(request, 'ada@contoso.example');
    embed = await embedAnswer(request, adaToken);
    // On the loopback twin of the server's origin (POWERBI_EMULATOR_SITE's default), a site of its own as Power BI's is.
    expect(embed.entityUrl).toMatch(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/powerbi-emulator\/reportEmbed\?reportId=/);
    await openHost(page);
    expect(new URL(embed.entityUrl).origin).not.toBe(new URL(page.url()).origin);
    await embedAppMade(page, embed);
    await expect
      .poll(() => eventNames(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining(['loaded', 'rendered']));
  });
  test.afterEach(() => expect(csp).toEqual([]));

  test('loaded and rendered fire, getPages lists the seeded pages with the first active, and the frame shows its visuals', async ({
    page,
  }) => {
    expect((await events(page)).filter((e) => e.name === 'error')).toEqual([]);
    const pages = await pagesOf(page);
    expect(pages.map((p) => [p.name, p.displayName, p.isActive])).toEqual(
      embed.pages.map((p, i) => [p.name, p.displayName, i === 0]),
    );
    const frame = frameOf(page);
    await expect(frame.getByRole('heading', { level: 1, name: 'Billing overview' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 3, name: /^Cost by service, / })).toBeVisible();
    // A chart's values are in its accessible name; ECharts drew it on a canvas.
    await expect(frame.getByRole('img', { name: /^Bar chart, Cost by service, .*Virtual Machines \$/ })).toBeVisible();
    await expect(frame.getByRole('img', { name: /^Bar chart, Cost by service/ }).locator('canvas')).toHaveCount(1);
    await expect(frame.getByRole('table', { name: /^Top resources, / }).getByRole('row')).toHaveCount(11);
    // Headings, table semantics, named charts, contrast: axe checks the frame too (and the filter pane when open).
    await value(call(page, 'updateSettings', { panes: { filters: { visible: true } } }));
    await expectAxeClean(page);
  });

  test("setPage fires pageChanged and the frame shows that page's visuals", async ({ page }) => {
    const target = embed.pages.find((p) => p.displayName === 'Cost by Service')!;
    await value(call(page, 'setPage', target.name));
    await expect
      .poll(async () => (await events(page)).filter((e) => e.name === 'pageChanged').map((e) => e.detail))
      .toEqual([{ name: target.name, displayName: 'Cost by Service' }]);
    expect((await pagesOf(page)).filter((p) => p.isActive).map((p) => p.displayName)).toEqual(['Cost by Service']);
    const frame = frameOf(page);
    await expect(frame.getByRole('heading', { level: 2, name: 'Cost by Service' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 3, name: 'Monthly cost by service' })).toBeVisible();
    await expect(frame.getByRole('heading', { level: 3, name: /^Top resources/ })).toHaveCount(0);
    // An unknown page is refused with Power BI's not-found code.
    const refused = await call(page, 'setPage', 'ReportSectionNope');
    expect(refused).toMatchObject({
      ok: false,
      error: { message: 'Page ReportSectionNope was not found in the report.', errorCode: 'PowerBIEntityNotFound' },
    });
  });

  test('setFilters really filters a table, getFilters answers them, and the filter pane lists them', async ({
    page,
  }) => {
    const frame = frameOf(page);
    const table = frame.getByRole('table', { name: /^Top resources/ });
    await expect(table.getByRole('cell', { name: 'SQL Database', exact: true }).first()).toBeVisible();
    const rendered = (await eventNames(page)).filter((n) => n === 'rendered').length;

    await value(call(page, 'setFilters', [onlyService('Virtual Machines')]));
    // Only virtual machines are left: the largest ones, the demo's named machines first.
    await expect(table.getByRole('cell', { name: 'SQL Database', exact: true })).toHaveCount(0);
    for (const vm of ['vmss-web', 'vm-finance-01'])
      await expect(table.getByRole('cell', { name: vm, exact: true })).toBeVisible();
    const services = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(services.length).toBeGreaterThan(1);
    expect(new Set(services)).toEqual(new Set(['Virtual Machines']));
    await expect(
      frame.getByRole('img', { name: /^Bar chart, Cost by service, [^:]*: Virtual Machines \$[\d,.]+\.$/ }),
    ).toBeVisible();
    await expect.poll(async () => (await eventNames(page)).filter((n) => n === 'rendered').length).toBe(rendered + 1);

    expect(await value(call(page, 'getFilters'))).toEqual([onlyService('Virtual Machines')]);
    await value(call(page, 'updateSettings', { panes: { filters: { visible: true } } }));
    const pane = frame.getByRole('complementary', { name: 'Filters' });
    await expect(pane.getByRole('region', { name: 'Filters on all pages' }).getByRole('listitem')).toHaveText(
      'Service is Virtual Machines',
    );
    // The page's filter cards, nothing selected (Power BI's operator All), are listed too; the page filters answer them.
    await expect(pane.getByRole('region', { name: 'Filters on this page' }).getByRole('listitem')).toHaveText([
      'Service is (All)',
      'Subscription is (All)',
    ]);
    const pageFilterOperators = await page.evaluate(async () => {
      const report = (
        window as unknown as {
          __report: { getPages(): Promise<{ isActive: boolean; getFilters(): Promise<{ operator: string }[]> }[]> };
        }
      ).__report;
      const active = (await report.getPages()).find((p) => p.isActive)!;
      return (await active.getFilters()).map((f) => f.operator);
    });
    expect(pageFilterOperators).toEqual(['All', 'All']);

    // A malformed filter is refused, and nothing changes.
    const refused = await call(page, 'setFilters', [
      { filterType: 1, target: { table: 'Costs', column: 'Service' }, operator: 'Between', values: [] },
    ]);
    expect(refused).toMatchObject({ ok: false, error: { message: 'The filters are not valid.' } });
    await expect(table.getByRole('row')).toHaveCount(services.length + 1);
    await expect(table.getByRole('cell', { name: 'SQL Database', exact: true })).toHaveCount(0);
    await value(call(page, 'removeFilters'));
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(table.getByRole('cell', { name: 'SQL Database', exact: true }).first()).toBeVisible();
  });

  test('a captured bookmark state restores page and filters; a bad state is refused with 400', async ({ page }) => {
    const byService = embed.pages.find((p) => p.displayName === 'Cost by Service')!;
    await value(call(page, 'setPage', byService.name));
    await value(call(page, 'setFilters', [onlyService('Storage')]));
    const bookmark = await value(call<{ name: string; displayName: string; state: string }>(page, 'bookmarks.capture'));
    expect(bookmark.name).toMatch(/^Bookmark/);
    expect(bookmark.state).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    await value(call(page, 'setPage', embed.pages[0]!.name));
    await value(call(page, 'removeFilters'));
    const frame = frameOf(page);
    await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();

    await value(call(page, 'bookmarks.applyState', bookmark.state));
    expect((await pagesOf(page)).find((p) => p.isActive)?.displayName).toBe('Cost by Service');
    expect(await value(call(page, 'getFilters'))).toEqual([onlyService('Storage')]);
    await expect(frame.getByRole('heading', { level: 2, name: 'Cost by Service' })).toBeVisible();
    await expect(frame.getByRole('table', { name: /^Services by cost, / }).getByRole('row')).toHaveCount(2);
    await expect.poll(async () => (await events(page)).filter((e) => e.name === 'pageChanged').length).toBe(3);

    const refused = await call(page, 'bookmarks.applyState', 'bm90IGEgc3RhdGU');
    expect(refused).toMatchObject({ ok: false, error: { message: 'The bookmark state is not valid.' } });
  });

  test('updateSettings hides and shows the filter pane', async ({ page }) => {
    const pane = frameOf(page).getByRole('complementary', { name: 'Filters', includeHidden: true });
    await expect(pane).toBeHidden();
    await value(call(page, 'updateSettings', { panes: { filters: { visible: true } } }));
    await expect(pane).toBeVisible();
    await expect(pane.getByRole('heading', { name: 'Filters on all pages' })).toBeVisible();
    await value(call(page, 'updateSettings', { panes: { filters: { visible: false } } }));
    await expect(pane).toBeHidden();
  });

  test('setAccessToken swaps the token in the same frame document (no reload); a refresh then uses the new token', async ({
    page,
    request,
  }) => {
    const frame = page.frames().find((f) => f.url().includes('/powerbi-emulator/reportEmbed')) as Frame;
    await frame.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    const fresh = await embedAnswer(request, adaToken);
    expect(fresh.token).not.toBe(embed.token);
    await value(call(page, 'setAccessToken', fresh.token));
    const definitionAuth = page.waitForRequest((r) => r.url().includes('/powerbi-emulator/api/reports/'));
    await value(call(page, 'refresh'));
    expect((await definitionAuth).headers().authorization).toBe(`EmbedToken ${fresh.token}`);
    expect(await frame.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect((await eventNames(page)).filter((n) => n === 'loaded')).toHaveLength(1);
  });

  test('a token that expires without being replaced raises the error event TokenExpired; the frame says so and keeps its page', async ({
    page,
  }) => {
    // The emulator reads `exp` without verifying (as Power BI's client-side check): an unsigned token expiring in 1.5 s.
    await value(call(page, 'setAccessToken', fakeAccessToken({ expiresInMs: 1_500 })));
    await expect
      .poll(async () => (await events(page)).filter((e) => e.name === 'error').map((e) => e.detail), {
        timeout: 10_000,
      })
      .toEqual([
        {
          message: 'TokenExpired',
          detailedMessage: 'Access token has expired, resubmit with a new access token',
          errorCode: '403',
          level: 6,
        },
      ]);
    const frame = frameOf(page);
    await expect(frame.getByRole('status')).toHaveText(
      'The access token has expired. The report shows the data it had.',
    );
    await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    // The server refuses that token, so a refresh fails readably.
    expect(await call(page, 'refresh')).toMatchObject({
      ok: false,
      error: {
        message: 'This report could not be opened: the access token was refused.',
        errorCode: 'PowerBINotAuthorizedException',
      },
    });
  });
});

test('embedding with an expired token: an error event and no loaded; the frame says why instead of staying blank', async ({
  page,
  request,
}) => {
  const embed = await embedAnswer(request, await appToken(request, 'ada@contoso.example'));
  await openHost(page);
  await embedAppMade(page, { ...embed, token: fakeAccessToken({ expiresInMs: -60_000 }) });
  await expect
    .poll(() => events(page))
    .toEqual([{ name: 'error', detail: expect.objectContaining({ message: 'TokenExpired', errorCode: '403' }) }]);
  await expect(frameOf(page).getByRole('alert')).toContainText("This report can't be shown");
  await page.waitForTimeout(300);
  expect(await eventNames(page)).toEqual(['error']);
});

test.describe("routePowerBiEmulator: a third party's powerbi-client embed of https://app.powerbi.com, offline", () => {
  /** powerbi-client's normal path: `powerbi.embed(element, config)` makes the iframe itself. */
  async function embedNormally(page: Page, reportId: string, accessToken: string) {
    await page.evaluate(
      ({ reportId, accessToken }) => {
        const w = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        const element = document.getElementById('report')!;
        const report = w.powerbi.embed(element, {
          type: 'report',
          id: reportId,
          embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${reportId}`,
          accessToken,
          tokenType: w['powerbi-client'].models.TokenType.Embed,
        });
        const events: { name: string; detail: unknown }[] = [];
        for (const name of ['loaded', 'rendered', 'error'])
          report.on(name, (e: CustomEvent) => events.push({ name, detail: e.detail ?? null }));
        w.__events = events;
        w.__report = report;
      },
      { reportId, accessToken },
    );
  }

  test('serves the frame and the fixture; getPages, setFilters and the page tabs work', async ({ page }) => {
    const routes = await routePowerBiEmulator(page, { reports: [SALES_REPORT, TICKETS_REPORT] });
    await openHost(page);
    const token = fakeAccessToken();
    await embedNormally(page, SALES_REPORT.id, token);
    await expect.poll(() => eventNames(page), { timeout: 15_000 }).toEqual(['loaded', 'rendered']);
    expect(routes.definitionRequests).toEqual([{ reportId: SALES_REPORT.id, token }]);
    expect(
      page
        .frames()
        .some((f) => f.url().startsWith(`https://app.powerbi.com/reportEmbed?reportId=${SALES_REPORT.id}&uid=`)),
    ).toBe(true);

    expect((await pagesOf(page)).map((p) => [p.displayName, p.isActive, p.visibility])).toEqual([
      ['Overview', true, 0],
      ['Trend', false, 0],
      ['Details', false, 1],
    ]);
    const frame = frameOf(page);
    await expect(frame.getByRole('heading', { level: 1, name: 'Sales (fixture)' })).toBeVisible();
    const kpi = frame.getByRole('region', { name: 'Total revenue' });
    await expect(kpi).toContainText('$36,000.00');
    await value(
      call(page, 'setFilters', [
        {
          $schema: 'http://powerbi.com/product/schema#advanced',
          target: { table: 'Sales', column: 'Region' },
          filterType: 0,
          logicalOperator: 'Or',
          conditions: [
            { operator: 'Is', value: 'North' },
            { operator: 'Is', value: 'South' },
          ],
        },
      ]),
    );
    await expect(kpi).toContainText('$21,000.00');
    await expect(frame.getByRole('table', { name: 'Revenue by region and product' }).getByRole('row')).toHaveCount(5);

    // The page tabs (shown by default, as in Power BI) change the page as a person would; the host hears pageChanged.
    await frame.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Trend' }).click();
    await expect(frame.getByRole('heading', { level: 2, name: 'Trend' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Trend' })).toHaveAttribute('aria-current', 'page');
    await expect(frame.getByRole('button', { name: 'Details' })).toHaveCount(0);
    expect((await pagesOf(page)).find((p) => p.isActive)?.displayName).toBe('Trend');
  });

  test('scripted events reach the host: an error after loaded, and an early token expiry', async ({ page }) => {
    await routePowerBiEmulator(page, {
      reports: [TICKETS_REPORT],
      events: [{ after: 'loaded', post: 'error', body: { message: 'Scripted failure', errorCode: 'Boom' } }],
      tokenExpiresInMs: 1_000,
    });
    await openHost(page);
    await embedNormally(page, TICKETS_REPORT.id, 'an-opaque-token');
    await expect
      .poll(() => events(page), { timeout: 10_000 })
      .toEqual([
        { name: 'loaded', detail: null },
        { name: 'error', detail: { message: 'Scripted failure', errorCode: 'Boom' } },
        { name: 'rendered', detail: null },
        { name: 'error', detail: expect.objectContaining({ message: 'TokenExpired' }) },
      ]);
    // The definition's page filter (open tickets) applies: 4 of the 5 tickets.
    await expect(frameOf(page).getByRole('region', { name: 'Tickets' }).first()).toContainText('4');
  });

  test('a scripted error after load fails the load: no loaded, and the frame shows the error', async ({ page }) => {
    await routePowerBiEmulator(page, {
      reports: [SALES_REPORT],
      events: [{ after: 'load', post: 'error', body: { message: 'Capacity paused', errorCode: 'CapacityPaused' } }],
    });
    await openHost(page);
    await embedNormally(page, SALES_REPORT.id, fakeAccessToken());
    await expect
      .poll(() => events(page))
      .toEqual([{ name: 'error', detail: { message: 'Capacity paused', errorCode: 'CapacityPaused' } }]);
    await expect(frameOf(page).getByRole('alert')).toContainText('Capacity paused');
    expect(await call(page, 'getPages')).toMatchObject({ ok: false, error: { message: 'Capacity paused' } });
    expect(await eventNames(page)).toEqual(['error']);
  });

  test("two-step load (powerbi.load, then render) with the config's pageName and filters: loaded first, rendered after render()", async ({
    page,
  }) => {
    await routePowerBiEmulator(page, { reports: [SALES_REPORT] });
    await openHost(page);
    const trend = SALES_REPORT.pages[1]!;
    await page.evaluate(
      ({ reportId, accessToken, pageName }) => {
        const w = window as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
        const report = w.powerbi.load(document.getElementById('report')!, {
          type: 'report',
          id: reportId,
          embedUrl: `https://app.powerbi.com/reportEmbed?reportId=${reportId}`,
          accessToken,
          tokenType: w['powerbi-client'].models.TokenType.Embed,
          pageName,
          filters: [
            {
              $schema: 'http://powerbi.com/product/schema#basic',
              target: { table: 'Sales', column: 'Region' },
              filterType: 1,
              operator: 'In',
              values: ['West'],
            },
          ],
        });
        const events: { name: string; detail: unknown }[] = [];
        for (const name of ['loaded', 'rendered', 'error'])
          report.on(name, (e: CustomEvent) => events.push({ name, detail: e.detail ?? null }));
        w.__events = events;
        w.__report = report;
      },
      { reportId: SALES_REPORT.id, accessToken: fakeAccessToken(), pageName: trend.name },
    );
    await expect.poll(() => eventNames(page), { timeout: 15_000 }).toEqual(['loaded']);
    await page.waitForTimeout(300);
    expect(await eventNames(page)).toEqual(['loaded']);
    await value(call(page, 'render'));
    await expect.poll(() => eventNames(page)).toEqual(['loaded', 'rendered']);
    expect((await pagesOf(page)).find((p) => p.isActive)?.name).toBe(trend.name);
    await expect(frameOf(page).getByRole('table', { name: 'Monthly revenue' }).getByRole('row')).toHaveText([
      /^Month\s*Revenue$/,
      /^2026-01\s*\$7,000\.00$/,
      /^2026-02\s*\$8,000\.00$/,
    ]);
  });

  test('an unknown report or a refused token: the error event with a readable message', async ({ page }) => {
    await routePowerBiEmulator(page, {
      reports: [SALES_REPORT],
      authorize: (token) => (token === 'good' ? true : 403),
    });
    await openHost(page);
    await embedNormally(page, SALES_REPORT.id, 'bad');
    await expect
      .poll(() => events(page))
      .toEqual([
        {
          name: 'error',
          detail: expect.objectContaining({
            message: 'You do not have permission to view this report.',
            errorCode: 'PowerBINotAuthorizedException',
          }),
        },
      ]);
    await expect(frameOf(page).getByRole('alert')).toContainText('You do not have permission to view this report.');
  });
});
