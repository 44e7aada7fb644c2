// The dataset pages are plain data, written with their datasets in core's `rules/featureDatasets/`
// (one file per domain) and joined there; the page kit draws them.
export { DATASET_PAGES, type DatasetPageName } from '@cloudportal/core';
export type { DatasetPageDefinition } from './datasetPageTypes';
