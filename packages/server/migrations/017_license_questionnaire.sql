-- The licence questionnaire's answers (spec §2 `license-questionnaire`), one set per tenant: how
-- many people work in which way, as core's LicenceAnswers. Who saved them last, and when.
create table license_questionnaires (
  tenant_id text primary key references tenants (id),
  answers jsonb not null,
  updated_by text not null,
  updated_at timestamptz not null default now()
);
