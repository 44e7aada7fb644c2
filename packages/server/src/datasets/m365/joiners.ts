/**
 * The `joiners` dataset (core's `M365_DATASETS.joiners`, shown by `M365_PAGES`): where its rows come
 * from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { PEOPLE_WINDOW_DAYS, RECENT_JOINER_DAYS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { DAY, hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { licenseCurrency, type DirectoryUser, day } from './shared';

/**
 * Where the rows of core's `M365_DATASETS.joiners` come from (see `data/registry.ts` for the
 * contract).
 */
export const JOINERS_SQL: DatasetSql = {
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
  currency: licenseCurrency,
};

/** The days from `earlier` to `later` (both YYYY-MM-DD). */
const daysBetween = (later: string, earlier: string) => Math.round((Date.parse(later) - Date.parse(earlier)) / DAY);

/** Each user who has signed in first did so within a few days of the account's creation. */
export async function seedFirstSignIns(tx: Database, tenantId: string, users: readonly DirectoryUser[]): Promise<void> {
  if (await hasRows(tx, 'm365_user_first_sign_ins', tenantId)) return;
  const rnd = random(`${tenantId}:m365_user_first_sign_ins`);
  const rows = users
    .filter((u) => u.lastSignIn !== null)
    .map((u) => ({
      tenant_id: tenantId,
      user_id: u.id,
      first_sign_in: day(
        u.createdOn,
        Math.min(daysBetween(u.lastSignIn!, u.createdOn), rnd.chance(0.7) ? rnd.int(0, 1) : rnd.int(2, 6)),
      ),
    }));
  await insertJson(
    tx,
    'm365_user_first_sign_ins',
    'tenant_id, user_id, first_sign_in',
    'tenant_id text, user_id text, first_sign_in date',
    rows,
  );
}
