-- Versions of the rows of the tables whose pages jump to an offset through samples of their sort
-- keys (src/data/jumps.ts): the resources and users pages. A jump into the middle of a large tenant
-- walks at most a sample's spacing of index entries from the nearest sample instead of every row
-- before it; the samples are kept per server, under the version of the rows they were read from.
--
-- Scopes in cache_versions (migration 019): 'rows:{table}:{tenant}' moves with every statement that
-- writes a tenant's rows (insert, update, delete: one version move per tenant per statement, from
-- the statement's transition tables, so a bulk load of 60,000 rows costs one), 'rows:{table}' with
-- a truncate. Kept columns (migration 020) are updates of the rows themselves, so a change of a
-- subscription's name or a month's costs moves the version too.
create function cache_bump_rows() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    insert into cache_versions (scope) values ('rows:' || tg_table_name)
      on conflict (scope) do update set version = nextval('cache_versions_seq');
  elsif tg_op = 'INSERT' then
    insert into cache_versions (scope)
      select distinct 'rows:' || tg_table_name || ':' || n.tenant_id from new_rows n
      on conflict (scope) do update set version = nextval('cache_versions_seq');
  elsif tg_op = 'DELETE' then
    insert into cache_versions (scope)
      select distinct 'rows:' || tg_table_name || ':' || o.tenant_id from old_rows o
      on conflict (scope) do update set version = nextval('cache_versions_seq');
  else
    insert into cache_versions (scope)
      select distinct 'rows:' || tg_table_name || ':' || c.tenant_id from (select tenant_id from old_rows union select tenant_id from new_rows) c
      on conflict (scope) do update set version = nextval('cache_versions_seq');
  end if;
  return null;
end
$$;

create trigger azure_resources_rows_insert after insert on azure_resources
  referencing new table as new_rows for each statement execute function cache_bump_rows();
create trigger azure_resources_rows_update after update on azure_resources
  referencing old table as old_rows new table as new_rows for each statement execute function cache_bump_rows();
create trigger azure_resources_rows_delete after delete on azure_resources
  referencing old table as old_rows for each statement execute function cache_bump_rows();
create trigger azure_resources_rows_truncate after truncate on azure_resources
  for each statement execute function cache_bump_rows();

create trigger m365_users_rows_insert after insert on m365_users
  referencing new table as new_rows for each statement execute function cache_bump_rows();
create trigger m365_users_rows_update after update on m365_users
  referencing old table as old_rows new table as new_rows for each statement execute function cache_bump_rows();
create trigger m365_users_rows_delete after delete on m365_users
  referencing old table as old_rows for each statement execute function cache_bump_rows();
create trigger m365_users_rows_truncate after truncate on m365_users
  for each statement execute function cache_bump_rows();
