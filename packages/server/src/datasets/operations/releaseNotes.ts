/**
 * The `releaseNotes` dataset (core's `OPERATIONS_DATASETS.releaseNotes`, shown by `OPERATIONS_PAGES`):
 * where its rows come from (the SQL the query builder reads) and its demo rows (the seed), side by
 * side.
 */

import { usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson, isoDay } from '../../seed/bulk';
import { demoTenants } from '../../seed/tenants';

/**
 * Where the rows of core's `OPERATIONS_DATASETS.releaseNotes` come from (see `data/registry.ts` for
 * the contract).
 */
export const RELEASE_NOTES_SQL: DatasetSql = {
  from: (s) => `ops_release_notes n where n.tenant_id = ${s.bind(s.tenantId)}`,
  id: 'n.id',
  idType: 'text',
  columns: {
    version: { sql: 'n.version' },
    released: { sql: 'n.released' },
    area: { sql: 'n.area' },
    kind: { sql: 'n.kind' },
    title: { sql: 'n.title' },
    description: { sql: 'n.description' },
  },
  kpis: {
    notes: 'count(*)',
    versions: 'count(distinct t."version")',
    fixes: `count(*) filter (where t."kind" = 'Fixed')`,
  },
  currency: usd,
};

// Release notes: the portal's own, the same for every tenant

type Note = readonly [
  area: 'Portal' | 'Reports' | 'Assistant' | 'Data' | 'Security',
  kind: 'New' | 'Improved' | 'Fixed',
  title: string,
  description: string,
];

/** The versions, oldest first, each released `daysAgo` before the seed ran. */
const RELEASES: readonly { version: string; daysAgo: number; notes: readonly Note[] }[] = [
  {
    version: '1.0',
    daysAgo: 330,
    notes: [
      [
        'Portal',
        'New',
        'The portal shell',
        'A header with the tenant switcher, a menu by feature and pages loaded by component name.',
      ],
      ['Reports', 'New', 'Power BI report view', 'Reports open inside the portal with the tenant filter applied.'],
      [
        'Security',
        'New',
        'Sign-in with Microsoft Entra ID',
        'Users sign in with their work account; roles and features come from the portal.',
      ],
    ],
  },
  {
    version: '1.1',
    daysAgo: 290,
    notes: [
      ['Portal', 'New', 'Search', 'Find menu items, reports and settings from the search box in the header.'],
      [
        'Reports',
        'New',
        'Saved views',
        'Save a report with its filters and bookmarks and open it again from the menu.',
      ],
      [
        'Reports',
        'Fixed',
        'Report filters kept after a refresh',
        'Reloading a report no longer resets the slicers to their defaults.',
      ],
      ['Portal', 'Improved', 'Faster first load', 'The shell loads pages only when they are first opened.'],
    ],
  },
  {
    version: '1.2',
    daysAgo: 245,
    notes: [
      ['Portal', 'New', 'Feedback', 'Send feedback with an optional screenshot from any page.'],
      ['Data', 'New', 'Azure cost export', 'Daily cost rows from Cost Management are loaded every night.'],
      [
        'Data',
        'Fixed',
        'Currency of CSP subscriptions',
        'Costs of CSP subscriptions are shown in the billing currency.',
      ],
    ],
  },
  {
    version: '1.3',
    daysAgo: 200,
    notes: [
      [
        'Assistant',
        'New',
        'The cloud assistant',
        'Ask questions about costs, licences and recommendations in plain language.',
      ],
      ['Assistant', 'New', 'Answers with sources', 'Each answer names the data it was computed from.'],
      [
        'Portal',
        'Improved',
        'Keyboard navigation in the menu',
        'Arrow keys move through the menu; Home and End jump to its ends.',
      ],
      [
        'Security',
        'Fixed',
        'Session expiry',
        'An expired session now returns to the sign-in page instead of showing an error.',
      ],
    ],
  },
  {
    version: '1.4',
    daysAgo: 150,
    notes: [
      [
        'Portal',
        'New',
        'Feature pages',
        'Subscriptions, resources, licences, users and alerts as pages with paged, sorted and filtered grids.',
      ],
      ['Data', 'New', 'CSV export', 'Export the rows of any grid, with the columns shown, as a CSV file.'],
      ['Data', 'Improved', 'Key figures above each grid', 'Totals follow the filters you apply.'],
      ['Reports', 'Fixed', 'Report titles in the browser tab', 'The tab shows the name of the open report.'],
      [
        'Security',
        'Improved',
        'Tenant isolation checks',
        'Every data call is checked against the signed-in tenant and its licences.',
      ],
    ],
  },
  {
    version: '1.5',
    daysAgo: 105,
    notes: [
      ['Portal', 'New', 'Dark mode', 'Follow the system theme or choose light or dark in the settings.'],
      [
        'Portal',
        'Improved',
        'Charts on feature pages',
        'Cost by region, savings by category and other charts above the grids.',
      ],
      ['Assistant', 'Improved', 'Follow-up questions', 'The assistant keeps the context of the conversation.'],
      ['Portal', 'Fixed', 'Contrast of badges', 'Status badges meet WCAG AA contrast in both themes.'],
    ],
  },
  {
    version: '1.6',
    daysAgo: 60,
    notes: [
      ['Data', 'New', 'FOCUS cost rows', 'Cost rows in the FinOps Open Cost and Usage Specification columns.'],
      [
        'Security',
        'New',
        'Security alerts',
        'Microsoft Defender and Entra ID Protection alerts with acknowledge and resolve.',
      ],
      [
        'Data',
        'New',
        'Pipeline status',
        'See when each data pipeline last ran, how long it took and how many rows it read.',
      ],
      [
        'Reports',
        'Improved',
        'Saved views shared with the tenant',
        'Administrators can share a saved view with every user of the tenant.',
      ],
      ['Assistant', 'Fixed', 'Month boundaries', 'Questions about "last month" use calendar months in UTC.'],
    ],
  },
  {
    version: '1.7',
    daysAgo: 18,
    notes: [
      ['Portal', 'New', 'Release notes', 'This page: what changed in each version of the portal.'],
      ['Security', 'New', 'Service health', 'Microsoft service incidents and advisories that affect your tenant.'],
      ['Data', 'Improved', 'Larger exports', 'CSV exports stream up to a million rows.'],
      ['Portal', 'Improved', 'Saved column choices', 'Each grid remembers the columns and order you chose.'],
      ['Assistant', 'Improved', 'Budget answers', "The assistant compares each budget with the month's forecast."],
      ['Reports', 'Fixed', 'Printing reports', 'Printed reports no longer cut off the last page.'],
    ],
  },
];

/** Seeds the portal's release notes (`ops_release_notes`), the same for every tenant. */
export async function seedReleaseNotes(tx: Database, now: Date): Promise<void> {
  for (const t of demoTenants) {
    if (await hasRows(tx, 'ops_release_notes', t.id)) continue;
    const rows = RELEASES.flatMap((r) =>
      r.notes.map(([area, kind, title, description], i) => ({
        tenant_id: t.id,
        id: `rn-${r.version}-${i + 1}`,
        version: r.version,
        released: isoDay(now, -r.daysAgo),
        area,
        kind,
        title,
        description,
      })),
    );
    await insertJson(
      tx,
      'ops_release_notes',
      'tenant_id, id, version, released, area, kind, title, description',
      'tenant_id text, id text, version text, released date, area text, kind text, title text, description text',
      rows,
    );
  }
}
