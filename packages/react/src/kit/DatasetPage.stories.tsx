import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { isolatedTabs } from '../testing/fakeApi';
import { Toaster } from '../toasts/Toaster';
import { DatasetChart } from './DatasetChart';
import { DatasetPage } from './DatasetPage';
import { GridToolbar } from './GridToolbar';
import { KpiCards } from './KpiCards';
import { fakeDataFetch, recommendationRows, type FakeDataOptions } from './testing/fakeData';

/** The story's client: the data service at the network edge (a fresh one per story). */
const withData = (options: FakeDataOptions = {}) => ({
  // The pseudo-locale sweep: the page's label is its caller's; a failure is the fake server's answer, fetched in English.
  pseudoLocale: { fixed: 'section.cp-dataset-page, .cp-grid, .cp-dataset-page__state p' },
  portal: {
    config: {
      fetch: fakeDataFetch({ rows: { recommendations: recommendationRows(1234) }, ...options }),
      crossTab: isolatedTabs,
    },
  },
});

/**
 * A feature page over one dataset: key figures, charts, a toolbar (search, filters, columns, CSV
 * export) and a data grid, with its loading, empty, error and unlicensed states. Most of the
 * portal's feature pages are a dataset page.
 */
const meta = {
  title: 'Kit/Dataset page',
  component: DatasetPage,
  subcomponents: { KpiCards, GridToolbar, DatasetChart },
  args: {
    dataset: 'recommendations',
    label: 'Azure recommendations',
    fixedFilters: [{ id: 'provider', op: 'eq', value: 'azure' }],
    storageKey: 'story-recommendations',
    gridHeight: 360,
  },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...withData() },
  decorators: [
    (Story) => (
      <>
        <Story />
        <Toaster />
      </>
    ),
  ],
} satisfies Meta<typeof DatasetPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const WAIT = { timeout: 5000 };

/** 1,234 Azure recommendations: key figures, toolbar, and the first rows of the virtual grid. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, WAIT),
    ).toBeVisible();
    await expect(canvas.getByText('1,234 rows')).toBeVisible();
  },
};

/**
 * A tenant so large that counting a broad filter would hold the page up: the server counts to its
 * cap and says "at least" (`totalCapped`); the toolbar shows '1,000+ rows' and the grid an unknown
 * row count (`aria-rowcount="-1"`), and scrolling still reaches every row.
 */
export const CountCapped: Story = {
  parameters: withData({ countCap: 1000 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, WAIT);
    await expect(canvas.getByText('1,000+ rows')).toBeVisible();
    await expect(canvas.getByRole('grid', { name: 'Azure recommendations' })).toHaveAttribute('aria-rowcount', '-1');
  },
};

/** A header pressed: sorted by Recommendation, ascending (the server sorts; the live region says so). */
export const Sorted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, WAIT);
    await userEvent.click(canvas.getByRole('button', { name: 'Recommendation' }));
    await waitFor(
      () =>
        expect(canvas.getByRole('columnheader', { name: /Recommendation/ })).toHaveAttribute('aria-sort', 'ascending'),
      WAIT,
    );
  },
};

/** Still loading: skeleton key figures and rows. */
export const Loading: Story = {
  parameters: withData({ delayMs: 600_000 }),
  play: async ({ canvasElement }) => {
    // The dataset's definition loads first (the page was given only its name), then the busy grid shows.
    await expect(
      await within(canvasElement).findByRole('grid', { name: 'Azure recommendations' }, WAIT),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

/** Nothing to show: 'No rows match'. */
export const Empty: Story = {
  parameters: withData({ rows: { recommendations: [] } }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'No rows match' }, WAIT)).toBeVisible();
  },
};

/** The service failed: its message and Retry. */
export const Failed: Story = {
  parameters: withData({ status: 500 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert', {}, WAIT)).toHaveTextContent(
      'The data service failed.',
    );
  },
};

/** The tenant has no licence for the dataset (403): the shell's unlicensed placeholder. */
export const Unlicensed: Story = {
  parameters: withData({ status: 403 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status', { name: 'Unlicensed feature' }, WAIT)).toBeVisible();
  },
};

/** Dark mode (`darkModeOn`). */
export const Dark: Story = {
  parameters: { ...withData(), theme: 'dark' },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, WAIT);
  },
};
