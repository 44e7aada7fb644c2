// spec §2 "A loader opens feature pages by component name" (names the pages only); §7 names
// "cost-management calls" without their paths.
/**
 * Feature-page data. What each feature page shows, and the data calls behind it, are
 * decided here, once, for the client and the reference server: the datasets, their columns, key
 * figures and pages, one file per domain in `featureDatasets/` (base, costs, estate, m365, adoption,
 * operations), joined below. The query a grid sends (dataQuery.ts), how a CSV cell is written
 * (dataCsv.ts) and a chart's series (dataSeries.ts) are beside it, re-exported here.
 */

import type { DatasetDef, DatasetPageDefinition } from './featureDataTypes';
import { BASE_DATASETS, BASE_PAGES } from './featureDatasets/base';
import { COST_DATASETS, COST_PAGES } from './featureDatasets/costs';
import { M365_DATASETS, M365_PAGES } from './featureDatasets/m365';
import { ADOPTION_DATASETS, ADOPTION_PAGES } from './featureDatasets/adoption';
import { ESTATE_DATASETS, ESTATE_PAGES } from './featureDatasets/estate';
import { OPERATIONS_DATASETS, OPERATIONS_PAGES } from './featureDatasets/operations';

export type * from './featureDataTypes';
export * from './dataQuery';
export * from './dataCsv';
export * from './dataSeries';

export { ALERT_SEVERITIES } from './featureDatasets/base';

/**
 * Every dataset of the feature pages. A page shows one dataset, sometimes with a fixed filter
 * (the Azure recommendations page is `recommendations` where provider is azure).
 * @public
 */
export const DATASETS = {
  ...BASE_DATASETS,
  ...COST_DATASETS,
  ...ESTATE_DATASETS,
  ...M365_DATASETS,
  ...ADOPTION_DATASETS,
  ...OPERATIONS_DATASETS,
} as const;

export { ADOPTION_DATASETS, COST_DATASETS, ESTATE_DATASETS, M365_DATASETS, OPERATIONS_DATASETS };
export { PEOPLE_WINDOW_DAYS, RECENT_JOINER_DAYS } from './featureDatasets/m365';

// spec §2 names the pages; what each shows is decided with its dataset in `featureDatasets/`.
/**
 * The feature pages written as one dataset each (what each shows is decided with its dataset in
 * `featureDatasets/`). The key is the component name the menu opens; the page
 * kit's `DatasetPage` draws each (react's `registerPortalPages` registers them).
 * @public
 */
export const DATASET_PAGES = {
  ...BASE_PAGES,
  ...COST_PAGES,
  ...ESTATE_PAGES,
  ...M365_PAGES,
  ...ADOPTION_PAGES,
  ...OPERATIONS_PAGES,
} as const satisfies Record<string, DatasetPageDefinition<DatasetId>>;

/**
 * A component name with a dataset page.
 * @public
 */
export type DatasetPageName = keyof typeof DATASET_PAGES;

/**
 * A dataset's name, as in `/api/data/{dataset}`.
 * @public
 */
export type DatasetId = keyof typeof DATASETS;

/**
 * Whether `name` is a dataset.
 * @public
 */
export function isDatasetId(name: string): name is DatasetId {
  return Object.hasOwn(DATASETS, name);
}

/**
 * The definition of a dataset.
 * @public
 */
export function datasetDef(id: DatasetId): DatasetDef {
  return DATASETS[id];
}
