-- Chatbot service (spec §3 "Chat", §4 "Chat", §5 "Chat message", §7 "Chatbot service", §9
-- "Assistant rate limit") and the tenant data its built-in assistant engine answers from.

-- Chats are personal: every row belongs to one user inside one tenant. name is set from the first
-- question (and by a rename); dataset is the dataset of the last question (spec §3 "Dataset option").
-- recency orders chats created in the same microsecond.
create sequence chats_recency;

create table chats (
  id text primary key,
  tenant_id text not null references tenants (id),
  user_id text not null references users (id),
  name text,
  dataset text not null check (dataset in ('all', 'm365', 'azure')),
  cost numeric(18, 6) not null default 0 check (cost >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  recency bigint not null default nextval('chats_recency')
);
create index chats_owner_created on chats (tenant_id, user_id, created_at desc, recency desc);
create index chats_owner_updated on chats (tenant_id, user_id, updated_at desc, recency desc);

-- The messages of a chat in order (spec §3 "Message"). followup holds the follow-up questions
-- offered after an assistant answer; cost is what the exchange that ended in this answer cost.
create sequence chat_messages_order;

create table chat_messages (
  id bigint primary key default nextval('chat_messages_order'),
  chat_id text not null references chats (id) on delete cascade,
  sender text not null check (sender in ('user', 'assistant')),
  message text not null,
  type text check (type = 'error'),
  related_links jsonb not null default '[]'::jsonb check (jsonb_typeof(related_links) = 'array'),
  followup jsonb not null default '[]'::jsonb check (jsonb_typeof(followup) = 'array'),
  cost numeric(18, 6) not null default 0 check (cost >= 0),
  created_at timestamptz not null default now()
);
create index chat_messages_chat on chat_messages (chat_id, id);

-- When each accepted question was asked: the rate limit of spec §9 (2 a minute per user) counts
-- these rows, so it holds across restarts and server instances. Not tied to a chat: deleting a
-- chat must not give its questions back.
create table assistant_requests (
  tenant_id text not null references tenants (id),
  user_id text not null references users (id),
  requested_at timestamptz not null default now()
);
create index assistant_requests_user on assistant_requests (tenant_id, user_id, requested_at desc);

-- The tenant data the assistant answers from (spec §5 "Dataset availability": azure and m365).
-- Amounts are per calendar month (period 'YYYY-MM') in the row's currency.

-- Azure cost per resource and month.
create table assistant_azure_costs (
  tenant_id text not null references tenants (id),
  period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  subscription_id text not null,
  subscription_name text not null,
  resource_group text not null,
  resource_name text not null,
  service text not null,
  amount numeric(14, 2) not null,
  currency text not null default 'USD',
  primary key (tenant_id, period, subscription_id, resource_group, resource_name)
);

-- Monthly Azure budgets; subscription_id null means the whole tenant.
create table assistant_azure_budgets (
  tenant_id text not null references tenants (id),
  name text not null,
  subscription_id text,
  amount numeric(14, 2) not null check (amount > 0),
  currency text not null default 'USD',
  primary key (tenant_id, name)
);

-- Reservations and savings plans with their utilisation and what they save a month.
create table assistant_azure_reservations (
  tenant_id text not null references tenants (id),
  name text not null,
  sku text not null,
  quantity integer not null check (quantity > 0),
  term text not null,
  utilisation numeric(5, 2) not null check (utilisation between 0 and 100),
  monthly_cost numeric(14, 2) not null,
  monthly_savings numeric(14, 2) not null,
  currency text not null default 'USD',
  expires_on date not null,
  primary key (tenant_id, name)
);

-- Open recommendations of both datasets with their estimated monthly savings.
create table assistant_recommendations (
  tenant_id text not null references tenants (id),
  id text not null,
  dataset text not null check (dataset in ('azure', 'm365')),
  category text not null,
  impact text not null check (impact in ('High', 'Medium', 'Low')),
  title text not null,
  resource text,
  monthly_savings numeric(14, 2) not null default 0,
  currency text not null default 'USD',
  position integer not null,
  primary key (tenant_id, id)
);

-- Microsoft 365 licences per SKU: purchased (available) and assigned, with the monthly unit price.
create table assistant_m365_licenses (
  tenant_id text not null references tenants (id),
  sku text not null,
  sku_part_number text not null,
  available integer not null check (available >= 0),
  assigned integer not null check (assigned >= 0),
  unit_price numeric(14, 2) not null,
  currency text not null default 'USD',
  position integer not null,
  primary key (tenant_id, sku)
);

-- Licensed users who have not signed in lately, as of the report date; days null = never signed in.
create table assistant_m365_inactive_users (
  tenant_id text not null references tenants (id),
  upn text not null,
  display_name text not null,
  department text not null,
  licenses text[] not null,
  days_since_sign_in integer check (days_since_sign_in >= 0),
  as_of date not null,
  primary key (tenant_id, upn)
);

-- Workload usage of the last 30 days before as_of (teams, mail, sharepoint).
create table assistant_m365_usage (
  tenant_id text not null references tenants (id),
  workload text not null check (workload in ('teams', 'mail', 'sharepoint')),
  metric text not null,
  value numeric(14, 2) not null,
  position integer not null,
  as_of date not null,
  primary key (tenant_id, workload, metric)
);

-- Microsoft Secure Score and its open improvement actions.
create table assistant_secure_scores (
  tenant_id text primary key references tenants (id),
  current_score numeric(8, 2) not null,
  max_score numeric(8, 2) not null check (max_score > 0),
  similar_organisations_pct numeric(5, 2) not null,
  as_of date not null
);

create table assistant_secure_score_actions (
  tenant_id text not null references tenants (id),
  title text not null,
  category text not null,
  points numeric(8, 2) not null,
  position integer not null,
  primary key (tenant_id, title)
);
