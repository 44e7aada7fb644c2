import { routePowerBiEmulator, type ReportDefinition } from '@cloudportal/testing';
import { expect, test, type Page } from './support/test';
import { checkEachTest, expectAxeClean } from './support/axe';
import {
  DEMO_PORTAL_URL,
  FAKE_POWERBI_URL,
  LIVE_PORTAL_URL,
  LIVE_WORKSPACE_ID,
  POWERBI_APP,
  type FakePowerBiLog,
} from './support/powerbiLive';
import { appToken, signedInAs } from './support/session';
import { waitForReady } from './support/servers';

// The server's live Power BI mode ("app owns data", docs/configuration.md's "Connect a real Power BI
// workspace") in Chromium. A second portal server runs with the POWERBI_* variables set and
// POWERBI_API_URL / POWERBI_AUTHORITY_HOST pointed at a fake Power BI REST API and Entra ID token
// endpoint (tests/playwright.config.ts, tests/e2e/support/powerbiLive.ts). It asks the fake for an
// app-only token (client credentials), reads the report and its pages, and has GenerateToken issue
// the embed token, so the embed answer carries Power BI's own https://app.powerbi.com/reportEmbed
// URL and Power BI's (opaque) token. In the browser, routePowerBiEmulator answers app.powerbi.com
// with the Power BI embed emulator frame, and the real powerbi-client in the portal embeds it.
//
// The frame asks for its report definition with the token it was given: here Power BI's token,
// which the reference server's own emulator route (/powerbi-emulator/api/reports/{entityId})
// rightly refuses, since it accepts only the embed tokens it signs itself. So the definition is read
// beforehand from the demo server of the same run, as ada, for the same entity id (the fake lists
// the seeded reports with the seed's page names), and served by routePowerBiEmulator; the test then
// checks that the token the frame sent is the one the fake Power BI issued. Nothing in the server
// had to change.

const ADA = 'ada@contoso.example';
const REPORT_API = '/services/api-portal-customer/api/report';
const BILLING_EMBED = `${REPORT_API}/embed/token/report/billing-overview`;
const BILLING_PAGES = ['Overview', 'Cost by Service', 'Cost by Subscription', 'Monthly Trend'];
/** Power BI's embed tokens as the fake issues them: opaque, not JWTs (as Power BI's real `H4sI…` ones). */
const FAKE_EMBED_TOKEN = /^H4sI-fake-embed-[0-9a-f-]{36}$/;

interface Embed {
  token: string;
  entityUrl: string;
  entityId: string;
  expiration: string;
  tokenUrl: string;
  pages: { name: string; displayName: string; isActive: boolean }[];
}

test.use({ baseURL: LIVE_PORTAL_URL });
// One after the other in one worker: both sign ada in on the one live server and share its cached embed token.
test.describe.configure({ mode: 'default' });

/** billing-overview's definition for ada (Contoso), from the demo server's emulator. */
let billing: ReportDefinition;

test.beforeAll(async ({ playwright }) => {
  // The config starts the live server last without waiting for it to boot: wait here.
  test.setTimeout(120_000);
  await waitForReady(LIVE_PORTAL_URL, 110_000, 'The live Power BI mode server');

  const demo = await playwright.request.newContext({ baseURL: DEMO_PORTAL_URL });
  const token = await appToken(demo, ADA);
  const embed = await demo.get(BILLING_EMBED, { headers: { Authorization: `Bearer ${token}` } });
  expect(embed.status()).toBe(200);
  const { token: demoEmbedToken, entityId } = (await embed.json()) as Embed;
  const definition = await demo.get(`/powerbi-emulator/api/reports/${entityId}`, {
    headers: { Authorization: `EmbedToken ${demoEmbedToken}` },
  });
  expect(definition.status()).toBe(200);
  billing = (await definition.json()) as ReportDefinition;
  expect(billing.pages.map((p) => p.displayName)).toEqual(BILLING_PAGES);
  await demo.dispose();
});

checkEachTest(test);

