import type { COST_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../types';
import { currencyOf } from '../sqlParts';

/** The shared resource groups whose cost the shared cost rules split (the seed's `SHARED_RESOURCE_GROUPS`). */
const SHARED_GROUPS = `('rg-shared', 'rg-network', 'rg-monitor', 'rg-identity')`;

/** The first day of the last complete month (UTC), for key figures of "last month". */
const LAST_MONTH = `(date_trunc('month', current_date) - interval '1 month')::date`;

/** Where the datasets of core's `COST_DATASETS` come from (see `../registry.ts` for the contract). */
export const COST_SQL: Readonly<Record<keyof typeof COST_DATASETS, DatasetSql>> = {
  // One row per month of the commitment up to the current month; eligible spend is the month's
  // roll-up (assistant_azure_costs), the cumulative and target run from the commitment's start.
  macc: {
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
  },

  anomalies: {
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
  },

  invoices: {
    from: (s) => `cost_invoices i where i.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'i.invoice_number',
    idType: 'text',
    columns: {
      invoiceNumber: { sql: 'i.invoice_number' },
      period: { sql: 'i.period' },
      provider: { sql: 'i.provider' },
      amount: { sql: 'i.amount' },
      status: { sql: 'i.status' },
      dueDate: { sql: 'i.due_date' },
    },
    kpis: {
      // The invoices of the last complete month; those of the billing periods of this calendar year.
      billedLastMonth: `coalesce(sum(t."amount") filter (where t."period" = ${LAST_MONTH}), 0)`,
      unpaid: `coalesce(sum(t."amount") filter (where t."status" in ('Due', 'Overdue')), 0)`,
      yearToDate: `coalesce(sum(t."amount") filter (where t."period" >= date_trunc('year', current_date)), 0)`,
    },
    currency: currencyOf('cost_invoices'),
  },

  // The month's cost of the shared resource groups, split by the rules' shares; the last cost
  // centre (by name) takes the rounding cents so a month's allocations add up to its shared cost.
  sharedCosts: {
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
  },

  // Each project tag's resources joined to their monthly roll-up like the resources page; the
  // resources without the tag make the '(untagged)' row.
  projectCosts: {
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
  },
};
