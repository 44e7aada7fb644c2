/**
 * The feature datasets of operations (pipelines, rules, service health, alert definitions, security and metric alerts, release notes): spec §2 names the pages only; their columns, key figures and
 * actions are decided here. Joined into `DATASETS` by `../featureData`.
 */

import type { DatasetDef } from '../featureData';

export const OPERATIONS_DATASETS = {} as const satisfies Record<string, DatasetDef>;
