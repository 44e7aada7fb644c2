import type { ADOPTION_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../registry';

/** Where the datasets of core's `ADOPTION_DATASETS` come from (see `../registry.ts` for the contract). */
export const ADOPTION_SQL: Readonly<Record<keyof typeof ADOPTION_DATASETS, DatasetSql>> = {};
