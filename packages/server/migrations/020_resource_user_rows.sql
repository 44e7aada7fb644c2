-- The Azure resources and Microsoft 365 users datasets read from their own rows, as the FOCUS rows do
-- (018): what a grid row shows is kept on the row (subscription name, tags as text, last month's
-- cost; licences and their cost, days inactive), every sortable column has an index that leads with
-- tenant_id and ends with the id, search goes through a trigram index, and the key figures, row
-- counts and charts read a roll-up. Before this, every read joined and grouped all of a tenant's
-- resources or licences: 220 ms a page and 1.3 s a search for a tenant twenty times Contoso's size.
-- Everything here is kept by triggers, in the same transaction as the write, whoever writes.

-- ── Helpers for the triggers below (and later migrations') ──────────────────────────────────────

-- The rows a statement changed, as a query text for a statement trigger's own EXECUTE (only the
-- trigger function's statements see its transition tables): `columns` of new_rows and old_rows.
-- Signed: each row with `sign` (+1 added, -1 taken away; an update is both), for roll-ups that add
-- and subtract. Unsigned: the distinct rows, for triggers that recompute what they touch.
create function cp_changed_rows(op text, columns text, signed boolean) returns text language sql immutable as $$
  select case
    when signed then case op
      when 'INSERT' then format('select %s, 1 as sign from new_rows', columns)
      when 'DELETE' then format('select %s, -1 as sign from old_rows', columns)
      else format('select %1$s, 1 as sign from new_rows union all select %1$s, -1 as sign from old_rows', columns) end
    else case op
      when 'INSERT' then format('select %s from new_rows', columns)
      when 'DELETE' then format('select %s from old_rows', columns)
      else format('select %1$s from new_rows union select %1$s from old_rows', columns) end
  end
$$;

-- Truncates the table named by the trigger's argument (a roll-up whose source was truncated).
create function cp_truncate_kept() returns trigger language plpgsql as $$
begin
  execute format('truncate %I', tg_argv[0]);
  return null;
end $$;

-- Statement triggers `name`_insert, _update and _delete on `tbl` that run `fn` with the transition
-- tables new_rows and old_rows, and, given `kept`, `name`_truncate that truncates that table.
create function cp_statement_triggers(tbl text, name text, fn text, kept text default null) returns void language plpgsql as $$
begin
  execute format('create trigger %I after insert on %I referencing new table as new_rows for each statement execute function %I()', name || '_insert', tbl, fn);
  execute format('create trigger %I after update on %I referencing old table as old_rows new table as new_rows for each statement execute function %I()', name || '_update', tbl, fn);
  execute format('create trigger %I after delete on %I referencing old table as old_rows for each statement execute function %I()', name || '_delete', tbl, fn);
  if kept is not null then
    execute format('create trigger %I after truncate on %I for each statement execute function cp_truncate_kept(%L)', name || '_truncate', tbl, kept);
  end if;
end $$;

-- ── Resources ──────────────────────────────────────────────────────────────────────────────────

-- "key=value; key=value", keys in order: the grid's text for a resource's tags (searchable, sortable).
create function cp_tags_text(tags jsonb) returns text language sql immutable parallel safe as $$
  select coalesce(string_agg(e.key || '=' || e.value, '; ' order by e.key), '') from jsonb_each_text(tags) e
$$;

alter table azure_resources
  add column tags_text text generated always as (cp_tags_text(tags)) stored,
  add column subscription_name text,
  add column cost_last_month numeric(14, 2) not null default 0;

-- The month whose cost azure_resources.cost_last_month holds, per tenant: the last complete month
-- when it was last brought up to date. A read for a later month brings it up to date first
-- (azure_resource_costs_as_of), once per tenant and month; writes to the monthly costs of that
-- month keep it so in between.
create table azure_resource_cost_periods (
  tenant_id text primary key references tenants (id),
  period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);

-- A resource's cost row is found by its subscription, resource group and name.
create index azure_resources_cost_key on azure_resources (tenant_id, subscription_id, resource_group, name);

-- On insert, or when a resource moves: its subscription's name and its cost in the tenant's month.
create function azure_resources_row() returns trigger language plpgsql as $$
begin
  new.subscription_name := coalesce(
    (select s.name from azure_subscriptions s where s.tenant_id = new.tenant_id and s.subscription_id = new.subscription_id),
    new.subscription_id);
  new.cost_last_month := coalesce(
    (select c.amount from azure_resource_cost_periods p
       join assistant_azure_costs c on c.tenant_id = p.tenant_id and c.period = p.period
      where p.tenant_id = new.tenant_id and c.subscription_id = new.subscription_id
        and c.resource_group = new.resource_group and c.resource_name = new.name),
    0);
  return new;
end $$;
create trigger azure_resources_row before insert or update of subscription_id, resource_group, name on azure_resources
  for each row execute function azure_resources_row();

-- A subscription added, renamed or removed: its resources show its name (or its id without one).
create function azure_subscriptions_resource_names() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update azure_resources set subscription_name = subscription_id
     where tenant_id = old.tenant_id and subscription_id = old.subscription_id and subscription_name is distinct from subscription_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update azure_resources set subscription_name = new.name
     where tenant_id = new.tenant_id and subscription_id = new.subscription_id and subscription_name is distinct from new.name;
  end if;
  return null;
end $$;
create trigger azure_subscriptions_resource_names after insert or update or delete on azure_subscriptions
  for each row execute function azure_subscriptions_resource_names();

-- Brings tenant t's resources' cost_last_month to month p (a no-op when it is there already). Under a
-- transaction lock per tenant, so two servers sharing the database do it once.
create function azure_resource_costs_as_of(t text, p text) returns void language plpgsql as $$
begin
  if exists (select 1 from azure_resource_cost_periods where tenant_id = t and period = p) then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext('azure_resource_costs_as_of'), hashtext(t));
  if exists (select 1 from azure_resource_cost_periods where tenant_id = t and period = p) then
    return;
  end if;
  update azure_resources r set cost_last_month = x.amount
    from (select r2.resource_id, coalesce(c.amount, 0) as amount
            from azure_resources r2
            left join assistant_azure_costs c on c.tenant_id = r2.tenant_id and c.period = p and c.subscription_id = r2.subscription_id
                  and c.resource_group = r2.resource_group and c.resource_name = r2.name
           where r2.tenant_id = t) x
   where r.tenant_id = t and r.resource_id = x.resource_id and r.cost_last_month <> x.amount;
  insert into azure_resource_cost_periods (tenant_id, period) values (t, p)
    on conflict (tenant_id) do update set period = excluded.period;
