import { pseudoLocalize, type PortalClient, type SearchResult } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeApi, inRequestLocale, isolatedTabs, signedInRoutes, type FakeAnswer } from '../testing/fakeApi';
import { SearchDialog } from './SearchDialog';
import { OpenSearch } from './testing/searchDialogStory';

const INDEX = 'GET /services/api-portal-customer/api/portal/menu/index';

/** A search result as the reference server answers it. */
const result = (i: number, over: Partial<SearchResult> = {}): SearchResult => ({
  name: `page-${i}`,
  tabName: i % 4 === 0 ? 'Details' : null,
  path: `Billing / Costs / Page ${i}`,
  displayName: `Page ${i}`,
  description: i % 2 ? `Azure and Microsoft 365 spend, page ${i}.` : '',
  tags: i % 3 ? ['cost', 'azure'] : [],
  ...over,
});

/** Results as the server answers them in the pseudo-locale: their shown texts pseudo-localized. */
const pseudoResults = (json: unknown) =>
  (json as SearchResult[]).map((r) => ({
    ...r,
    path: r.path
      .split(' / ')
      .map((part) => pseudoLocalize(part))
      .join(' / '),
    displayName: pseudoLocalize(r.displayName),
    description: pseudoLocalize(r.description),
    tags: r.tags.map((tag) => pseudoLocalize(tag)),
  }));

/** The story's client: a signed-in user whose search answers `answer` (in the request's locale). */
const withSearch = (answer: FakeAnswer) => ({
  portal: {
    config: {
      fetch: fakeApi(signedInRoutes({ [INDEX]: inRequestLocale(answer, pseudoResults) })),
      crossTab: isolatedTabs,
    },
    setup: (client: PortalClient) => void client.start(),
  },
});

/**
 * The portal's search: the user types what they are looking for and opens one of the matching pages,
 * searched among the personas chosen in the settings drawer. The navbar's search box and Meta+K
 * (Ctrl+K) open it.
 */
const meta = {
  title: 'Search/Search dialog',
  component: OpenSearch,
  subcomponents: { SearchDialog },
  // Each story in a frame of its own on the Docs page: its modal dialog would cover the whole page.
  parameters: {
    ...withSearch({ json: Array.from({ length: 23 }, (_, i) => result(i + 1)) }),
    docs: { story: { inline: false, height: '720px' } },
  },
} satisfies Meta<typeof OpenSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = (canvasElement: HTMLElement) =>
  within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Search' });
/** Types `text` and waits out the 1000 ms pause and the answer. */
const search = async (canvasElement: HTMLElement, text: string) => {
  const box = within(await dialog(canvasElement)).getByRole('combobox', { name: 'What would you like to find?' });
  await userEvent.type(box, text);
  return within(await dialog(canvasElement));
};
const ANSWER = { timeout: 4000 };

/** Opened, nothing typed yet: the text box has focus. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const box = within(await dialog(canvasElement)).getByRole('combobox', { name: 'What would you like to find?' });
    // What the story shows: the empty box, ready to type in. That opening moves focus to it is the
    // component test's (SearchDialog.test.tsx) and search.spec.ts's: in the stories' sweep a story's
    // frame does not always hold the browser's focus, so the focus there is the sweep's, not the story's.
    await expect(box).toBeVisible();
    await expect(box).toHaveValue('');
  },
};

/** Typed, the answer on its way: the progress bar. */
export const Typing: Story = {
  parameters: withSearch({ json: [result(1)], delayMs: 60_000 }),
  play: async ({ canvasElement }) => {
    const box = await search(canvasElement, 'cost');
    await waitFor(() => expect(box.getByRole('progressbar', { name: 'Searching' })).toBeVisible(), ANSWER);
  },
};

/** 23 results across three pages of the 400 px grid; the second page shown. */
export const ResultsAcrossPages: Story = {
  play: async ({ canvasElement }) => {
    const box = await search(canvasElement, 'page');
    await waitFor(() => expect(box.getByText('23 results')).toBeVisible(), ANSWER);
    await userEvent.click(box.getByRole('button', { name: 'Next page' }));
    await expect(box.getByText('Page 2 of 3')).toBeVisible();
    await expect(box.getAllByRole('option')).toHaveLength(10);
  },
};

/** Nothing matches: 'No results...'. */
export const NoResults: Story = {
  parameters: withSearch({ json: [] }),
  play: async ({ canvasElement }) => {
    const box = await search(canvasElement, 'zzz');
    await waitFor(() => expect(box.getByText('No results...')).toBeVisible(), ANSWER);
  },
};

/** Long paths, long descriptions and many tags wrap inside their columns. */
export const LongPathsAndManyTags: Story = {
  parameters: withSearch({
    json: [
      result(1, {
        path: 'Billing / Microsoft 365 / Licences and subscriptions / Unused and reclaimable seats by department and cost centre',
        description:
          'Every licence SKU of the tenant with its assigned, active and reclaimable seats, the last sign-in of each user and the monthly cost that would be saved.',
        tags: ['licences', 'm365', 'cost', 'savings', 'users', 'sign-in', 'reclaim', 'departments', 'cost-centres'],
      }),
      result(2),
      result(3),
    ],
  }),
  play: async ({ canvasElement }) => {
    const box = await search(canvasElement, 'licences');
    await waitFor(() => expect(box.getByText('3 results')).toBeVisible(), ANSWER);
  },
};

/** A phone: the columns stack in each row. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const box = await search(canvasElement, 'page');
    await waitFor(() => expect(box.getByText('23 results')).toBeVisible(), ANSWER);
  },
};

/** Dark mode, results shown and the second one active (ArrowDown). */
export const Dark: Story = {
  parameters: { ...withSearch({ json: [result(1), result(2), result(3)] }), theme: 'dark' },
  play: async ({ canvasElement }) => {
    const box = await search(canvasElement, 'cost');
    await waitFor(() => expect(box.getByText('3 results')).toBeVisible(), ANSWER);
    await userEvent.keyboard('{ArrowDown}');
    await expect(box.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
  },
};
