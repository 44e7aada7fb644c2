/**
 * The `thirdPartyApps` dataset (core's `ADOPTION_DATASETS.thirdPartyApps`, shown by `ADOPTION_PAGES`):
 * where its rows come from (the SQL the query builder reads) and its demo rows (the seed), side by
 * side.
 */

import { usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson, isoDay } from '../../seed/bulk';
import { random } from '../../seed/random';
import type { M365Tenant, Level } from './shared';

/**
 * Where the rows of core's `ADOPTION_DATASETS.thirdPartyApps` come from (see `data/registry.ts` for
 * the contract).
 */
export const THIRD_PARTY_APPS_SQL: DatasetSql = {
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
};

/** A well-known OAuth app: name, publisher, verified publisher, permissions, highest level, consent. */
const APPS: readonly (readonly [string, string, boolean, string, Level, 'Admin' | 'User'])[] = [
  [
    'Zoom',
    'Zoom Video Communications, Inc.',
    true,
    'Calendars.ReadWrite, User.Read, OnlineMeetings.ReadWrite',
    'Medium',
    'Admin',
  ],
  ['Slack', 'Slack Technologies, LLC', true, 'User.Read, Calendars.Read, Files.Read', 'Medium', 'User'],
  ['Adobe Acrobat', 'Adobe Inc.', true, 'User.Read, Files.ReadWrite.All, Sites.ReadWrite.All', 'High', 'Admin'],
  ['DocuSign', 'DocuSign, Inc.', true, 'User.Read, Mail.Send, Files.Read', 'Medium', 'User'],
  [
    'Salesforce',
    'Salesforce.com, Inc.',
    true,
    'User.Read, Mail.ReadWrite, Calendars.ReadWrite, Contacts.Read',
    'Medium',
    'Admin',
  ],
  ['Miro', 'RealtimeBoard, Inc.', true, 'User.Read, openid, profile, email', 'Low', 'User'],
  ['Trello', 'Atlassian Pty Ltd', true, 'User.Read, openid, email', 'Low', 'User'],
  ['Grammarly', 'Grammarly, Inc.', true, 'User.Read, Mail.Read', 'Medium', 'User'],
  ['Jira Cloud', 'Atlassian Pty Ltd', true, 'User.Read, Group.Read.All, offline_access', 'Medium', 'Admin'],
  ['Confluence Cloud', 'Atlassian Pty Ltd', true, 'User.Read, Files.Read.All', 'Medium', 'Admin'],
  ['ServiceNow', 'ServiceNow, Inc.', true, 'User.Read.All, Group.Read.All, Directory.Read.All', 'High', 'Admin'],
  ['Workday', 'Workday, Inc.', true, 'User.ReadWrite.All, Directory.Read.All', 'High', 'Admin'],
  ['Dropbox', 'Dropbox, Inc.', true, 'User.Read, Files.ReadWrite, offline_access', 'Medium', 'User'],
  ['Box', 'Box, Inc.', true, 'User.Read, Files.ReadWrite.All, Sites.Read.All', 'High', 'Admin'],
  ['Asana', 'Asana, Inc.', true, 'User.Read, Calendars.ReadWrite', 'Medium', 'User'],
  ['monday.com', 'monday.com Ltd.', true, 'User.Read, openid, profile', 'Low', 'User'],
  ['Smartsheet', 'Smartsheet Inc.', true, 'User.Read, Files.Read.All', 'Medium', 'User'],
  ['HubSpot', 'HubSpot, Inc.', true, 'User.Read, Mail.ReadWrite, Mail.Send, Contacts.ReadWrite', 'High', 'User'],
  ['Calendly', 'Calendly LLC', true, 'User.Read, Calendars.ReadWrite, OnlineMeetings.ReadWrite', 'Medium', 'User'],
  ['Webex', 'Cisco Systems, Inc.', true, 'User.Read, Calendars.ReadWrite', 'Medium', 'Admin'],
  ['GitHub Enterprise', 'GitHub, Inc.', true, 'User.Read, openid, profile, email', 'Low', 'Admin'],
  ['Zendesk', 'Zendesk, Inc.', true, 'User.Read, Mail.ReadWrite, Mail.Send', 'High', 'Admin'],
  ['Tableau', 'Salesforce.com, Inc.', true, 'User.Read, openid, profile', 'Low', 'User'],
  ['Canva', 'Canva Pty Ltd', true, 'User.Read, Files.Read', 'Low', 'User'],
  ['Loom', 'Loom, Inc.', true, 'User.Read, Calendars.Read', 'Low', 'User'],
  ['Notion', 'Notion Labs, Inc.', true, 'User.Read, Files.Read.All', 'Medium', 'User'],
  ['Otter.ai', 'AISense, Inc.', false, 'User.Read, Calendars.Read, OnlineMeetingTranscript.Read.All', 'High', 'User'],
  [
    'PDF Converter Pro',
    'Unknown publisher (pdfconv-apps.net)',
    false,
    'User.Read, Mail.ReadWrite, Files.ReadWrite.All, offline_access',
    'High',
    'User',
  ],
  ['Mail Merge Toolkit', 'MailTools Software', false, 'User.Read, Mail.Send, Contacts.Read', 'Medium', 'User'],
  ['Email Signature Sync', 'SigSync Ltd', false, 'User.ReadWrite.All, MailboxSettings.ReadWrite', 'High', 'Admin'],
  ['Calendar Helper', 'Unknown publisher (calhelper.io)', false, 'User.Read, Calendars.ReadWrite', 'Medium', 'User'],
  ['Org Chart Viewer', 'OrgViz Apps', false, 'User.Read.All, People.Read', 'Low', 'User'],
];

