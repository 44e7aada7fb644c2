-- The feature pages' data (spec §2 "Dynamic page"; §7 "cost-management calls", paths not shown):
-- Azure subscriptions, daily cost rows (the FOCUS source), Microsoft 365 users with their licences
-- and sign-in activity, alerts with their history; and what the existing tables lacked for the pages.
-- Every table is the tenant's: tenant_id comes first in its primary key. The seed fills them
-- deterministically (src/seed/featureData.ts); the assistant's monthly roll-up assistant_azure_costs
-- is derived from azure_daily_costs, so pages, reports and the assistant read one data set.

-- Azure subscriptions with their offer, state and owner.
create table azure_subscriptions (
  tenant_id text not null references tenants (id),
  subscription_id text not null,
  name text not null,
  offer text not null check (offer in ('Pay-As-You-Go', 'Enterprise Agreement', 'CSP', 'Dev/Test')),
  state text not null check (state in ('Enabled', 'Warned', 'Disabled')),
  owner text not null,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  created_on date not null,
  primary key (tenant_id, subscription_id)
);

-- The inventory gets the SKU, the creation day and a kind (e.g. 'StorageV2', 'linux').
alter table azure_resources add column sku text not null default '';
alter table azure_resources add column kind text not null default '';
alter table azure_resources add column created_on date;
create index azure_resources_subscription on azure_resources (tenant_id, subscription_id);

-- One row per resource, meter and day: the cost source the FOCUS view shows. id is unique within
-- the tenant and stable: the seed makes it (day - 2000-01-01) * 100000 + the resource's number, so
-- ordering by id orders by day, and the primary key serves the newest-first page without an index
-- of its own (fewer indexes also keep the first start's seeding fast).
create table azure_daily_costs (
  tenant_id text not null references tenants (id),
  id bigint not null,
  usage_date date not null,
  subscription_id text not null,
  subscription_name text not null,
  resource_group text not null,
  resource_id text not null,
  resource_name text not null,
  service text not null,
  service_category text not null,
  meter text not null,
  region text not null,
  charge_category text not null default 'Usage' check (charge_category in ('Usage', 'Purchase', 'Tax', 'Credit', 'Adjustment')),
  pricing_category text not null default 'Standard' check (pricing_category in ('Standard', 'Committed', 'Dynamic')),
  quantity numeric(18, 4) not null,
  unit text not null,
  billed_cost numeric(14, 2) not null,
  effective_cost numeric(14, 2) not null,
  currency text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  primary key (tenant_id, id)
);

-- The FOCUS 1.0 columns the feature page shows (FinOps Open Cost and Usage Specification names).
create view focus_costs as
select tenant_id, id, usage_date as charge_period_start, billed_cost, effective_cost, currency as billing_currency,
       service as service_name, service_category, resource_id, resource_name, region as region_name,
       subscription_name as sub_account_name, subscription_id as sub_account_id, charge_category, pricing_category,
       quantity as consumed_quantity, unit as consumed_unit
  from azure_daily_costs;

-- Microsoft 365 users: last_sign_in null = never signed in. as_of is the day of the snapshot the
-- sign-in activity was read on (the assistant's inactive users are counted as of the same day).
create table m365_users (
  tenant_id text not null references tenants (id),
  id text not null,
  upn text not null,
  display_name text not null,
  department text not null,
  job_title text not null,
  enabled boolean not null,
  mfa_registered boolean not null,
  last_sign_in date,
  created_on date not null,
  as_of date not null,
  primary key (tenant_id, id),
  unique (tenant_id, upn)
);

-- The licences (SKU names of assistant_m365_licenses) each user holds.
create table m365_user_licenses (
  tenant_id text not null,
  user_id text not null,
  sku text not null,
  primary key (tenant_id, user_id, sku),
  foreign key (tenant_id, user_id) references m365_users (tenant_id, id)
);
create index m365_user_licenses_sku on m365_user_licenses (tenant_id, sku);

-- Alerts that fired, with their current status; alert_history keeps every change.
create table alerts (
  tenant_id text not null references tenants (id),
  id text not null,
  name text not null,
  severity text not null check (severity in ('Critical', 'Error', 'Warning', 'Informational')),
  scope text not null,
  condition text not null,
  fired_at timestamptz not null,
  status text not null default 'Fired' check (status in ('Fired', 'Acknowledged', 'Resolved')),
  status_by text,
  status_at timestamptz,
  primary key (tenant_id, id)
);

create table alert_history (
  tenant_id text not null,
  alert_id text not null,
  seq integer not null,
  at timestamptz not null,
  status text not null check (status in ('Fired', 'Acknowledged', 'Resolved')),
  by_name text,
  note text,
  primary key (tenant_id, alert_id, seq),
  foreign key (tenant_id, alert_id) references alerts (tenant_id, id)
);

-- Recommendations: the cloud they are about (AWS ones belong to the azure dataset, whose licence
-- they need) and what a user did with them. The assistant reads the open ones only.
alter table assistant_recommendations add column provider text;
update assistant_recommendations set provider = dataset;
alter table assistant_recommendations alter column provider set not null;
alter table assistant_recommendations add constraint assistant_recommendations_provider_check
  check (provider in ('azure', 'm365', 'aws') and (provider = 'm365') = (dataset = 'm365'));
alter table assistant_recommendations add column status text not null default 'open' check (status in ('open', 'dismissed', 'done'));
alter table assistant_recommendations add column status_reason text;
alter table assistant_recommendations add column status_by text;
alter table assistant_recommendations add column status_at timestamptz;
