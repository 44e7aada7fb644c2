/** What the Microsoft 365 adoption datasets' seeds share: the tenants they seed, as the generators read them. */

import type { Database } from '../../db/database';

/** What the generators read of an m365 tenant. */
export interface M365Tenant {
  tenantId: string;
  /** The day the usage was read on (YYYY-MM-DD): the 30 days before it are the usage's. */
  asOf: string;
  /** `workload:metric` → value (e.g. `teams:Calls`). */
  usage: ReadonlyMap<string, number>;
  enabledUsers: number;
  /** Share of the enabled users registered for MFA. */
  mfaShare: number;
}

/** The tenants with Microsoft 365 usage in `assistant_m365_usage`, with that usage and their users in `m365_users`. */
export async function m365Tenants(tx: Database): Promise<M365Tenant[]> {
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

/** A level of risk, permission or impact. */
export type Level = 'Low' | 'Medium' | 'High';
