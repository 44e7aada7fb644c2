import type { M365_DATASETS } from '@cloudportal/core/rules';
import type { DatasetSql } from '../registry';

/** Where the datasets of core's `M365_DATASETS` come from (see `../registry.ts` for the contract). */
export const M365_SQL: Readonly<Record<keyof typeof M365_DATASETS, DatasetSql>> = {};
