-- Identity, sessions and the tenant facts sign-in needs.
alter table tenants add column account_types text[] not null default '{}';
alter table tenants add column demo boolean not null default false;

alter table users add column oid text not null default '';
alter table users add column display_name text not null default '';
alter table users add column personas text[] not null default '{}';
alter table users add column features text[] not null default '{}';
alter table users add column can_manage_settings boolean not null default false;
alter table users add column force_eula boolean not null default false;
alter table users add column can_accept_eula boolean not null default true;
alter table users add column eula_accepted_at timestamptz;
alter table users add column currency text not null default 'USD';
create index users_upn on users (lower(upn));

-- Licences a tenant holds (spec §3 "Tenant licenses"); they gate the assistant datasets (spec §5).
create table tenant_licenses (
  tenant_id text not null references tenants (id),
  license_key text not null,
  license_module text not null,
  license_sku text not null,
  active boolean not null default true,
  activated_at timestamptz,
  primary key (tenant_id, license_key)
);

-- Refresh credentials: only a hash is stored; a rotated or revoked one never works again.
create table refresh_tokens (
  token_hash text primary key,
  user_id text not null references users (id),
  tenant_id text not null references tenants (id),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_user on refresh_tokens (user_id);

-- Keys the server generates once and keeps: the app-token secret and the dev issuer's key pair.
create table server_keys (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
