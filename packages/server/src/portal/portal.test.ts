import { createAuditApi, createPortalApi, type AuditApi, type MenuNode, type PortalApi } from '@cloudportal/core';
import {
  componentKind,
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_MESSAGES,
  flattenMenu,
  SEARCH_MESSAGES,
  SEARCH_QUERY_MAX,
} from '@cloudportal/core/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuUuid } from '../seed/portal';
import { TENANT } from '../seed/tenants';
import { signInAs, startTestServer, expectStatus, type TestServer as Server } from '../test-support';

const names = (tree: MenuNode[]) => flattenMenu(tree).map((n) => n.name);
const roots = (tree: MenuNode[]) => tree.map((n) => n.name);
const find = (tree: MenuNode[], name: string) => flattenMenu(tree).find((n) => n.name === name);

/** The demo reports another module seeds; every report a page or tab names must be one of them. */
const DEMO_REPORTS = [
  'billing-overview',
  'azure-cost-analysis',
  'm365-license-usage',
  'security-posture',
  'usage-legacy',
  'savings-forecast',
];

describe('portal service (spec §7) through the typed client', () => {
  let server: Server;
  let ada: PortalApi;
  let max: PortalApi;
  let sam: PortalApi;
  let multiContoso: PortalApi;
  let multiWingtip: PortalApi;
  let adaAudit: AuditApi;
  let maxAudit: AuditApi;
  let multiContosoAudit: AuditApi;
  let multiWingtipAudit: AuditApi;

  beforeAll(async () => {
    server = await startTestServer();
    const [a, m, s, mc, mw] = await Promise.all([
      signInAs(server, 'ada@contoso.example'),
      signInAs(server, 'max@fabrikam.example'),
      signInAs(server, 'sam@litware.example'),
      signInAs(server, 'multi@wingtip.example', TENANT.contoso),
      signInAs(server, 'multi@wingtip.example', TENANT.wingtip),
    ]);
    ada = createPortalApi(a.http);
    max = createPortalApi(m.http);
    sam = createPortalApi(s.http);
    multiContoso = createPortalApi(mc.http);
    multiWingtip = createPortalApi(mw.http);
    adaAudit = createAuditApi(a.http);
    maxAudit = createAuditApi(m.http);
    multiContosoAudit = createAuditApi(mc.http);
    multiWingtipAudit = createAuditApi(mw.http);
  });
  afterAll(() => server.close());

  describe('the seeded navigation history (first start)', () => {
    it('given ada on first start, last-accessed lists her seeded visible pages newest first, each once, with when and the latest tab', async () => {
      const last = await ada.lastAccessed();
      expect(last.map((p) => p.name)).toEqual(['overview', 'azure-cost-analysis', 'm365', 'security']);
      expect(last[0]).toMatchObject({
        uuid: menuUuid(1),
        displayName: 'Billing Overview',
        url: 'billing-overview',
        tabName: 'Overview',
        count: 3,
      });
      expect(last[2]!.tabName).toBe('Licence Summary');
      for (let i = 1; i < last.length; i++)
        expect(Date.parse(last[i - 1]!.lastAccessed)).toBeGreaterThan(Date.parse(last[i]!.lastAccessed));
      expect(Date.parse(last[0]!.lastAccessed)).toBeLessThan(Date.now());
    });

    it('given ada on first start, top-accessed lists the most visited pages first with their counts', async () => {
      const top = await ada.topAccessed();
      expect(top.map((p) => [p.name, p.count])).toEqual([
        ['overview', 3],
        ['azure-cost-analysis', 2],
        ['m365', 1],
        ['security', 1],
      ]);
    });

    it('given ada visited a preview page, it is listed only when asked with preview=true', async () => {
      expect((await ada.lastAccessed({ preview: true })).map((p) => p.name)).toEqual([
        'overview',
        'azure-cost-analysis',
        'm365',
        'security',
        'm365-copilot-score',
      ]);
      expect((await ada.topAccessed()).map((p) => p.name)).not.toContain('m365-copilot-score');
    });

    it('given ada has a history, multi in Contoso (another user of the same tenant) and every other tenant see none of it', async () => {
      expect(await multiContoso.lastAccessed()).toEqual([]);
      expect(await multiContoso.topAccessed()).toEqual([]);
      expect(await multiWingtip.lastAccessed()).toEqual([]);
      expect(await max.topAccessed()).toEqual([]);
    });
  });

  describe('menu (spec §2 "Side navigation", §6)', () => {
    it('given the seed, the menu has at least 30 items in nested sections, and every url names a page description of a known type', async () => {
      const tree = await ada.menu({ preview: true });
      const all = flattenMenu(tree);
      expect(all.length).toBeGreaterThanOrEqual(30);
      expect(all.some((n) => n.children.some((c) => c.children.length > 0))).toBe(true);
      const types = new Set<string>();
      const reports = new Set<string>();
      for (const item of all.filter((n) => n.url)) {
        const page = await ada.page(item.url!, { preview: true });
        types.add(page.type);
        if (page.reportId) reports.add(page.reportId);
        for (const tab of page.contents) {
          if (tab.type === 'report') reports.add(tab.reportId!);
          else expect(tab.componentClass).toBeTruthy();
        }
      }
      expect([...types].sort()).toEqual(['error', 'pbiReport', 'tabbed', 'ui']);
      expect([...reports].sort()).toEqual([...DEMO_REPORTS].sort());
      // Uuids are fixed, so links and feedback survive a restart.
      expect(find(tree, 'overview')!.uuid).toBe(menuUuid(1));
    });

    it('given ada (all features), max (Fabrikam, m365 features) and sam (Litware, azure features), each sees the sections their features allow', async () => {
      expect(roots(await ada.menu())).toEqual([
        'overview',
        'azure',
        'm365',
        'security',
        'recommendations',
        'usage',
        'reports',
        'assistant',
        'admin',
        'release-notes',
      ]);
      expect(roots(await max.menu())).toEqual([
        'overview',
        'm365',
        'security',
        'recommendations',
        'usage',
        'reports',
        'assistant',
        'release-notes',
      ]);
      expect(roots(await sam.menu())).toEqual([
        'overview',
        'azure',
        'recommendations',
        'reports',
        'assistant',
        'release-notes',
      ]);
    });

    it('given max, no item needing a feature he lacks is listed, nested ones included (project costs needs azure)', async () => {
      const tree = await max.menu();
      const features = ['billing', 'm365', 'security', 'recommendations', 'usage', 'reports', 'assistant'];
      for (const n of flattenMenu(tree))
        expect(n.features.length === 0 || n.features.some((f) => features.includes(f))).toBe(true);
      expect(names(tree)).toContain('bom-summary');
      expect(names(tree)).not.toContain('project-costs');
      expect(names(tree)).not.toContain('tags');
    });

    it('given the menu, a node carries the fields of spec §3 "Menu node"', async () => {
      const overview = find(await ada.menu(), 'overview')!;
      expect(overview).toEqual({
        uuid: menuUuid(1),
        name: 'overview',
        displayName: 'Billing Overview',
        description: expect.any(String),
        icon: 'home',
        url: 'billing-overview',
        tabName: null,
        features: ['billing'],
        personas: [],
        tags: ['home', 'overview'],
        preview: false,
        assistanceSrc: '/videos/embed/billing',
        children: [],
      });
      expect(find(await ada.menu(), 'm365-leavers')).toMatchObject({ url: 'm365-joiners-leavers', tabName: 'Leavers' });
    });

    it('given personas IT, Finance items go, and Cost Management (no page of its own, every child Finance) disappears', async () => {
      const it = await ada.menu({ personas: ['IT'] });
      expect(names(it)).toEqual(expect.arrayContaining(['azure-resources', 'm365-teams-calls', 'azure-subscriptions']));
      expect(names(it)).not.toContain('azure-cost-analysis');
      expect(names(it)).not.toContain('billing-report');
      expect(names(it)).not.toContain('cost-management');
      expect(names(it)).not.toContain('azure-budgets');
    });

    it('given personas Finance, IT items go and Cost Management keeps its five items', async () => {
      const finance = await ada.menu({ personas: ['Finance'] });
      expect(names(finance)).not.toContain('azure-resources');
      expect(names(finance)).not.toContain('m365-teams-calls');
      expect(find(finance, 'cost-management')!.children.map((c) => c.name)).toEqual([
        'azure-budgets',
        'azure-macc',
        'azure-shared-costs',
        'azure-focus',
        'azure-anomalies',
      ]);
    });

    it('given no persona or both, every item is listed', async () => {
      const all = names(await ada.menu());
      expect(names(await ada.menu({ personas: [] }))).toEqual(all);
      expect(names(await ada.menu({ personas: ['Finance', 'IT'] }))).toEqual(all);
      expect(all).toEqual(expect.arrayContaining(['azure-resources', 'azure-cost-analysis', 'azure-budgets']));
    });

    it('given personas the token does not hold, they are ignored: max (IT) asking for Finance gets his whole menu, multi in Contoso (Finance) asking for IT too', async () => {
      expect(names(await max.menu({ personas: ['Finance'] }))).toEqual(names(await max.menu()));
      expect(names(await max.menu({ personas: ['Finance', 'IT'] }))).toEqual(
        names(await max.menu({ personas: ['IT'] })),
      );
      expect(names(await multiContoso.menu({ personas: ['IT'] }))).toEqual(names(await multiContoso.menu()));
      expect(names(await multiContoso.menu({ personas: ['Finance'] }))).not.toContain('m365-teams-calls');
    });

    it('given a malformed personas or flag value, the menu answers a readable 400', async () => {
      await expectStatus(ada.menu({ personas: ['x'.repeat(65)] }), 400, /personas/);
      await expectStatus(ada.menu({ personas: Array.from({ length: 21 }, (_, i) => `P${i}`) }), 400, /personas/);
      const c = await signInAs(server, 'ada@contoso.example');
      await expectStatus(
        c.http.request('GET', '/services/api-portal-customer/api/portal/menu', { query: { preview: 'maybe' } }),
        400,
        /preview/,
      );
    });

    it('given the preview flag, preview items are listed only with preview=true and only to callers whose features allow them', async () => {
      expect(names(await ada.menu())).not.toContain('m365-copilot-score');
      expect(find(await ada.menu({ preview: true }), 'm365-copilot-score')).toMatchObject({
        preview: true,
        url: 'm365-copilot-score',
      });
      expect(names(await max.menu({ preview: true }))).toContain('m365-copilot-score');
      expect(names(await sam.menu({ preview: true }))).not.toContain('m365-copilot-score');
    });

    it('given videoLibrary=true, only items with a guidance video are listed, inside their sections', async () => {
      const library = await ada.menu({ videoLibrary: true });
      const all = flattenMenu(library);
      for (const n of all) expect(n.assistanceSrc !== null || n.children.length > 0).toBe(true);
      expect(names(library)).toEqual(
        expect.arrayContaining([
          'overview',
          'azure',
          'azure-cost-analysis',
          'm365',
          'm365-license-report',
          'security',
          'usage',
          'reports',
          'assistant',
          'release-notes',
        ]),
      );
      expect(names(library)).not.toContain('azure-subscriptions');
      expect(names(library)).not.toContain('admin');
      expect(find(library, 'azure')).toMatchObject({
        assistanceSrc: null,
        children: [expect.objectContaining({ name: 'azure-cost-analysis' })],
      });
      for (const n of all.filter((x) => x.assistanceSrc))
        expect(n.assistanceSrc).toMatch(/^\/videos\/embed\/[a-z0-9-]+$/);
    });

    it('given videoLibrary=true, the features and personas still apply', async () => {
      expect(names(await sam.menu({ videoLibrary: true }))).not.toContain('m365');
      expect(names(await ada.menu({ videoLibrary: true, personas: ['IT'] }))).not.toContain('azure-cost-analysis');
      expect(names(await ada.menu({ videoLibrary: true, personas: ['IT'] }))).not.toContain('azure');
    });
  });

  describe('breadcrumb', () => {
    it('given a nested item by uuid or by name, the chain runs from the root down to the item', async () => {
      const byUuid = await ada.breadcrumb(menuUuid(9));
      expect(byUuid).toEqual([
        { uuid: menuUuid(2), name: 'azure', displayName: 'Azure', url: 'azure' },
        { uuid: menuUuid(8), name: 'cost-management', displayName: 'Cost Management', url: null },
        { uuid: menuUuid(9), name: 'azure-budgets', displayName: 'Budgets', url: 'azure-budgets' },
      ]);
      expect(await ada.breadcrumb('azure-budgets')).toEqual(byUuid);
      expect(await ada.breadcrumb('overview')).toEqual([
        { uuid: menuUuid(1), name: 'overview', displayName: 'Billing Overview', url: 'billing-overview' },
      ]);
    });

    it('given an unknown item, or one the caller cannot see, the answer is 404 with a readable message', async () => {
      await expectStatus(ada.breadcrumb('no-such-page'), 404, "No menu item 'no-such-page' is available to you.");
      await expectStatus(max.breadcrumb(menuUuid(9)), 404, `No menu item '${menuUuid(9)}' is available to you.`);
      await expectStatus(ada.breadcrumb('m365-copilot-score'), 404);
      expect((await ada.breadcrumb('m365-copilot-score', { preview: true })).map((c) => c.name)).toEqual([
        'm365',
        'm365-copilot-score',
      ]);
    });
  });

  describe('page descriptions (spec §2 "Dynamic page", §3 "Page description")', () => {
    it('given a tabbed page, report tabs carry a reportId and component tabs a componentClass, and the page its video', async () => {
      const page = await ada.page('billing-overview');
      expect(page).toMatchObject({
        id: 'billing-overview',
        type: 'tabbed',
        componentClass: null,
        reportId: null,
        pbiReportPageFilter: [],
        error: null,
      });
      expect(page.assistanceSrc).toBe('/videos/embed/billing');
      expect(page.contents.map((t) => t.name)).toEqual([
        'Overview',
        'Invoices',
        'Azure Costs',
        'Licence Costs',
        'Savings Forecast',
      ]);
      expect(page.contents[0]).toEqual({
        name: 'Overview',
        displayName: 'Overview',
        description: expect.any(String),
        type: 'report',
        assistanceSrc: null,
        componentClass: null,
        reportId: 'billing-overview',
      });
      expect(page.contents[1]).toMatchObject({ type: 'ui', componentClass: 'financial-summary', reportId: null });
      expect(page.contents[3]!.assistanceSrc).toBe('/videos/embed/licence-costs');
    });

    it('given max (no azure feature), the Azure tab is not part of the page; personas IT scope away the Finance tabs', async () => {
      expect((await max.page('billing-overview')).contents.map((t) => t.name)).toEqual([
        'Overview',
        'Invoices',
        'Licence Costs',
        'Savings Forecast',
      ]);
      expect((await max.page('billing-overview', { personas: ['IT'] })).contents.map((t) => t.name)).toEqual([
        'Overview',
        'Licence Costs',
      ]);
      expect((await ada.page('azure', { personas: ['IT'] })).contents.map((t) => t.name)).toEqual([
        'Subscriptions',
        'Resources',
      ]);
    });

    it('given a ui page, it names one component; provider overview and an unknown name are there for the moved notice and the error placeholder', async () => {
      expect(await ada.page('azure-budgets')).toEqual({
        id: 'azure-budgets',
        type: 'ui',
        contents: [],
        componentClass: 'azure-budgets',
        reportId: null,
        pbiReportPageFilter: [],
        assistanceSrc: null,
        error: null,
      });
      expect(componentKind((await ada.page('provider-overview')).componentClass)).toBe('moved');
      expect(componentKind((await ada.page('insights-canvas')).componentClass)).toBe('unknown');
      expect(componentKind((await ada.page('chat-assistant')).componentClass)).toBe('feature');
    });

    it('given a pbiReport page, it carries the report and the page names shown', async () => {
      expect(await ada.page('azure-cost-analysis')).toMatchObject({
        type: 'pbiReport',
        reportId: 'azure-cost-analysis',
        pbiReportPageFilter: ['Cost by Resource Group', 'Cost by Region'],
        contents: [],
      });
      expect(await ada.page('billing-report')).toMatchObject({
        type: 'pbiReport',
        reportId: 'billing-overview',
        pbiReportPageFilter: ['Overview', 'Cost by Service', 'Cost by Subscription', 'Monthly Trend'],
      });
    });

    it('given an error page, it says why', async () => {
      expect(await ada.page('legacy-reports')).toMatchObject({
        type: 'error',
        error: 'Legacy reports are no longer available. Their replacements are under Reports.',
        contents: [],
      });
    });

    it('given an unknown page, the answer is 404 with a readable message (the client shows its error page)', async () => {
      await expectStatus(ada.page('no-such-page'), 404, "No page 'no-such-page' exists in your menu.");
    });

    it("given a page the caller's features hide, it is as unknown as one that does not exist", async () => {
      await expectStatus(max.page('azure-budgets'), 404, "No page 'azure-budgets' exists in your menu.");
      await expectStatus(max.page('admin'), 404);
      await expectStatus(sam.page('m365'), 404);
      await expectStatus(ada.page('m365-copilot-score'), 404);
      expect((await ada.page('m365-copilot-score', { preview: true })).componentClass).toBe('copilot-score');
    });

    it('given a page outside the selected personas, it is still readable by direct link (personas scope listings and tabs, features gate)', async () => {
      expect((await ada.page('azure-budgets', { personas: ['IT'] })).componentClass).toBe('azure-budgets');
    });
  });

  describe('search (spec §2 "Search dialog", §3 "Search result")', () => {
    it('given a name, display name, description, path or tag, the matching items are found case-insensitively', async () => {
      expect(await ada.search('azure-budgets')).toEqual([
        {
          name: 'azure-budgets',
          tabName: null,
          path: 'Azure / Cost Management / Budgets',
          displayName: 'Budgets',
          description: 'Azure budgets and their burn rate.',
          tags: ['budget'],
        },
      ]);
      expect((await ada.search('cost anomalies')).map((r) => r.name)).toEqual(['azure-anomalies']);
      expect((await ada.search('BURN RATE')).map((r) => r.name)).toEqual(['azure-budgets']);
      expect((await ada.search('cost management /')).map((r) => r.name)).toEqual([
        'azure-budgets',
        'azure-macc',
        'azure-shared-costs',
        'azure-focus',
        'azure-anomalies',
      ]);
      expect((await ada.search('finops')).map((r) => r.name)).toEqual(['azure-focus']);
    });

    it("given a tab's name, the tab is found with its page's name and the tab name to open", async () => {
      expect(await ada.search('alert definitions')).toEqual([
        {
          name: 'alerts',
          tabName: null,
          path: 'Security / Alerts',
          displayName: 'Alerts',
          description: 'Alerts, alert definitions and metric alerts.',
          tags: [],
        },
        {
          name: 'alerts',
          tabName: 'Alert Definitions',
          path: 'Security / Alerts / Alert Definitions',
          displayName: 'Alert Definitions',
          description: 'When an alert is raised, and for whom.',
          tags: [],
        },
      ]);
      expect((await ada.search('leavers')).map((r) => [r.name, r.tabName])).toEqual([
        ['m365-joiners', 'Leavers'],
        ['m365-leavers', 'Leavers'],
      ]);
    });

    it('given the search, items and tabs the features hide are never found', async () => {
      expect((await ada.search('azure costs')).map((r) => [r.name, r.tabName])).toEqual([['overview', 'Azure Costs']]);
      expect(await max.search('azure costs')).toEqual([]);
      expect(await max.search('budgets')).toEqual([]);
      expect(await sam.search('licence')).toEqual([]);
    });

    it('given selected personas, the search is scoped to them', async () => {
      expect((await ada.search('budgets', { personas: ['Finance'] })).map((r) => r.name)).toEqual(['azure-budgets']);
      expect(await ada.search('budgets', { personas: ['IT'] })).toEqual([]);
      expect((await ada.search('invoices', { personas: ['IT'] })).map((r) => r.tabName)).toEqual([]);
      expect((await ada.search('invoices')).map((r) => r.tabName)).toEqual(['Invoices']);
    });

    it('given the preview flag, preview items are found only with preview=true', async () => {
      expect(await ada.search('copilot')).toEqual([]);
      expect((await ada.search('copilot', { preview: true })).map((r) => r.name)).toEqual(['m365-copilot-score']);
    });

    it('given an empty, blank, missing or too long query, the answer is a readable 400', async () => {
      await expectStatus(ada.search(''), 400, SEARCH_MESSAGES.required);
      await expectStatus(ada.search('   '), 400, SEARCH_MESSAGES.required);
      await expectStatus(ada.search('x'.repeat(SEARCH_QUERY_MAX + 1)), 400, SEARCH_MESSAGES.tooLong);
      expect(await ada.search(`  ${'x'.repeat(SEARCH_QUERY_MAX)}  `)).toEqual([]);
      const c = await signInAs(server, 'ada@contoso.example');
      await expectStatus(c.http.request('GET', '/services/api-portal-customer/api/portal/menu/index'), 400, /query/);
    });
  });

  describe('feedback (spec §2 "Feedback dialog", §3, §5)', () => {
    const valid = {
      menuUuid: menuUuid(1),
      tabName: 'Invoices',
      rating: 4,
      type: 'FR' as const,
      comment: 'Please add a CSV export of the invoices.',
    };

    it('given valid feedback, it is stored for the tenant and sender and answered with 201, its id and when', async () => {
      const c = await signInAs(server, 'ada@contoso.example');
      const { status, body } = await c.http.exchange<Record<string, unknown>>(
        'POST',
        '/services/api-portal-customer/api/portal/menu/feedback',
        { json: valid },
      );
      expect(status).toBe(201);
      expect(body).toMatchObject({ ...valid, userId: expect.stringContaining(TENANT.contoso) });
      expect(Date.parse(body.created as string)).toBeGreaterThan(Date.now() - 60_000);
      expect((await ada.feedback()).map((f) => f.id)).toContain(body.id);
    });

    it('given every feedback type, rating 0 and 5, no tab and a comment of exactly 2000 characters, each is stored', async () => {
      for (const type of ['Feedback', 'FR', 'Bug', 'Comment', 'Suggestion'] as const) {
        expect((await ada.sendFeedback({ menuUuid: menuUuid(53), rating: 0, type, comment: `A ${type}` })).type).toBe(
          type,
        );
      }
      const long = await ada.sendFeedback({
        menuUuid: menuUuid(53),
        tabName: null,
        rating: 5,
        type: 'Comment',
        comment: 'x'.repeat(FEEDBACK_COMMENT_MAX),
      });
      expect(long).toMatchObject({ rating: 5, tabName: null });
      expect(long.comment).toHaveLength(FEEDBACK_COMMENT_MAX);
      expect((await ada.sendFeedback({ ...valid, tabName: 'invoices' })).tabName).toBe('Invoices');
    });

    it('given invalid feedback, each case is a 400 with the form message and nothing is stored', async () => {
      const before = (await ada.feedback()).length;
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, comment: '' }, FEEDBACK_MESSAGES.commentRequired],
        [{ ...valid, comment: '   \n ' }, FEEDBACK_MESSAGES.commentRequired],
        [{ menuUuid: valid.menuUuid, rating: 3, type: 'Bug' }, FEEDBACK_MESSAGES.commentRequired],
        [{ ...valid, comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1) }, FEEDBACK_MESSAGES.commentTooLong],
        [{ ...valid, rating: 6 }, FEEDBACK_MESSAGES.ratingRange],
        [{ ...valid, rating: -1 }, FEEDBACK_MESSAGES.ratingRange],
        [{ ...valid, rating: 2.5 }, FEEDBACK_MESSAGES.ratingRange],
        [{ ...valid, rating: '4' }, FEEDBACK_MESSAGES.ratingRange],
        [{ ...valid, type: 'Praise' }, FEEDBACK_MESSAGES.typeUnknown],
        [{ ...valid, type: 'Feature Request' }, FEEDBACK_MESSAGES.typeUnknown],
        [{ ...valid, menuUuid: '' }, FEEDBACK_MESSAGES.menuItemRequired],
        [{ ...valid, menuUuid: '00000000-0000-4000-8000-000000000000' }, FEEDBACK_MESSAGES.menuItemRequired],
        [{ ...valid, tabName: 'No such tab' }, FEEDBACK_MESSAGES.tabUnknown],
      ];
      for (const [body, message] of cases) {
        const error = await expectStatus(ada.sendFeedback(body as never), 400, message);
        expect(error.body).toMatchObject({ error: 'Bad Request' });
      }
      await expectStatus(ada.sendFeedback({ ...valid, tenantId: TENANT.fabrikam } as never), 400, /property name/);
      expect((await ada.feedback()).length).toBe(before);
    });

    it("given a menu item the caller's features hide, feedback about it is refused like an unknown one", async () => {
      await expectStatus(
        max.sendFeedback({ ...valid, menuUuid: menuUuid(9), tabName: null }),
        400,
        FEEDBACK_MESSAGES.menuItemRequired,
      );
      await expectStatus(max.sendFeedback({ ...valid, tabName: 'Azure Costs' }), 400, FEEDBACK_MESSAGES.tabUnknown);
      expect(await max.feedback()).toEqual([]);
    });

    it('given feedback from two tenants and two users, the administrator reads the whole tenant, others only their own, and no tenant reads another', async () => {
      const fromAda = await ada.sendFeedback({ ...valid, comment: 'From Ada' });
      const fromMultiContoso = await multiContoso.sendFeedback({
        menuUuid: menuUuid(1),
        rating: 2,
        type: 'Bug',
        comment: 'From Mia in Contoso',
      });
      const fromMultiWingtip = await multiWingtip.sendFeedback({
        menuUuid: menuUuid(3),
        rating: 3,
        type: 'Comment',
        comment: 'From Mia in Wingtip',
      });
      const fromMax = await max.sendFeedback({
        menuUuid: menuUuid(14),
        rating: 5,
        type: 'Suggestion',
        comment: 'From Max',
      });

      const adaSees = (await ada.feedback()).map((f) => f.id);
      expect(adaSees).toEqual(expect.arrayContaining([fromAda.id, fromMultiContoso.id]));
      expect(adaSees).not.toContain(fromMultiWingtip.id);
      expect(adaSees).not.toContain(fromMax.id);
      expect((await multiContoso.feedback()).map((f) => f.id)).toEqual([fromMultiContoso.id]);
      expect((await multiWingtip.feedback()).map((f) => f.id)).toEqual([fromMultiWingtip.id]);
      expect((await max.feedback()).map((f) => f.id)).toEqual([fromMax.id]);
      expect((await sam.feedback()).map((f) => f.id)).toEqual([]);
    });
  });

  describe('last- and top-accessed from navigation audit events', () => {
    it('given ada records a navigation, it heads her last-accessed with its tab, and top-accessed counts it', async () => {
      const receipt = await adaAudit.event({
        category: 'navigation',
        location: '/billing/usage-teams?tab=x',
        locationName: 'Teams',
        previousLocation: '/billing/overview',
        previousLocationName: 'Billing Overview',
        tabName: 'Meetings',
      });
      expect(receipt).toEqual({ recorded: true });
      const last = await ada.lastAccessed();
      expect(last[0]).toMatchObject({ name: 'usage-teams', tabName: 'Meetings', count: 1, url: 'usage-teams' });
      expect(Date.parse(last[0]!.lastAccessed)).toBeGreaterThan(Date.now() - 60_000);
      for (let i = 0; i < 4; i++) await adaAudit.event({ category: 'navigation', location: '/billing/release-notes' });
      expect((await ada.topAccessed())[0]).toMatchObject({ name: 'release-notes', count: 4 });
      expect((await ada.lastAccessed())[0]!.name).toBe('release-notes');
    });

    it('given many visited pages, each list holds at most 10', async () => {
      for (const name of [
        'usage-mail',
        'usage-sharepoint',
        'usage-score',
        'alerts',
        'pipelines',
        'rules',
        'customer-metrics',
        'bom-summary',
      ]) {
        await adaAudit.event({ category: 'navigation', location: `/billing/${name}` });
      }
      expect(await ada.lastAccessed()).toHaveLength(10);
      expect(await ada.topAccessed()).toHaveLength(10);
    });

    it('given the same person in two tenants, visits in one never show in the other, nor in another user of the same tenant', async () => {
      await multiContosoAudit.event({ category: 'navigation', location: '/billing/azure-budgets' });
      expect((await multiContoso.lastAccessed()).map((p) => p.name)).toEqual(['azure-budgets']);
      expect(await multiWingtip.lastAccessed()).toEqual([]);
      await multiWingtipAudit.event({ category: 'navigation', location: '/billing/azure-subscriptions' });
      expect((await multiWingtip.topAccessed()).map((p) => p.name)).toEqual(['azure-subscriptions']);
      expect((await multiContoso.topAccessed()).map((p) => p.name)).toEqual(['azure-budgets']);
      expect((await ada.lastAccessed()).map((p) => p.name)).not.toContain('azure-budgets');
    });

    it('given visits to pages the caller cannot see or that are not menu pages, they are not listed', async () => {
      await maxAudit.event({ category: 'navigation', location: '/billing/azure-budgets' });
      await maxAudit.event({ category: 'navigation', location: '/billing/cost-management' });
      await maxAudit.event({ category: 'navigation', location: '/informational-videos-main-dashboard/overview' });
      expect(await maxAudit.event({ category: 'navigation', location: '/tenant' })).toEqual({ recorded: false });
      expect(await max.lastAccessed()).toEqual([]);
      await maxAudit.event({ category: 'navigation', location: '/billing/m365' });
      expect((await max.lastAccessed()).map((p) => p.name)).toEqual(['m365']);
    });
  });
});
