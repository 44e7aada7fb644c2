/**
 * The feature datasets of cost management (MACC, shared and project costs, anomalies, Log Analytics, invoices, EA enrolments, tags, bills of materials): spec §2 names the pages only; their columns, key figures and
 * actions are decided here. Joined into `DATASETS` by `../featureData`.
 */

import type { DatasetDef } from '../featureData';

export const COST_DATASETS = {} as const satisfies Record<string, DatasetDef>;
