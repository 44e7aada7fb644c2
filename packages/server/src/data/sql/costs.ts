import type { COST_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../registry';

/** Where the datasets of core's `COST_DATASETS` come from (see `../registry.ts` for the contract). */
export const COST_SQL: Readonly<Record<keyof typeof COST_DATASETS, DatasetSql>> = {};
