-- Connected sites (issue 38 §1): a partner's website a tenant administrator registers, so the
-- portal's pieces work there. Its exact origins (the CORS answers and the app token's origin), the
-- pieces it may show, and its credentials: up to two signing secrets (one being rotated), a JWKS
-- address or a PEM public key.
create table connected_sites (
  id text primary key,
  tenant_id text not null references tenants (id) on delete cascade,
  name text not null,
  origins text[] not null,
  pieces jsonb not null,
  jwks_url text,
  public_key text,
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index connected_sites_tenant on connected_sites (tenant_id, name);
-- The CORS answer looks an origin up among every site's: an index, not a scan.
create index connected_sites_origins on connected_sites using gin (origins);

-- A site's signing secrets (HS256), shown once when created. The key id is the token header's `kid`.
create table connected_site_secrets (
  site_id text not null references connected_sites (id) on delete cascade,
  id text not null,
  secret text not null,
  created_at timestamptz not null default now(),
  primary key (site_id, id)
);

-- A partner token is used once: its (site, jti) is kept until the token would have expired.
create table partner_token_uses (
  site_id text not null,
  jti text not null,
  expires_at timestamptz not null,
  primary key (site_id, jti)
);
create index partner_token_uses_expiry on partner_token_uses (expires_at);

-- Every change of a tenant's connected sites, for its administrators (the audit trail, issue 38 §1).
create table connected_site_changes (
  id bigserial,
  tenant_id text not null references tenants (id) on delete cascade,
  site_id text not null,
  site_name text not null,
  user_id text not null,
  action text not null check (action in ('created', 'updated', 'enabled', 'disabled', 'deleted', 'secret-added', 'secret-revoked')),
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
create index connected_site_changes_tenant on connected_site_changes (tenant_id, created_at desc);

-- The servers keep sites (by origin, by id) in memory: every write moves the 'connected-sites' scope
-- (src/cache/versions.ts), in the writing transaction, so each server sees it on its next read.
insert into cache_versions (scope) values ('connected-sites');

create function cache_bump_connected_sites() returns trigger language plpgsql as $$
begin
  update cache_versions set version = nextval('cache_versions_seq') where scope = 'connected-sites';
  return null;
end
$$;

create trigger connected_sites_cache after insert or update or delete or truncate on connected_sites
  for each statement execute function cache_bump_connected_sites();
create trigger connected_site_secrets_cache after insert or update or delete or truncate on connected_site_secrets
  for each statement execute function cache_bump_connected_sites();
