import type { DatasetId, DatasetPageDefinition as CorePageDefinition } from '@cloudportal/core';

/**
 * A feature page that shows one dataset through the page kit's `DatasetPage`: core's
 * `DatasetPageDefinition` over every dataset (the pages themselves are core's `DATASET_PAGES`,
 * written with their datasets in core's `rules/featureDatasets/`).
 * @public
 */
export type DatasetPageDefinition = CorePageDefinition<DatasetId>;
