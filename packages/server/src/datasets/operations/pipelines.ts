/**
 * The `pipelines` dataset (core's `OPERATIONS_DATASETS.pipelines`, shown by `OPERATIONS_PAGES`): where
 * its rows come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { DAY, hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { TENANT } from '../../seed/tenants';
import { MINUTE, type OpsTenant, iso, slug } from './shared';

/**
 * Where the rows of core's `OPERATIONS_DATASETS.pipelines` come from (see `data/registry.ts` for the
 * contract).
 */
export const PIPELINES_SQL: DatasetSql = {
  // Each pipeline with its newest run (ops_pipeline_runs); the next run follows it by the pipeline's interval.
  from: (s) => `ops_pipelines p
    cross join lateral (select r.started_at, r.status, r.duration_seconds, r.rows_read from ops_pipeline_runs r
                         where r.tenant_id = p.tenant_id and r.pipeline_id = p.id order by r.started_at desc limit 1) r
    where p.tenant_id = ${s.bind(s.tenantId)}`,
  id: 'p.id',
  idType: 'text',
  columns: {
    pipeline: { sql: 'p.name' },
    source: { sql: 'p.source' },
    schedule: { sql: 'p.schedule' },
    lastRun: { sql: 'r.started_at' },
    status: { sql: 'r.status' },
    durationSeconds: { sql: 'r.duration_seconds' },
    rowsRead: { sql: 'r.rows_read' },
    nextRun: { sql: 'r.started_at + make_interval(mins => p.interval_minutes)' },
  },
  kpis: {
    pipelines: 'count(*)',
    failedLastRun: `count(*) filter (where t."status" = 'Failed')`,
    rowsRead: 'coalesce(sum(t."rowsRead"), 0)',
  },
  currency: usd,
};

interface PipelineDef {
  name: string;
  source: string;
  schedule: string;
  intervalMinutes: number;
  /** Minutes after midnight UTC of the first run of a day. */
  offsetMinutes: number;
  /** Rows a run reads for the large tenant. */
  rows: number;
  /** Seconds a run takes. */
  seconds: number;
  module: 'azure' | 'm365';
  /** Only these tenants (by default every tenant of the module). */
  only?: readonly string[];
}

const PIPELINES: readonly PipelineDef[] = [
  {
    name: 'Azure cost export (daily)',
    source: 'Cost Management',
    schedule: 'Daily 02:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 120,
    rows: 412_000,
    seconds: 1260,
    module: 'azure',
  },
  {
    name: 'Azure resource inventory',
    source: 'Azure Resource Manager',
    schedule: 'Every 6 hours',
    intervalMinutes: 360,
    offsetMinutes: 15,
    rows: 6_400,
    seconds: 240,
    module: 'azure',
  },
  {
    name: 'Azure Advisor recommendations',
    source: 'Azure Resource Manager',
    schedule: 'Daily 04:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 240,
    rows: 1_150,
    seconds: 95,
    module: 'azure',
  },
  {
    name: 'Azure budgets and forecasts',
    source: 'Cost Management',
    schedule: 'Every 4 hours',
    intervalMinutes: 240,
    offsetMinutes: 30,
    rows: 320,
    seconds: 40,
    module: 'azure',
  },
  {
    name: 'Azure reservation utilisation',
    source: 'Cost Management',
    schedule: 'Daily 05:30 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 330,
    rows: 2_900,
    seconds: 75,
    module: 'azure',
  },
  {
    name: 'EA usage',
    source: 'EA portal',
    schedule: 'Daily 03:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 180,
    rows: 185_000,
    seconds: 900,
    module: 'azure',
    only: [TENANT.contoso],
  },
  {
    name: 'CSP invoices',
    source: 'Partner Center',
    schedule: 'Daily 06:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 360,
    rows: 4_800,
    seconds: 130,
    module: 'azure',
    only: [TENANT.northwind, TENANT.wingtip],
  },
  {
    name: 'Microsoft Graph users',
    source: 'Microsoft Graph',
    schedule: 'Every 6 hours',
    intervalMinutes: 360,
    offsetMinutes: 45,
    rows: 2_350,
    seconds: 180,
    module: 'm365',
  },
  {
    name: 'Microsoft 365 licences',
    source: 'Microsoft Graph',
    schedule: 'Daily 01:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 60,
    rows: 2_900,
    seconds: 110,
    module: 'm365',
  },
  {
    name: 'Secure Score',
    source: 'Microsoft Graph',
    schedule: 'Daily 03:30 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 210,
    rows: 180,
    seconds: 35,
    module: 'm365',
  },
  {
    name: 'Microsoft 365 usage reports',
    source: 'Microsoft Graph',
    schedule: 'Daily 07:00 UTC',
    intervalMinutes: 1440,
    offsetMinutes: 420,
    rows: 14_500,
    seconds: 420,
    module: 'm365',
  },
  {
    name: 'Sign-in logs',
    source: 'Microsoft Graph',
    schedule: 'Every 4 hours',
    intervalMinutes: 240,
    offsetMinutes: 20,
    rows: 38_000,
    seconds: 300,
    module: 'm365',
  },
  {
    name: 'Teams call records',
    source: 'Microsoft Graph',
    schedule: 'Hourly',
    intervalMinutes: 60,
    offsetMinutes: 5,
    rows: 1_700,
    seconds: 70,
    module: 'm365',
  },
];

