/**
 * The feature datasets of the Azure estate (Log Analytics workspaces, EA enrolments, tags, bills of materials): spec §2 names the pages only; their columns, key figures and
 * actions are decided here. Joined into `DATASETS` by `../featureData`.
 */

import type { DatasetDef } from '../featureData';

export const ESTATE_DATASETS = {} as const satisfies Record<string, DatasetDef>;