/** What the fake Power BI received since it started (every test's calls: assert with containment). */
async function fakeLog(): Promise<FakePowerBiLog> {
  const res = await fetch(`${FAKE_POWERBI_URL}/__e2e/calls`);
  expect(res.status).toBe(200);
  return (await res.json()) as FakePowerBiLog;
}

/** Signs ada in on the live server and answers billing-overview's embed answer, as the portal received it. */
async function openBillingOverview(page: Page): Promise<Embed> {
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === BILLING_EMBED && r.request().method() === 'GET',
  );
  await signedInAs(page, ADA);
  const response = await answer;
  expect(response.status()).toBe(200);
  return (await response.json()) as Embed;
}

const reportFrame = (page: Page) => page.getByTitle('Power BI report', { exact: true });

test("ada sees billing overview from (the fake) Power BI: Power BI's embed URL and token, the report's pages, a page change", async ({
  page,
}) => {
  const routes = await routePowerBiEmulator(page, { reports: [billing] });
  const embed = await openBillingOverview(page);

  // The embed answer is Power BI's: its embed URL in the configured workspace, its token and the pages its REST API lists.
  expect(embed.entityId).toBe(billing.id);
  expect(embed.entityUrl).toMatch(
    new RegExp(`^https://app\\.powerbi\\.com/reportEmbed\\?reportId=${embed.entityId}&groupId=${LIVE_WORKSPACE_ID}&`),
  );
  expect(embed.token).toMatch(FAKE_EMBED_TOKEN);
  expect(embed.tokenUrl).toBe(`${BILLING_EMBED}/refresh`);
  expect(embed.pages.map((p) => [p.name, p.displayName])).toEqual(billing.pages.map((p) => [p.name, p.displayName]));

  const frame = reportFrame(page).contentFrame();
  await expect(frame.getByRole('heading', { level: 1, name: 'Billing overview' })).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Report tools' })).toBeVisible();
  // powerbi-client's frame is on Power BI's host, and it sent the embed token the live server got from GenerateToken.
  expect(page.frames().map((f) => f.url())).toContainEqual(
    expect.stringMatching(new RegExp(`^https://app\\.powerbi\\.com/reportEmbed\\?reportId=${embed.entityId}&.*uid=`)),
  );
  expect(routes.definitionRequests).toEqual([{ reportId: embed.entityId, token: embed.token }]);

  // What the live server asked of Power BI: an app-only token by client credentials, the report and
  // its pages in the configured workspace with that bearer token, and a view-only embed token.
  const log = await fakeLog();
  expect(log.embedTokens).toContain(embed.token);
  const report = `/v1.0/myorg/groups/${LIVE_WORKSPACE_ID}/reports/${embed.entityId}`;
  expect(log.calls).toEqual(
    expect.arrayContaining([
      {
        kind: 'token',
        method: 'POST',
        path: `/${POWERBI_APP.tenantId}/oauth2/v2.0/token`,
        body: {
          grant_type: 'client_credentials',
          client_id: POWERBI_APP.clientId,
          scope: 'https://analysis.windows.net/powerbi/api/.default',
        },
      },
      { kind: 'report', method: 'GET', path: report, bearerIssuedHere: true },
      { kind: 'pages', method: 'GET', path: `${report}/pages`, bearerIssuedHere: true },
      {
        kind: 'generateToken',
        method: 'POST',
        path: '/v1.0/myorg/GenerateToken',
        body: { reports: [{ id: embed.entityId }], datasets: [{ id: expect.any(String) }], lifetimeInMinutes: 10 },
        bearerIssuedHere: true,
      },
    ]),
  );

  // The report's pages, as tabs in the frame; changing the page as a person would.
  const tabs = frame.getByRole('navigation', { name: 'Pages' });
  await expect(tabs.getByRole('button')).toHaveText(BILLING_PAGES);
  await expect(tabs.getByRole('button', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('button', { name: 'Cost by Service' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Cost by Service' })).toBeVisible();
  await expect(tabs.getByRole('button', { name: 'Cost by Service' })).toHaveAttribute('aria-current', 'page');
  await expectAxeClean(page);
  await expect(page.getByRole('alert', { name: 'The report could not be shown.' })).toHaveCount(0);
});

test('the embed token is renewed by GenerateToken before it expires and swapped into the same Power BI frame: the page stays', async ({
  page,
}) => {
  // The tokens powerbi-client hands the frame later (`POST /report/token`), seen from inside the frame.
  await page.addInitScript(() => {
    if (location.origin !== 'https://app.powerbi.com') return;
    const swaps: unknown[] = [];
    (window as unknown as { cpTokenSwaps: unknown[] }).cpTokenSwaps = swaps;
    addEventListener('message', (event: MessageEvent) => {
      const data = event.data as { method?: string; url?: string; body?: unknown } | null;
      if (data?.method === 'POST' && data.url === '/report/token')
        swaps.push(
          typeof data.body === 'string' ? data.body : (data.body as { accessToken?: unknown } | undefined)?.accessToken,
        );
    });
  });
  await page.clock.install();
  await routePowerBiEmulator(page, { reports: [billing] });
  const embed = await openBillingOverview(page);
  const frame = reportFrame(page).contentFrame();
  // The report view has loaded and read its saved views (its buttons are enabled only then): a page
  // chosen earlier could be taken back by the view it applies first.
  await expect(page.getByRole('button', { name: 'Save the current view' })).toBeEnabled({ timeout: 20_000 });
  await frame.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Monthly Trend' }).click();
  await expect(frame.getByRole('heading', { level: 2, name: 'Monthly Trend' })).toBeVisible();
  // A mark in the frame's document: a re-embed would load a new one.
  const frameDocument = () => frame.locator('body');
  await frameDocument().evaluate(() => ((window as unknown as { cpMark: number }).cpMark = 42));

  // The fake's tokens live 4 minutes (less when shared with an earlier test's embed answer); the
  // refresh is due 30 s before expiry, so the page's clock runs ahead to it. It is set back to the
  // real time before the refresh's answer arrives: the new token's 4 minutes are the server's real
  // time, and a page clock still 3.5 minutes ahead would find it due at once, again and again.
  const refreshes: { status: number; body: { token: string; expiration: string } }[] = [];
  await page.route(
    (url) => url.pathname === embed.tokenUrl,
    async (route) => {
      const response = await route.fetch();
      await page.clock.setSystemTime(Date.now());
      refreshes.push({
        status: response.status(),
        body: (await response.json()) as { token: string; expiration: string },
      });
      await route.fulfill({ response });
    },
  );
  await page.clock.fastForward('03:35');
  await expect.poll(() => refreshes.length).toBe(1);
  const [{ status, body: fresh }] = refreshes as [(typeof refreshes)[number]];
  expect(status).toBe(200);
  // Less than 5 minutes left on the cached token: the live server asked Power BI for a new one.
  expect(fresh.token).toMatch(FAKE_EMBED_TOKEN);
  expect(fresh.token).not.toBe(embed.token);
  expect(Date.parse(fresh.expiration)).toBeGreaterThan(Date.parse(embed.expiration));
  expect((await fakeLog()).embedTokens).toContain(fresh.token);

  // Swapped in place: the frame got the new token, keeps its document and its page.
  await expect
    .poll(() => frameDocument().evaluate(() => (window as unknown as { cpTokenSwaps?: unknown[] }).cpTokenSwaps))
    .toEqual([fresh.token]);
  expect(await frameDocument().evaluate(() => (window as unknown as { cpMark?: number }).cpMark)).toBe(42);
  await expect(frame.getByRole('heading', { level: 2, name: 'Monthly Trend' })).toBeVisible();
  await expect(reportFrame(page)).toHaveCount(1);
  await expect(page.getByRole('alert', { name: 'The report could not be shown.' })).toHaveCount(0);
  // One refresh: the next is due in 3.5 minutes.
  expect(refreshes).toHaveLength(1);
});
