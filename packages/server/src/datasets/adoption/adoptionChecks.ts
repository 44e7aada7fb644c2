/**
 * The `adoptionChecks` dataset (core's `ADOPTION_DATASETS.adoptionChecks`, shown by `ADOPTION_PAGES`):
 * where its rows come from (the SQL the query builder reads) and its demo rows (the seed), side by
 * side.
 */

import { usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random, type Random } from '../../seed/random';
import type { M365Tenant } from './shared';

/**
 * Where the rows of core's `ADOPTION_DATASETS.adoptionChecks` come from (see `data/registry.ts` for
 * the contract).
 */
export const ADOPTION_CHECKS_SQL: DatasetSql = {
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
};

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

/** Seeds the tenant's Copilot readiness, usage score and usage assessment checks (`m365_adoption_checks`). */
export async function seedChecks(tx: Database, t: M365Tenant): Promise<void> {
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
