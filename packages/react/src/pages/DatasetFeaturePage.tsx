import { chartTitle, pageLabel, type LoadedDatasetPage } from '@cloudportal/core';
import { useMemo, type ComponentType } from 'react';
import { DatasetPage } from '../kit/DatasetPage';
import { useT } from '../provider/PortalProvider';
import type { FeatureComponentProps } from '../shell/featureRegistry';
import type { DatasetPageName } from './datasetPages';

const pages = new Map<DatasetPageName, ComponentType<FeatureComponentProps>>();

/**
 * The feature page of a dataset page's component name, from its definition and its dataset's (loaded
 * with its domain's file: `loadDatasetPage`). One component per name, so React keeps it mounted. Its
 * label and chart titles read in the active locale (their ids are the page's: `pageLabel`, `chartTitle`).
 */
export function datasetFeaturePage(
  name: DatasetPageName,
  { page: { dataset, label, fixedFilters, charts }, def }: LoadedDatasetPage,
): ComponentType<FeatureComponentProps> {
  let page = pages.get(name);
  if (!page) {
    page = function DatasetFeaturePage() {
      const t = useT();
      const shownCharts = useMemo(() => charts?.map((chart) => ({ ...chart, title: chartTitle(t, name, chart) })), [t]);
      return (
        <DatasetPage
          dataset={dataset}
          def={def}
          label={pageLabel(t, name, { label })}
          fixedFilters={fixedFilters}
          charts={shownCharts}
          storageKey={name}
        />
      );
    };
    pages.set(name, page);
  }
  return page;
}
