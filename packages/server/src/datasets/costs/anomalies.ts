/**
 * The `anomalies` dataset (core's `COST_DATASETS.anomalies`, shown by `COST_PAGES`): where its rows
 * come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { currencyOf } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, isoDay } from '../../seed/bulk';

/**
 * Where the rows of core's `COST_DATASETS.anomalies` come from (see `data/registry.ts` for the
 * contract).
 */
export const ANOMALIES_SQL: DatasetSql = {
  from: (s) => `cost_anomalies a where a.tenant_id = ${s.bind(s.tenantId)}`,
  id: 'a.id',
  idType: 'text',
  columns: {
    date: { sql: 'a.day' },
    subscription: { sql: 'a.subscription_name' },
    service: { sql: 'a.service' },
    expectedSpend: { sql: 'a.expected' },
    actualSpend: { sql: 'a.actual' },
    unexpectedSpend: { sql: 'a.actual - a.expected' },
    deviation: { sql: 'round(a.actual / a.expected - 1, 4)' },
    severity: {
      sql: `case when a.actual >= 2.5 * a.expected then 'High' when a.actual >= 1.8 * a.expected then 'Medium' else 'Low' end`,
    },
    status: { sql: 'a.status' },
    statusReason: { sql: 'a.status_reason', nullable: true },
    statusBy: { sql: 'a.status_by', nullable: true },
    statusAt: { sql: 'a.status_at', nullable: true },
  },
  kpis: {
    open: `count(*) filter (where t."status" = 'Open')`,
    unexpectedSpend: `coalesce(sum(t."unexpectedSpend") filter (where t."status" = 'Open'), 0)`,
    high: `count(*) filter (where t."status" = 'Open' and t."severity" = 'High')`,
  },
  currency: currencyOf('cost_anomalies'),
  actions: {
    table: 'cost_anomalies',
    key: 'id',
    reasonColumn: 'status_reason',
    history: false,
    verbs: {
      acknowledge: { status: 'Acknowledged', from: ['Open'] },
      dismiss: { status: 'Dismissed', from: ['Open', 'Acknowledged'] },
    },
  },
};

/**
 * Anomaly thresholds: a day counts when its cost is 50 % above the mean of the 14 days before and
 * at least this many dollars more.
 */
const ANOMALY_MIN_RISE = 0.5;

const ANOMALY_MIN_AMOUNT = 20;

/**
 * The anomalies: days on which a subscription's cost of a service rose well above the mean of the 14
 * days before, detected over the daily cost rows (the FOCUS rows), so actual spend is their sum.
 * Anomalies older than a month have mostly been worked through.
 */
export async function seedAnomalies(tx: Database, tenantId: string, now: Date): Promise<void> {
  if (await hasRows(tx, 'cost_anomalies', tenantId)) return;
  await tx.query(
    `insert into cost_anomalies (tenant_id, id, day, subscription_id, subscription_name, service, expected, actual, currency, status, status_reason, status_by, status_at)
     with d as (
       select subscription_id, max(subscription_name) as subscription_name, service, usage_date as day, sum(billed_cost) as actual, max(currency) as currency
         from azure_daily_costs where tenant_id = $1 group by subscription_id, service, usage_date
     ), w as (
       select d.*, avg(d.actual) over p as expected, count(*) over p as n
         from d window p as (partition by d.subscription_id, d.service order by d.day rows between 14 preceding and 1 preceding)
     ), a as (
       select w.*, 'an-' || left(md5(w.subscription_id || ':' || w.service || ':' || w.day::text), 12) as id,
              row_number() over (order by w.day, w.subscription_id, w.service) as seq
         from w where w.n = 14 and w.expected > 0 and w.actual >= w.expected * (1 + $2::numeric) and w.actual - w.expected >= $3::numeric
     )
     select $1, a.id, a.day, a.subscription_id, a.subscription_name, a.service, round(a.expected, 2), a.actual, a.currency,
            case when a.day >= $4::date then 'Open' when a.seq % 3 = 0 then 'Dismissed' when a.seq % 3 = 1 then 'Acknowledged' else 'Open' end,
            case when a.day < $4::date and a.seq % 3 = 0 then (array['Planned load test before the release', 'One-off data migration', 'Month-end batch run, expected'])[1 + (a.seq / 3) % 3] end,
            case when a.day < $4::date and a.seq % 3 <> 2 then (array['Ada Lovelace', 'Farid Khan', 'Jonas Weber'])[1 + a.seq % 3] end,
            case when a.day < $4::date and a.seq % 3 <> 2 then a.day + interval '1 day 9 hours' + (a.seq % 7) * interval '1 hour' end
       from a
     on conflict do nothing`,
    [tenantId, ANOMALY_MIN_RISE, ANOMALY_MIN_AMOUNT, isoDay(now, -30)],
  );
}