/**
 * Seeds each tenant's data pipelines (`ops_pipelines`) and their runs (`ops_pipeline_runs`), once
 * per tenant with a licence module.
 */
export async function seedPipelines(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.length || (await hasRows(tx, 'ops_pipelines', t.tenantId))) continue;
    const rnd = random(`${t.tenantId}:ops_pipelines`);
    const defs = PIPELINES.filter((p) => t.modules.includes(p.module) && (!p.only || p.only.includes(t.tenantId)));
    const scale = t.large ? 1 : 0.18;
    const pipelines = defs.map((p) => ({
      tenant_id: t.tenantId,
      id: slug(p.name),
      name: p.name,
      source: p.source,
      schedule: p.schedule,
      interval_minutes: p.intervalMinutes,
    }));
    const runs: object[] = [];
    for (const p of defs) {
      const step = p.intervalMinutes * MINUTE;
      const offset = p.offsetMinutes * MINUTE;
      const last = Math.floor((nowMs - offset) / step) * step + offset;
      const count = Math.floor((30 * DAY) / step);
      // The newest run: mostly succeeded; some failed, one running or queued now and then.
      const roll = rnd.next();
      const lastStatus = roll < 0.15 ? 'Failed' : roll < 0.23 ? 'Running' : roll < 0.28 ? 'Queued' : 'Succeeded';
      for (let k = count - 1; k >= 0; k--) {
        const started = last - k * step;
        const status = k === 0 ? lastStatus : rnd.chance(0.04) ? 'Failed' : 'Succeeded';
        const full = Math.round(p.rows * scale * (0.9 + rnd.next() * 0.2));
        const seconds = Math.max(5, Math.round(p.seconds * (t.large ? 1 : 0.4) * (0.8 + rnd.next() * 0.5)));
        const elapsed = Math.max(0, Math.floor((nowMs - started) / 1000));
        const [duration, rows] =
          status === 'Queued'
            ? [0, 0]
            : status === 'Running'
              ? [Math.min(elapsed, seconds), Math.round((full * Math.min(elapsed, seconds)) / (seconds * 2))]
              : status === 'Failed'
                ? [Math.round(seconds * 0.3), Math.round(full * 0.3 * rnd.next())]
                : [seconds, full];
        runs.push({
          tenant_id: t.tenantId,
          pipeline_id: slug(p.name),
          started_at: iso(started),
          status,
          duration_seconds: duration,
          rows_read: rows,
        });
      }
    }
    await insertJson(
      tx,
      'ops_pipelines',
      'tenant_id, id, name, source, schedule, interval_minutes',
      'tenant_id text, id text, name text, source text, schedule text, interval_minutes integer',
      pipelines,
    );
    await insertJson(
      tx,
      'ops_pipeline_runs',
      'tenant_id, pipeline_id, started_at, status, duration_seconds, rows_read',
      'tenant_id text, pipeline_id text, started_at timestamptz, status text, duration_seconds integer, rows_read bigint',
      runs,
    );
  }
}
