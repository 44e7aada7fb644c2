import { chartTitle, pageLabel, type DatasetPageDefinition, type LoadedDatasetPage } from '@cloudportal/core';
import { useMemo, type ComponentType } from 'react';
import { DatasetPage } from '../kit/DatasetPage';
import { useT } from '../provider/PortalProvider';
import type { FeatureComponentProps } from '../shell/featureRegistry';
import type { DatasetPageName } from './datasetPages';

/** A dataset page's label and chart titles in the active locale (their ids are the page's: `pageLabel`, `chartTitle`). */
export function useDatasetPageTexts(
  name: DatasetPageName,
  { label, charts }: Pick<DatasetPageDefinition, 'label' | 'charts'>,
): Pick<DatasetPageDefinition, 'label' | 'charts'> {
  const t = useT();
  return useMemo(
    () => ({
      label: pageLabel(t, name, { label }),
      charts: charts?.map((chart) => ({ ...chart, title: chartTitle(t, name, chart) })),
    }),
    [t, name, label, charts],
  );
}

const pages = new Map<DatasetPageName, ComponentType<FeatureComponentProps>>();

/**
 * The feature page of a dataset page's component name, from its definition and its dataset's (loaded
 * with its domain's file: `loadDatasetPage`). One component per name, so React keeps it mounted. Its
 * label and chart titles read in the active locale ({@link useDatasetPageTexts}).
 */
export function datasetFeaturePage(
  name: DatasetPageName,
  { page: { dataset, label, fixedFilters, charts }, def }: LoadedDatasetPage,
): ComponentType<FeatureComponentProps> {
  let page = pages.get(name);
  if (!page) {
    page = function DatasetFeaturePage() {
      const shown = useDatasetPageTexts(name, { label, charts });
      return (
        <DatasetPage
          dataset={dataset}
          def={def}
          label={shown.label}
          fixedFilters={fixedFilters}
          charts={shown.charts}
          storageKey={name}
        />
      );
    };
    pages.set(name, page);
  }
  return page;
}