/** The risk of a grant: an unverified publisher makes any permission beyond Low high risk. */
function riskOf(verified: boolean, level: Level): Level {
  if (!verified) return level === 'Low' ? 'Medium' : 'High';
  return level === 'High' ? 'Medium' : 'Low';
}

/** A GUID-shaped id, stable for `text`. */
function guidOf(text: string): string {
  const r = random(text);
  return `${r.hex(8)}-${r.hex(4)}-4${r.hex(3)}-a${r.hex(3)}-${r.hex(12)}`;
}

/** Seeds the tenant's third-party apps with a consent grant (`m365_third_party_apps`); smaller tenants have fewer. */
export async function seedApps(tx: Database, t: M365Tenant, now: Date): Promise<void> {
  if (await hasRows(tx, 'm365_third_party_apps', t.tenantId)) return;
  const rnd = random(`${t.tenantId}:m365_third_party_apps`);
  // Smaller tenants have fewer apps: about nine in ten of the catalogue for hundreds of users.
  const keep = t.enabledUsers >= 300 ? 0.9 : 0.65;
  const users = Math.max(1, t.enabledUsers);
  const rows = APPS.filter((a, i) => i < 3 || !a[2] || rnd.chance(keep)).map(
    ([name, publisher, verified, permissions, level, consent]) => {
      const used = rnd.chance(0.88);
      return {
        tenant_id: t.tenantId,
        app_id: guidOf(`app:${name}`),
        name,
        publisher,
        verified,
        permissions,
        permission_level: level,
        consent_type: consent,
        // An admin consent grants for every user; a user consent is each user's own.
        users:
          consent === 'Admin'
            ? users
            : Math.max(1, Math.round(users * (verified ? 0.02 + rnd.next() * 0.35 : 0.005 + rnd.next() * 0.04))),
        risk: riskOf(verified, level),
        last_used: used ? isoDay(now, -Math.floor(rnd.next() ** 2 * 80)) : null,
      };
    },
  );
  await insertJson(
    tx,
    'm365_third_party_apps',
    'tenant_id, app_id, name, publisher, verified, permissions, permission_level, consent_type, users, risk, last_used',
    'tenant_id text, app_id text, name text, publisher text, verified boolean, permissions text, permission_level text, consent_type text, users integer, risk text, last_used date',
    rows,
  );
}
