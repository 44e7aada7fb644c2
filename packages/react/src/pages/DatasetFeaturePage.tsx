import type { ComponentType } from 'react';
import { DatasetPage } from '../kit/DatasetPage';
import type { FeatureComponentProps } from '../shell/featureRegistry';
import { DATASET_PAGES, type DatasetPageDefinition, type DatasetPageName } from './datasetPages';

const pages = new Map<DatasetPageName, ComponentType<FeatureComponentProps>>();

/** The feature page of a dataset page's component name (one component per name, so React keeps it mounted). */
export function datasetFeaturePage(name: DatasetPageName): ComponentType<FeatureComponentProps> {
  let page = pages.get(name);
  if (!page) {
    const { dataset, label, fixedFilters, charts }: DatasetPageDefinition = DATASET_PAGES[name];
    page = function DatasetFeaturePage() {
      return (
        <DatasetPage dataset={dataset} label={label} fixedFilters={fixedFilters} charts={charts} storageKey={name} />
      );
    };
    pages.set(name, page);
  }
  return page;
}
