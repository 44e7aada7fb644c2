import type { ChartData, DataRow } from '@cloudportal/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../testing/renderWithClient';
import { DatasetChart, type DatasetChartProps } from './DatasetChart';
import { fakeDataFetch, recommendationRows } from './testing/fakeData';

// jsdom draws nothing: where a canvas exists (stubbed below) the drawing is this stand-in, which
// shows the series names ECharts would put in the legend and the tooltip.
vi.mock('./EChart', () => ({
  default: ({ data }: { data: ChartData }) => (
    <ul aria-label="Legend" data-testid="plot">
      {data.series.map((s) => (
        <li key={s.name}>{s.name}</li>
      ))}
    </ul>
  ),
}));

const STATUSES = ['open', 'open', 'dismissed', 'open', 'done', 'dismissed'];
/** 12 recommendations: statuses as codes, every resource its own. */
const ROWS: DataRow[] = recommendationRows(12).map((r, i) => ({ ...r, status: STATUSES[i % STATUSES.length]! }));

function show(chart: Omit<DatasetChartProps, 'dataset' | 'kind'>, locale?: string) {
  const fetch = fakeDataFetch({ rows: { recommendations: ROWS } });
  const view = renderWithClient(<DatasetChart dataset="recommendations" kind="stackedBar" {...chart} />, {
    fetch,
    storage: {},
    locale,
  });
  return { ...view, fetch };
}

const legend = async () =>
  within(await screen.findByRole('list', { name: 'Legend' }, { timeout: 3000 }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('DatasetChart: series named in the active locale (issue 24 §2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('given an English client and a split by an enum of codes, then the table and summary read English names while the codes are sent', async () => {
    const { client, fetch } = show({ title: 'Recommendations by status', x: 'category', split: 'status' });
    const table = await screen.findByRole('table', { name: 'Recommendations by status: data' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Category', 'Open', 'Dismissed', 'Done', 'Total']);
    const figure = screen.getByRole('figure', { name: 'Recommendations by status' });
    expect(figure.textContent).toMatch(/Open: .*Dismissed: .*Done: /);
    expect(figure.textContent).not.toMatch(/\bopen\b|\bdismissed\b/);
    const series = fetch.requests.find((u) => u.pathname.endsWith('/recommendations/series'));
    expect(series?.searchParams.get('split')).toBe('status');
    client.dispose();
  });

  it('given a German client, then a split chart’s legend and hidden summary read the German option names', async () => {
    vi.stubGlobal('CanvasRenderingContext2D', function CanvasRenderingContext2D() {});
    const { client } = show({ title: 'Empfehlungen nach Status', x: 'category', split: 'status' }, 'de');
    await screen.findByRole('button', { name: 'Datentabelle anzeigen' }, { timeout: 3000 });
    expect(await legend()).toEqual(['Offen', 'Verworfen', 'Erledigt']);
    const summary = screen.getByText(/^Empfehlungen nach Status.+/);
    expect(summary).toHaveClass('cp-visually-hidden');
    expect(summary.textContent).toMatch(/Offen: .*Verworfen: .*Erledigt: /);
    client.dispose();
  });

  it("given a split with more values than kept, then the rest's series reads 'Other' in English and 'Sonstige' in German", async () => {
    vi.stubGlobal('CanvasRenderingContext2D', function CanvasRenderingContext2D() {});
    const english = show({ title: 'Savings by resource', x: 'provider', y: 'monthlySavings', split: 'resource' });
    const names = await legend();
    expect(names).toHaveLength(9);
    expect(names.slice(0, 2)).toEqual(['vm-00000', 'vm-00001']);
    expect(names.at(-1)).toBe('Other');
    english.client.dispose();
    english.unmount();

    const german = show(
      { title: 'Einsparung nach Ressource', x: 'provider', y: 'monthlySavings', split: 'resource' },
      'de',
    );
    await screen.findByRole('button', { name: 'Datentabelle anzeigen' }, { timeout: 3000 });
    expect((await legend()).at(-1)).toBe('Sonstige');
    expect(screen.getByText(/^Einsparung nach Ressource.+/).textContent).toContain('Sonstige: ');
    german.client.dispose();
  });

  it('given an unsplit chart in German, then its one series is the count or the summed column, named in German', async () => {
    vi.stubGlobal('CanvasRenderingContext2D', function CanvasRenderingContext2D() {});
    const counted = show({ title: 'Empfehlungen nach Kategorie', x: 'category' }, 'de');
    await screen.findByRole('button', { name: 'Datentabelle anzeigen' }, { timeout: 3000 });
    expect(await legend()).toEqual(['Anzahl']);
    counted.client.dispose();
    counted.unmount();

    const summed = show({ title: 'Einsparung nach Kategorie', x: 'category', y: 'monthlySavings' }, 'de');
    await screen.findByRole('button', { name: 'Datentabelle anzeigen' }, { timeout: 3000 });
    expect(await legend()).toEqual(['Einsparung pro Monat']);
    summed.client.dispose();
  });
});
