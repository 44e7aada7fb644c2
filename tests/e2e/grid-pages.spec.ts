import { expect, test as base, type Page } from './support/test';
import { navigateInApp, openSignedIn } from './support/session';
import { watchPage } from './support/watch';

// Every dataset page ada's demo menu opens (issue 13): its grid has rows, its key figures have
// loaded, its charts are drawn, it is not the "cannot be shown" placeholder, and nothing reports an
// error or a Content-Security-Policy violation. axe judges every page of the menu, light and dark, in
// layout.spec.ts.
//
// ada signs in once per worker, and each test moves that page within the app to its own page, as a
// menu link does: the tests judge the pages, not the portal's start (auth.spec.ts and
// feature-pages.spec.ts load it), and a fresh context and start per page would cost each test seconds.
// Between tests the page passes through a page ada's menu does not have, so no grid of the last test
// can stand in for the next one's. A test that fails ends its worker, and with it this page.

const ADA = 'ada@contoso.example';
/** A route no menu has: its placeholder holds no grid. */
const NOWHERE = '/billing/e2e-no-such-page';

/**
 * [menu URL, the grid's name] of every dataset page ada's menu opens. The Copilot score is a preview
 * item (spec §2: hidden unless preview is on), so her menu has no URL for it; pages.test.tsx renders it.
 */
const GRID_PAGES: [string, string][] = [
  ['/billing/azure-subscriptions', 'Subscriptions'],
  ['/billing/azure-resources', 'Azure resources'],
  ['/billing/azure-focus', 'FOCUS cost rows'],
  ['/billing/recommendations?tab=Azure', 'Azure recommendations'],
  ['/billing/recommendations?tab=Microsoft+365', 'Microsoft 365 recommendations'],
  ['/billing/recommendations-aws', 'AWS recommendations'],
  ['/billing/recommendations-archive', 'Archived recommendations'],
  ['/billing/best-practice-recommendations', 'Azure recommendations'],
  ['/billing/m365?tab=Licences', 'Licences'],
  ['/billing/m365-license-users', 'Licensed users'],
  ['/billing/m365-users', 'Users'],
  ['/billing/alerts', 'Alerts'],
  ['/billing/azure-budgets', 'Azure budgets'],
  ['/billing/azure-reservations?tab=RI+and+SP+Contracts', 'Reservations and savings plans'],
  ['/billing/azure-reservations?tab=EA+Reservations', 'EA reservations'],
  ['/billing/security?tab=Secure+Score', 'Secure Score improvement actions'],
  ['/billing/usage', 'Microsoft 365 usage'],
  ['/billing/usage-teams', 'Teams usage'],
  ['/billing/usage-mail', 'Mail usage'],
  ['/billing/usage-sharepoint', 'SharePoint usage'],
  ['/billing/overview?tab=Invoices', 'Invoices'],
  ['/billing/azure-macc', 'Azure consumption commitment months'],
  ['/billing/azure-shared-costs', 'Shared cost allocations'],
  ['/billing/azure-anomalies', 'Cost anomalies'],
  ['/billing/project-costs', 'Project costs'],
  ['/billing/azure-enrollments', 'Enrolment accounts'],
  ['/billing/bom-summary', 'Bill of materials lines'],
  ['/billing/bill-of-materials/models-comparison', 'Bill of materials lines'],
  ['/billing/tags', 'Tags and values'],
  ['/billing/admin?tab=Log+Analytics', 'Log Analytics workspaces'],
  ['/billing/admin?tab=Service+Health', 'Service health events'],
  ['/billing/pipelines', 'Data pipelines'],
  ['/billing/rules', 'Rules'],
  ['/billing/alerts?tab=Alert+Definitions', 'Alert rules'],
  ['/billing/alerts?tab=Metric+Alerts', 'Metric alerts'],
  ['/billing/security-alerts', 'Security alerts'],
  ['/billing/m365?tab=Groups', 'Microsoft 365 groups'],
  ['/billing/m365?tab=Devices', 'Managed devices'],
  ['/billing/m365-joiners?tab=Joiners', 'Joiners'],
  ['/billing/m365-joiners?tab=Leavers', 'Leavers'],
  ['/billing/m365-worker-profiles', 'Worker profiles'],
  ['/billing/m365-teams-calls', 'Teams call days'],
  ['/billing/third-party-apps', 'Third-party apps'],
  ['/billing/sharepoint-tenant-settings', 'SharePoint tenant settings'],
  ['/billing/usage-score?tab=Score', 'Usage score checks'],
  ['/billing/usage-score?tab=Assessment', 'Usage assessment findings'],
];

/** ada's signed-in page, shared by the tests of a worker. */
const test = base.extend<object, { adaPage: Page }>({
  adaPage: [
    async ({ browser, workerPortalUrl }, use) => {
      const context = await browser.newContext({ baseURL: workerPortalUrl, viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      await openSignedIn(page, ADA, NOWHERE);
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** Moves the shared page to `url` through a page without a grid. */
async function open(page: Page, url: string) {
  await navigateInApp(page, NOWHERE);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await navigateInApp(page, url);
}

for (const [url, grid] of GRID_PAGES) {
  test(`${url} shows ${grid} with its rows and key figures`, async ({ adaPage: page }) => {
    const watch = watchPage(page);
    try {
      await open(page, url);
      const table = page.getByRole('grid', { name: grid });
      await expect(table.getByRole('row').nth(1).getByRole('gridcell').first()).not.toHaveText('', { timeout: 10_000 });
      await expect(page.getByRole('region', { name: 'Key figures' }).first()).not.toHaveAttribute('aria-busy', 'true');
      await expect(page.getByText('This page cannot be shown')).toHaveCount(0);
      // Charts draw on a canvas once ECharts has loaded, each when it nears the viewport.
      const charts = page.getByRole('group', { name: 'Charts' }).getByRole('figure');
      for (const figure of await charts.all()) {
        await figure.scrollIntoViewIfNeeded();
        await expect(figure.locator('canvas')).toHaveCount(1, { timeout: 10_000 });
      }
      expect(watch.errors).toEqual([]);
      expect(watch.csp).toEqual([]);
    } finally {
      watch.stop();
    }
  });
}
