import { createReportsApi, type ReportEmbed, type ReportsApi } from '@cloudportal/core';
import type { CellValue, ReportDefinition } from '@cloudportal/testing';
import { SignJWT } from 'jose';
import { loopbackTwin } from '@cloudportal/core/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_TOKEN_ISSUER } from '../auth/appToken';
import { azureCosts, m365Licenses } from '../chatbot/tools';
import { periodOf } from '../chatbot/time';
import { EMBED_TOKEN_AUDIENCE, embedTokenKey, signEmbedToken } from '../reports/embedToken';
import { DEMO_REPORTS } from '../seed/reports';
import { TENANT, userId } from '../seed/tenants';
import { signInAs, startTestServer, type TestServer } from '../test-support';

const ADA = userId('0b7e5c1a-0000-4000-8000-00000000a0a1', TENANT.contoso);
const BILLING = DEMO_REPORTS.find((r) => r.id === 'billing-overview')!;

/** A dataset's rows as objects, for readable assertions. */
function rowsOf(definition: ReportDefinition, dataset: string): Record<string, CellValue>[] {
  const d = definition.datasets[dataset]!;
  return d.rows.map((r) => Object.fromEntries(d.columns.map((c, i) => [c, r[i] ?? null])));
}

describe('the Power BI embed emulator on the reference server (/powerbi-emulator/)', () => {
  let server: TestServer;
  let ada: ReportsApi;
  let key: Uint8Array;
  let billing: ReportEmbed;

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { headers });
  const definitionOf = (entityId: string, token: string) =>
    get(`/powerbi-emulator/api/reports/${entityId}`, { Authorization: `EmbedToken ${token}` });

  beforeAll(async () => {
    server = await startTestServer();
    const secret = (
      await server.db.query<{ value: string }>("select value from server_keys where name = 'app-token-secret'")
    ).rows[0]!.value;
    key = embedTokenKey(new TextEncoder().encode(secret));
    ada = createReportsApi((await signInAs(server, 'ada@contoso.example')).http);
    billing = await ada.reportEmbed('billing-overview');
  });
  afterAll(() => server.close());

  describe('the frame', () => {
    it("given the embed answer's entityUrl, then it answers the frame page: one script file in the head, no inline script, under the strict CSP", async () => {
      // On the API's loopback twin (POWERBI_EMULATOR_SITE's default), a site of its own as Power BI's frame is.
      const portal = new URL(server.baseUrl).origin;
      const twin = loopbackTwin(portal)!;
      expect(billing.entityUrl).toBe(
        `${twin}/powerbi-emulator/reportEmbed?reportId=${BILLING.entityId}&groupId=6f3c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a001`,
      );
      const res = await fetch(`${billing.entityUrl}&uid=cp-report-1`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      // The portal's origin may frame it; it sends no Referer across sites to go by.
      expect(csp).toContain(`frame-ancestors 'self' ${portal}`);
      const html = await res.text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain('<script src="report-embed.js"></script>');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts).toHaveLength(1);
      expect(
        scripts.every(
          ([, attrs, body]) =>
            /\bsrc=/.test(attrs!) && body!.trim() === '' && !/type="module"|async|defer/.test(attrs!),
        ),
      ).toBe(true);
      expect(html).toMatch(/<link rel="stylesheet" href="report-embed.css" ?\/?>/);
    });

    it('serves the script and stylesheet beside the page; the script speaks the postMessage protocol', async () => {
      const js = await get('/powerbi-emulator/report-embed.js');
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
      const code = await js.text();
      for (const route of [
        '/report/load',
        '/report/pages',
        '/report/bookmarks/capture',
        '/report/token',
        'TokenExpired',
      ])
        expect(code).toContain(route);
      const css = await get('/powerbi-emulator/report-embed.css');
      expect(css.status).toBe(200);
      expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    });

    it('anything else under /powerbi-emulator/ is a JSON 404, never the portal page', async () => {
      const res = await get('/powerbi-emulator/nothing-here', { Accept: 'text/html' });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'Not Found' });
    });
  });

  describe('the definition route refuses what is not an embed token for that report', () => {
    it('no token, another scheme or a malformed token: 401 with a readable message', async () => {
      const entity = BILLING.entityId!;
      for (const headers of [
        {},
        { Authorization: `Bearer ${billing.token}` },
        { Authorization: 'EmbedToken not-a-jwt' },
      ] as Record<string, string>[]) {
        const res = await get(`/powerbi-emulator/api/reports/${entity}`, headers);
        expect(res.status).toBe(401);
        expect((await res.json()).message).toMatch(/embed token/);
      }
    });

    it('an expired embed token: 401 "The embed token has expired."', async () => {
      const past = Math.floor(Date.now() / 1000) - 120;
      const expired = await new SignJWT({
        tid: TENANT.contoso,
        rid: 'billing-overview',
        kind: 'report',
        eid: BILLING.entityId,
        scope: 'view',
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(ADA)
        .setIssuer(APP_TOKEN_ISSUER)
        .setAudience(EMBED_TOKEN_AUDIENCE)
        .setIssuedAt(past - 600)
        .setExpirationTime(past)
        .setJti('expired-1')
        .sign(key);
      const res = await definitionOf(BILLING.entityId!, expired);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'Unauthorized', message: 'The embed token has expired.' });
    });

    it('a token signed with another key, or an app token: 401', async () => {
      const forged = await signEmbedToken(
        {
          sub: ADA,
          tid: TENANT.contoso,
          rid: 'billing-overview',
          kind: 'report',
          eid: BILLING.entityId!,
          scope: 'view',
        },
        new Uint8Array(32).fill(7),
      );
      expect((await definitionOf(BILLING.entityId!, forged.token)).status).toBe(401);
    });

    it("ada's billing token used for another report: 403", async () => {
      const other = DEMO_REPORTS.find((r) => r.id === 'azure-cost-analysis')!.entityId!;
      const res = await definitionOf(other, billing.token!);
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe('This embed token is for another report.');
    });

    it('a valid token for a report that does not exist: 404', async () => {
      const ghost = await signEmbedToken(
        {
          sub: ADA,
          tid: TENANT.contoso,
          rid: 'ghost',
          kind: 'report',
          eid: '00000000-0000-4000-8000-000000000000',
          scope: 'view',
        },
        key,
      );
      expect((await definitionOf('00000000-0000-4000-8000-000000000000', ghost.token)).status).toBe(404);
    });
  });

  describe("the definition: the embed answer's pages, the token tenant's data only", () => {
    it("lists exactly the embed answer's pages (names, display names, visibility), each with visuals", async () => {
      const res = await definitionOf(billing.entityId!, billing.token!);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const definition = (await res.json()) as ReportDefinition;
      expect(definition.id).toBe(BILLING.entityId);
      expect(definition.name).toBe('Billing overview');
      expect(
        definition.pages.map((p) => ({ name: p.name, displayName: p.displayName, visibility: p.visibility })),
      ).toEqual(billing.pages.map((p) => ({ name: p.name, displayName: p.displayName, visibility: p.visibility })));
      for (const page of definition.pages) {
        expect(page.visuals.length).toBeGreaterThan(0);
        // Each visual is a region named by its title: a page's titles are unique (axe landmark-unique).
        expect(new Set(page.visuals.map((v) => v.title)).size, page.displayName).toBe(page.visuals.length);
      }
      expect(definition.pages[0]!.visuals.map((v) => v.type)).toEqual(['kpi', 'kpi', 'bar', 'donut', 'line', 'table']);
      // Filter cards with nothing selected (operator All): the page has filters, every row shows.
      expect(definition.pages[0]!.filters).toEqual([
        {
          $schema: 'http://powerbi.com/product/schema#basic',
          target: { table: 'Costs', column: 'Service' },
          filterType: 1,
          operator: 'All',
          values: [],
        },
        {
          $schema: 'http://powerbi.com/product/schema#basic',
          target: { table: 'Costs', column: 'Subscription' },
          filterType: 1,
          operator: 'All',
          values: [],
        },
      ]);
    });

    it("ada (Contoso) gets Contoso's costs, and last month's totals by service agree with the assistant's", async () => {
      const definition = (await (await definitionOf(billing.entityId!, billing.token!)).json()) as ReportDefinition;
      const rows = rowsOf(definition, 'Costs');
      expect(new Set(rows.map((r) => r.Subscription))).toEqual(
        new Set(['Contoso Production', 'Contoso Dev/Test', 'Contoso Data Platform']),
      );
      const last = periodOf(new Date(), -1);
      const mine = new Map<string, number>();
      for (const r of rows.filter((x) => x.Month === last))
        mine.set(String(r.Service), (mine.get(String(r.Service)) ?? 0) + Number(r.Cost));
      const assistant = await azureCosts(
        { db: server.db, tenantId: TENANT.contoso, now: new Date() },
        { groupBy: 'service' },
      );
      expect(assistant.rows.length).toBeGreaterThan(3);
      for (const row of assistant.rows) expect(Math.round(mine.get(row.name)! * 100) / 100).toBe(row.amount);
      // The region comes from the inventory where it lists the resource.
      expect(rows.find((r) => r.Resource === 'vm-finance-01')?.Region).toBe('westeurope');
    });

    it("a Northwind token gets Northwind's rows only, and a Fabrikam token (no Azure data) gets none", async () => {
      const sign = (tid: string) =>
        signEmbedToken(
          {
            sub: `${tid}:someone`,
            tid,
            rid: 'billing-overview',
            kind: 'report',
            eid: BILLING.entityId!,
            scope: 'view',
          },
          key,
        );
      const northwind = (await (
        await definitionOf(BILLING.entityId!, (await sign(TENANT.northwind)).token)
      ).json()) as ReportDefinition;
      const rows = rowsOf(northwind, 'Costs');
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.Subscription))).toEqual(new Set(['Northwind Production']));
      expect(rows.some((r) => String(r.Resource).startsWith('vm-finance'))).toBe(false);
      const fabrikam = (await (
        await definitionOf(BILLING.entityId!, (await sign(TENANT.fabrikam)).token)
      ).json()) as ReportDefinition;
      expect(fabrikam.datasets.Costs!.rows).toEqual([]);
      expect(fabrikam.pages.map((p) => p.name)).toEqual(billing.pages.map((p) => p.name));
    });

    it("the licence report reads the same licence rows as the assistant's m365_licenses", async () => {
      const embed = await ada.reportEmbed('m365-license-usage');
      const definition = (await (await definitionOf(embed.entityId!, embed.token!)).json()) as ReportDefinition;
      expect(definition.pages.map((p) => p.name)).toEqual(embed.pages.map((p) => p.name));
      const tool = await m365Licenses({ db: server.db, tenantId: TENANT.contoso, now: new Date() }, {});
      expect(
        rowsOf(definition, 'Licences').map((r) => [r.Licence, r.Purchased, r.Assigned, r['Unassigned monthly cost']]),
      ).toEqual(tool.licenses.map((l) => [l.sku, l.available, l.assigned, l.unassignedMonthlyCost]));
    });

    it("a custom report's definition has its pages; an external embedding's leaves out the hidden page, as its embed answer does", async () => {
      const view = await ada.customReportEmbed('finance-monthly');
      const ext = await ada.customReportExtEmbed('finance-monthly');
      const viewDef = (await (await definitionOf(view.entityId!, view.token!)).json()) as ReportDefinition;
      const extDef = (await (await definitionOf(ext.entityId!, ext.token!)).json()) as ReportDefinition;
      expect(viewDef.pages.map((p) => [p.displayName, p.visibility])).toEqual([
        ['Summary', 0],
        ['By Cost Centre', 0],
        ['Variance', 0],
        ['Cost Centre Detail', 1],
      ]);
      expect(extDef.pages.map((p) => p.name)).toEqual(ext.pages.map((p) => p.name));
      expect(extDef.pages.map((p) => p.displayName)).not.toContain('Cost Centre Detail');
      expect(rowsOf(viewDef, 'Budgets').length).toBeGreaterThan(0);
    });
  });
});
