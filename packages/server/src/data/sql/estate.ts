import type { ESTATE_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../registry';

/** Where the datasets of core's `ESTATE_DATASETS` come from (see `../registry.ts` for the contract). */
export const ESTATE_SQL: Readonly<Record<keyof typeof ESTATE_DATASETS, DatasetSql>> = {};
