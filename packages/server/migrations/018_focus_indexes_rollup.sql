-- The FOCUS cost rows (azure_daily_costs) read from indexes and a maintained roll-up, so that a page,
-- a sort on any column, a search, a deep page, the key figures and the charts cost the same at any
-- tenant size. Every index leads with tenant_id: it is also the distribution column a sharded
-- PostgreSQL (Citus) would use.

create extension if not exists pg_trgm;
create extension if not exists btree_gin;

-- One index per sortable column, id last: the query builder breaks ties by id in the first key's
-- direction, so a sort either way on one column reads its page straight from the index. Text sorts
-- by code point (collate "C"), as the builder orders text.
create index azure_daily_costs_billed on azure_daily_costs (tenant_id, billed_cost, id);
create index azure_daily_costs_effective on azure_daily_costs (tenant_id, effective_cost, id);
create index azure_daily_costs_quantity on azure_daily_costs (tenant_id, quantity, id);
create index azure_daily_costs_service on azure_daily_costs (tenant_id, service collate "C", id);
create index azure_daily_costs_category on azure_daily_costs (tenant_id, service_category collate "C", id);
create index azure_daily_costs_resource_name on azure_daily_costs (tenant_id, resource_name collate "C", id);
create index azure_daily_costs_resource_id on azure_daily_costs (tenant_id, resource_id collate "C", id);
create index azure_daily_costs_region on azure_daily_costs (tenant_id, region collate "C", id);
create index azure_daily_costs_subscription on azure_daily_costs (tenant_id, subscription_name collate "C", id);
create index azure_daily_costs_charge on azure_daily_costs (tenant_id, charge_category collate "C", id);
create index azure_daily_costs_pricing on azure_daily_costs (tenant_id, pricing_category collate "C", id);
create index azure_daily_costs_unit on azure_daily_costs (tenant_id, unit collate "C", id);
create index azure_daily_costs_currency on azure_daily_costs (tenant_id, currency collate "C", id);

-- Free-text search: a row's text columns joined by a unit separator (which a search text never
-- holds, so "contains" over the join is "some column contains") are its haystack. Rows share few
-- haystacks (one per resource and unit), so the distinct ones and their row counts are kept in azure_daily_cost_terms
-- under a trigram index for ILIKE '%…%', and a row is found from its haystack's hash. The
-- expression is written exactly as src/data/registry.ts's `search` of the focus dataset expands.
create table azure_daily_cost_terms (
  tenant_id text not null,
  haystack text not null,
  -- The rows with this haystack: a search's exact count is the sum over the terms it matches.
  row_count bigint not null,
  primary key (tenant_id, haystack)
);
create index azure_daily_cost_terms_trigrams on azure_daily_cost_terms using gin (tenant_id, haystack gin_trgm_ops);
create index azure_daily_costs_haystack on azure_daily_costs (tenant_id, hashtext(currency || E'\x1f' || service || E'\x1f' || service_category || E'\x1f' || resource_name || E'\x1f' || resource_id || E'\x1f' || region || E'\x1f' || subscription_name || E'\x1f' || unit));

insert into azure_daily_cost_terms
select tenant_id, currency || E'\x1f' || service || E'\x1f' || service_category || E'\x1f' || resource_name || E'\x1f' || resource_id || E'\x1f' || region || E'\x1f' || subscription_name || E'\x1f' || unit, count(*) from azure_daily_costs group by 1, 2;

-- The key figures and charts: sums per tenant, day and the dimensions a filter or a chart splits by
-- (not the subscription: it grows with the tenant, the others do not). Kept, with the search
-- terms, by the statement triggers below in the same transaction as every write to azure_daily_costs.
create table azure_daily_cost_rollup (
  tenant_id text not null,
  usage_date date not null,
  service text not null,
  service_category text not null,
  region text not null,
  charge_category text not null,
  pricing_category text not null,
  currency text not null,
  row_count bigint not null,
  billed_cost numeric not null,
  effective_cost numeric not null,
  quantity numeric not null,
  primary key (tenant_id, usage_date, service, service_category, region, charge_category, pricing_category, currency)
);

insert into azure_daily_cost_rollup
select tenant_id, usage_date, service, service_category, region, charge_category, pricing_category, currency,
       count(*), sum(billed_cost), sum(effective_cost), sum(quantity)
  from azure_daily_costs
 group by tenant_id, usage_date, service, service_category, region, charge_category, pricing_category, currency;

