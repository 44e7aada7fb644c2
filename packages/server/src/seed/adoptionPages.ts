import type { Database } from '../db/database';
import type { SeedData } from './seedData';
import { DAY, hasRows, insertJson, isoDay } from './bulk';
import { random, type Random } from './random';

/**
 * Seeds the tables of Microsoft 365 adoption's feature pages (core's `ADOPTION_DATASETS`): deterministic,
 * written once per tenant.
 *
 * One data set: every tenant with Microsoft 365 usage in the assistant's `assistant_m365_usage` (the
 * m365 tenants) gets rows, sized by that usage and by its users in `m365_users`. The last 30 Teams days
 * add up exactly to the assistant's Teams 'Calls' and 'Meetings'; the usage score's Communication,
 * Meetings and Content collaboration points are the workloads' active shares of the same table; the
 * Copilot readiness MFA check is the share of enabled users registered for MFA.
 */
export async function seedAdoptionPages(tx: Database, data: SeedData, now: Date): Promise<void> {
  if (data !== 'full') return;
  for (const tenant of await m365Tenants(tx)) {
    await seedApps(tx, tenant, now);
    await seedSettings(tx, tenant);
    await seedTeamsDays(tx, tenant);
    await seedChecks(tx, tenant);
  }
}

/** What the generators read of an m365 tenant. */
interface M365Tenant {
  tenantId: string;
  /** The day the usage was read on (YYYY-MM-DD): the 30 days before it are the usage's. */
  asOf: string;
  /** `workload:metric` → value (e.g. `teams:Calls`). */
  usage: ReadonlyMap<string, number>;
  enabledUsers: number;
  /** Share of the enabled users registered for MFA. */
  mfaShare: number;
}

