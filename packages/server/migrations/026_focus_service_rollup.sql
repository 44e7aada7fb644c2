-- A FOCUS chart by service (`series?x=serviceName`) and a service filter read the FOCUS roll-up of
-- 018 whose key holds every low-cardinality dimension at once (service, category, region, charge and
-- pricing category, currency): its combinations fill up as a tenant grows, so at DEMO_SCALE=20 that
-- read took 2.6 times as long as at 1× (issue 39 §5). The same sums per tenant, day and service only
-- (the category beside it: a service has one) are bounded by days × services whatever the tenant's
-- size — about 5,500 rows for Contoso at any scale, where the wide roll-up holds 28,000 at 1×.
-- Readers take the smallest roll-up that can answer (src/datasets/base/sql.ts).
create table azure_daily_cost_service_rollup (
  tenant_id text not null,
  usage_date date not null,
  service text not null,
  service_category text not null,
  row_count bigint not null,
  billed_cost numeric not null,
  effective_cost numeric not null,
  quantity numeric not null,
  primary key (tenant_id, usage_date, service, service_category)
);

insert into azure_daily_cost_service_rollup
select tenant_id, usage_date, service, service_category, sum(row_count), sum(billed_cost), sum(effective_cost), sum(quantity)
  from azure_daily_cost_rollup
 group by tenant_id, usage_date, service, service_category;

-- Kept like 018's roll-ups, by statement triggers of its own on azure_daily_costs (020's helpers), in
-- the same transaction as every write to it: each write's rows added (+1) to or taken (-1) from their
-- groups, a group left with no rows gone; emptied when its source is truncated.
create function azure_daily_cost_service_rollup_change() returns trigger language plpgsql as $$
declare
  changed text := cp_changed_rows(tg_op, 'tenant_id, usage_date, service, service_category, billed_cost, effective_cost, quantity', true);
begin
  execute format($sql$
    insert into azure_daily_cost_service_rollup as r
    select c.tenant_id, c.usage_date, c.service, c.service_category,
           sum(c.sign), sum(c.sign * c.billed_cost), sum(c.sign * c.effective_cost), sum(c.sign * c.quantity)
      from (%s) c
     group by 1, 2, 3, 4
    on conflict (tenant_id, usage_date, service, service_category) do update
       set row_count = r.row_count + excluded.row_count, billed_cost = r.billed_cost + excluded.billed_cost,
           effective_cost = r.effective_cost + excluded.effective_cost, quantity = r.quantity + excluded.quantity$sql$, changed);
  if tg_op <> 'INSERT' then
    delete from azure_daily_cost_service_rollup where row_count <= 0 and tenant_id in (select o.tenant_id from old_rows o);
  end if;
  return null;
end $$;

select cp_statement_triggers('azure_daily_costs', 'azure_daily_costs_service_rollup', 'azure_daily_cost_service_rollup_change', 'azure_daily_cost_service_rollup');