end $$;

-- A monthly cost row written for a tenant's month: the matching resource's cost follows.
create function assistant_azure_costs_resource_cost() returns trigger language plpgsql as $$
declare
  changed text := cp_changed_rows(tg_op, 'tenant_id, period, subscription_id, resource_group, resource_name', false);
begin
  execute format($sql$
    update azure_resources r set cost_last_month = coalesce(
        (select c.amount from assistant_azure_costs c
          where c.tenant_id = r.tenant_id and c.period = k.period and c.subscription_id = r.subscription_id
            and c.resource_group = r.resource_group and c.resource_name = r.name), 0)
      from (%s) k
      join azure_resource_cost_periods p on p.tenant_id = k.tenant_id and p.period = k.period
     where r.tenant_id = k.tenant_id and r.subscription_id = k.subscription_id and r.resource_group = k.resource_group and r.name = k.resource_name$sql$, changed);
  return null;
end $$;
select cp_statement_triggers('assistant_azure_costs', 'assistant_azure_costs_resource_cost', 'assistant_azure_costs_resource_cost');

-- The rows there are: names first, then the current month for every tenant with resources.
update azure_resources r set subscription_name = coalesce(
  (select s.name from azure_subscriptions s where s.tenant_id = r.tenant_id and s.subscription_id = r.subscription_id), r.subscription_id);
select azure_resource_costs_as_of(t.tenant_id, to_char(date_trunc('month', now() at time zone 'UTC') - interval '1 month', 'YYYY-MM'))
  from (select distinct tenant_id from azure_resources) t;
alter table azure_resources alter column subscription_name set not null;

-- One index per sortable column, id last (text by code point, as the query builder orders text);
-- the day of creation may be null and sorts last either way, so it has one index per direction.
create index azure_resources_name on azure_resources (tenant_id, name collate "C", resource_id collate "C");
create index azure_resources_type on azure_resources (tenant_id, type collate "C", resource_id collate "C");
create index azure_resources_group on azure_resources (tenant_id, resource_group collate "C", resource_id collate "C");
create index azure_resources_subscription_name on azure_resources (tenant_id, subscription_name collate "C", resource_id collate "C");
create index azure_resources_location on azure_resources (tenant_id, location collate "C", resource_id collate "C");
create index azure_resources_sku on azure_resources (tenant_id, sku collate "C", resource_id collate "C");
create index azure_resources_tags on azure_resources (tenant_id, tags_text collate "C", resource_id collate "C");
create index azure_resources_cost on azure_resources (tenant_id, cost_last_month, resource_id collate "C");
create index azure_resources_created on azure_resources (tenant_id, created_on, resource_id collate "C");
create index azure_resources_created_desc on azure_resources (tenant_id, created_on desc nulls last, resource_id collate "C" desc);

