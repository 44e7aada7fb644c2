-- A truncate fires no row or transition-table trigger, so the kept columns of 020 and 021 on other
-- tables stayed as they were when their source was truncated (020's roll-ups are truncated with
-- theirs already). An operator reloading a source table with TRUNCATE now leaves them right:
-- each statement below is what the insert/update/delete triggers would have done for every row.

-- Runs the statement given as the trigger's argument.
create function cp_truncate_follow() returns trigger language plpgsql as $$
begin
  execute tg_argv[0];
  return null;
end $$;

-- No resources: no subscription counts any (021).
create trigger azure_resources_truncate_counts after truncate on azure_resources
  for each statement execute function cp_truncate_follow('update azure_subscriptions set resource_count = 0 where resource_count <> 0');

-- No subscriptions: each resource shows its subscription's id, as after a delete (020).
create trigger azure_subscriptions_truncate_names after truncate on azure_subscriptions
  for each statement execute function cp_truncate_follow('update azure_resources set subscription_name = subscription_id where subscription_name is distinct from subscription_id');

-- No monthly cost rows: no resource cost anything last month (020).
create trigger assistant_azure_costs_truncate_resources after truncate on assistant_azure_costs
  for each statement execute function cp_truncate_follow('update azure_resources set cost_last_month = 0 where cost_last_month <> 0');

-- No licence assignments: no user holds a licence (020).
create trigger m365_user_licenses_truncate_users after truncate on m365_user_licenses
  for each statement execute function cp_truncate_follow($sql$update m365_users set licenses = '', license_cost = 0 where licenses <> '' or license_cost <> 0$sql$);

-- No licence prices or order: each holder's licences are listed by name and cost nothing (020).
create function assistant_m365_licenses_truncate_users() returns trigger language plpgsql as $$
begin
  execute m365_users_licenses_sql('select tenant_id, user_id from m365_user_licenses');
  return null;
end $$;
create trigger assistant_m365_licenses_truncate_users after truncate on assistant_m365_licenses
  for each statement execute function assistant_m365_licenses_truncate_users();
