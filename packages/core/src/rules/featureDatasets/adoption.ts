/**
 * The feature datasets of Microsoft 365 adoption (third-party apps, SharePoint tenant settings, Teams calls, Copilot and usage scores, the usage assessment): spec §2 names the pages only; their columns, key figures and
 * actions are decided here. Joined into `DATASETS` by `../featureData`.
 */

import type { DatasetDef } from '../featureData';

export const ADOPTION_DATASETS = {} as const satisfies Record<string, DatasetDef>;
