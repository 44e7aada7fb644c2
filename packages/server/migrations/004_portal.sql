-- Portal service (spec §3 "Menu node", "Page description", "Feedback", §7 "Portal service") and
-- audit service (spec §3 "Audit event", §7 "Audit", "Statistics logging", keepalive).

-- Page descriptions, by id (a menu item's url). The same for every tenant: the menu filter
-- (features, personas, preview) does the gating.
create table menu_pages (
  id text primary key,
  type text not null check (type in ('tabbed', 'ui', 'pbiReport', 'error')),
  component_class text,
  report_id text,
  pbi_report_page_filter text[] not null default '{}',
  assistance_src text,
  error text
);

-- The tabs of a tabbed page, in order. A tab is gated by features and scoped by personas like a menu item.
create table menu_page_tabs (
  page_id text not null references menu_pages (id),
  position integer not null,
  name text not null,
  display_name text not null,
  description text not null default '',
  type text not null check (type in ('report', 'ui')),
  assistance_src text,
  component_class text,
  report_id text,
  features text[] not null default '{}',
  personas text[] not null default '{}',
  primary key (page_id, name),
  check ((type = 'report') = (report_id is not null))
);

-- The menu tree: one row per node, children ordered by position under their parent.
create table menu_items (
  uuid text primary key,
  name text not null unique,
  parent_uuid text references menu_items (uuid),
  position integer not null,
  display_name text not null,
  description text not null default '',
  icon text not null default '',
  url text references menu_pages (id),
  tab_name text,
  features text[] not null default '{}',
  personas text[] not null default '{}',
  tags text[] not null default '{}',
  preview boolean not null default false,
  assistance_src text
);
create index menu_items_parent on menu_items (parent_uuid, position);

-- Feedback about a page, per tenant and sender (spec §3 "Feedback").
create table feedback (
  id text primary key,
  tenant_id text not null references tenants (id),
  user_id text not null references users (id),
  menu_uuid text not null references menu_items (uuid),
  tab_name text,
  rating integer not null check (rating between 0 and 5),
  type text not null check (type in ('Feedback', 'FR', 'Bug', 'Comment', 'Suggestion')),
  comment text not null check (length(comment) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index feedback_tenant on feedback (tenant_id, created_at desc);

-- Audit events per tenant and user, time-stamped by the server. page_key is the menu-map key of a
-- navigation event's location (spec §2 "Dynamic page"), kept so last/top-accessed can group by it.
create table audit_events (
  id text primary key,
  tenant_id text not null references tenants (id),
  user_id text not null references users (id),
  category text not null check (category in ('navigation', 'analytics', 'logout')),
  location text,
  previous_location text,
  location_name text,
  previous_location_name text,
  tab_name text,
  report_id text,
  page_name text,
  url text,
  page_key text,
  created_at timestamptz not null default now()
);
create index audit_events_user on audit_events (tenant_id, user_id, category, created_at desc);
create index audit_events_tenant on audit_events (tenant_id, created_at);

-- Last activity per user (keepalive pings and audit events), for the statistics' active users.
create table user_activity (
  tenant_id text not null references tenants (id),
  user_id text not null references users (id),
  last_seen_at timestamptz not null,
  primary key (tenant_id, user_id)
);
