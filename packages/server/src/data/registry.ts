import { DATASETS, type DataColumnType, type DatasetId } from '@cloudportal/core/rules';
import { ADOPTION_SQL } from '../datasets/adoption';
import { BASE_SQL } from '../datasets/base/sql';
import { COST_SQL } from '../datasets/costs';
import { ESTATE_SQL } from '../datasets/estate';
import { M365_SQL } from '../datasets/m365';
import { OPERATIONS_SQL } from '../datasets/operations';
import type { SourceScope, ColumnSql, ActionSql, RollupSql, DatasetSql } from './types';

export type { SourceScope, ColumnSql, ActionSql, RollupSql, DatasetSql };

/**
 * Where each feature dataset's rows come from: one definition per dataset of core's `DATASETS`,
 * mapping every column id to a SQL expression. The query builder (query.ts) writes SQL only from
 * these fragments; values always travel as `$n` parameters.
 */

/** Every dataset's source, by domain: one folder each in `datasets/` (a file per dataset with its SQL and seed). */
export const DATASET_SQL: Readonly<Record<DatasetId, DatasetSql>> = {
  ...BASE_SQL,
  ...COST_SQL,
  ...ESTATE_SQL,
  ...M365_SQL,
  ...ADOPTION_SQL,
  ...OPERATIONS_SQL,
};

/** The SQL type a column of `type` compares as. */
export function sqlType(type: DataColumnType): string {
  switch (type) {
    case 'number':
    case 'currency':
    case 'percent':
      return 'numeric';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    default:
      return 'text';
  }
}

// Every column of the contract has its SQL, and nothing else: checked once when the module loads.
for (const [id, def] of Object.entries(DATASETS)) {
  const sql = DATASET_SQL[id as DatasetId];
  const ids = def.columns.map((c) => c.id);
  const mapped = Object.keys(sql.columns);
  if (ids.length !== mapped.length || ids.some((c) => !mapped.includes(c)))
    throw new Error(`Dataset ${id}: the SQL registry's columns differ from core's DATASETS`);
  const kpis = def.kpis.map((k) => k.id);
  if (kpis.some((k) => !(k in sql.kpis))) throw new Error(`Dataset ${id}: a KPI of core's DATASETS has no SQL`);
  for (const a of 'actions' in def ? def.actions : [])
    if (!sql.actions?.verbs[a.verb]) throw new Error(`Dataset ${id}: action ${a.verb} has no SQL`);
  for (const rollup of sql.rollups ?? []) {
    const rolled = [...Object.keys(rollup.dimensions), ...Object.keys(rollup.sums)];
    if (rolled.some((c) => !(ids as readonly string[]).includes(c)))
      throw new Error(`Dataset ${id}: a roll-up names a column core's DATASETS does not have`);
    if (Object.keys(rollup.extras ?? {}).some((c) => !c.startsWith('row:')))
      throw new Error(`Dataset ${id}: a roll-up's extra sum is not named row:…`);
    if (kpis.some((k) => !(k in rollup.kpis)))
      throw new Error(`Dataset ${id}: a KPI of core's DATASETS has no roll-up SQL`);
  }
}
