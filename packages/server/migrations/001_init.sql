-- Tenants and their users: every later table is scoped by these.
create table tenants (
  id text primary key,
  display_name text not null,
  onboarded boolean not null default true,
  settings jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);

create table users (
  id text primary key,
  tenant_id text not null references tenants (id),
  upn text not null,
  role text not null default 'USER',
  created_at timestamptz not null default now(),
  unique (tenant_id, upn)
);
