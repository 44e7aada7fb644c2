/**
 * The `sharepointSettings` dataset (core's `ADOPTION_DATASETS.sharepointSettings`, shown by
 * `ADOPTION_PAGES`): where its rows come from (the SQL the query builder reads) and its demo rows (the
 * seed), side by side.
 */

import { usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import type { M365Tenant, Level } from './shared';

/**
 * Where the rows of core's `ADOPTION_DATASETS.sharepointSettings` come from (see `data/registry.ts`
 * for the contract).
 */
export const SHAREPOINT_SETTINGS_SQL: DatasetSql = {
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
};

/** A setting: name, category, recommended value, weaker values a tenant may have, impact. */
const SETTINGS: readonly (readonly [string, string, string, readonly string[], Level])[] = [
  [
    'External sharing level (SharePoint)',
    'Sharing',
    'New and existing guests',
    ['Anyone', 'Existing guests only'],
    'High',
  ],
  [
    'External sharing level (OneDrive)',
    'Sharing',
    'Existing guests only',
    ['Anyone', 'New and existing guests'],
    'High',
  ],
  [
    'Default sharing link type',
    'Sharing',
    'Specific people',
    ['Anyone with the link', 'People in your organization'],
    'High',
  ],
  ['Default link permission', 'Sharing', 'View', ['Edit'], 'Medium'],
  ['Anyone link expiration', 'Sharing', '30 days', ['Never', '180 days', '90 days'], 'High'],
  ['Anyone link permissions (files)', 'Sharing', 'View', ['View and edit'], 'Medium'],
  ['Limit external sharing by domain', 'Sharing', 'Allow only specified domains', ['Off'], 'Medium'],
  ['Guests must sign in with the same account', 'Sharing', 'On', ['Off'], 'Medium'],
  ['Guest access expiry', 'Access control', '60 days', ['Never', '365 days'], 'High'],
  ['Email verification code reauthentication', 'Access control', '30 days', ['Never', '90 days'], 'Low'],
  ['Idle session sign-out', 'Access control', 'After 1 hour', ['Off', 'After 8 hours'], 'Medium'],
  ['Unmanaged device access', 'Access control', 'Allow limited, web-only access', ['Allow full access'], 'High'],
  [
    'Legacy authentication (apps that do not use modern authentication)',
    'Access control',
    'Blocked',
    ['Allowed'],
    'High',
  ],
  ['Network location restriction', 'Access control', 'Corporate IP ranges only', ['Off'], 'Low'],
  ['OneDrive storage quota (default)', 'OneDrive', '1 TB', ['5 TB', '25 TB'], 'Low'],
  ['OneDrive retention for deleted users', 'OneDrive', '365 days', ['30 days', '90 days'], 'Medium'],
  ['OneDrive access for departed users’ managers', 'OneDrive', 'On', ['Off'], 'Low'],
  ['Known folder move', 'Sync', 'Silently move Windows known folders', ['Off', 'Prompt users'], 'Medium'],
  ['Sync client restricted to domain-joined PCs', 'Sync', 'On', ['Off'], 'Medium'],
  ['Block file types from syncing', 'Sync', '.exe, .bat, .ps1', ['None'], 'Low'],
  ['Site creation by users', 'Sites', 'Off (admins create sites)', ['On'], 'Low'],
  ['Site storage limits', 'Sites', 'Automatic', ['Manual'], 'Low'],
  ['Restricted SharePoint Search', 'Sites', 'On for Copilot rollout', ['Off'], 'Medium'],
  ['Retention policy for SharePoint sites', 'Retention', 'Retain 7 years', ['None', 'Retain 1 year'], 'High'],
  ['Version history limits', 'Retention', 'Automatic', ['500 major versions', 'Unlimited'], 'Low'],
];

/**
 * Seeds the tenant's SharePoint tenant settings (`m365_sharepoint_settings`), each compliant with
 * the recommendation or not.
 */
export async function seedSettings(tx: Database, t: M365Tenant): Promise<void> {
  if (await hasRows(tx, 'm365_sharepoint_settings', t.tenantId)) return;
  const rnd = random(`${t.tenantId}:m365_sharepoint_settings`);
  const p = t.enabledUsers >= 300 ? 0.62 : 0.45;
  const rows = SETTINGS.map(([setting, category, recommended, weaker, impact]) => {
    const compliant = rnd.chance(p);
    return {
      tenant_id: t.tenantId,
      setting,
      category,
      current_value: compliant ? recommended : rnd.pick(weaker),
      recommended_value: recommended,
      compliant,
      impact,
    };
  });
  await insertJson(
    tx,
    'm365_sharepoint_settings',
    'tenant_id, setting, category, current_value, recommended_value, compliant, impact',
    'tenant_id text, setting text, category text, current_value text, recommended_value text, compliant boolean, impact text',
    rows,
  );
}
