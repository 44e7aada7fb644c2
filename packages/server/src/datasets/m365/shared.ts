/**
 * What the Microsoft 365 datasets' SQL and seeds share: the licences' currency, the directory users
 * they are drawn from, and day helpers.
 */

import { currencyOf } from '../../data/sqlParts';
import type { SourceScope } from '../../data/types';
import type { Database } from '../../db/database';
import { isoDay } from '../../seed/bulk';
import type { Random } from '../../seed/random';

/**
 * The currency of the tenant's licences (`assistant_m365_licenses`): the Microsoft 365 pages'
 * amounts are licence prices.
 */
export const licenseCurrency = (s: SourceScope) => currencyOf('assistant_m365_licenses')(s);

/** A directory user as read back from m365_users. */
export interface DirectoryUser {
  id: string;
  upn: string;
  displayName: string;
  department: string;
  jobTitle: string;
  enabled: boolean;
  lastSignIn: string | null;
  createdOn: string;
  asOf: string;
}

/** The day `days` after the day `iso` (both YYYY-MM-DD). */
export const day = (iso: string, days = 0) => isoDay(new Date(`${iso}T00:00:00Z`), days);

/** The later of two days (YYYY-MM-DD). */
export const latest = (a: string, b: string) => (a > b ? a : b);

/** A GUID drawn from `rnd`. */
export const guid = (rnd: Random) =>
  `${rnd.hex(8)}-${rnd.hex(4)}-4${rnd.hex(3)}-${rnd.pick(['8', '9', 'a', 'b'])}${rnd.hex(3)}-${rnd.hex(12)}`;

/** The tenant's directory users as seeded in `m365_users`, in id order. */
export async function directoryUsers(tx: Database, tenantId: string): Promise<DirectoryUser[]> {
  const { rows } = await tx.query<DirectoryUser>(
    `select id, upn, display_name as "displayName", department, job_title as "jobTitle", enabled,
            to_char(last_sign_in, 'YYYY-MM-DD') as "lastSignIn", to_char(created_on, 'YYYY-MM-DD') as "createdOn", to_char(as_of, 'YYYY-MM-DD') as "asOf"
       from m365_users where tenant_id = $1 order by id`,
    [tenantId],
  );
  return rows;
}