-- The same sums per tenant, day and service category only: about 3,000 rows for Contoso's 131,000,
-- enough for the page's unfiltered key figures, its row count, both of its charts and a day or
-- category filter. Readers take the smaller roll-up when it can answer.
create table azure_daily_cost_category_rollup (
  tenant_id text not null,
  usage_date date not null,
  service_category text not null,
  row_count bigint not null,
  billed_cost numeric not null,
  effective_cost numeric not null,
  quantity numeric not null,
  primary key (tenant_id, usage_date, service_category)
);

insert into azure_daily_cost_category_rollup
select tenant_id, usage_date, service_category, sum(row_count), sum(billed_cost), sum(effective_cost), sum(quantity)
  from azure_daily_cost_rollup
 group by tenant_id, usage_date, service_category;

-- Each write's rows added (+1) to or taken (-1) from their groups in both roll-ups and the search
-- terms; a group left with no rows goes. Statement triggers with transition tables: a bulk insert
-- of the seed updates each group once. The changed rows are one query text for the three upserts
-- (dynamic SQL sees the transition tables as static SQL does).
create function azure_daily_cost_rollup_change() returns trigger language plpgsql as $$
declare
  changed text := case tg_op
    when 'INSERT' then 'select n.*, 1 as sign from new_rows n'
    when 'DELETE' then 'select o.*, -1 as sign from old_rows o'
    else 'select n.*, 1 as sign from new_rows n union all select o.*, -1 as sign from old_rows o' end;
begin
  execute format($sql$
    insert into azure_daily_cost_rollup as r
    select c.tenant_id, c.usage_date, c.service, c.service_category, c.region, c.charge_category, c.pricing_category, c.currency,
           sum(c.sign), sum(c.sign * c.billed_cost), sum(c.sign * c.effective_cost), sum(c.sign * c.quantity)
      from (%s) c
     group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (tenant_id, usage_date, service, service_category, region, charge_category, pricing_category, currency) do update
       set row_count = r.row_count + excluded.row_count, billed_cost = r.billed_cost + excluded.billed_cost,
           effective_cost = r.effective_cost + excluded.effective_cost, quantity = r.quantity + excluded.quantity$sql$, changed);
  execute format($sql$
    insert into azure_daily_cost_category_rollup as r
    select c.tenant_id, c.usage_date, c.service_category,
           sum(c.sign), sum(c.sign * c.billed_cost), sum(c.sign * c.effective_cost), sum(c.sign * c.quantity)
      from (%s) c
     group by 1, 2, 3
    on conflict (tenant_id, usage_date, service_category) do update
       set row_count = r.row_count + excluded.row_count, billed_cost = r.billed_cost + excluded.billed_cost,
           effective_cost = r.effective_cost + excluded.effective_cost, quantity = r.quantity + excluded.quantity$sql$, changed);
  execute format($sql$
    insert into azure_daily_cost_terms as t
    select c.tenant_id, c.currency || E'\x1f' || c.service || E'\x1f' || c.service_category || E'\x1f' || c.resource_name || E'\x1f' || c.resource_id || E'\x1f' || c.region || E'\x1f' || c.subscription_name || E'\x1f' || c.unit, sum(c.sign)
      from (%s) c
     group by 1, 2
    on conflict (tenant_id, haystack) do update set row_count = t.row_count + excluded.row_count$sql$, changed);
  if tg_op <> 'INSERT' then
    delete from azure_daily_cost_rollup where row_count <= 0 and tenant_id in (select o.tenant_id from old_rows o);
    delete from azure_daily_cost_category_rollup where row_count <= 0 and tenant_id in (select o.tenant_id from old_rows o);
    delete from azure_daily_cost_terms where row_count <= 0 and tenant_id in (select o.tenant_id from old_rows o);
  end if;
  return null;
end $$;

create function azure_daily_cost_rollup_truncate() returns trigger language plpgsql as $$
begin
  truncate azure_daily_cost_rollup, azure_daily_cost_category_rollup, azure_daily_cost_terms;
  return null;
end $$;

create trigger azure_daily_costs_rollup_insert after insert on azure_daily_costs
  referencing new table as new_rows for each statement execute function azure_daily_cost_rollup_change();
create trigger azure_daily_costs_rollup_delete after delete on azure_daily_costs
  referencing old table as old_rows for each statement execute function azure_daily_cost_rollup_change();
create trigger azure_daily_costs_rollup_update after update on azure_daily_costs
  referencing old table as old_rows new table as new_rows for each statement execute function azure_daily_cost_rollup_change();
create trigger azure_daily_costs_rollup_truncate after truncate on azure_daily_costs
  for each statement execute function azure_daily_cost_rollup_truncate();