async function m365Tenants(tx: Database): Promise<M365Tenant[]> {
  const { rows: usage } = await tx.query<{
    tenant_id: string;
    workload: string;
    metric: string;
    value: number;
    as_of: string;
  }>(
    `select tenant_id, workload, metric, value::float8 as value, to_char(as_of, 'YYYY-MM-DD') as as_of from assistant_m365_usage order by tenant_id, workload, metric`,
  );
  const { rows: users } = await tx.query<{ tenant_id: string; enabled: number; mfa: number }>(
    `select tenant_id, count(*) filter (where enabled)::int as enabled, count(*) filter (where enabled and mfa_registered)::int as mfa from m365_users group by tenant_id`,
  );
  const tenants = new Map<string, { asOf: string; usage: Map<string, number> }>();
  for (const u of usage) {
    const t = tenants.get(u.tenant_id) ?? { asOf: u.as_of, usage: new Map<string, number>() };
    t.usage.set(`${u.workload}:${u.metric}`, Number(u.value));
    tenants.set(u.tenant_id, t);
  }
  return [...tenants.entries()].map(([tenantId, t]) => {
    const u = users.find((r) => r.tenant_id === tenantId);
    const enabledUsers = u?.enabled ?? t.usage.get('teams:Enabled users') ?? 0;
    return {
      tenantId,
      asOf: t.asOf,
      usage: t.usage,
      enabledUsers,
      mfaShare: u && u.enabled > 0 ? u.mfa / u.enabled : 0,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Third-party apps

type Level = 'Low' | 'Medium' | 'High';

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

async function seedApps(tx: Database, t: M365Tenant, now: Date): Promise<void> {
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

// ---------------------------------------------------------------------------------------------
// SharePoint tenant settings

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

async function seedSettings(tx: Database, t: M365Tenant): Promise<void> {
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

// ---------------------------------------------------------------------------------------------
// Teams calls a day

/** `total` split over `weights` in whole numbers that add up to it (largest remainder). */
function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/** A day's weight: working days full, weekends a tenth, with some noise. */
function dayWeight(day: Date, rnd: Random): number {
  const weekday = day.getUTCDay();
  if (weekday === 0) return 0.06 + rnd.next() * 0.03;
  if (weekday === 6) return 0.09 + rnd.next() * 0.04;
  // Fridays a little quieter, Tuesdays to Thursdays busiest.
  return (weekday === 5 ? 0.85 : weekday === 1 ? 0.95 : 1) * (0.88 + rnd.next() * 0.24);
}

async function seedTeamsDays(tx: Database, t: M365Tenant): Promise<void> {
  if (await hasRows(tx, 'm365_teams_call_days', t.tenantId)) return;
  const rnd = random(`${t.tenantId}:m365_teams_call_days`);
  const asOf = Date.parse(`${t.asOf}T00:00:00Z`);
  const active = t.usage.get('teams:Active users') ?? t.enabledUsers;
  // The last 30 days are the assistant's figures; the 30 before a little fewer each (adoption grows).
  const calls30 = t.usage.get('teams:Calls') ?? Math.round(active * 7);
  const meetings30 = t.usage.get('teams:Meetings') ?? Math.round(active * 9);
  const days = Array.from({ length: 90 }, (_, i) => new Date(asOf - (90 - i) * DAY));
  const weights = days.map((d) => dayWeight(d, rnd));
  const calls: number[] = [];
  const meetings: number[] = [];
  for (const [w, growth] of [
    [0, 0.9],
    [1, 0.95],
    [2, 1],
  ] as const) {
    const slice = weights.slice(w * 30, w * 30 + 30);
    calls.push(...spread(growth === 1 ? calls30 : Math.round(calls30 * growth), slice));
    meetings.push(...spread(growth === 1 ? meetings30 : Math.round(meetings30 * growth), slice));
  }
  // One bad week of network trouble about seven weeks ago: poor calls triple.
  const incident = 40 + rnd.int(0, 10);
  const rows = days.map((d, i) => {
    const c = calls[i]!;
    const m = meetings[i]!;
    const rate = (0.018 + rnd.next() * 0.03) * (i >= incident && i < incident + 5 ? 3 : 1);
    const averageMinutes =
      Math.round((m + c > 0 ? (m * (32 + rnd.next() * 14) + c * (7 + rnd.next() * 6)) / (m + c) : 0) * 10) / 10;
    return {
      tenant_id: t.tenantId,
      day: isoDay(d),
      calls: c,
      meetings: m,
      average_minutes: averageMinutes,
      poor_calls: Math.min(c, Math.round(c * rate)),
      // About one call in six reaches a phone number, at the calls' typical length.
      pstn_minutes: Math.round(c * (0.12 + rnd.next() * 0.1) * (6 + rnd.next() * 5)),
      participants: c * 2 + Math.round(m * (3.5 + rnd.next() * 3)),
    };
  });
  await insertJson(
    tx,
    'm365_teams_call_days',
    'tenant_id, day, calls, meetings, average_minutes, poor_calls, pstn_minutes, participants',
    'tenant_id text, day date, calls integer, meetings integer, average_minutes numeric, poor_calls integer, pstn_minutes integer, participants integer',
    rows,
  );
}

// ---------------------------------------------------------------------------------------------
// Copilot readiness, the usage score and the usage assessment

type Kind = 'Copilot readiness' | 'Usage score' | 'Usage assessment';

/**
 * A check: kind, name, category, points possible, recommendation, and where its share achieved comes
 * from (a function of the tenant), or null for a drawn one.
 */
type CheckDef = readonly [Kind, string, string, number, string, ((t: M365Tenant) => number) | null];

const share = (t: M365Tenant, workload: string) => {
  const enabled = t.usage.get(`${workload}:Enabled users`) ?? 0;
  return enabled > 0 ? Math.min(1, (t.usage.get(`${workload}:Active users`) ?? 0) / enabled) : 0;
};
/** Sessions a month per active Teams user against a target of eight. */
const perActive = (t: M365Tenant, metric: string) => {
  const active = t.usage.get('teams:Active users') ?? 0;
  return active > 0 ? Math.min(1, (t.usage.get(`teams:${metric}`) ?? 0) / active / 8) : 0;
};

const CHECKS: readonly CheckDef[] = [
  [
    'Copilot readiness',
    'Microsoft 365 E3 or E5 base licence assigned to target users',
    'Licensing',
    15,
    'Assign an eligible base licence to everyone in the Copilot pilot.',
    null,
  ],
  [
    'Copilot readiness',
    'Copilot licences assigned to pilot users',
    'Licensing',
    10,
    'Assign the purchased Microsoft 365 Copilot licences to the pilot group.',
    null,
  ],
  [
    'Copilot readiness',
    'Microsoft 365 Apps on Current or Monthly Enterprise Channel',
    'Licensing',
    5,
    'Move devices to the Current Channel or Monthly Enterprise Channel.',
    null,
  ],
  [
    'Copilot readiness',
    'Sensitivity labels published to all users',
    'Data governance',
    15,
    'Publish a label policy with a default label for documents and email.',
    null,
  ],
  [
    'Copilot readiness',
    'Oversharing report reviewed for SharePoint sites',
    'Data governance',
    10,
    'Run the data access governance report and fix sites shared with everyone.',
    null,
  ],
  [
    'Copilot readiness',
    'Restricted SharePoint Search configured',
    'Data governance',
    5,
    'Limit Copilot search to curated sites until permissions are cleaned up.',
    null,
  ],
  [
    'Copilot readiness',
    'Data loss prevention covers Copilot',
    'Data governance',
    10,
    'Add the Microsoft 365 Copilot location to your DLP policies.',
    null,
  ],
  [
    'Copilot readiness',
    'Retention policy covers Copilot interactions',
    'Data governance',
    5,
    'Create a retention policy for Copilot and AI app interactions.',
    null,
  ],
  [
    'Copilot readiness',
    'MFA registered for enabled users',
    'Identity',
    15,
    'Require MFA registration for every enabled account.',
    (t) => t.mfaShare,
  ],
  [
    'Copilot readiness',
    'Conditional Access policy for Copilot',
    'Identity',
    10,
    'Require a compliant device and MFA for Microsoft 365 Copilot.',
    null,
  ],
  [
    'Copilot readiness',
    'Stale accounts removed or disabled',
    'Identity',
    5,
    'Disable accounts without a sign-in for 90 days.',
    null,
  ],
  [
    'Copilot readiness',
    'New Outlook for Windows enabled',
    'Apps',
    5,
    'Allow the new Outlook so Copilot in Outlook is available.',
    null,
  ],
  [
    'Copilot readiness',
    'Teams meeting transcription allowed',
    'Apps',
    10,
    'Turn on transcription in the Teams meeting policy.',
    null,
  ],
  [
    'Copilot readiness',
    'Loop components enabled',
    'Apps',
    5,
    'Enable Loop components in Teams, Outlook and OneNote.',
    null,
  ],
  [
    'Usage score',
    'People chatting in Teams',
    'Communication',
    20,
    'Move team conversations from email threads to Teams chats and channels.',
    (t) => share(t, 'teams'),
  ],
  [
    'Usage score',
    'People sending and reading email',
    'Communication',
    10,
    'Keep mailboxes licensed only for people who use them.',
    (t) => share(t, 'mail'),
  ],
  [
    'Usage score',
    'People using Viva Engage communities',
    'Communication',
    5,
    'Start company communities for announcements and questions.',
    null,
  ],
  [
    'Usage score',
    'Teams meetings per active user',
    'Meetings',
    15,
    'Schedule recurring meetings in Teams rather than other tools.',
    (t) => perActive(t, 'Meetings'),
  ],
  [
    'Usage score',
    'Teams calls per active user',
    'Meetings',
    10,
    'Enable calling plans or Direct Routing so people call from Teams.',
    (t) => perActive(t, 'Calls'),
  ],
  [
    'Usage score',
    'Meetings with recordings or transcripts',
    'Meetings',
    5,
    'Turn on recording and transcription for recurring meetings.',
    null,
  ],
  [
    'Usage score',
    'People working on files in SharePoint',
    'Content collaboration',
    20,
    'Move team files from file shares to SharePoint team sites.',
    (t) => share(t, 'sharepoint'),
  ],
  [
    'Usage score',
    'Files shared by link instead of attachment',
    'Content collaboration',
    10,
    'Teach people to share links to files rather than attachments.',
    null,
  ],
  [
    'Usage score',
    'Documents co-authored in Office',
    'Content collaboration',
    5,
    'Store documents in the cloud so several people can edit at once.',
    null,
  ],
  [
    'Usage score',
    'Teams with active channel conversations',
    'Teamwork',
    10,
    'Archive inactive teams and give each active team an owner.',
    null,
  ],
  [
    'Usage score',
    'People @mentioning colleagues',
    'Teamwork',
    5,
    'Show people how @mentions bring the right colleague into a thread.',
    null,
  ],
  [
    'Usage score',
    'People using Teams on mobile',
    'Mobility',
    10,
    'Roll out the Teams mobile app through Intune.',
    null,
  ],
  [
    'Usage score',
    'People using Outlook mobile',
    'Mobility',
    5,
    'Replace native mail apps with Outlook mobile under app protection policies.',
    null,
  ],
  [
    'Usage assessment',
    'Teams: external access limited to allowed domains',
    'Teams',
    10,
    'List the partner domains and block the others.',
    null,
  ],
  [
    'Usage assessment',
    'Teams: guest access reviewed quarterly',
    'Teams',
    5,
    'Set up an access review of guests in every team.',
    null,
  ],
  [
    'Usage assessment',
    'Teams: inactive teams archived',
    'Teams',
    5,
    'Archive teams without activity for 180 days.',
    null,
  ],
  [
    'Usage assessment',
    'Exchange: mailboxes in active use',
    'Exchange',
    10,
    'Convert unused mailboxes to shared mailboxes and reclaim the licence.',
    (t) => share(t, 'mail'),
  ],
  [
    'Usage assessment',
    'Exchange: auto-forwarding to external domains blocked',
    'Exchange',
    10,
    'Block automatic external forwarding in the outbound spam policy.',
    null,
  ],
  [
    'Usage assessment',
    'Exchange: archive mailboxes enabled',
    'Exchange',
    5,
    'Enable online archives for mailboxes near their quota.',
    null,
  ],
  [
    'Usage assessment',
    'SharePoint: sites with an active owner',
    'SharePoint',
    10,
    'Assign a second owner to sites whose owner left.',
    null,
  ],
  [
    'Usage assessment',
    'SharePoint: storage used under 80 % of the tenant quota',
    'SharePoint',
    5,
    'Apply version history limits and clean up old sites.',
    null,
  ],
  [
    'Usage assessment',
    'OneDrive: known folders synced',
    'OneDrive',
    10,
    'Move Desktop, Documents and Pictures to OneDrive with Known Folder Move.',
    null,
  ],
  [
    'Usage assessment',
    'OneDrive: people storing files in OneDrive',
    'OneDrive',
    5,
    'Show new joiners how OneDrive backs up their files.',
    null,
  ],
  [
    'Usage assessment',
    'Microsoft 365 Apps: supported version on all devices',
    'Microsoft 365 Apps',
    10,
    'Update devices on builds older than the supported ones.',
    null,
  ],
  [
    'Usage assessment',
    'Microsoft 365 Apps: web and desktop apps both used',
    'Microsoft 365 Apps',
    5,
    'Assign desktop apps to people who only use the web apps.',
    null,
  ],
];

/** A drawn share achieved: some checks not started, some done, the rest part way. */
function drawnShare(rnd: Random): number {
  const r = rnd.next();
  if (r < 0.18) return 0;
  if (r < 0.45) return 1;
  return 0.2 + rnd.next() * 0.7;
}

async function seedChecks(tx: Database, t: M365Tenant): Promise<void> {
  if (await hasRows(tx, 'm365_adoption_checks', t.tenantId)) return;
  const rnd = random(`${t.tenantId}:m365_adoption_checks`);
  const rows = CHECKS.map(([kind, check, category, possible, recommendation, from], position) => {
    const s = from ? from(t) : drawnShare(rnd);
    return {
      tenant_id: t.tenantId,
      kind,
      check_name: check,
      category,
      achieved: Math.round(possible * s),
      possible,
      recommendation,
      position,
    };
  });
  await insertJson(
    tx,
    'm365_adoption_checks',
    'tenant_id, kind, check_name, category, achieved, possible, recommendation, position',
    'tenant_id text, kind text, check_name text, category text, achieved numeric, possible numeric, recommendation text, position integer',
    rows,
  );
}
