import type { FeatureDataApi } from '@cloudportal/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '../chatbot/time';
import { TENANT } from '../seed/tenants';
import { expectStatus, fullDemoAs, SEED_HOOK_TIMEOUT, type TestServer } from '../test-support';

/**
 * The Azure estate's pages (Log Analytics workspaces, EA enrolment accounts, tags, the bill of
 * materials) over the full demo seed, as ada of Contoso: each figure agrees with the page it is
 * derived from (the resources and subscriptions pages) and with the source tables, read here with
 * SQL of its own so a wrong join in a dataset shows.
 */

const kpi = (summary: { kpis: { id: string; value: number }[] }, id: string) =>
  summary.kpis.find((k) => k.id === id)?.value;

describe('the Azure estate pages over the full demo seed (as ada, Contoso)', () => {
  let server: TestServer;
  let ada: FeatureDataApi;
  const tenant = TENANT.contoso;
  const last = periodOf(new Date(), -1);

  beforeAll(async () => ({ server, ada } = await fullDemoAs('ada')), SEED_HOOK_TIMEOUT);

  it("the Log Analytics page's cost last month of each workspace equals the resources page's cost of that resource", async () => {
    const workspaces = await ada.page('logWorkspaces', { limit: 1000 });
    expect(workspaces.total).toBeGreaterThan(5);
    const resources = await ada.page('resources', {
      limit: 1000,
      filters: [{ id: 'type', op: 'eq', value: 'Microsoft.OperationalInsights/workspaces' }],
    });
    expect(resources.total).toBe(workspaces.total);
    const cost = new Map(resources.rows.map((r) => [r.id, r.costLastMonth]));
    for (const w of workspaces.rows)
      expect({ id: w.id, cost: w.costLastMonth }).toEqual({ id: w.id, cost: cost.get(w.id) });
    expect(workspaces.rows.some((w) => Number(w.costLastMonth) > 0)).toBe(true);

    // The key figures, from the inventory and the monthly roll-up directly.
    const { rows } = await server.db.query<{ n: number; cost: string }>(
      `select count(distinct r.resource_id)::int as n, coalesce(sum(c.amount), 0) as cost
         from azure_resources r
         left join assistant_azure_costs c on c.tenant_id = r.tenant_id and c.period = $2 and c.subscription_id = r.subscription_id
                                          and c.resource_group = r.resource_group and c.resource_name = r.name
        where r.tenant_id = $1 and r.type = 'Microsoft.OperationalInsights/workspaces'`,
      [tenant, last],
    );
    const summary = await ada.summary('logWorkspaces');
    expect(kpi(summary, 'workspaces')).toBe(rows[0]!.n);
    expect(kpi(summary, 'costLastMonth')).toBeCloseTo(Number(rows[0]!.cost), 2);
  });

  it("the Log Analytics page's GB a day is the daily cost rows' ingested GB of the last 30 days, over 30", async () => {
    const { rows } = await server.db.query<{ gb: string }>(
      `select coalesce(sum(quantity), 0) as gb from azure_daily_costs
        where tenant_id = $1 and service = 'Log Analytics' and usage_date >= current_date - 30 and usage_date < current_date`,
      [tenant],
    );
    const summary = await ada.summary('logWorkspaces');
    const expected = Number(rows[0]!.gb) / 30;
    expect(expected).toBeGreaterThan(0);
    // Each workspace's figure is rounded to 0.01 GB.
    const workspaces = (await ada.page('logWorkspaces', { limit: 1000 })).total;
    expect(Math.abs(kpi(summary, 'ingestionGbPerDay')! - expected)).toBeLessThanOrEqual(0.005 * workspaces + 1e-9);
  });

  it("an enrolment account's spend last month is its subscription's monthly roll-up, as the subscriptions page shows it", async () => {
    const accounts = await ada.page('enrollmentAccounts', { limit: 1000 });
    expect(accounts.total).toBeGreaterThanOrEqual(8);
    const { rows } = await server.db.query<{ account_id: string; spend: string }>(
      `select a.account_id, coalesce((select sum(c.amount) from assistant_azure_costs c
                                       where c.tenant_id = a.tenant_id and c.period = $2 and c.subscription_id = a.subscription_id), 0) as spend
         from estate_ea_accounts a where a.tenant_id = $1`,
      [tenant, last],
    );
    const spend = new Map(rows.map((r) => [r.account_id, Number(r.spend)]));
    expect(rows).toHaveLength(accounts.total);
    const subscriptions = await ada.page('subscriptions', { limit: 1000 });
    const byName = new Map(subscriptions.rows.map((s) => [s.name, s.costLastMonth]));
    for (const a of accounts.rows) {
      expect({ id: a.id, spend: a.spendLastMonth }).toEqual({ id: a.id, spend: spend.get(a.id) });
      if (a.subscription !== null)
        expect({ id: a.id, spend: a.spendLastMonth }).toEqual({ id: a.id, spend: byName.get(String(a.subscription)) });
    }
    expect(accounts.rows.filter((a) => Number(a.spendLastMonth) > 0).length).toBeGreaterThan(5);
    const summary = await ada.summary('enrollmentAccounts');
    expect(kpi(summary, 'spendLastMonth')).toBeCloseTo(
      [...spend.values()].reduce((a, b) => a + b, 0),
      2,
    );
    expect(kpi(summary, 'active')).toBe(accounts.rows.filter((a) => a.status === 'Active').length);
  });

  it('the resources carrying environment=production are the resources page rows whose tags contain it', async () => {
    const tags = await ada.page('tagValues', { filters: [{ id: 'pair', op: 'eq', value: 'environment=production' }] });
    expect(tags.total).toBe(1);
    const resources = await ada.page('resources', {
      limit: 1,
      filters: [{ id: 'tags', op: 'contains', value: 'environment=production' }],
    });
    expect(tags.rows[0]!.resources).toBe(resources.total);
    expect(resources.total).toBeGreaterThan(0);
    // Its cost is the resources page's key figure over the same rows.
    const cost = await ada.summary('resources', [{ id: 'tags', op: 'contains', value: 'environment=production' }]);
    expect(tags.rows[0]!.costLastMonth).toBeCloseTo(kpi(cost, 'costLastMonth')!, 2);
    const { rows } = await server.db.query<{ n: number; total: number }>(
      `select count(*) filter (where tags ->> 'environment' = 'production')::int as n, count(*)::int as total from azure_resources where tenant_id = $1`,
      [tenant],
    );
    expect(tags.rows[0]!.resources).toBe(rows[0]!.n);
    expect(tags.rows[0]!.share).toBeCloseTo(rows[0]!.n / rows[0]!.total, 4);
  });

  it("the tags page's untagged share and missing required tags agree with the inventory and the resources page", async () => {
    const summary = await ada.summary('tagValues');
    const resources = await ada.summary('resources');
    expect(kpi(summary, 'untaggedShare')).toBeCloseTo(kpi(resources, 'untaggedShare')!, 4);
    const { rows } = await server.db.query<{ missing: number; names: number }>(
      `select (select count(*)::int from azure_resources r where r.tenant_id = $1
                 and (not r.tags ? 'environment' or not r.tags ? 'costCenter' or not r.tags ? 'owner')) as missing,
              (select count(distinct k)::int from azure_resources r, jsonb_object_keys(r.tags) k where r.tenant_id = $1) as names`,
      [tenant],
    );
    expect(kpi(summary, 'missingRequired')).toBe(rows[0]!.missing);
    expect(kpi(summary, 'tagNames')).toBe(rows[0]!.names);
    const required = await ada.page('tagValues', {
      limit: 1000,
      filters: [{ id: 'required', op: 'eq', value: 'true' }],
    });
    expect(new Set(required.rows.map((r) => r.tag))).toEqual(new Set(['environment', 'costCenter', 'owner']));
  });

  it("the bill of materials' saving a month is the current lines' monthly cost less the alternatives'", async () => {
    const lines = await ada.page('bomLines', { limit: 1000 });
    expect(lines.total).toBeGreaterThan(5);
    const { rows } = await server.db.query<{ current: string; alternative: string }>(
      `select sum(round(quantity * unit_price, 2)) filter (where model = 'Current') as current,
              sum(round(quantity * unit_price, 2)) filter (where model = 'Alternative') as alternative
         from estate_bom_lines where tenant_id = $1`,
      [tenant],
    );
    const summary = await ada.summary('bomLines');
    const current = Number(rows[0]!.current);
    const alternative = Number(rows[0]!.alternative);
    expect(kpi(summary, 'currentCost')).toBeCloseTo(current, 2);
    expect(kpi(summary, 'alternativeCost')).toBeCloseTo(alternative, 2);
    expect(kpi(summary, 'saving')).toBeCloseTo(current - alternative, 2);
    expect(current - alternative).toBeGreaterThan(0);
    // The same from the rows the page shows.
    const sum = (model: string) =>
      lines.rows.filter((r) => r.model === model).reduce((a, r) => a + Number(r.monthlyCost), 0);
    expect(kpi(summary, 'saving')).toBeCloseTo(sum('Current') - sum('Alternative'), 2);
  });

  it("the bill of materials' virtual machines are the inventory's, line by line", async () => {
    const lines = await ada.page('bomLines', {
      limit: 1000,
      filters: [
        { id: 'category', op: 'eq', value: 'Compute' },
        { id: 'model', op: 'eq', value: 'Current' },
      ],
    });
    const vms = await ada.page('resources', {
      limit: 1,
      filters: [{ id: 'type', op: 'eq', value: 'Microsoft.Compute/virtualMachines' }],
    });
    expect(lines.rows.reduce((a, r) => a + Number(r.quantity), 0)).toBe(vms.total);
    const d4 = await ada.page('resources', {
      limit: 1,
      filters: [
        { id: 'type', op: 'eq', value: 'Microsoft.Compute/virtualMachines' },
        { id: 'sku', op: 'eq', value: 'Standard_D4s_v5' },
        { id: 'region', op: 'eq', value: 'westeurope' },
      ],
    });
    const line = lines.rows.find((r) => r.line === 'D4s v5 Linux VM (West Europe)');
    expect(line?.quantity ?? 0).toBe(d4.total);
  });

  it('each tenant reads its own estate only; a tenant without an Azure licence reads none', async () => {
    const { max, eve } = await fullDemoAs('max', 'eve');
    for (const ds of ['logWorkspaces', 'enrollmentAccounts', 'tagValues', 'bomLines'] as const)
      await expectStatus(max.page(ds), 403);
    // Northwind buys through CSP: it has no EA enrolment.
    expect((await eve.page('enrollmentAccounts')).total).toBe(0);
    const { rows } = await server.db.query<{ n: number }>(
      `select count(*)::int as n from estate_bom_lines where tenant_id = $1`,
      [TENANT.northwind],
    );
    const lines = await eve.page('bomLines', { limit: 1000 });
    expect(lines.total).toBe(rows[0]!.n);
    expect(lines.total).toBeGreaterThan(0);
    const workspaces = await eve.page('logWorkspaces', { limit: 1000 });
    expect(workspaces.rows.every((w) => String(w.subscription).startsWith('Northwind'))).toBe(true);
  });
});
