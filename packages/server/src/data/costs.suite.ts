import type { FeatureDataApi } from '@cloudportal/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { expectStatus, fullDemoAs, SEED_HOOK_TIMEOUT, type TestServer } from '../test-support';

/**
 * The cost management pages (spec §2 names them; core's COST_DATASETS decides what they show) read
 * one data set with the FOCUS rows, the resources and the assistant: each agreement is checked
 * against the source tables with SQL of its own, so a page that drifts fails here.
 */

/** 'YYYY-MM' of the month `offset` months from now (UTC). */
function periodOf(offset: number): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe('cost management pages over the full demo seed', () => {
  let server: TestServer;
  let ada: FeatureDataApi;
  let eve: FeatureDataApi;

  beforeAll(async () => ({ server, ada, eve } = await fullDemoAs('ada', 'eve')), SEED_HOOK_TIMEOUT);

  /** The tenant's Azure cost of a month, summed from the monthly roll-up the assistant reads. */
  async function azureMonth(tenantId: string, period: string): Promise<number> {
    const { rows } = await server.db.query<{ total: string | null }>(
      'select sum(amount)::text as total from assistant_azure_costs where tenant_id = $1 and period = $2',
      [tenantId, period],
    );
    return Number(rows[0]?.total ?? 0);
  }

  it("the MACC page's eligible spend of last month is the assistant's Azure cost of that month, and the cumulative adds the months", async () => {
    const last = periodOf(-1);
    const page = await ada.page('macc', { limit: 100, sort: [{ id: 'month', desc: false }] });
    expect(page.total).toBeGreaterThan(5);
    // Last month is one of the commitment's months (the page would be missing it otherwise).
    expect(page.rows.map((r) => r.month)).toContain(`${last}-01`);
    const row = page.rows.find((r) => r.month === `${last}-01`);
    expect(row).toBeDefined();
    expect(Number(row?.eligibleSpend)).toBeCloseTo(await azureMonth(TENANT.contoso, last), 2);
    let cumulative = 0;
    for (const r of page.rows) {
      cumulative += Number(r.eligibleSpend);
      expect(Number(r.cumulativeSpend)).toBeCloseTo(cumulative, 2);
    }
    const summary = await ada.summary('macc');
    const kpi = (id: string) => summary.kpis.find((k) => k.id === id)!.value;
    expect(kpi('consumed')).toBeCloseTo(cumulative, 2);
    expect(kpi('remaining')).toBeCloseTo(kpi('commitment') - cumulative, 2);
  });

  it("the anomalies page's actual spend of a day equals that day's FOCUS rows of the subscription and service", async () => {
    const page = await ada.page('anomalies', { limit: 100 });
    // A realistic number: spikes on a few resource-days of thirteen months, not noise. The seed is
    // laid relative to today, so the count moves with the date (46 on one day's run).
    expect(page.total).toBeGreaterThanOrEqual(10);
    expect(page.total).toBeLessThanOrEqual(80);
    for (const anomaly of page.rows.slice(0, 3)) {
      const focus = await ada.page('focus', {
        limit: 1000,
        filters: [
          { id: 'chargePeriodStart', op: 'eq', value: String(anomaly.date) },
          { id: 'subAccountName', op: 'eq', value: String(anomaly.subscription) },
          { id: 'serviceName', op: 'eq', value: String(anomaly.service) },
        ],
      });
      const billed = focus.rows.reduce((s, r) => s + Number(r.billedCost), 0);
      expect(Number(anomaly.actualSpend)).toBeCloseTo(billed, 2);
      expect(Number(anomaly.actualSpend)).toBeGreaterThan(Number(anomaly.expectedSpend));
      const { rows } = await server.db.query<{ total: string }>(
        'select sum(billed_cost)::text as total from azure_daily_costs where tenant_id = $1 and usage_date = $2 and subscription_name = $3 and service = $4',
        [TENANT.contoso, anomaly.date, anomaly.subscription, anomaly.service],
      );
      expect(Number(anomaly.actualSpend)).toBeCloseTo(Number(rows[0]!.total), 2);
    }
  });

  it("each Azure invoice is the month's roll-up; each Microsoft 365 invoice is the licences' cost a month", async () => {
    const page = await ada.page('invoices', { limit: 1000 });
    const azure = page.rows.filter((r) => r.provider === 'Azure');
    expect(azure.length).toBeGreaterThanOrEqual(12);
    for (const invoice of azure)
      expect(Number(invoice.amount)).toBeCloseTo(
        await azureMonth(TENANT.contoso, String(invoice.period).slice(0, 7)),
        2,
      );
    const { rows } = await server.db.query<{ total: string }>(
      'select sum(available * unit_price)::text as total from assistant_m365_licenses where tenant_id = $1',
      [TENANT.contoso],
    );
    const m365 = page.rows.filter((r) => r.provider === 'Microsoft 365');
    expect(m365.length).toBe(azure.length);
    for (const invoice of m365) expect(Number(invoice.amount)).toBeCloseTo(Number(rows[0]!.total), 2);
    const last = page.rows.filter((r) => String(r.period).startsWith(periodOf(-1)));
    const summary = await ada.summary('invoices');
    expect(summary.kpis.find((k) => k.id === 'billedLastMonth')!.value).toBeCloseTo(
      last.reduce((s, r) => s + Number(r.amount), 0),
      2,
    );
  });

  it("each month's shared cost shares add up to 1 and its allocations to the shared resource groups' cost", async () => {
    const page = await ada.page('sharedCosts', { limit: 1000 });
    const months = new Map<string, { share: number; allocated: number }>();
    for (const r of page.rows) {
      const m = months.get(String(r.month)) ?? { share: 0, allocated: 0 };
      m.share += Number(r.share);
      m.allocated += Number(r.allocated);
      months.set(String(r.month), m);
    }
    expect(months.size).toBeGreaterThanOrEqual(12);
    const { rows } = await server.db.query<{ period: string; total: string }>(
      `select period, sum(amount)::text as total from assistant_azure_costs
        where tenant_id = $1 and resource_group in ('rg-shared', 'rg-network', 'rg-monitor', 'rg-identity') group by period`,
      [TENANT.contoso],
    );
    expect(rows.length).toBe(months.size);
    for (const r of rows) {
      const m = months.get(`${r.period}-01`)!;
      expect(m.share).toBeCloseTo(1, 6);
      expect(m.allocated).toBeCloseTo(Number(r.total), 2);
    }
  });

  it("the project costs page's last month adds up to the resources page's cost last month", async () => {
    const projects = await ada.page('projectCosts', { limit: 1000 });
    expect(projects.rows.map((r) => r.project)).toContain('(untagged)');
    const resources = await ada.summary('resources');
    const total = projects.rows.reduce((s, r) => s + Number(r.costLastMonth), 0);
    expect(total).toBeCloseTo(resources.kpis.find((k) => k.id === 'costLastMonth')!.value, 2);
  });

  it('acknowledges and dismisses an anomaly; the status persists, and another tenant cannot touch it', async () => {
    const open = (await ada.page('anomalies', { limit: 2, filters: [{ id: 'status', op: 'eq', value: 'Open' }] })).rows;
    expect(open.length).toBe(2);
    const [first, second] = open as [(typeof open)[number], (typeof open)[number]];

    const acknowledged = await ada.act('anomalies', first.id, 'acknowledge');
    expect(acknowledged.status).toBe('Acknowledged');
    expect(acknowledged.statusBy).toBeTruthy();
    await expectStatus(ada.act('anomalies', second.id, 'dismiss'), 400, "Say why: 'dismiss' needs a reason.");
    const dismissed = await ada.act('anomalies', second.id, 'dismiss', { reason: 'Planned load test' });
    expect(dismissed.status).toBe('Dismissed');
    expect(dismissed.statusReason).toBe('Planned load test');
    await expectStatus(ada.act('anomalies', second.id, 'acknowledge'), 409);

    const { rows } = await server.db.query<{ id: string; status: string; status_reason: string | null }>(
      'select id, status, status_reason from cost_anomalies where tenant_id = $1 and id = any($2::text[]) order by id',
      [TENANT.contoso, [first.id, second.id]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [first.id]: 'Acknowledged',
      [second.id]: 'Dismissed',
    });
    expect(
      (await ada.page('anomalies', { filters: [{ id: 'status', op: 'eq', value: 'Open' }], limit: 1000 })).rows.map(
        (r) => r.id,
      ),
    ).not.toContain(first.id);

    // Northwind's user does not see Contoso's anomaly: its id is unknown there.
    const third = (await ada.page('anomalies', { limit: 1, filters: [{ id: 'status', op: 'eq', value: 'Open' }] }))
      .rows[0]!;
    await expectStatus(eve.act('anomalies', third.id, 'acknowledge'), 404);
    const again = await server.db.query<{ status: string }>(
      'select status from cost_anomalies where tenant_id = $1 and id = $2',
      [TENANT.contoso, third.id],
    );
    expect(again.rows[0]!.status).toBe('Open');
  });
});
