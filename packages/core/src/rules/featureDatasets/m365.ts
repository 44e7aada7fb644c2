/**
 * The feature datasets of Microsoft 365 (groups, devices, joiners and leavers, worker profiles, third-party apps, SharePoint settings, Teams calls, adoption scores): spec §2 names the pages only; their columns, key figures and
 * actions are decided here. Joined into `DATASETS` by `../featureData`.
 */

import type { DatasetDef } from '../featureData';

export const M365_DATASETS = {} as const satisfies Record<string, DatasetDef>;
