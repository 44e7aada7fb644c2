-- Saved views (bookmarks) of embedded reports (spec §3 "Bookmark (saved view)", §7 "Bookmarks").
-- Personal: every row belongs to one user inside one tenant, under one report page and tab.
-- A page without tabs stores tab_name '' (never null, so it takes part in the unique index).

-- Recency (spec §4: saved and selected views come first). A sequence rather than a timestamp, so
-- two saves or touches in the same microsecond still have a strict order.
create sequence pbi_bookmarks_recency;

create table pbi_bookmarks (
  entry_id text primary key,
  tenant_id text not null references tenants (id),
  user_id text not null references users (id),
  page_name text not null,
  tab_name text not null default '',
  name text not null,
  state text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  recency bigint not null default nextval('pbi_bookmarks_recency')
);

-- The list of one user's views of one page and tab, most recent first.
create index pbi_bookmarks_list on pbi_bookmarks (tenant_id, user_id, page_name, tab_name, recency desc);

-- Spec §5: names are unique per page and tab, case-insensitively (the server adds the ' (n)' suffix).
create unique index pbi_bookmarks_name on pbi_bookmarks (tenant_id, user_id, page_name, tab_name, lower(name));
