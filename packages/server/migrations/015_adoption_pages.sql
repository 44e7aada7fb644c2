-- Microsoft 365 adoption's feature pages (spec §2 "A loader opens feature pages by component name"; the
-- columns are our choice, as a cloud-management portal shows them): third-party apps with consent, the
-- SharePoint tenant settings against the recommended values, Teams calls a day, and the checks behind
-- the Copilot readiness and usage scores. The seed fills them (src/seed/adoptionPages.ts); the Teams
-- days and the usage score are derived from the assistant's assistant_m365_usage, so pages agree.

-- OAuth apps with a consent grant: the highest permission level granted, who consented, the risk.
create table m365_third_party_apps (
  tenant_id text not null references tenants (id),
  app_id text not null,
  name text not null,
  publisher text not null,
  verified boolean not null,
  permissions text not null,
  permission_level text not null check (permission_level in ('Low', 'Medium', 'High')),
  consent_type text not null check (consent_type in ('Admin', 'User')),
  users integer not null check (users >= 0),
  risk text not null check (risk in ('Low', 'Medium', 'High')),
  last_used date,
  primary key (tenant_id, app_id)
);

-- SharePoint and OneDrive tenant settings: the tenant's value and the recommended one.
create table m365_sharepoint_settings (
  tenant_id text not null references tenants (id),
  setting text not null,
  category text not null check (category in ('Sharing', 'Access control', 'OneDrive', 'Retention', 'Sync', 'Sites')),
  current_value text not null,
  recommended_value text not null,
  compliant boolean not null,
  impact text not null check (impact in ('High', 'Medium', 'Low')),
  primary key (tenant_id, setting)
);

-- Teams calls and meetings a day; poor_calls of the day's calls were rated poor.
create table m365_teams_call_days (
  tenant_id text not null references tenants (id),
  day date not null,
  calls integer not null check (calls >= 0),
  meetings integer not null check (meetings >= 0),
  average_minutes numeric(6, 1) not null,
  poor_calls integer not null check (poor_calls >= 0 and poor_calls <= calls),
  pstn_minutes integer not null check (pstn_minutes >= 0),
  participants integer not null check (participants >= 0),
  primary key (tenant_id, day)
);

-- The checks behind Copilot readiness, the usage score and the usage assessment.
create table m365_adoption_checks (
  tenant_id text not null references tenants (id),
  kind text not null check (kind in ('Copilot readiness', 'Usage score', 'Usage assessment')),
  check_name text not null,
  category text not null,
  achieved numeric(6, 1) not null check (achieved >= 0),
  possible numeric(6, 1) not null check (possible > 0 and achieved <= possible),
  recommendation text not null,
  position integer not null,
  primary key (tenant_id, kind, check_name)
);
