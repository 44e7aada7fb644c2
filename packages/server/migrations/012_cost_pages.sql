-- The cost management feature pages' tables (spec §2 names the pages; their data is decided here):
-- the tenant's Azure consumption commitment (MACC), the cost anomalies detected over the daily cost
-- rows (kept, so what users do with them persists), invoices, shared cost allocation rules and the
-- projects' budgets. Costs are never stored twice where they can be read: the pages sum
-- assistant_azure_costs and azure_daily_costs, the seed copies their sums into anomalies and invoices.

-- A Microsoft Azure Consumption Commitment: an amount to consume between two days.
create table cost_maccs (
  tenant_id text not null references tenants (id),
  id text not null,
  name text not null,
  amount numeric(14, 2) not null check (amount > 0),
  start_date date not null,
  end_date date not null check (end_date > start_date),
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  primary key (tenant_id, id)
);

-- A day whose cost of a subscription and service rose well above the mean of the 14 days before.
create table cost_anomalies (
  tenant_id text not null references tenants (id),
  id text not null,
  day date not null,
  subscription_id text not null,
  subscription_name text not null,
  service text not null,
  expected numeric(14, 2) not null,
  actual numeric(14, 2) not null,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'Open' check (status in ('Open', 'Acknowledged', 'Dismissed')),
  status_reason text,
  status_by text,
  status_at timestamptz,
  primary key (tenant_id, id)
);

-- An invoice of one month and provider.
create table cost_invoices (
  tenant_id text not null references tenants (id),
  invoice_number text not null,
  period date not null,
  provider text not null check (provider in ('Azure', 'Microsoft 365', 'Marketplace')),
  amount numeric(14, 2) not null,
  status text not null check (status in ('Paid', 'Due', 'Overdue')),
  due_date date not null,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  primary key (tenant_id, invoice_number),
  unique (tenant_id, period, provider)
);

-- Who carries which share of the shared resource groups' cost; a tenant's shares add up to 1.
create table cost_shared_rules (
  tenant_id text not null references tenants (id),
  cost_centre text not null,
  rule text not null,
  share numeric(6, 4) not null check (share > 0 and share <= 1),
  primary key (tenant_id, cost_centre)
);

-- The projects (values of the resources' `project` tag) with their owner and monthly budget.
create table cost_project_budgets (
  tenant_id text not null references tenants (id),
  project text not null,
  owner text not null,
  budget numeric(14, 2) not null check (budget >= 0),
  primary key (tenant_id, project)
);
