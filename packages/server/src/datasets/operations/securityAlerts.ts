/**
 * The `securityAlerts` dataset (core's `OPERATIONS_DATASETS.securityAlerts`, shown by
 * `OPERATIONS_PAGES`): where its rows come from (the SQL the query builder reads) and its demo rows
 * (the seed), side by side.
 */

import { licensed, usd } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { hasRows, insertJson } from '../../seed/bulk';
import { random } from '../../seed/random';
import { MINUTE, peopleOf, type OpsTenant, iso } from './shared';

/**
 * Where the rows of core's `OPERATIONS_DATASETS.securityAlerts` come from (see `data/registry.ts` for
 * the contract).
 */
export const SECURITY_ALERTS_SQL: DatasetSql = {
  from: (s) => `ops_security_alerts a where a.tenant_id = ${s.bind(s.tenantId)} and ${licensed(s, 'a.module')}`,
  id: 'a.id',
  idType: 'text',
  columns: {
    title: { sql: 'a.title' },
    severity: { sql: 'a.severity' },
    category: { sql: 'a.category' },
    entity: { sql: 'a.entity' },
    source: { sql: 'a.source' },
    detected: { sql: 'a.detected_at' },
    status: { sql: 'a.status' },
    statusBy: { sql: 'a.status_by', nullable: true },
    statusAt: { sql: 'a.status_at', nullable: true },
  },
  kpis: {
    open: `count(*) filter (where t."status" <> 'Resolved')`,
    highOpen: `count(*) filter (where t."status" <> 'Resolved' and t."severity" = 'High')`,
    resolvedLast30Days: `count(*) filter (where t."status" = 'Resolved' and t."statusAt" >= now() - interval '30 days')`,
  },
  currency: usd,
  actions: {
    table: 'ops_security_alerts',
    key: 'id',
    reasonColumn: null,
    history: false,
    verbs: {
      acknowledge: { status: 'In progress', from: ['New'] },
      resolve: { status: 'Resolved', from: ['New', 'In progress'] },
    },
  },
};

interface SecurityTemplate {
  title: string;
  severities: readonly string[];
  category: string;
  source: string;
  /** The resource types it concerns (Azure); users otherwise. */
  types?: readonly string[];
}

const M365_SECURITY: readonly SecurityTemplate[] = [
  {
    title: 'Impossible travel',
    severities: ['High', 'Medium'],
    category: 'Identity',
    source: 'Microsoft Entra ID Protection',
  },
  {
    title: 'Risky sign-in',
    severities: ['Medium', 'Low'],
    category: 'Identity',
    source: 'Microsoft Entra ID Protection',
  },
  { title: 'Leaked credentials', severities: ['High'], category: 'Identity', source: 'Microsoft Entra ID Protection' },
  {
    title: 'Sign-in from an anonymous IP address',
    severities: ['Medium', 'Low'],
    category: 'Identity',
    source: 'Microsoft Entra ID Protection',
  },
  {
    title: 'Suspicious inbox rule',
    severities: ['Medium', 'High'],
    category: 'Email',
    source: 'Microsoft Defender for Office 365',
  },
  {
    title: 'Email messages containing malware removed after delivery',
    severities: ['Informational', 'Low'],
    category: 'Email',
    source: 'Microsoft Defender for Office 365',
  },
  {
    title: 'Malware detected',
    severities: ['High', 'Medium'],
    category: 'Malware',
    source: 'Microsoft Defender for Endpoint',
  },
  {
    title: 'Mass download by a single user',
    severities: ['Medium'],
    category: 'Data exfiltration',
    source: 'Microsoft Defender for Cloud Apps',
  },
];

