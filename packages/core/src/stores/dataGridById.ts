import type { FeatureDataApi } from '../api/featureData';
import { datasetDef, type DatasetId } from '../rules/featureData';
import { createDatasetGridStore, type DataGridStore, type DataGridStoreOptions } from './dataGrid';

/**
 * The store behind a data grid of `dataset`, its definition looked up among every dataset (which
 * carries every domain's definitions; a dataset page hands its own to `createDatasetGridStore`).
 * @public
 */
export function createDataGridStore(
  api: FeatureDataApi,
  dataset: DatasetId,
  options: DataGridStoreOptions = {},
): DataGridStore {
  return createDatasetGridStore(api, dataset, datasetDef(dataset), options);
}
