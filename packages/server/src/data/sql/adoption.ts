import type { ADOPTION_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../types';
import { usd } from '../sqlParts';

/** Where the datasets of core's `ADOPTION_DATASETS` come from (see `../registry.ts` for the contract). */
export const ADOPTION_SQL: Readonly<Record<keyof typeof ADOPTION_DATASETS, DatasetSql>> = {
  thirdPartyApps: {
    from: (s) => `m365_third_party_apps a where a.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'a.app_id',
    idType: 'text',
    columns: {
      app: { sql: 'a.name' },
      publisher: { sql: 'a.publisher' },
      verified: { sql: 'a.verified' },
      permissions: { sql: 'a.permissions' },
      permissionLevel: { sql: 'a.permission_level' },
      consentType: { sql: 'a.consent_type' },
      users: { sql: 'a.users' },
      risk: { sql: 'a.risk' },
      lastUsed: { sql: 'a.last_used', nullable: true },
    },
    kpis: {
      apps: 'count(*)',
      highRisk: `count(*) filter (where t."risk" = 'High')`,
      unverified: 'count(*) filter (where not t."verified")',
    },
    currency: usd,
  },

  sharepointSettings: {
    from: (s) => `m365_sharepoint_settings p where p.tenant_id = ${s.bind(s.tenantId)}`,
    id: 'p.setting',
    idType: 'text',
    columns: {
      setting: { sql: 'p.setting' },
      category: { sql: 'p.category' },
      currentValue: { sql: 'p.current_value' },
      recommendedValue: { sql: 'p.recommended_value' },
      compliant: { sql: 'p.compliant' },
      result: { sql: `case when p.compliant then 'Compliant' else 'Not compliant' end` },
      impact: { sql: 'p.impact' },
    },
    kpis: {
      settings: 'count(*)',
      compliantShare: 'coalesce(avg(case when t."compliant" then 1.0 else 0.0 end), 0)',
      nonCompliantHigh: `count(*) filter (where not t."compliant" and t."impact" = 'High')`,
    },
    currency: usd,
  },

  teamsCallDays: {
    from: (s) => `m365_teams_call_days d where d.tenant_id = ${s.bind(s.tenantId)}`,
    id: `to_char(d.day, 'YYYY-MM-DD')`,
    idType: 'text',
    columns: {
      date: { sql: 'd.day' },
      // Trimmed: to_char pads the day's name to nine characters.
      weekday: { sql: `trim(to_char(d.day, 'Day'))` },
      calls: { sql: 'd.calls' },
      meetings: { sql: 'd.meetings' },
      averageMinutes: { sql: 'd.average_minutes' },
      poorShare: { sql: 'case when d.calls > 0 then round(d.poor_calls::numeric / d.calls, 4) else 0 end' },
      poorCalls: { sql: 'd.poor_calls' },
      pstnMinutes: { sql: 'd.pstn_minutes' },
      participants: { sql: 'd.participants' },
    },
    kpis: {
      calls: 'coalesce(sum(t."calls"), 0)',
      meetings: 'coalesce(sum(t."meetings"), 0)',
      // Weighted by the days' calls, not an average of the days' shares.
      poorShare: 'coalesce(sum(t."poorCalls")::numeric / nullif(sum(t."calls"), 0), 0)',
    },
    currency: usd,
  },

  adoptionChecks: {
    from: (s) => `m365_adoption_checks c where c.tenant_id = ${s.bind(s.tenantId)}`,
    id: `c.kind || ':' || c.check_name`,
    idType: 'text',
    columns: {
      check: { sql: 'c.check_name' },
      kind: { sql: 'c.kind' },
      category: { sql: 'c.category' },
      achieved: { sql: 'c.achieved' },
      possible: { sql: 'c.possible' },
      score: { sql: 'round(c.achieved / c.possible, 4)' },
      status: {
        sql: `case when c.achieved >= c.possible then 'Achieved' when c.achieved = 0 then 'Not started' else 'Partially achieved' end`,
      },
      recommendation: { sql: 'c.recommendation' },
    },
    kpis: {
      score: 'coalesce(sum(t."achieved") / nullif(sum(t."possible"), 0), 0)',
      pointsAvailable: 'coalesce(sum(t."possible") - sum(t."achieved"), 0)',
      notStarted: `count(*) filter (where t."status" = 'Not started')`,
    },
    currency: usd,
  },
};
