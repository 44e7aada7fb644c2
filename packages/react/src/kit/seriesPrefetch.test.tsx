import { DATASETS, type ChartData } from '@cloudportal/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../testing/renderWithClient';
import { DatasetPage } from './DatasetPage';
import { fakeDataFetch, recommendationRows } from './testing/fakeData';

// The chart's code, held back until a test lets it load: a slow network for the lazy chunk.
const chartCode = vi.hoisted(() => {
  let release = () => {};
  const loaded = new Promise<void>((resolve) => (release = resolve));
  return { loaded, release };
});
vi.mock('./DatasetChart', async (importOriginal) => {
  await chartCode.loaded;
  return importOriginal();
});
vi.mock('./EChart', () => ({
  default: ({ data }: { data: ChartData }) => <p data-testid="plot">{data.series.length} series</p>,
}));

describe('DatasetPage with charts: their sums do not wait for their code', () => {
  it('given a page with a chart whose code is slow, then its sums are asked as the page shows, once, and the chart shows them when its code arrives', async () => {
    const fetch = fakeDataFetch({ rows: { recommendations: recommendationRows(12) } });
    const { client } = renderWithClient(
      <DatasetPage
        dataset="recommendations"
        label="Recommendations"
        def={DATASETS.recommendations}
        charts={[{ title: 'Savings by provider', kind: 'bar', x: 'provider', y: 'monthlySavings' }]}
      />,
      { fetch, storage: {} },
    );
    const series = () => fetch.requests.filter((u) => u.pathname.endsWith('/recommendations/series'));
    await waitFor(() => expect(series()).toHaveLength(1));
    expect(screen.getByText('Savings by provider')).toBeVisible(); // the chart's skeleton
    expect(screen.queryByRole('figure', { name: 'Savings by provider' })).toBeNull();

    chartCode.release();
    expect(await screen.findByRole('figure', { name: 'Savings by provider' }, { timeout: 3000 })).toBeVisible();
    expect(series()).toHaveLength(1);
    expect(series()[0]?.searchParams.get('y')).toBe('monthlySavings');
    client.dispose();
  });
});
