/**
 * The `tagValues` dataset (core's `ESTATE_DATASETS.tagValues`, shown by `ESTATE_PAGES`): where its
 * rows come from (the SQL the query builder reads) and its demo rows (the seed), side by side.
 */

import { currencyOf } from '../../data/sqlParts';
import type { DatasetSql } from '../../data/types';
import type { Database } from '../../db/database';
import { insertJson } from '../../seed/bulk';
import { TENANT } from '../../seed/tenants';
import { lastMonthByResource } from './shared';

/**
 * Where the rows of core's `ESTATE_DATASETS.tagValues` come from (see `data/registry.ts` for the
 * contract).
 */
export const TAG_VALUES_SQL: DatasetSql = {
  // One group per (name, value) over the resources carrying it; the tenant-wide counts once.
  from: (s) => {
    const tenant = s.bind(s.tenantId);
    return `(select e.key as tag, e.value as value, count(*) as n, sum(coalesce(c.lm, 0)) as cost
               from azure_resources r
               cross join lateral jsonb_each_text(r.tags) e
               left join ${lastMonthByResource(s, tenant)} c
                      on c.subscription_id = r.subscription_id and c.resource_group = r.resource_group and c.resource_name = r.name
              where r.tenant_id = ${tenant}
              group by e.key, e.value) g
      cross join (select count(*) as total,
                         count(*) filter (where r.tags = '{}'::jsonb) as untagged,
                         count(*) filter (where exists (select 1 from estate_required_tags q where q.tenant_id = r.tenant_id and not jsonb_exists(r.tags, q.tag_name))) as missing
                    from azure_resources r where r.tenant_id = ${tenant}) a
      left join estate_required_tags q on q.tenant_id = ${tenant} and q.tag_name = g.tag`;
  },
  id: `g.tag || '=' || g.value`,
  idType: 'text',
  columns: {
    tag: { sql: 'g.tag' },
    value: { sql: 'g.value' },
    pair: { sql: `g.tag || '=' || g.value` },
    resources: { sql: 'g.n' },
    share: { sql: 'round(g.n::numeric / nullif(a.total, 0), 4)' },
    costLastMonth: { sql: 'g.cost' },
    required: { sql: 'q.tag_name is not null' },
    untaggedShare: { sql: 'round(a.untagged::numeric / nullif(a.total, 0), 4)' },
    missingRequired: { sql: 'a.missing' },
  },
  kpis: {
    tagNames: 'count(distinct t."tag")',
    untaggedShare: 'coalesce(max(t."untaggedShare"), 0)',
    missingRequired: 'coalesce(max(t."missingRequired"), 0)',
  },
  currency: currencyOf('assistant_azure_costs'),
};

/** The tags each tenant requires its resources to carry. */
const REQUIRED_TAGS: Readonly<Record<string, readonly string[]>> = {
  [TENANT.contoso]: ['environment', 'costCenter', 'owner'],
  [TENANT.northwind]: ['costCenter', 'environment'],
  [TENANT.litware]: ['owner'],
  [TENANT.wingtip]: ['environment', 'owner'],
};

/** Seeds the tags the tenant requires (`estate_required_tags`): the tags page counts each one's coverage. */
export async function seedRequiredTags(tx: Database, tenantId: string): Promise<void> {
  await insertJson(
    tx,
    'estate_required_tags',
    'tenant_id, tag_name',
    'tenant_id text, tag_name text',
    (REQUIRED_TAGS[tenantId] ?? []).map((tag) => ({ tenant_id: tenantId, tag_name: tag })),
  );
}
