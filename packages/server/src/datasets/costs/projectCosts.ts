/**
 * The `projectCosts` dataset (core's `COST_DATASETS.projectCosts`, shown by `COST_PAGES`): where its
 * rows come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { currencyOf } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson, monthStart } from '../../seed/bulk';
import { random } from '../../seed/random';

/**
 * Where the rows of core's `COST_DATASETS.projectCosts` come from (see `data/registry.ts` for the
 * contract).
 *
 * Each project tag's resources joined to their monthly roll-up like the resources page; the
 * resources without the tag make the '(untagged)' row.
 */
export const PROJECT_COSTS_SQL: DatasetSql = {
  from: (s) => {
    const tenant = s.bind(s.tenantId);
    return `(select coalesce(r.tags->>'project', '(untagged)') as project, count(*) as resources,
                    coalesce(sum(c.mtd), 0) as mtd, coalesce(sum(c.lm), 0) as lm, coalesce(sum(c.mb), 0) as mb
               from azure_resources r
               left join (select subscription_id, resource_group, resource_name,
                                 sum(amount) filter (where period = ${s.bind(s.currentPeriod)}) as mtd,
                                 sum(amount) filter (where period = ${s.bind(s.lastPeriod)}) as lm,
                                 sum(amount) filter (where period = to_char(to_date(${s.bind(s.lastPeriod)}, 'YYYY-MM') - interval '1 month', 'YYYY-MM')) as mb
                            from assistant_azure_costs where tenant_id = ${tenant} group by subscription_id, resource_group, resource_name) c
                      on c.subscription_id = r.subscription_id and c.resource_group = r.resource_group and c.resource_name = r.name
              where r.tenant_id = ${tenant}
              group by 1) p
      left join cost_project_budgets b on b.tenant_id = ${tenant} and b.project = p.project
      where true`;
  },
  id: 'p.project',
  idType: 'text',
  columns: {
    project: { sql: 'p.project' },
    owner: { sql: 'b.owner', nullable: true },
    budget: { sql: 'b.budget', nullable: true },
    costMonthToDate: { sql: 'p.mtd' },
    costLastMonth: { sql: 'p.lm' },
    change: { sql: 'round(p.lm / nullif(p.mb, 0) - 1, 4)', nullable: true },
    resources: { sql: 'p.resources' },
  },
  kpis: {
    projects: `count(*) filter (where t."project" <> '(untagged)')`,
    costLastMonth: `coalesce(sum(t."costLastMonth") filter (where t."project" <> '(untagged)'), 0)`,
    untaggedShare: `coalesce(round(sum(t."costLastMonth") filter (where t."project" = '(untagged)') / nullif(sum(t."costLastMonth"), 0), 4), 0)`,
  },
  currency: currencyOf('assistant_azure_costs'),
};

/** Who owns a project (a project is a value of the generator's `project` tag). */
const PROJECT_OWNERS = ['ada', 'farid.khan', 'jonas.weber', 'mona.patel', 'grace.liu', 'liam.walsh'];

/** The projects of the tenant's `project` tags, with an owner and a budget a month near their cost. */
export async function seedProjectBudgets(tx: Database, tenantId: string, domain: string, now: Date): Promise<void> {
  if (await hasRows(tx, 'cost_project_budgets', tenantId)) return;
  const rnd = random(`${tenantId}:cost_project_budgets`);
  const { rows } = await tx.query<{ project: string; cost: string | null }>(
    `select r.tags->>'project' as project, sum(c.amount)::text as cost
       from azure_resources r
       left join assistant_azure_costs c on c.tenant_id = r.tenant_id and c.subscription_id = r.subscription_id and c.resource_group = r.resource_group
                                         and c.resource_name = r.name and c.period = $2
      where r.tenant_id = $1 and r.tags ? 'project' group by 1 order by 1`,
    [tenantId, monthStart(now, 1).slice(0, 7)],
  );
  await insertJson(
    tx,
    'cost_project_budgets',
    'tenant_id, project, owner, budget',
    'tenant_id text, project text, owner text, budget numeric',
    rows.map((r) => ({
      tenant_id: tenantId,
      project: r.project,
      owner: `${rnd.pick(PROJECT_OWNERS)}@${domain}`,
      // Most projects budget a little above their cost; some have been outgrowing their budget.
      budget: Math.max(500, Math.round((Number(r.cost ?? 0) * (0.85 + rnd.next() * 0.5)) / 100) * 100),
    })),
  );
}
