import type { StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { DatasetPage } from '../../kit/DatasetPage';
import { fakeDataFetch } from '../../kit/testing/fakeData';
import { isolatedTabs } from '../../testing/fakeApi';
import { useDatasetPageTexts } from '../DatasetFeaturePage';
import { DATASET_PAGES, type DatasetPageDefinition, type DatasetPageName } from '../datasetPages';
import { pageRows } from './sampleRows';

/** A dataset page as the menu opens it, over 60 sample rows that pass its fixed filters. */
export function PortalPage({
  name,
}: {
  /** The page's component name, by which the portal's menu opens it (e.g. `subscriptions`). */
  name: DatasetPageName;
}) {
  const { dataset, label, fixedFilters, charts }: DatasetPageDefinition = DATASET_PAGES[name];
  // Its texts in the active locale, as the menu's page shows them (DatasetFeaturePage).
  const shown = useDatasetPageTexts(name, { label, charts });
  return (
    <DatasetPage
      dataset={dataset}
      label={shown.label}
      fixedFilters={fixedFilters}
      charts={shown.charts}
      storageKey={`story-${name}`}
      gridHeight={360}
    />
  );
}

/** The story of a dataset page: it plays once the grid shows rows. */
export const story = (name: DatasetPageName, theme?: 'dark'): StoryObj<typeof PortalPage> => ({
  args: { name },
  parameters: {
    portal: {
      config: {
        fetch: fakeDataFetch({ rows: { [DATASET_PAGES[name].dataset]: pageRows(name, 60) } }),
        crossTab: isolatedTabs,
      },
    },
    ...(theme ? { theme } : {}),
  },
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid', { name: DATASET_PAGES[name].label }, { timeout: 5000 });
    await expect(await within(grid).findAllByRole('row', {}, { timeout: 5000 })).not.toHaveLength(0);
  },
});
