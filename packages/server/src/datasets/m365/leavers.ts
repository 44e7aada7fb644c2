/**
 * The `leavers` dataset (core's `M365_DATASETS.leavers`, shown by `M365_PAGES`): where its rows come
 * from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { PEOPLE_WINDOW_DAYS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { licenseCurrency, type DirectoryUser, day, latest } from './shared';

/**
 * Where the rows of core's `M365_DATASETS.leavers` come from (see `data/registry.ts` for the
 * contract).
 */
export const LEAVERS_SQL: DatasetSql = {
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
  currency: licenseCurrency,
};

/** Every disabled account left a day or two after its last sign-in; its mailbox was converted, deleted or kept. */
export async function seedLeavers(tx: Database, tenantId: string, users: readonly DirectoryUser[]): Promise<void> {
  if (await hasRows(tx, 'm365_leavers', tenantId)) return;
  const rnd = random(`${tenantId}:m365_leavers`);
  const rows = users
    .filter((u) => !u.enabled)
    .map((u) => {
      const left = u.lastSignIn ? day(u.lastSignIn, rnd.int(0, 2)) : day(u.asOf, -rnd.int(30, 300));
      const roll = rnd.next();
      return {
        tenant_id: tenantId,
        user_id: u.id,
        left_on: left > u.asOf ? u.asOf : latest(left, u.createdOn),
        mailbox: roll < 0.45 ? 'Converted to shared mailbox' : roll < 0.8 ? 'Deleted' : 'Retained',
      };
    });
  await insertJson(
    tx,
    'm365_leavers',
    'tenant_id, user_id, left_on, mailbox',
    'tenant_id text, user_id text, left_on date, mailbox text',
    rows,
  );
}
