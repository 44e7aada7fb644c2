/**
 * The `sharedCosts` dataset (core's `COST_DATASETS.sharedCosts`, shown by `COST_PAGES`): where its
 * rows come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { currencyOf } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { LAST_MONTH } from './shared';

/** The resource groups whose cost is shared (stems of the generator's `RG_STEMS`). */
export const SHARED_RESOURCE_GROUPS = ['rg-shared', 'rg-network', 'rg-monitor', 'rg-identity'] as const;

/** The same groups as a SQL list: `('rg-shared', 'rg-network', …)`. */
const SHARED_GROUPS = `(${SHARED_RESOURCE_GROUPS.map((g) => `'${g}'`).join(', ')})`;

/**
 * Where the rows of core's `COST_DATASETS.sharedCosts` come from (see `data/registry.ts` for the
 * contract).
 *
 * The month's cost of the shared resource groups, split by the rules' shares; the last cost
 * centre (by name) takes the rounding cents so a month's allocations add up to its shared cost.
 */
export const SHARED_COSTS_SQL: DatasetSql = {
  from: (s) => {
    const tenant = s.bind(s.tenantId);
    return `(select to_char(c.month, 'YYYY-MM') || ':' || r.cost_centre as id, c.month, c.total, r.cost_centre, r.rule, r.share,
                    case when row_number() over w = count(*) over (partition by c.month)
                         then c.total - coalesce(sum(round(r.share * c.total, 2)) over w - round(r.share * c.total, 2), 0)
                         else round(r.share * c.total, 2) end as allocated
               from (select to_date(period, 'YYYY-MM') as month, sum(amount) as total from assistant_azure_costs
                      where tenant_id = ${tenant} and resource_group in ${SHARED_GROUPS} group by period) c
               cross join cost_shared_rules r
              where r.tenant_id = ${tenant}
             window w as (partition by c.month order by r.cost_centre collate "C" rows between unbounded preceding and current row)) x where true`;
  },
  id: 'x.id',
  idType: 'text',
  columns: {
    month: { sql: 'x.month' },
    costCentre: { sql: 'x.cost_centre' },
    rule: { sql: 'x.rule' },
    share: { sql: 'x.share' },
    sharedCost: { sql: 'x.total' },
    allocated: { sql: 'x.allocated' },
  },
  kpis: {
    sharedLastMonth: `coalesce(sum(t."allocated") filter (where t."month" = ${LAST_MONTH}), 0)`,
    costCentres: 'count(distinct t."costCentre")',
    largestShare: 'coalesce(max(t."share"), 0)',
  },
  currency: currencyOf('assistant_azure_costs'),
};

/** Cost centres (the `costCenter` tag's CC-1xx numbers) with the department behind them and how their share is set. */
const COST_CENTRES: readonly (readonly [string, string])[] = [
  ['CC-104 Finance', 'Headcount share of the shared platform'],
  ['CC-112 Sales', 'Headcount share of the shared platform'],
  ['CC-118 Marketing', 'Headcount share of the shared platform'],
  ['CC-121 Engineering', 'Usage share of the shared network (egress GB)'],
  ['CC-127 Operations', 'Usage share of the shared monitoring (GB ingested)'],
  ['CC-133 Customer Support', 'Headcount share of the shared platform'],
  ['CC-138 Data & Analytics', 'Usage share of the shared network (egress GB)'],
];

/** The shared cost rules: a share per cost centre, four decimals, adding up to exactly 1. */
export async function seedSharedRules(tx: Database, tenantId: string): Promise<void> {
  if (await hasRows(tx, 'cost_shared_rules', tenantId)) return;
  const rnd = random(`${tenantId}:cost_shared_rules`);
  const centres = rnd.shuffle(COST_CENTRES).slice(0, rnd.int(5, COST_CENTRES.length));
  const weights = centres.map(() => rnd.int(5, 30));
  const total = weights.reduce((s, w) => s + w, 0);
  const shares = weights.map((w) => Math.floor((w * 10000) / total));
  shares[0] = (shares[0] ?? 0) + 10000 - shares.reduce((s, w) => s + w, 0);
  await insertJson(
    tx,
    'cost_shared_rules',
    'tenant_id, cost_centre, rule, share',
    'tenant_id text, cost_centre text, rule text, share numeric',
    centres.map(([centre, rule], i) => ({ tenant_id: tenantId, cost_centre: centre, rule, share: shares[i]! / 10000 })),
  );
}
