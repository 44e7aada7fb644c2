-- The operations feature pages' data (spec §2 "A loader opens feature pages by component name";
-- the columns are our choice, as a cloud-management portal shows): the data pipelines that feed the
-- portal with their run history, the tenant's rules, Microsoft service-health events, alert
-- definitions, Azure Monitor metric alerts, security alerts and the portal's release notes.
-- Every table is the tenant's: tenant_id comes first in its primary key. The seed fills them
-- deterministically (src/seed/operationsPages.ts).

-- The data pipelines; interval_minutes is the time between two scheduled runs.
create table ops_pipelines (
  tenant_id text not null references tenants (id),
  id text not null,
  name text not null,
  source text not null check (source in ('Azure Resource Manager', 'Cost Management', 'Microsoft Graph', 'Partner Center', 'EA portal')),
  schedule text not null,
  interval_minutes integer not null check (interval_minutes > 0),
  primary key (tenant_id, id)
);

-- Each run of a pipeline (30 days of them); the page shows each pipeline's newest.
create table ops_pipeline_runs (
  tenant_id text not null,
  pipeline_id text not null,
  started_at timestamptz not null,
  status text not null check (status in ('Succeeded', 'Failed', 'Running', 'Queued')),
  duration_seconds integer not null check (duration_seconds >= 0),
  rows_read bigint not null check (rows_read >= 0),
  primary key (tenant_id, pipeline_id, started_at),
  foreign key (tenant_id, pipeline_id) references ops_pipelines (tenant_id, id)
);

-- Cost allocation and alerting rules; last_triggered null = never triggered.
create table ops_rules (
  tenant_id text not null references tenants (id),
  id text not null,
  name text not null,
  kind text not null check (kind in ('Cost allocation', 'Budget alert', 'Anomaly alert', 'Tag policy')),
  scope text not null,
  condition text not null,
  action text not null,
  enabled boolean not null,
  last_triggered timestamptz,
  created_by text not null,
  primary key (tenant_id, id)
);

-- Service-health events; module is the licence they concern (a tenant sees its licensed modules' only).
create table ops_service_health (
  tenant_id text not null references tenants (id),
  id text not null,
  module text not null check (module in ('azure', 'm365')),
  service text not null,
  title text not null,
  classification text not null check (classification in ('Incident', 'Advisory', 'Planned maintenance')),
  status text not null check (status in ('Active', 'Resolved')),
  impact text not null,
  region text,
  started_at timestamptz not null,
  updated_at timestamptz not null,
  resolved_at timestamptz,
  primary key (tenant_id, id),
  check ((status = 'Resolved') = (resolved_at is not null))
);

-- Alert rules; their names are those of the alerts (migration 011) they raise.
create table ops_alert_definitions (
  tenant_id text not null references tenants (id),
  id text not null,
  module text not null check (module in ('azure', 'm365')),
  name text not null,
  signal text not null check (signal in ('Metric', 'Log', 'Activity log', 'Budget', 'Service health')),
  condition text not null,
  threshold numeric not null,
  scope text not null,
  severity text not null check (severity in ('Critical', 'Error', 'Warning', 'Informational')),
  recipients text not null,
  enabled boolean not null,
  primary key (tenant_id, id),
  unique (tenant_id, name)
);
create index ops_alerts_by_name on alerts (tenant_id, name, fired_at);

-- Azure Monitor metric alerts on the tenant's resources, with what a user did with them.
create table ops_metric_alerts (
  tenant_id text not null references tenants (id),
  id text not null,
  resource_name text not null,
  resource_type text not null,
  metric text not null,
  operator text not null check (operator in ('Greater than', 'Less than')),
  threshold numeric not null,
  current_value numeric not null,
  severity text not null check (severity in ('Critical', 'Error', 'Warning', 'Informational')),
  fired_at timestamptz not null,
  status text not null default 'Fired' check (status in ('Fired', 'Acknowledged', 'Resolved')),
  status_by text,
  status_at timestamptz,
  primary key (tenant_id, id)
);

-- Security alerts (Microsoft Defender, Entra ID Protection) by licence module.
create table ops_security_alerts (
  tenant_id text not null references tenants (id),
  id text not null,
  module text not null check (module in ('azure', 'm365')),
  title text not null,
  severity text not null check (severity in ('High', 'Medium', 'Low', 'Informational')),
  category text not null,
  entity text not null,
  source text not null,
  detected_at timestamptz not null,
  status text not null default 'New' check (status in ('New', 'In progress', 'Resolved')),
  status_by text,
  status_at timestamptz,
  primary key (tenant_id, id)
);

-- The portal's release notes (the same for every tenant, stored per tenant like every page's rows).
create table ops_release_notes (
  tenant_id text not null references tenants (id),
  id text not null,
  version text not null,
  released date not null,
  area text not null check (area in ('Portal', 'Reports', 'Assistant', 'Data', 'Security')),
  kind text not null check (kind in ('New', 'Improved', 'Fixed')),
  title text not null,
  description text not null,
  primary key (tenant_id, id)
);
