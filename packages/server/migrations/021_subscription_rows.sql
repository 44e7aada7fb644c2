-- The subscriptions page reads kept figures, as the resources page does (020): each subscription's
-- resource count on its row, and its cost per month in a roll-up of the monthly cost rows. Before
-- this, every read counted the tenant's resources and summed two months of its cost rows per
-- subscription. Kept by triggers in the same transaction as whoever writes.

alter table azure_subscriptions add column resource_count bigint not null default 0;

update azure_subscriptions s set resource_count = r.n
  from (select tenant_id, subscription_id, count(*) as n from azure_resources group by 1, 2) r
 where r.tenant_id = s.tenant_id and r.subscription_id = s.subscription_id;

-- Resources added, removed or moved: their subscriptions' counts follow.
create function azure_subscriptions_resource_count() returns trigger language plpgsql as $$
declare
  changed text := cp_changed_rows(tg_op, 'tenant_id, subscription_id', true);
begin
  execute format($sql$
    update azure_subscriptions s set resource_count = s.resource_count + c.n
      from (select x.tenant_id, x.subscription_id, sum(x.sign) as n from (%s) x group by 1, 2) c
     where s.tenant_id = c.tenant_id and s.subscription_id = c.subscription_id and c.n <> 0$sql$, changed);
  return null;
end $$;
select cp_statement_triggers('azure_resources', 'azure_resources_subscription_count', 'azure_subscriptions_resource_count');

-- A subscription added after its resources: it counts them once.
create function azure_subscriptions_count_own() returns trigger language plpgsql as $$
begin
  new.resource_count := (select count(*) from azure_resources r where r.tenant_id = new.tenant_id and r.subscription_id = new.subscription_id);
  return new;
end $$;
create trigger azure_subscriptions_count_own before insert on azure_subscriptions
  for each row execute function azure_subscriptions_count_own();

-- Each subscription's cost per month: the sum of its monthly cost rows.
create table azure_subscription_month_costs (
  tenant_id text not null,
  subscription_id text not null,
  period text not null,
  row_count bigint not null,
  amount numeric not null,
  primary key (tenant_id, subscription_id, period)
);
insert into azure_subscription_month_costs
select tenant_id, subscription_id, period, count(*), sum(amount) from assistant_azure_costs group by 1, 2, 3;

create function azure_subscription_month_costs_change() returns trigger language plpgsql as $$
declare
  changed text := cp_changed_rows(tg_op, 'tenant_id, subscription_id, period, amount', true);
begin
  execute format($sql$
    insert into azure_subscription_month_costs as m
    select c.tenant_id, c.subscription_id, c.period, sum(c.sign), sum(c.sign * c.amount) from (%s) c group by 1, 2, 3
    on conflict (tenant_id, subscription_id, period) do update
       set row_count = m.row_count + excluded.row_count, amount = m.amount + excluded.amount$sql$, changed);
  if tg_op <> 'INSERT' then
    delete from azure_subscription_month_costs where row_count <= 0 and tenant_id in (select o.tenant_id from old_rows o);
  end if;
  return null;
end $$;
select cp_statement_triggers('assistant_azure_costs', 'assistant_azure_costs_subscription', 'azure_subscription_month_costs_change', 'azure_subscription_month_costs');
