import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Chart } from './Chart';
import { COST_BY_REGION, COST_BY_SERVICE, DAYS_13_MONTHS, MONTHS_13, SPIKES, dailyCost } from './testing/chartData';

const COST = [{ name: 'Cost', values: dailyCost() }];

/**
 * A chart for feature pages and dashboards: a time series, bars side by side or stacked, or a donut,
 * with a written summary and a data table so keyboard and screen-reader users get the numbers too.
 * Use it for figures the page already has; a chart over a dataset's sums is `DatasetChart`.
 */
const meta = {
  title: 'Kit/Chart',
  // The pseudo-locale sweep: a chart's title and series names are its caller's.
  parameters: { pseudoLocale: { fixed: 'figcaption, th' } },
  component: Chart,
  args: {
    kind: 'line',
    title: 'Daily cost',
    categories: DAYS_13_MONTHS,
    series: COST,
    valueType: 'currency',
    currency: 'USD',
    height: 280,
  },
} satisfies Meta<typeof Chart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A time series: 13 months of daily cost (395 points). */
export const DailyCost: Story = {
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Daily cost' });
    await expect(within(figure).getByText(/^Daily cost from Jun 1, 2025 to Jun 30, 2026: highest/)).toBeInTheDocument();
  },
};

/** Stacked bars: monthly cost by service, with the stack's total in the table. */
export const StackedBars: Story = {
  args: { kind: 'stackedBar', title: 'Monthly cost by service', categories: MONTHS_13, series: COST_BY_SERVICE },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('figure', { name: 'Monthly cost by service' })).toHaveTextContent(
      /Combined: highest \$28,580\.00 on May 2026/,
    );
  },
};

/** A donut: cost by region, one series of named slices. */
export const Donut: Story = {
  args: { kind: 'donut', title: 'Cost by region', ...COST_BY_REGION, categoryLabel: 'Region', height: 240 },
};

/** Anomalies marked on the daily cost, and the daily budget as a target line. */
export const AnomaliesAndBudget: Story = {
  args: {
    title: 'Daily cost and anomalies',
    markers: [...SPIKES].map(([index, label]) => ({ index, label })),
    markersLabel: 'Anomalies',
    target: { value: 1500, label: 'Daily budget' },
  },
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Daily cost and anomalies' });
    await expect(figure).toHaveTextContent(
      'Anomalies: Spike: Data Factory on Aug 15, 2025; Spike: new VM scale set on Dec 30, 2025; Spike: log ingestion on Apr 27, 2026.',
    );
    await expect(figure).toHaveTextContent(
      /Daily budget \$1,500\.00: exceeded at 3 of 395 points, first on Aug 15, 2025\./,
    );
  },
};

/** Several lines side by side, with the data table open. */
export const TwoSeriesWithTable: Story = {
  args: {
    kind: 'bar',
    title: 'Cost: this year and last',
    categories: MONTHS_13.slice(1),
    series: [
      { name: 'This year', values: COST_BY_SERVICE[0]!.values.slice(1) },
      { name: 'Last year', values: COST_BY_SERVICE[0]!.values.slice(1).map((v) => Math.round(v * 0.86)) },
    ],
    defaultTableOpen: true,
  },
};

/** No data. */
export const Empty: Story = {
  args: { categories: [], series: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('figure', { name: 'Daily cost' })).toHaveTextContent(
      'Daily cost: no data.',
    );
  },
};

/** Dark mode (`darkModeOn`): the colours come from the dark `--cp-chart-*` tokens. */
export const Dark: Story = {
  args: AnomaliesAndBudget.args,
  parameters: { theme: 'dark' },
};
