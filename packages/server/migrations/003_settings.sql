-- Settings and administration service (spec §3 "Settings", "Branding", "Tenant licenses",
-- "Email notification"; §7 "Settings and administration service").

-- Server-wide defaults (settings defaults, the terms HTML); tenants.settings overrides them per tenant.
create table server_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- Stored files, per tenant. Branding files use their kind as id; the owner 'default' holds the
-- server's default branding (never a tenant id, so no foreign key on this column).
create table files (
  tenant_id text not null,
  id text not null,
  kind text not null,
  filename text not null,
  content_type text not null,
  size integer not null,
  content bytea not null,
  uploaded_by text,
  uploaded_at timestamptz not null default now(),
  primary key (tenant_id, id)
);

-- The licence catalogue (spec §5 "Dataset availability").
create table license_definitions (
  module text not null,
  sku text not null,
  module_display_name text not null,
  position integer not null,
  primary key (module, sku)
);

-- Per-tenant feature flags reported by the features calls.
create table tenant_features (
  tenant_id text not null references tenants (id),
  name text not null,
  enabled boolean not null,
  updated_by text,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, name)
);

-- E-mail notifications are queued here; this server sends no mail.
create table notification_outbox (
  id text primary key,
  tenant_id text not null references tenants (id),
  user_id text not null,
  recipients text[] not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index notification_outbox_tenant on notification_outbox (tenant_id, created_at);

-- System messages for every tenant, shown while now() is inside their validity window.
create table system_messages (
  id text primary key,
  severity text not null check (severity in ('info', 'warning', 'critical')),
  title text not null,
  message text not null,
  valid_from timestamptz not null,
  valid_to timestamptz
);

-- A tenant's custom reports and dashboards.
create table custom_content (
  tenant_id text not null references tenants (id),
  id text not null,
  kind text not null check (kind in ('report', 'dashboard')),
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  primary key (tenant_id, kind, id)
);

-- Integration settings per tenant and kind (csp, office365, office365-ea, surveil, api-token,
-- m365-user:{keyName}). Secrets sit in their own column and are never answered; the API token is
-- kept only as a hash.
create table integrations (
  tenant_id text not null references tenants (id),
  kind text not null,
  settings jsonb not null default '{}'::jsonb,
  secret text,
  updated_by text,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, kind)
);

-- Partner sync runs requested by tenant administrators.
create table sync_runs (
  id text primary key,
  tenant_id text not null references tenants (id),
  kind text not null check (kind in ('clean', 'core')),
  requested_by text not null,
  requested_at timestamptz not null default now()
);
