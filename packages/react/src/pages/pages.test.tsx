import {
  createPortalClient,
  DATASETS,
  FEATURE_COMPONENTS,
  type DataColumn,
  type PageDescription,
  type PortalClient,
} from '@cloudportal/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
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

  it('given a German client (issue 24 §2), then a dataset page’s region, columns, values, key figures, charts, filters and actions read in German', async () => {
    const name = 'recommendations-azure';
    const fetch = fakeDataFetch({ rows: { recommendations: pageRows(name, 2) } });
    const client = createPortalClient({
      fetch,
      storage: {},
      navigate: () => {},
      crossTab: isolatedTabs,
      locale: 'de',
    });
    clients.push(client);
    render(
      <PortalProvider client={client}>
        <FeatureComponent name={name} page={page(name)} tab={null} />
      </PortalProvider>,
    );
    // The German catalogue loads lazily: the page's region is named in German once it has.
    const region = await screen.findByRole('region', { name: 'Azure-Empfehlungen' }, { timeout: 3000 });
    const grid = await within(region).findByRole('grid', { name: 'Azure-Empfehlungen' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Empfehlung',
      'Anbieter',
      'Kategorie',
      'Auswirkung',
      'Ressource',
      'Einsparung pro Monat▼',
      'Status',
      'Aktionen',
    ]);
    const cells = within(within(grid).getAllByRole('row')[1]!).getAllByRole('gridcell');
    expect(cells.map((c) => c.textContent).slice(1, 4)).toEqual(['Azure', 'Category 1', 'Hoch']);
    expect(cells[6]).toHaveTextContent('Offen');
    expect(within(cells[7]!).getByRole('button', { name: 'Verwerfen: Recommendation 1' })).toHaveTextContent(
      'Verwerfen',
    );
    // The server's summary names its figures in English; the page names them from the catalogue.
    const kpis = within(region).getByRole('region', { name: 'Kennzahlen' });
    expect(within(kpis).getByText('Offene Empfehlungen')).toBeInTheDocument();
    expect(within(kpis).getByText('Einsparung pro Monat')).toBeInTheDocument();
    expect(within(kpis).queryByText('Open recommendations')).toBeNull();
    expect(await within(region).findByRole('figure', { name: 'Einsparung pro Monat nach Kategorie' })).toBeVisible();
    expect(within(region).getByRole('searchbox', { name: 'Azure-Empfehlungen durchsuchen' })).toBeInTheDocument();
    fireEvent.click(within(region).getByRole('button', { name: 'Filter' }));
    const impact = await within(region).findByRole('combobox', { name: 'Auswirkung' });
    expect(
      within(impact)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Beliebig', 'Hoch', 'Mittel', 'Niedrig']);
    expect(within(region).getByLabelText('Einsparung pro Monat von')).toBeInTheDocument();
  });
});
