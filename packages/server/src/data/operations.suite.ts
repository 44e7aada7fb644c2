import type { FeatureDataApi } from '@cloudportal/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { expectStatus, fullDemoAs, SEED_HOOK_TIMEOUT, type TestServer } from '../test-support';

/**
 * The operations pages (core's OPERATIONS_DATASETS) over the full demo seed: each figure a page
 * derives agrees with its source rows, computed here with SQL of its own; the alert actions persist
 * and stay within the tenant; a tenant sees the service health of its licensed modules only.
 */

const AZURE_SERVICES = [
  'Virtual Machines',
  'Storage',
  'SQL Database',
  'App Service',
  'Azure Kubernetes Service',
  'Azure Monitor',
  'Azure Cosmos DB',
  'Key Vault',
  'Azure Front Door',
];

describe('operations pages over the full demo seed', () => {
  let server: TestServer;
  let ada: FeatureDataApi;
  let max: FeatureDataApi;

  beforeAll(async () => ({ server, ada, max } = await fullDemoAs('ada', 'max')), SEED_HOOK_TIMEOUT);

  it("each alert definition's 'fired in the last 30 days' is the count of the tenant's alerts of that name in 30 days", async () => {
    const page = await ada.page('alertDefinitions', { limit: 1000 });
    expect(page.total).toBeGreaterThan(5);
    const { rows } = await server.db.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from alerts where tenant_id = $1 and fired_at > now() - interval '30 days' group by name`,
      [TENANT.contoso],
    );
    const fired = new Map(rows.map((r) => [r.name, r.n]));
    // Every alert the tenant had has a definition of its name.
    const { rows: names } = await server.db.query<{ name: string }>(
      'select distinct name from alerts where tenant_id = $1',
      [TENANT.contoso],
    );
    expect(names.map((r) => r.name).filter((n) => !page.rows.some((d) => d.name === n))).toEqual([]);
    for (const d of page.rows)
      expect({ name: d.name, fired: d.firedLast30Days }).toEqual({
        name: d.name,
        fired: fired.get(String(d.name)) ?? 0,
      });
    const kpis = Object.fromEntries((await ada.summary('alertDefinitions')).kpis.map((k) => [k.id, k.value]));
    expect(kpis.firedLast30Days).toBe([...fired.values()].reduce((a, b) => a + b, 0));
    expect(kpis.firedLast30Days).toBeGreaterThan(0);
  });

  it("each pipeline's last run is its newest run row, with that run's status, duration and rows", async () => {
    const page = await ada.page('pipelines', { limit: 1000 });
    expect(page.total).toBeGreaterThan(5);
    const { rows } = await server.db.query<{
      name: string;
      started_at: Date;
      status: string;
      duration_seconds: number;
      rows_read: string;
      runs: number;
    }>(
      `select p.name, r.started_at, r.status, r.duration_seconds, r.rows_read::text as rows_read,
              (select count(*)::int from ops_pipeline_runs x where x.tenant_id = p.tenant_id and x.pipeline_id = p.id) as runs
         from ops_pipelines p
         join ops_pipeline_runs r on r.tenant_id = p.tenant_id and r.pipeline_id = p.id
        where p.tenant_id = $1 and r.started_at = (select max(m.started_at) from ops_pipeline_runs m where m.tenant_id = p.tenant_id and m.pipeline_id = p.id)`,
      [TENANT.contoso],
    );
    expect(rows).toHaveLength(page.total);
    for (const run of rows) {
      const row = page.rows.find((r) => r.pipeline === run.name)!;
      expect({
        pipeline: row.pipeline,
        lastRun: Date.parse(String(row.lastRun)),
        status: row.status,
        duration: row.durationSeconds,
        rows: row.rowsRead,
      }).toEqual({
        pipeline: run.name,
        lastRun: new Date(run.started_at).getTime(),
        status: run.status,
        duration: run.duration_seconds,
        rows: Number(run.rows_read),
      });
      // 30 days of history behind each one.
      expect(run.runs).toBeGreaterThanOrEqual(30);
      expect(Date.parse(String(row.nextRun))).toBeGreaterThan(Date.parse(String(row.lastRun)));
    }
    const kpis = Object.fromEntries((await ada.summary('pipelines')).kpis.map((k) => [k.id, k.value]));
    expect(kpis).toMatchObject({
      pipelines: rows.length,
      failedLastRun: rows.filter((r) => r.status === 'Failed').length,
      rowsRead: rows.reduce((a, r) => a + Number(r.rows_read), 0),
    });
  });

  it('acknowledges and resolves a security alert; the status persists, and another tenant cannot touch it', async () => {
    const fresh = (await ada.page('securityAlerts', { filters: [{ id: 'status', op: 'eq', value: 'New' }], limit: 1 }))
      .rows[0]!;
    const acknowledged = await ada.act('securityAlerts', fresh.id, 'acknowledge');
    expect(acknowledged).toMatchObject({ id: fresh.id, status: 'In progress', statusBy: 'Ada Lovelace' });
    const resolved = await ada.act('securityAlerts', fresh.id, 'resolve');
    expect(resolved).toMatchObject({ id: fresh.id, status: 'Resolved', statusBy: 'Ada Lovelace' });
    const { rows } = await server.db.query<{ status: string; status_by: string }>(
      'select status, status_by from ops_security_alerts where tenant_id = $1 and id = $2',
      [TENANT.contoso, fresh.id],
    );
    expect(rows).toEqual([{ status: 'Resolved', status_by: 'Ada Lovelace' }]);
    await expectStatus(ada.act('securityAlerts', fresh.id, 'acknowledge'), 409);
    const other = (await ada.page('securityAlerts', { filters: [{ id: 'status', op: 'eq', value: 'New' }], limit: 1 }))
      .rows[0]!;
    await expectStatus(max.act('securityAlerts', other.id, 'resolve'), 404);
    const { rows: still } = await server.db.query<{ status: string }>(
      'select status from ops_security_alerts where tenant_id = $1 and id = $2',
      [TENANT.contoso, other.id],
    );
    expect(still).toEqual([{ status: 'New' }]);
  });

  it('acknowledges a fired metric alert; the status persists, and a tenant without it gets 404', async () => {
    const fired = (await ada.page('metricAlerts', { filters: [{ id: 'status', op: 'eq', value: 'Fired' }], limit: 1 }))
      .rows[0]!;
    const before = Object.fromEntries((await ada.summary('metricAlerts')).kpis.map((k) => [k.id, k.value]));
    const acknowledged = await ada.act('metricAlerts', fired.id, 'acknowledge');
    expect(acknowledged).toMatchObject({ id: fired.id, status: 'Acknowledged', statusBy: 'Ada Lovelace' });
    expect(await ada.act('metricAlerts', fired.id, 'acknowledge')).toEqual(acknowledged);
    const { rows } = await server.db.query<{ status: string }>(
      'select status from ops_metric_alerts where tenant_id = $1 and id = $2',
      [TENANT.contoso, fired.id],
    );
    expect(rows).toEqual([{ status: 'Acknowledged' }]);
    const after = Object.fromEntries((await ada.summary('metricAlerts')).kpis.map((k) => [k.id, k.value]));
    expect(after).toMatchObject({ fired: before.fired! - 1, acknowledged: before.acknowledged! + 1 });
    const { eve } = await fullDemoAs('eve');
    const another = (
      await ada.page('metricAlerts', { filters: [{ id: 'status', op: 'eq', value: 'Fired' }], limit: 1 })
    ).rows[0]!;
    await expectStatus(eve.act('metricAlerts', another.id, 'acknowledge'), 404);
    const resolved = (
      await ada.page('metricAlerts', { filters: [{ id: 'status', op: 'eq', value: 'Resolved' }], limit: 1 })
    ).rows[0]!;
    await expectStatus(ada.act('metricAlerts', resolved.id, 'acknowledge'), 409);
  });

  it("a Microsoft 365-only tenant's service health shows no Azure service; Contoso's shows both", async () => {
    const fabrikam = await max.page('serviceHealth', { limit: 1000 });
    expect(fabrikam.total).toBeGreaterThan(5);
    expect(fabrikam.rows.filter((r) => AZURE_SERVICES.includes(String(r.service)))).toEqual([]);
    expect(fabrikam.rows.every((r) => r.region === null)).toBe(true);
    const contoso = await ada.page('serviceHealth', { limit: 1000 });
    expect(contoso.total).toBeGreaterThanOrEqual(30);
    expect(contoso.total).toBeLessThanOrEqual(80);
    expect(contoso.rows.some((r) => AZURE_SERVICES.includes(String(r.service)))).toBe(true);
    expect(
      contoso.rows.some(
        (r) => r.service === 'Exchange Online' || r.service === 'Microsoft Teams' || r.service === 'SharePoint Online',
      ),
    ).toBe(true);
    const active = contoso.rows.filter((r) => r.status === 'Active');
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((r) => r.resolved === null)).toBe(true);
  });

  it('the release notes are the same for every tenant', async () => {
    const contoso = await ada.page('releaseNotes', { limit: 1000, sort: [{ id: 'released', desc: true }] });
    const fabrikam = await max.page('releaseNotes', { limit: 1000, sort: [{ id: 'released', desc: true }] });
    expect(contoso.total).toBeGreaterThan(20);
    expect(fabrikam.rows).toEqual(contoso.rows);
  });
});
