-- Versions of what the servers cache in memory (src/cache/): the menu, page descriptions and search
-- index. A scope is 'catalog' (shared by every tenant) or 'tenant:{id}'. Triggers move a scope's
-- version in the same transaction as every write that may change what is cached — whoever writes
-- (a route, the seed, a migration, an operator's psql) — so every server sharing the database
-- sees the change on its next version read. Versions come from one sequence, so a version is never
-- seen twice, even for a scope whose row was deleted.
create sequence cache_versions_seq;

create table cache_versions (
  scope text primary key,
  version bigint not null default nextval('cache_versions_seq')
);

insert into cache_versions (scope) values ('catalog');

-- Every statement on a shared table (insert, update, delete, truncate) moves the catalog's version.
create function cache_bump_catalog() returns trigger language plpgsql as $$
begin
  update cache_versions set version = nextval('cache_versions_seq') where scope = 'catalog';
  return null;
end
$$;

-- Every row written in a tenant table moves that tenant's version (the row's old and new tenant).
-- TG_ARGV[0] names the tenant column.
create function cache_bump_tenant() returns trigger language plpgsql as $$
declare
  old_tenant text;
  new_tenant text;
begin
  if tg_op in ('UPDATE', 'DELETE') then old_tenant := to_jsonb(old) ->> tg_argv[0]; end if;
  if tg_op in ('INSERT', 'UPDATE') then new_tenant := to_jsonb(new) ->> tg_argv[0]; end if;
  insert into cache_versions (scope)
    select distinct 'tenant:' || t from unnest(array[old_tenant, new_tenant]) as t where t is not null
    on conflict (scope) do update set version = nextval('cache_versions_seq');
  return null;
end
$$;

create trigger menu_items_cache after insert or update or delete or truncate on menu_items
  for each statement execute function cache_bump_catalog();
create trigger menu_pages_cache after insert or update or delete or truncate on menu_pages
  for each statement execute function cache_bump_catalog();
create trigger menu_page_tabs_cache after insert or update or delete or truncate on menu_page_tabs
  for each statement execute function cache_bump_catalog();
create trigger system_messages_cache after insert or update or delete or truncate on system_messages
  for each statement execute function cache_bump_catalog();

create trigger tenants_cache after insert or update or delete on tenants
  for each row execute function cache_bump_tenant('id');
create trigger tenant_features_cache after insert or update or delete on tenant_features
  for each row execute function cache_bump_tenant('tenant_id');
create trigger tenant_licenses_cache after insert or update or delete on tenant_licenses
  for each row execute function cache_bump_tenant('tenant_id');
create trigger tenant_activations_cache after insert or update or delete on tenant_activations
  for each row execute function cache_bump_tenant('tenant_id');
create trigger custom_content_cache after insert or update or delete on custom_content
  for each row execute function cache_bump_tenant('tenant_id');

-- A truncated tenant table has no rows to name a tenant by: every cache starts over.
create trigger tenants_cache_truncate after truncate on tenants
  for each statement execute function cache_bump_catalog();
create trigger tenant_features_cache_truncate after truncate on tenant_features
  for each statement execute function cache_bump_catalog();
create trigger tenant_licenses_cache_truncate after truncate on tenant_licenses
  for each statement execute function cache_bump_catalog();
create trigger tenant_activations_cache_truncate after truncate on tenant_activations
  for each statement execute function cache_bump_catalog();
create trigger custom_content_cache_truncate after truncate on custom_content
  for each statement execute function cache_bump_catalog();