-- Free-text search: the text columns joined by a unit separator, under a trigram index, written
-- exactly as src/data/registry.ts's `search` of the resources dataset expands.
create index azure_resources_search on azure_resources using gin (tenant_id,
  (name || E'\x1f' || type || E'\x1f' || resource_group || E'\x1f' || subscription_name || E'\x1f' || location || E'\x1f' || sku || E'\x1f' || tags_text) gin_trgm_ops);

-- Key figures, row counts and the cost-by-region chart: per tenant, region and type.
create table azure_resource_rollup (
  tenant_id text not null,
  region text not null,
  type text not null,
  row_count bigint not null,
  untagged bigint not null,
  cost_last_month numeric not null,
  primary key (tenant_id, region, type)
);
insert into azure_resource_rollup
select tenant_id, location, type, count(*), count(*) filter (where tags_text = ''), sum(cost_last_month)
  from azure_resources group by 1, 2, 3;

create function azure_resource_rollup_change() returns trigger language plpgsql as $$
declare
  changed text := cp_changed_rows(tg_op, 'tenant_id, location, type, tags_text, cost_last_month', true);
begin
  execute format($sql$
    insert into azure_resource_rollup as r
    select c.tenant_id, c.location, c.type, sum(c.sign), coalesce(sum(c.sign) filter (where c.tags_text = ''), 0), sum(c.sign * c.cost_last_month)
      from (%s) c
     group by 1, 2, 3
    on conflict (tenant_id, region, type) do update
       set row_count = r.row_count + excluded.row_count, untagged = r.untagged + excluded.untagged,
           cost_last_month = r.cost_last_month + excluded.cost_last_month$sql$, changed);
  if tg_op <> 'INSERT' then
    delete from azure_resource_rollup where row_count <= 0 and tenant_id in (select o.tenant_id from old_rows o);
  end if;
  return null;
end $$;
select cp_statement_triggers('azure_resources', 'azure_resources_rollup', 'azure_resource_rollup_change', 'azure_resource_rollup');

-- ── Users ──────────────────────────────────────────────────────────────────────────────────────

alter table m365_users
  add column licenses text not null default '',
  add column license_cost numeric(14, 2) not null default 0,
  add column days_inactive integer generated always as (as_of - last_sign_in) stored;

-- The statement that gives users (tenant_id, user_id) of `keys` (a query text) their licences'
-- names, in the tenant's licence order, and the sum of their prices. Its caller executes it: a
-- trigger's transition tables are seen only by the trigger function's own statements.
create function m365_users_licenses_sql(keys text) returns text language sql immutable as $$
  select format($sql$
    update m365_users u set licenses = coalesce(l.names, ''), license_cost = coalesce(l.cost, 0)
      from (select distinct k.tenant_id, k.user_id from (%s) k) k
      left join lateral (
        select string_agg(ul.sku, ', ' order by coalesce(a.position, 1000), ul.sku) as names, sum(coalesce(a.unit_price, 0)) as cost
          from m365_user_licenses ul left join assistant_m365_licenses a on a.tenant_id = ul.tenant_id and a.sku = ul.sku
         where ul.tenant_id = k.tenant_id and ul.user_id = k.user_id) l on true
     where u.tenant_id = k.tenant_id and u.id = k.user_id
       and (u.licenses, u.license_cost) is distinct from (coalesce(l.names, ''), coalesce(l.cost, 0))$sql$, keys)
$$;

create function m365_user_licenses_change() returns trigger language plpgsql as $$
begin
  execute m365_users_licenses_sql(cp_changed_rows(tg_op, 'tenant_id, user_id', false));
  return null;
end $$;
select cp_statement_triggers('m365_user_licenses', 'm365_user_licenses', 'm365_user_licenses_change');

-- A licence's price or order changed, or the licence added or removed: its holders follow.
create function assistant_m365_licenses_users() returns trigger language plpgsql as $$
declare
  changed text := cp_changed_rows(tg_op, 'tenant_id, sku', false);
begin
  execute m365_users_licenses_sql(format(
    'select ul.tenant_id, ul.user_id from m365_user_licenses ul join (%s) c on c.tenant_id = ul.tenant_id and c.sku = ul.sku', changed));
  return null;
