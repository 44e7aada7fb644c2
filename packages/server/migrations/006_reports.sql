-- Report embedding (spec §3 "Report settings from the server", "Page of an embedded report";
-- §7 "Report embedding").

-- The product's reports, offered to every tenant. A report with no entity (entity_id null) is not
-- published to this portal: its embed answer has no token, url or id (spec §2 "Unlicensed feature").
-- license_module, when set, is the licence module (spec §5) a tenant must hold actively for the
-- report to be embedded for it. embed_failure, when set, makes the token call fail with 502 and
-- that message (the report's embedding backend is down: spec §8 "Token failure").
create table reports (
  id text primary key,
  name text not null,
  description text not null default '',
  error_message text,
  report_page text,
  entity_id text,
  workspace_id text,
  license_module text,
  embed_failure text,
  -- [{name, displayName, visibility, isActive}], exactly one isActive.
  pages jsonb not null default '[]'::jsonb check (jsonb_typeof(pages) = 'array'),
  check ((entity_id is null) = (workspace_id is null))
);

-- How a tenant's custom report (custom_content, kind 'report') is embedded. A custom report with
-- no row here is not published yet.
create table custom_report_embeds (
  tenant_id text not null,
  kind text not null default 'report' check (kind = 'report'),
  report_id text not null,
  entity_id text not null,
  workspace_id text not null,
  report_page text,
  pages jsonb not null default '[]'::jsonb check (jsonb_typeof(pages) = 'array'),
  primary key (tenant_id, report_id),
  foreign key (tenant_id, kind, report_id) references custom_content (tenant_id, kind, id) on delete cascade
);
