-- The Microsoft 365 directory pages (spec §2 "A loader opens feature pages by component name"; the
-- columns are our choice, as a cloud-management portal shows): groups with their owners and members,
-- Intune-managed devices, the first sign-in of each user (for the joiners), the leavers' offboarding
-- and the licence profiles by worker type. Every membership, device owner, leaver and profile user is
-- a row of m365_users, so the pages count the same people the users page lists.

-- Microsoft 365, security and distribution groups and Teams. Guests are external accounts, not
-- directory users: only their count is kept. last_activity is null for groups without a mailbox or
-- site (security groups, most distribution lists).
create table m365_groups (
  tenant_id text not null references tenants (id),
  id text not null,
  name text not null,
  type text not null check (type in ('Microsoft 365', 'Security', 'Distribution', 'Team')),
  guests integer not null check (guests >= 0),
  created_on date not null,
  last_activity date,
  primary key (tenant_id, id)
);

-- Who owns and who is a member of each group (an owner is counted as an owner, not a member).
create table m365_group_members (
  tenant_id text not null,
  group_id text not null,
  user_id text not null,
  role text not null check (role in ('Owner', 'Member')),
  primary key (tenant_id, group_id, user_id),
  foreign key (tenant_id, group_id) references m365_groups (tenant_id, id),
  foreign key (tenant_id, user_id) references m365_users (tenant_id, id)
);

-- Devices enrolled in Intune, each with its primary user.
create table m365_devices (
  tenant_id text not null,
  id text not null,
  name text not null,
  os text not null check (os in ('Windows', 'macOS', 'iOS', 'Android')),
  os_version text not null,
  owner_id text not null,
  compliance text not null check (compliance in ('Compliant', 'Non-compliant', 'In grace period')),
  managed_by text not null check (managed_by in ('Intune', 'Co-managed')),
  encrypted boolean not null,
  last_check_in date not null,
  primary key (tenant_id, id),
  foreign key (tenant_id, owner_id) references m365_users (tenant_id, id)
);

-- The first interactive sign-in of each user who has signed in (between joining and the last one).
create table m365_user_first_sign_ins (
  tenant_id text not null,
  user_id text not null,
  first_sign_in date not null,
  primary key (tenant_id, user_id),
  foreign key (tenant_id, user_id) references m365_users (tenant_id, id)
);

-- The offboarding of each disabled account: the day the person left and what became of the mailbox.
create table m365_leavers (
  tenant_id text not null,
  user_id text not null,
  left_on date not null,
  mailbox text not null check (mailbox in ('Converted to shared mailbox', 'Deleted', 'Retained')),
  primary key (tenant_id, user_id),
  foreign key (tenant_id, user_id) references m365_users (tenant_id, id)
);

-- Licence profiles by worker type: the bundle each profile's users get and its price a month.
create table m365_worker_profiles (
  tenant_id text not null references tenants (id),
  profile text not null,
  bundle text not null,
  cost_per_user numeric(14, 2) not null check (cost_per_user >= 0),
  position integer not null,
  primary key (tenant_id, profile)
);

-- Which profile each enabled user is mapped to (from the job title and department).
create table m365_user_profiles (
  tenant_id text not null,
  user_id text not null,
  profile text not null,
  primary key (tenant_id, user_id),
  foreign key (tenant_id, user_id) references m365_users (tenant_id, id),
  foreign key (tenant_id, profile) references m365_worker_profiles (tenant_id, profile)
);
create index m365_user_profiles_profile on m365_user_profiles (tenant_id, profile);
