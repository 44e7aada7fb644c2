import { createPortalClient, DATASETS, type PortalClient } from '@cloudportal/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { PortalProvider } from '../provider/PortalProvider';
import { DatasetPage, type DatasetPageProps } from './DatasetPage';
import { fakeDataFetch, recommendationRows, type FakeDataOptions } from './testing/fakeData';

const AZURE: DatasetPageProps = {
  dataset: 'recommendations',
  label: 'Azure recommendations',
  fixedFilters: [{ id: 'provider', op: 'eq', value: 'azure' }],
  storageKey: 'recommendations-azure',
};

function setup(options: FakeDataOptions = {}, props: DatasetPageProps = AZURE, client?: PortalClient) {
  // The options object itself, so a test can change how the service answers later.
  options.rows ??= {
    recommendations: [
      ...recommendationRows(240),
      ...recommendationRows(10, 'm365').map((r) => ({ ...r, id: `m-${r.id}` })),
    ],
  };
  const fetch = fakeDataFetch(options);
  const c = client ?? createPortalClient({ fetch, storage: {}, navigate: () => {} });
  const view = render(
    <PortalProvider client={c}>
      <DatasetPage {...props} />
    </PortalProvider>,
  );
  return { ...view, fetch, client: c, user: userEvent.setup() };
}

const loaded = () => screen.findByRole('gridcell', { name: 'Resize underused virtual machine 1' }, { timeout: 3000 });
const lastPage = (fetch: ReturnType<typeof fakeDataFetch>) => fetch.pages().at(-1);

