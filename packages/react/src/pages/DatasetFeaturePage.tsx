import type { LoadedDatasetPage } from '@cloudportal/core';
import type { ComponentType } from 'react';
import { DatasetPage } from '../kit/DatasetPage';
import type { FeatureComponentProps } from '../shell/featureRegistry';
import type { DatasetPageName } from './datasetPages';

const pages = new Map<DatasetPageName, ComponentType<FeatureComponentProps>>();

/**
 * The feature page of a dataset page's component name, from its definition and its dataset's (loaded
 * with its domain's file: `loadDatasetPage`). One component per name, so React keeps it mounted.
 */
export function datasetFeaturePage(
  name: DatasetPageName,
  { page: { dataset, label, fixedFilters, charts }, def }: LoadedDatasetPage,
): ComponentType<FeatureComponentProps> {
  let page = pages.get(name);
  if (!page) {
    page = function DatasetFeaturePage() {
      return (
        <DatasetPage
          dataset={dataset}
          def={def}
          label={label}
          fixedFilters={fixedFilters}
          charts={charts}
          storageKey={name}
        />
      );
    };
    pages.set(name, page);
  }
  return page;
}
