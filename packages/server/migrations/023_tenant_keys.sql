-- Every key of a tenant's rows leads with tenant_id (issue 22 §2): the primary keys that were an id
-- alone become (tenant_id, id), the foreign keys to them (tenant_id, …) too, and a chat's messages
-- carry their tenant. Lookups already name the tenant, so each is one index range either way; and
-- tenant_id is the column a sharded PostgreSQL (Citus) distributes the tenant tables by, which
-- requires it in every primary key, unique index and foreign key of those tables. The two indexes
-- not led by the tenant serve the two lookups that cannot know it: sign-in finds an identity's
-- memberships in every tenant (users_upn, 002), and a refresh token's cookie carries no tenant
-- (refresh_tokens_hash below). A sharded database asks every shard for those; both are rare.

-- The foreign keys to users (id) and chats (id) go first; they come back as (tenant_id, …) below.
alter table refresh_tokens drop constraint refresh_tokens_user_id_fkey;
alter table feedback drop constraint feedback_user_id_fkey;
alter table audit_events drop constraint audit_events_user_id_fkey;
alter table user_activity drop constraint user_activity_user_id_fkey;
alter table pbi_bookmarks drop constraint pbi_bookmarks_user_id_fkey;
alter table tenant_activations drop constraint tenant_activations_activated_by_fkey;
alter table chats drop constraint chats_user_id_fkey;
alter table assistant_requests drop constraint assistant_requests_user_id_fkey;
alter table chat_messages drop constraint chat_messages_chat_id_fkey;

-- A chat's messages carry the chat's tenant.
alter table chat_messages add column tenant_id text references tenants (id);
update chat_messages m set tenant_id = c.tenant_id from chats c where c.id = m.chat_id;
alter table chat_messages alter column tenant_id set not null;
drop index chat_messages_chat;
create index chat_messages_chat on chat_messages (tenant_id, chat_id, id);

alter table users drop constraint users_pkey, add primary key (tenant_id, id);
alter table chats drop constraint chats_pkey, add primary key (tenant_id, id);
alter table chat_messages drop constraint chat_messages_pkey, add primary key (tenant_id, id);
alter table pbi_bookmarks drop constraint pbi_bookmarks_pkey, add primary key (tenant_id, entry_id);
alter table feedback drop constraint feedback_pkey, add primary key (tenant_id, id);
alter table audit_events drop constraint audit_events_pkey, add primary key (tenant_id, id);
alter table notification_outbox drop constraint notification_outbox_pkey, add primary key (tenant_id, id);
alter table sync_runs drop constraint sync_runs_pkey, add primary key (tenant_id, id);
alter table refresh_tokens drop constraint refresh_tokens_pkey, add primary key (tenant_id, token_hash);
create index refresh_tokens_hash on refresh_tokens (token_hash);
drop index refresh_tokens_user;
create index refresh_tokens_user on refresh_tokens (tenant_id, user_id);

alter table refresh_tokens add foreign key (tenant_id, user_id) references users (tenant_id, id);
alter table feedback add foreign key (tenant_id, user_id) references users (tenant_id, id);
alter table audit_events add foreign key (tenant_id, user_id) references users (tenant_id, id);
alter table user_activity add foreign key (tenant_id, user_id) references users (tenant_id, id);
alter table pbi_bookmarks add foreign key (tenant_id, user_id) references users (tenant_id, id);
alter table tenant_activations add foreign key (tenant_id, activated_by) references users (tenant_id, id);
alter table chats add foreign key (tenant_id, user_id) references users (tenant_id, id);
alter table assistant_requests add foreign key (tenant_id, user_id) references users (tenant_id, id);
alter table chat_messages add foreign key (tenant_id, chat_id) references chats (tenant_id, id) on delete cascade;
