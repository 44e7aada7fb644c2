import { PEOPLE_WINDOW_DAYS, RECENT_JOINER_DAYS, type M365_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql, SourceScope } from '../types';
import { currencyOf } from '../sqlParts';

const licenceCurrency = (s: SourceScope) => currencyOf('assistant_m365_licenses')(s);

/** Where the datasets of core's `M365_DATASETS` come from (see `../registry.ts` for the contract). */
export const M365_SQL: Readonly<Record<keyof typeof M365_DATASETS, DatasetSql>> = {
  m365Groups: {
    from: (s) => {
      const tenant = s.bind(s.tenantId);
      return `m365_groups g
        left join (select group_id, count(*) filter (where role = 'Owner') as owners, count(*) filter (where role = 'Member') as members
                     from m365_group_members where tenant_id = ${tenant} group by group_id) m on m.group_id = g.id
        where g.tenant_id = ${tenant}`;
    },
    id: 'g.id',
    idType: 'text',
    columns: {
      name: { sql: 'g.name' },
      type: { sql: 'g.type' },
      owners: { sql: 'coalesce(m.owners, 0)' },
      members: { sql: 'coalesce(m.members, 0)' },
      guests: { sql: 'g.guests' },
      createdOn: { sql: 'g.created_on' },
      lastActivity: { sql: 'g.last_activity', nullable: true },
      ownerless: { sql: 'coalesce(m.owners, 0) = 0' },
    },
    kpis: {
      groups: 'count(*)',
      ownerless: 'count(*) filter (where t."ownerless")',
      withGuests: 'count(*) filter (where t."guests" > 0)',
    },
    currency: licenceCurrency,
  },

  m365Devices: {
    from: (s) => {
      const tenant = s.bind(s.tenantId);
      return `m365_devices d join m365_users u on u.tenant_id = d.tenant_id and u.id = d.owner_id where d.tenant_id = ${tenant}`;
    },
    id: 'd.id',
    idType: 'text',
    columns: {
      name: { sql: 'd.name' },
      os: { sql: 'd.os' },
      osVersion: { sql: 'd.os_version' },
      owner: { sql: 'u.display_name' },
      ownerUpn: { sql: 'u.upn' },
      compliance: { sql: 'd.compliance' },
      managedBy: { sql: 'd.managed_by' },
      encrypted: { sql: 'd.encrypted' },
      lastCheckIn: { sql: 'd.last_check_in' },
    },
    kpis: {
      devices: 'count(*)',
      nonCompliant: `count(*) filter (where t."compliance" = 'Non-compliant')`,
      unencrypted: 'count(*) filter (where not t."encrypted")',
    },
    currency: licenceCurrency,
  },

  joiners: {
    // The 90-day window counts back from the directory snapshot day (as_of), as the users page's days inactive do.
    from: (s) => {
      const tenant = s.bind(s.tenantId);
      return `m365_users u
        left join m365_user_first_sign_ins f on f.tenant_id = u.tenant_id and f.user_id = u.id
        where u.tenant_id = ${tenant} and u.created_on >= u.as_of - ${s.bind(PEOPLE_WINDOW_DAYS)}::int`;
    },
    id: 'u.id',
    idType: 'text',
    columns: {
      displayName: { sql: 'u.display_name' },
      upn: { sql: 'u.upn' },
      department: { sql: 'u.department' },
      jobTitle: { sql: 'u.job_title' },
      startDate: { sql: 'u.created_on' },
      daysSinceStart: { sql: 'u.as_of - u.created_on' },
      licences: { sql: 'u.licenses' },
      firstSignIn: { sql: 'f.first_sign_in', nullable: true },
      lastSignIn: { sql: 'u.last_sign_in', nullable: true },
      mfaRegistered: { sql: 'u.mfa_registered' },
    },
    kpis: {
      joiners30: `count(*) filter (where t."daysSinceStart" <= ${RECENT_JOINER_DAYS})`,
      joiners90: 'count(*)',
      withoutMfa: 'count(*) filter (where not t."mfaRegistered")',
    },
    currency: licenceCurrency,
  },

  leavers: {
    // Every disabled account; its offboarding row gives the day it left and the mailbox action.
    from: (s) => {
      const tenant = s.bind(s.tenantId);
      return `m365_users u
        join m365_leavers lv on lv.tenant_id = u.tenant_id and lv.user_id = u.id
        where u.tenant_id = ${tenant} and not u.enabled`;
    },
    id: 'u.id',
    idType: 'text',
    columns: {
      displayName: { sql: 'u.display_name' },
      upn: { sql: 'u.upn' },
      department: { sql: 'u.department' },
      leftOn: { sql: 'lv.left_on' },
      daysSinceLeft: { sql: 'u.as_of - lv.left_on' },
      licences: { sql: 'u.licenses' },
      licenceCost: { sql: 'u.license_cost' },
      mailbox: { sql: 'lv.mailbox' },
    },
    kpis: {
      leavers90: `count(*) filter (where t."daysSinceLeft" <= ${PEOPLE_WINDOW_DAYS})`,
      stillLicensed: `count(*) filter (where t."licences" <> '')`,
      reclaimable: 'coalesce(sum(t."licenceCost"), 0)',
    },
    currency: licenceCurrency,
  },

  workerProfiles: {
    from: (s) => {
      const tenant = s.bind(s.tenantId);
      return `m365_worker_profiles p
        left join (select profile, count(*) as n from m365_user_profiles where tenant_id = ${tenant} group by profile) m on m.profile = p.profile
        where p.tenant_id = ${tenant}`;
    },
    id: 'p.profile',
    idType: 'text',
    columns: {
      profile: { sql: 'p.profile' },
      users: { sql: 'coalesce(m.n, 0)' },
      bundle: { sql: 'p.bundle' },
      costPerUser: { sql: 'p.cost_per_user' },
      total: { sql: 'coalesce(m.n, 0) * p.cost_per_user' },
    },
    kpis: {
      profiles: 'count(*)',
      users: 'coalesce(sum(t."users"), 0)',
      total: 'coalesce(sum(t."total"), 0)',
    },
    currency: licenceCurrency,
  },
};
