-- Settings and administration service, continued (spec §7): tenant activation, the Azure resource
-- inventory the tag tests read, and the CSP invoice lines behind hasUnbilledInvoiceData.

-- POST /api/activate: one row per activated tenant; activated_at is the first activation.
create table tenant_activations (
  tenant_id text primary key references tenants (id),
  modules text[] not null,
  activated_by text not null references users (id),
  activated_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A tenant's Azure resources as its inventory sync stored them, with their tags (name → value).
create table azure_resources (
  tenant_id text not null references tenants (id),
  resource_id text not null,
  name text not null,
  type text not null,
  resource_group text not null,
  subscription_id text not null,
  location text not null default '',
  tags jsonb not null default '{}'::jsonb,
  inventoried_at timestamptz not null default now(),
  primary key (tenant_id, resource_id)
);

-- CSP invoice lines imported for a tenant; invoice_id is null while the line is not yet invoiced.
create table csp_invoice_lines (
  tenant_id text not null references tenants (id),
  id text not null,
  invoice_id text,
  period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  description text not null,
  amount numeric(14, 2) not null,
  currency text not null default 'USD',
  primary key (tenant_id, id)
);
create index csp_invoice_lines_unbilled on csp_invoice_lines (tenant_id) where invoice_id is null;
