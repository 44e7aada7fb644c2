import {
  createPortalClient,
  DATASETS,
  FEATURE_COMPONENTS,
  type DataColumn,
  type PageDescription,
  type PortalClient,
} from '@cloudportal/core';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeDataFetch } from '../kit/testing/fakeData';
import { PortalProvider } from '../provider/PortalProvider';
import { FeatureComponent } from '../shell/DynamicPage';
import { hasFeaturePage } from '../shell/featureRegistry';
import { isolatedTabs } from '../testing/fakeApi';
import { DATASET_PAGES, registerPortalPages, type DatasetPageDefinition, type DatasetPageName } from './index';
import { pageRows } from './testing/sampleRows';

const clients: PortalClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});
beforeAll(() => registerPortalPages());

function page(name: string): PageDescription {
  return {
    id: name,
    type: 'ui',
    contents: [],
    componentClass: name,
    reportId: null,
    pbiReportPageFilter: [],
    assistanceSrc: null,
    error: null,
  };
}

describe('the portal pages (spec §2 "A loader opens feature pages by component name")', () => {
  it('registers a page for every name of the list', () => {
    expect(FEATURE_COMPONENTS.filter((name) => !hasFeaturePage(name))).toEqual([]);
  });

  it.each(Object.keys(DATASET_PAGES) as DatasetPageName[])(
    '%s opens its dataset and shows its rows, not a placeholder',
    async (name) => {
      const definition: DatasetPageDefinition = DATASET_PAGES[name];
      const { dataset, label } = definition;
      const rows = pageRows(name, 2);
      const fetch = fakeDataFetch({ rows: { [dataset]: rows } });
      const client = createPortalClient({ fetch, storage: {}, navigate: () => {}, crossTab: isolatedTabs });
      clients.push(client);
      render(
        <PortalProvider client={client}>
          <FeatureComponent name={name} page={page(name)} tab={null} />
        </PortalProvider>,
      );
      const region = await screen.findByRole('region', { name: label });
      const grid = await within(region).findByRole('grid', { name: label });
      const columns: readonly DataColumn[] = DATASETS[dataset].columns;
      const firstColumn = columns.find((c) => c.type === 'text' && c.visible !== false);
      if (firstColumn) expect(await within(grid).findByText(`${firstColumn.label} 1`)).toBeInTheDocument();
      expect(screen.queryByText('This page cannot be shown')).toBeNull();
      for (const chart of definition.charts ?? [])
        expect(await within(region).findByRole('figure', { name: chart.title })).toBeInTheDocument();
      expect(fetch.pages().at(-1)?.getAll('f')).toEqual(
        (definition.fixedFilters ?? []).map(
          (f) => `${f.id}:${f.op}:${typeof f.value === 'string' ? f.value : f.value.join('|')}`,
        ),
      );
    },
  );
});