const AZURE_SECURITY: readonly SecurityTemplate[] = [
  {
    title: 'Malware detected',
    severities: ['High'],
    category: 'Malware',
    source: 'Microsoft Defender for Servers',
    types: ['Microsoft.Compute/virtualMachines'],
  },
  {
    title: 'Suspicious PowerShell script executed',
    severities: ['Medium', 'High'],
    category: 'Execution',
    source: 'Microsoft Defender for Servers',
    types: ['Microsoft.Compute/virtualMachines'],
  },
  {
    title: 'Brute force attack on RDP',
    severities: ['Medium', 'Low'],
    category: 'Credential access',
    source: 'Microsoft Defender for Servers',
    types: ['Microsoft.Compute/virtualMachines'],
  },
  {
    title: 'Access from a suspicious IP address to a storage account',
    severities: ['Medium', 'Low'],
    category: 'Data exfiltration',
    source: 'Microsoft Defender for Storage',
    types: ['Microsoft.Storage/storageAccounts'],
  },
  {
    title: 'Potential SQL injection',
    severities: ['High', 'Medium'],
    category: 'Initial access',
    source: 'Microsoft Defender for SQL',
    types: ['Microsoft.Sql/servers/databases'],
  },
  {
    title: 'Unusual secret access in a key vault',
    severities: ['Medium', 'Informational'],
    category: 'Credential access',
    source: 'Microsoft Defender for Key Vault',
    types: ['Microsoft.KeyVault/vaults'],
  },
];

/**
 * Seeds each tenant's security alerts on its users and resources (`ops_security_alerts`), once per
 * tenant with a licence module.
 */
export async function seedSecurityAlerts(tx: Database, tenants: readonly OpsTenant[], nowMs: number): Promise<void> {
  for (const t of tenants) {
    if (!t.modules.length || (await hasRows(tx, 'ops_security_alerts', t.tenantId))) continue;
    const rnd = random(`${t.tenantId}:ops_security_alerts`);
    const people = peopleOf(t.tenantId);
    const { rows: users } = await tx.query<{ upn: string }>(
      'select upn from m365_users where tenant_id = $1 and enabled order by upn',
      [t.tenantId],
    );
    const types = [...new Set(AZURE_SECURITY.flatMap((s) => s.types ?? []))];
    const { rows: resources } = await tx.query<{ name: string; type: string }>(
      'select name, type from azure_resources where tenant_id = $1 and type = any($2::text[]) order by name',
      [t.tenantId, types],
    );
    const pools: { module: 'azure' | 'm365'; templates: SecurityTemplate[] }[] = [];
    if (t.modules.includes('m365') && users.length) pools.push({ module: 'm365', templates: [...M365_SECURITY] });
    if (t.modules.includes('azure'))
      pools.push({
        module: 'azure',
        templates: AZURE_SECURITY.filter((s) => resources.some((r) => s.types!.includes(r.type))),
      });
    const usable = pools.filter((p) => p.templates.length);
    if (!usable.length) continue;
    const count = t.large ? 140 : 36;
    const rows = Array.from({ length: count }, () => {
      const pool = rnd.pick(usable);
      const tpl = rnd.pick(pool.templates);
      const entity =
        pool.module === 'm365'
          ? rnd.pick(users).upn
          : rnd.pick(resources.filter((r) => tpl.types!.includes(r.type))).name;
      const ageMinutes = rnd.int(10, 90 * 24 * 60);
      const detected = nowMs - ageMinutes * MINUTE;
      const recent = ageMinutes < 7 * 24 * 60;
      const roll = rnd.next();
      const status = recent
        ? roll < 0.5
          ? 'New'
          : roll < 0.8
            ? 'In progress'
            : 'Resolved'
        : roll < 0.85
          ? 'Resolved'
          : roll < 0.95
            ? 'In progress'
            : 'New';
      const acted = status !== 'New';
      return {
        tenant_id: t.tenantId,
        id: `sa-${rnd.hex(12)}`,
        module: pool.module,
        title: tpl.title,
        severity: rnd.pick(tpl.severities),
        category: tpl.category,
        entity,
        source: tpl.source,
        detected_at: iso(detected),
        status,
        status_by: acted ? rnd.pick(people) : null,
        status_at: acted
          ? iso(Math.min(nowMs, detected + rnd.int(5, Math.max(6, Math.min(ageMinutes, 4 * 24 * 60))) * MINUTE))
          : null,
      };
    });
    await insertJson(
      tx,
      'ops_security_alerts',
      'tenant_id, id, module, title, severity, category, entity, source, detected_at, status, status_by, status_at',
      'tenant_id text, id text, module text, title text, severity text, category text, entity text, source text, detected_at timestamptz, status text, status_by text, status_at timestamptz',
      rows,
    );
  }
}