describe('DatasetPage (issue 13)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('given a page with a fixed filter, then key figures, toolbar and grid show its rows only, and the page is axe clean', async () => {
    const { fetch } = setup({}, { ...AZURE, def: DATASETS.recommendations });
    expect(screen.getByRole('region', { name: 'Azure recommendations' })).toBeVisible();
    expect(screen.getByRole('grid', { name: 'Azure recommendations' })).toHaveAttribute('aria-busy', 'true');
    await loaded();
    const kpis = screen.getByRole('region', { name: 'Key figures' });
    await waitFor(() =>
      expect(within(kpis).getByText('Open recommendations').nextElementSibling).toHaveTextContent('240'),
    );
    expect(within(kpis).getByText('High impact').nextElementSibling).toHaveTextContent('80');
    expect(screen.getByText('240 rows')).toBeVisible();
    expect(fetch.pages().every((p) => p.getAll('f').includes('provider:eq:azure'))).toBe(true);
    expect(fetch.requests.find((u) => u.pathname.endsWith('/summary'))?.searchParams.getAll('f')).toEqual([
      'provider:eq:azure',
    ]);
    await expectNoAxeViolations();
  });

  it("given only the dataset's name, then its definition loads and the page shows its rows", async () => {
    setup();
    expect(screen.getByRole('region', { name: 'Azure recommendations' })).toHaveAttribute('aria-busy', 'true');
    await loaded();
    expect(screen.getByText('240 rows')).toBeVisible();
  });

  it('given typing in the search box, then the rows are asked for with the text after a pause', async () => {
    const { fetch, user } = setup();
    await loaded();
    await user.type(screen.getByRole('searchbox', { name: 'Search Azure recommendations' }), 'disk');
    await waitFor(() => expect(lastPage(fetch)?.get('q')).toBe('disk'));
    expect(fetch.pages().filter((p) => p.get('q'))).toHaveLength(1);
    expect(await screen.findByText('40 rows')).toBeVisible();
    expect(screen.getByRole('gridcell', { name: 'Delete unattached disk 2' })).toBeVisible();
  });

  it('given a filter chosen, then it is sent, shown as a chip, and removing the chip sends the rows without it', async () => {
    const { fetch, user } = setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    // The panel's code loads when it is first opened.
    const panel = await screen.findByRole('group', { name: 'Filters' });
    // The fixed filter's column is not offered.
    expect(within(panel).queryByRole('combobox', { name: 'Provider' })).toBeNull();
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Impact' }), 'High');
    await waitFor(() => expect(lastPage(fetch)?.getAll('f')).toEqual(['provider:eq:azure', 'impact:eq:High']));
    expect(await screen.findByText('80 rows')).toBeVisible();
    await user.type(within(panel).getByRole('spinbutton', { name: 'Savings a month from' }), '4000{Enter}');
    await waitFor(() =>
      expect(lastPage(fetch)?.getAll('f')).toEqual(['provider:eq:azure', 'impact:eq:High', 'monthlySavings:gte:4000']),
    );
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Impact: High', 'Savings a month ≥ 4000']);
    await user.click(screen.getByRole('button', { name: 'Remove filter Impact: High' }));
    await waitFor(() => expect(lastPage(fetch)?.getAll('f')).toEqual(['provider:eq:azure', 'monthlySavings:gte:4000']));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastPage(fetch)?.getAll('f')).toEqual(['provider:eq:azure']));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it('given a percent range and a day range, then percents are sent as fractions and a day range keeps its whole last day', async () => {
    const budgets = Array.from({ length: 6 }, (_, i) => ({
      id: `b${i}`,
      name: `Budget ${i + 1}`,
      scope: 'All subscriptions',
      amount: 1000,
      actual: 200 * i,
      forecast: 250 * i,
      used: 0.2 * i,
      status: 'Under budget',
    }));
    const alerts = Array.from({ length: 6 }, (_, i) => ({
      id: `a${i}`,
      name: `Alert ${i + 1}`,
      severity: 'Warning',
      scope: 'vm-1',
      condition: 'CPU > 90%',
      firedAt: `2026-03-0${i + 1}T12:00:00.000Z`,
      status: 'Fired',
      statusBy: null,
    }));
    const { fetch, user } = setup(
      { rows: { budgets, alerts } },
      { dataset: 'budgets', label: 'Azure budgets', storageKey: 'budgets' },
    );
    await screen.findByRole('gridcell', { name: 'Budget 1' }, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(
      within(screen.getByRole('group', { name: 'Filters' })).getByRole('spinbutton', { name: 'Used from' }),
      '12.5{Enter}',
    );
    await waitFor(() => expect(lastPage(fetch)?.getAll('f')).toEqual(['used:gte:0.125']));
    expect(within(screen.getByRole('list', { name: 'Active filters' })).getByText('Used ≥ 12.5 %')).toBeVisible();
    cleanup();
    const second = setup({ rows: { budgets, alerts } }, { dataset: 'alerts', label: 'Alerts', storageKey: 'alerts' });
    await screen.findByRole('gridcell', { name: 'Alert 1' }, { timeout: 3000 });
    await second.user.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('group', { name: 'Filters' });
    fireEvent.change(within(panel).getByLabelText('Fired from'), { target: { value: '2026-03-02' } });
    fireEvent.blur(within(panel).getByLabelText('Fired from'));
    fireEvent.change(within(panel).getByLabelText('Fired to'), { target: { value: '2026-03-04' } });
    fireEvent.blur(within(panel).getByLabelText('Fired to'));
    await waitFor(() =>
      expect(lastPage(second.fetch)?.getAll('f')).toEqual([
        'firedAt:gte:2026-03-02T00:00:00.000Z',
        'firedAt:lte:2026-03-04T23:59:59.999Z',
      ]),
    );
    expect(await screen.findByText('3 rows')).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'Active filters' }))
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Fired ≥ 2026-03-02', 'Fired ≤ 2026-03-04']);
  });

  it('given columns chosen, then the grid shows them and the choice is kept for the page on the next visit', async () => {
    const { user, client, unmount } = setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Category' }));
    await user.click(screen.getByRole('checkbox', { name: 'Reason' }));
    expect(screen.queryByRole('columnheader', { name: 'Category' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Reason' })).toBeVisible();
    unmount();
    setup({}, AZURE, client);
    await loaded();
    expect(screen.queryByRole('columnheader', { name: 'Category' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Reason' })).toBeVisible();
  });

  it('given Export CSV, then the visible columns with the filters are downloaded as recommendations-{day}.csv', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:portal/1');
    const revoked = vi.fn();
    // jsdom has no object URLs.
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: created, revokeObjectURL: revoked }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { fetch, user } = setup();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const request = fetch.requests.find((u) => u.pathname.endsWith('/export.csv'));
    expect(request?.searchParams.get('columns')).toBe('title,provider,category,impact,resource,monthlySavings,status');
    expect(request?.searchParams.getAll('f')).toEqual(['provider:eq:azure']);
    expect(clicked[0]?.download).toMatch(/^recommendations-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(clicked[0]?.href).toBe('blob:portal/1');
    const csv = await created.mock.calls[0]![0].text();
    expect(csv.split('\r\n')[0]).toBe('Recommendation,Provider,Category,Impact,Resource,Savings a month,Status');
    expect(csv.split('\r\n')).toHaveLength(242);
    await waitFor(() => expect(revoked).toHaveBeenCalledWith('blob:portal/1'));
  });

  it('given no rows match, then "No rows match" offers to clear the filters, which brings the rows back', async () => {
    const { user } = setup();
    await loaded();
    await user.type(screen.getByRole('searchbox', { name: 'Search Azure recommendations' }), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No rows match' })).toBeVisible();
    await expectNoAxeViolations();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await loaded();
    expect(screen.getByRole('searchbox', { name: 'Search Azure recommendations' })).toHaveValue('');
  });

  it('given the service fails, then its message and Retry show; Retry loads the rows', async () => {
    const options: FakeDataOptions = { status: 500 };
    const { user } = setup(options);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The rows could not be loaded');
    expect(alert).toHaveTextContent('The data service failed.');
    await expectNoAxeViolations();
    options.status = undefined;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await loaded();
  });

  it('given the tenant is not licensed (403), then the unlicensed placeholder shows instead of the grid', async () => {
    setup({ status: 403 });
    expect(await screen.findByRole('status', { name: 'Unlicensed feature' })).toHaveTextContent(
      'Your tenant is not licensed for this page. Please contact your partner.',
    );
    expect(screen.queryByRole('grid')).toBeNull();
    await expectNoAxeViolations();
  });
});
