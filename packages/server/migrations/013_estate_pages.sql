-- The Azure estate's feature pages (spec §2 "A loader opens feature pages by component name"; the
-- columns are our choice, as a cloud-management portal shows them): Log Analytics workspace
-- settings, Enterprise Agreement enrolment accounts, the tags a tenant's policy requires, and the
-- bill of materials compared between two purchasing models. Everything else these pages show is
-- read from the inventory (azure_resources) and the cost roll-up (assistant_azure_costs), so the
-- figures agree with the resources and subscriptions pages.

-- The settings of a Log Analytics workspace (a resource of type
-- Microsoft.OperationalInsights/workspaces in azure_resources): its pricing tier and retention.
create table estate_log_workspaces (
  tenant_id text not null references tenants (id),
  resource_id text not null,
  pricing_tier text not null check (pricing_tier in ('Pay-as-you-go', 'Commitment tier 100 GB/day', 'Commitment tier 200 GB/day')),
  retention_days integer not null check (retention_days between 30 and 730),
  primary key (tenant_id, resource_id)
);

-- Enterprise Agreement enrolment accounts by department. subscription_id is the subscription the
-- account owns (null: none yet); its spend is that subscription's monthly cost roll-up.
create table estate_ea_accounts (
  tenant_id text not null references tenants (id),
  account_id text not null,
  enrollment_number text not null check (enrollment_number ~ '^[0-9]{8}$'),
  department text not null,
  account_name text not null,
  owner text not null,
  status text not null check (status in ('Active', 'Pending', 'Disabled')),
  start_date date not null,
  end_date date not null check (end_date > start_date),
  commitment_balance numeric(14, 2) not null,
  subscription_id text,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  primary key (tenant_id, account_id)
);

-- The tag names the tenant's policy requires on every resource.
create table estate_required_tags (
  tenant_id text not null references tenants (id),
  tag_name text not null,
  primary key (tenant_id, tag_name)
);

-- Bill of materials lines, long format: one row per line and purchasing model ('Current' or
-- 'Alternative'), so a chart can group the two side by side. Monthly cost = quantity × unit price.
create table estate_bom_lines (
  tenant_id text not null references tenants (id),
  line_id text not null,
  model text not null check (model in ('Current', 'Alternative')),
  line text not null,
  category text not null,
  model_name text not null,
  quantity integer not null check (quantity >= 0),
  unit_price numeric(14, 2) not null check (unit_price >= 0),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  primary key (tenant_id, line_id, model)
);