end $$;
select cp_statement_triggers('assistant_m365_licenses', 'assistant_m365_licenses_users', 'assistant_m365_licenses_users');

do $$ begin execute m365_users_licenses_sql('select tenant_id, user_id from m365_user_licenses'); end $$;

create index m365_users_display_name on m365_users (tenant_id, display_name collate "C", id collate "C");
create index m365_users_upn on m365_users (tenant_id, upn collate "C", id collate "C");
create index m365_users_department on m365_users (tenant_id, department collate "C", id collate "C");
create index m365_users_job_title on m365_users (tenant_id, job_title collate "C", id collate "C");
create index m365_users_enabled on m365_users (tenant_id, enabled, id collate "C");
create index m365_users_mfa on m365_users (tenant_id, mfa_registered, id collate "C");
create index m365_users_licenses on m365_users (tenant_id, licenses collate "C", id collate "C");
create index m365_users_license_cost on m365_users (tenant_id, license_cost, id collate "C");
create index m365_users_created on m365_users (tenant_id, created_on, id collate "C");
create index m365_users_sign_in on m365_users (tenant_id, last_sign_in, id collate "C");
create index m365_users_sign_in_desc on m365_users (tenant_id, last_sign_in desc nulls last, id collate "C" desc);
create index m365_users_inactive on m365_users (tenant_id, days_inactive, id collate "C");
create index m365_users_inactive_desc on m365_users (tenant_id, days_inactive desc nulls last, id collate "C" desc);

create index m365_users_search on m365_users using gin (tenant_id,
  (display_name || E'\x1f' || upn || E'\x1f' || department || E'\x1f' || job_title || E'\x1f' || licenses) gin_trgm_ops);

-- A user who holds a licence and has not signed in for 30 days or more, or never: the users page's
-- "Inactive 30 days or more" (src/data/registry.ts INACTIVE_LICENSED says the same over a page's rows).
create function cp_inactive_licensed(licenses text, days_inactive integer) returns boolean language sql immutable parallel safe as $$
  select licenses <> '' and (days_inactive is null or days_inactive >= 30)
$$;

-- Key figures, row counts and the cost-by-department chart: per tenant and department, with the
-- licensed users inactive for 30 days or more (never signed in counts as inactive) and their cost.
create table m365_user_rollup (
  tenant_id text not null,
  department text not null,
  row_count bigint not null,
  license_cost numeric not null,
  inactive bigint not null,
  reclaimable numeric not null,
  primary key (tenant_id, department)
);

create function m365_user_rollup_change() returns trigger language plpgsql as $$
declare
  changed text := cp_changed_rows(tg_op, 'tenant_id, department, license_cost, cp_inactive_licensed(licenses, days_inactive) as idle', true);
begin
  execute format($sql$
    insert into m365_user_rollup as r
    select c.tenant_id, c.department, sum(c.sign), sum(c.sign * c.license_cost),
           coalesce(sum(c.sign) filter (where c.idle), 0), coalesce(sum(c.sign * c.license_cost) filter (where c.idle), 0)
      from (%s) c
     group by 1, 2
    on conflict (tenant_id, department) do update
       set row_count = r.row_count + excluded.row_count, license_cost = r.license_cost + excluded.license_cost,
           inactive = r.inactive + excluded.inactive, reclaimable = r.reclaimable + excluded.reclaimable$sql$, changed);
  if tg_op <> 'INSERT' then
    delete from m365_user_rollup where row_count <= 0 and tenant_id in (select o.tenant_id from old_rows o);
  end if;
  return null;
end $$;
select cp_statement_triggers('m365_users', 'm365_users_rollup', 'm365_user_rollup_change', 'm365_user_rollup');

insert into m365_user_rollup
select tenant_id, department, count(*), sum(license_cost),
       count(*) filter (where cp_inactive_licensed(licenses, days_inactive)),
       coalesce(sum(license_cost) filter (where cp_inactive_licensed(licenses, days_inactive)), 0)
  from m365_users group by 1, 2;

-- ── The currency of a page's amounts ───────────────────────────────────────────────────────────
-- Read on every page as the largest currency code of the tenant's rows (src/data/sqlParts.ts
-- currencyOf): one index entry, not every monthly cost or recommendation row of a large tenant.
create index assistant_azure_costs_currency on assistant_azure_costs (tenant_id, currency collate "C");
create index assistant_recommendations_currency on assistant_recommendations (tenant_id, currency collate "C");
