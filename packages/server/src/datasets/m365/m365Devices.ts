/**
 * The `m365Devices` dataset (core's `M365_DATASETS.m365Devices`, shown by `M365_PAGES`): where its
 * rows come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { licenseCurrency, type DirectoryUser, day, latest, guid } from './shared';

/**
 * Where the rows of core's `M365_DATASETS.m365Devices` come from (see `data/registry.ts` for the
 * contract).
 */
export const M365_DEVICES_SQL: DatasetSql = {
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
  currency: licenseCurrency,
};

const VERSIONS: Readonly<Record<'Windows' | 'macOS' | 'iOS' | 'Android', readonly string[]>> = {
  // The last of each list is out of support: such devices fail compliance more often.
  Windows: ['10.0.26100.2454', '10.0.26100.2314', '10.0.22631.4460', '10.0.22631.4391', '10.0.19045.5131'],
  macOS: ['15.1.1', '15.1', '14.7.1', '14.6.1', '13.7.1'],
  iOS: ['18.1.1', '18.1', '17.7.2', '17.6.1', '16.7.10'],
  Android: ['15', '14', '14', '13', '12'],
};

/** Seeds the tenant's Intune devices (`m365_devices`), owned by its users; `prefix` starts their names. */
export async function seedDevices(
  tx: Database,
  tenantId: string,
  prefix: string,
  users: readonly DirectoryUser[],
): Promise<void> {
  if (await hasRows(tx, 'm365_devices', tenantId)) return;
  const rnd = random(`${tenantId}:m365_devices`);
  const rows: object[] = [];
  const taken = new Set<string>();
  const serial = (stem: string) => {
    let name: string;
    do name = `${stem}-${rnd.int(10000, 99999)}`;
    while (taken.has(name));
    taken.add(name);
    return name;
  };
  for (const u of users.filter((x) => x.enabled)) {
    const first = u.displayName.split(' ')[0]!;
    const local = u.upn.split('@')[0]!;
    const roll = rnd.next();
    const count = roll < 0.08 ? 0 : roll < 0.66 ? 1 : roll < 0.97 ? 2 : 3;
    for (let k = 0; k < count; k++) {
      const mac = u.department === 'Engineering' || u.department === 'Marketing' ? 0.4 : 0.12;
      const os =
        k === 0 ? (rnd.chance(mac) ? 'macOS' : 'Windows') : k === 1 ? (rnd.chance(0.6) ? 'iOS' : 'Android') : 'iOS';
      const vi = rnd.chance(0.1) ? 4 : rnd.int(0, 3);
      const version = VERSIONS[os][vi]!;
      const enrolled = latest(u.createdOn, day(u.asOf, -rnd.int(30, 900)));
      const name =
        os === 'Windows'
          ? serial(`${prefix}-${rnd.chance(0.85) ? 'LT' : 'DT'}`)
          : os === 'macOS'
            ? `${first}'s ${rnd.chance(0.6) ? 'MacBook Pro' : 'MacBook Air'}`
            : os === 'iOS'
              ? `${first}'s ${k === 2 ? 'iPad' : 'iPhone'}`
              : `${local}_AndroidForWork_${enrolled}`;
      const encrypted = os === 'iOS' ? true : rnd.chance(os === 'Windows' ? 0.92 : 0.96);
      const c = rnd.next();
      const compliance =
        !encrypted || (vi === 4 && c < 0.5)
          ? 'Non-compliant'
          : c < 0.88
            ? 'Compliant'
            : c < 0.94
              ? 'In grace period'
              : 'Non-compliant';
      const s = rnd.next();
      const checkIn = latest(
        day(u.asOf, -(s < 0.88 ? rnd.int(0, 3) : s < 0.97 ? rnd.int(4, 20) : rnd.int(30, 90))),
        enrolled,
      );
      rows.push({
        tenant_id: tenantId,
        id: guid(rnd),
        name,
        os,
        os_version: version,
        owner_id: u.id,
        compliance,
        managed_by: os === 'Windows' && rnd.chance(0.4) ? 'Co-managed' : 'Intune',
        encrypted,
        last_check_in: checkIn,
      });
    }
  }
  await insertJson(
    tx,
    'm365_devices',
    'tenant_id, id, name, os, os_version, owner_id, compliance, managed_by, encrypted, last_check_in',
    'tenant_id text, id text, name text, os text, os_version text, owner_id text, compliance text, managed_by text, encrypted boolean, last_check_in date',
    rows,
  );
}
