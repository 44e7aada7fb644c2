import type { OPERATIONS_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../registry';

/** Where the datasets of core's `OPERATIONS_DATASETS` come from (see `../registry.ts` for the contract). */
export const OPERATIONS_SQL: Readonly<Record<keyof typeof OPERATIONS_DATASETS, DatasetSql>> = {};
