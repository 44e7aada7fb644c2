/**
 * The `macc` dataset (core's `COST_DATASETS.macc`, shown by `COST_PAGES`): where its rows come from
 * (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { currencyOf } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson, isoDay, monthStart } from '../../seed/bulk';

/**
 * Where the rows of core's `COST_DATASETS.macc` come from (see `data/registry.ts` for the contract).
 *
 * One row per month of the commitment up to the current month; eligible spend is the month's
 * roll-up (assistant_azure_costs), the cumulative and target run from the commitment's start.
 */
export const MACC_SQL: DatasetSql = {
  from: (s) => {
    const tenant = s.bind(s.tenantId);
    return `(select c.id || ':' || to_char(g.m, 'YYYY-MM') as id, c.name, c.amount, c.start_date, c.end_date, g.m::date as month,
                    coalesce(a.spend, 0) as spend,
                    sum(coalesce(a.spend, 0)) over (partition by c.id order by g.m) as cumulative,
                    round(c.amount * (row_number() over (partition by c.id order by g.m))
                          / ((extract(year from age(c.end_date + 1, c.start_date)) * 12 + extract(month from age(c.end_date + 1, c.start_date)))::numeric), 2) as target
               from cost_maccs c
               cross join lateral generate_series(c.start_date, least(c.end_date, to_date(${s.bind(s.currentPeriod)}, 'YYYY-MM')), interval '1 month') as g(m)
               left join (select period, sum(amount) as spend from assistant_azure_costs where tenant_id = ${tenant} group by period) a on a.period = to_char(g.m, 'YYYY-MM')
              where c.tenant_id = ${tenant}) m where true`;
  },
  id: 'm.id',
  idType: 'text',
  columns: {
    month: { sql: 'm.month' },
    commitment: { sql: 'm.name' },
    eligibleSpend: { sql: 'm.spend' },
    cumulativeSpend: { sql: 'm.cumulative' },
    targetCumulative: { sql: 'm.target' },
    aheadBehind: { sql: 'm.cumulative - m.target' },
    commitmentAmount: { sql: 'm.amount' },
    startDate: { sql: 'm.start_date' },
    endDate: { sql: 'm.end_date' },
  },
  kpis: {
    commitment: 'coalesce(max(t."commitmentAmount"), 0)',
    consumed: 'coalesce(sum(t."eligibleSpend"), 0)',
    remaining: 'greatest(0, coalesce(max(t."commitmentAmount"), 0) - coalesce(sum(t."eligibleSpend"), 0))',
    shareConsumed: 'coalesce(round(sum(t."eligibleSpend") / nullif(max(t."commitmentAmount"), 0), 4), 0)',
  },
  currency: currencyOf('cost_maccs'),
};

/**
 * Seeds the tenant's Microsoft Azure Consumption Commitment (`cost_maccs`): three years from 12
 * months ago, a little above the last year's run rate.
 */
export async function seedMacc(tx: Database, tenantId: string, company: string, now: Date): Promise<void> {
  if (await hasRows(tx, 'cost_maccs', tenantId)) return;
  const start = monthStart(now, 12);
  const { rows } = await tx.query<{ total: string | null; currency: string | null }>(
    `select sum(amount) as total, max(currency) as currency from assistant_azure_costs where tenant_id = $1 and period >= $2 and period < $3`,
    [tenantId, start.slice(0, 7), monthStart(now, 0).slice(0, 7)],
  );
  const yearly = Number(rows[0]?.total ?? 0);
  if (yearly <= 0) return;
  // A three-year commitment a little above the run rate of the last year (rounded as contracts are).
  const step = yearly > 200_000 ? 50_000 : 5_000;
  const amount = Math.max(step, Math.round((yearly * 3 * 1.05) / step) * step);
  const end = new Date(Date.UTC(Number(start.slice(0, 4)) + 3, Number(start.slice(5, 7)) - 1, 1));
  await insertJson(
    tx,
    'cost_maccs',
    'tenant_id, id, name, amount, start_date, end_date, currency',
    'tenant_id text, id text, name text, amount numeric, start_date date, end_date date, currency text',
    [
      {
        tenant_id: tenantId,
        id: 'macc-1',
        name: `${company} MACC ${start.slice(0, 4)}–${end.getUTCFullYear()}`,
        amount,
        start_date: start,
        end_date: isoDay(end, -1),
        currency: rows[0]?.currency ?? 'USD',
      },
    ],
  );
}
