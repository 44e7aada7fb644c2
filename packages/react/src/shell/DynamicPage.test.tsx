import { portalShell, type PortalClient } from '@cloudportal/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { DynamicPage } from './DynamicPage';
import { registerFeaturePage } from './featureRegistry';
import { menuCalls } from './testing/fakePortal';
import { disposeShellClients, renderShell } from './testing/renderShell';

afterEach(disposeShellClients);
beforeAll(() => {
  registerFeaturePage('subscriptions', async () => ({ default: () => <p>Three subscriptions, all active.</p> }));
});

/** A navigate that moves the user, as the host's router would. */
function router() {
  let client: PortalClient | undefined;
  const navigate = vi.fn((path: string) => {
    const [pathname = '/', search = ''] = path.split(/(?=\?)/);
    portalShell(client!).navigation.setLocation({ pathname, search });
  });
  return { navigate, bind: (c: PortalClient) => void (client = c) };
}

describe('DynamicPage', () => {
  it('given a tabbed page and ?tab=Cost+by+Region, then that tab is selected', async () => {
    await renderShell(<DynamicPage />, { path: '/billing/azure-costs?tab=Cost+by+Region' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cost analysis' })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Sections of Cost analysis' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Cost Overview', 'Cost by Region', 'Shared Costs']);
    expect(within(tabs).getByRole('tab', { name: 'Cost by Region' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Cost by Region' })).toBeVisible();
    await expectNoAxeViolations();
  });

  it('given a menu item that opens a tab of another page, then the page opens on that tab', async () => {
    await renderShell(<DynamicPage />, { path: '/billing/azure-cost-by-region' });
    expect(await screen.findByRole('tab', { name: 'Cost by Region', selected: true })).toBeVisible();
  });

  it('given a tabbed page, when arrow keys, Home and End are pressed on the tabs, then the tab moves and the URL follows', async () => {
    const user = userEvent.setup();
    const { navigate, bind } = router();
    await renderShell(<DynamicPage />, { path: '/billing/azure-costs', navigate, before: bind });
    const first = await screen.findByRole('tab', { name: 'Cost Overview', selected: true });
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(navigate).toHaveBeenLastCalledWith('/billing/azure-costs?tab=Cost+by+Region');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Cost by Region' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('tab', { name: 'Cost by Region' })).toHaveFocus();
    await user.keyboard('{End}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Shared Costs' })).toHaveAttribute('aria-selected', 'true'),
    );
    await user.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Cost Overview' })).toHaveAttribute('aria-selected', 'true'),
    );
    await user.keyboard('{ArrowLeft}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Shared Costs' })).toHaveAttribute('aria-selected', 'true'),
    );
    await user.keyboard('{Home}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Cost Overview' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it("given a tabbed page's report tab, then the report card shows its name and description", async () => {
    await renderShell(<DynamicPage />, { path: '/billing/azure-costs' });
    const card = await screen.findByRole('region', { name: 'Cost Overview' });
    expect(within(card).getByRole('heading', { name: 'Cost Overview' })).toBeVisible();
    expect(within(card).getByText('Monthly Azure spend with a forecast to the end of the month.')).toBeVisible();
    expect(within(card).getByText('Report rep-cost-overview')).toBeVisible();
  });

  it("given a host's report view, then a report tab shows the tab's description and hands the view its report, page key and tab", async () => {
    const renderReport = vi.fn((r: { reportId: string; pageKey: string; tabName: string | null }) => (
      <p>{`${r.reportId} on ${r.pageKey} / ${r.tabName}`}</p>
    ));
    await renderShell(<DynamicPage renderReport={renderReport} />, { path: '/billing/azure-costs' });
    const panel = await screen.findByRole('tabpanel', { name: 'Cost Overview' });
    expect(within(panel).getByText('Monthly Azure spend with a forecast to the end of the month.')).toBeVisible();
    expect(within(panel).getByText('rep-cost-overview on azure-costs / Cost Overview')).toBeVisible();
  });

  it('given a pbiReport page, then its report card shows', async () => {
    await renderShell(<DynamicPage />, { path: '/billing/m365-licences' });
    const card = await screen.findByRole('region', { name: 'Licence report' });
    expect(within(card).getByText('Report rep-licences')).toBeVisible();
  });

  it('given a ui page with a registered feature, then the feature page renders lazily', async () => {
    await renderShell(<DynamicPage />, { path: '/billing/subscriptions' });
    expect(await screen.findByText('Three subscriptions, all active.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
  });

  it("given a ui page with an unknown component, then 'This page cannot be shown'", async () => {
    await renderShell(<DynamicPage />, { path: '/billing/legacy-widget' });
    const alert = await screen.findByRole('alert', { name: 'This page cannot be shown' });
    expect(alert).toHaveTextContent("The page's component 'legacy-widget' is not available in this portal.");
  });

  it("given a ui page with a moved component, then 'Functionality moved'", async () => {
    await renderShell(<DynamicPage />, { path: '/billing/provider-overview' });
    expect(await screen.findByRole('status', { name: 'Functionality moved' })).toBeVisible();
  });

  it("given an error page, then 'Page not found' with the server's message and a way home", async () => {
    const { navigate, bind } = router();
    const user = userEvent.setup();
    await renderShell(<DynamicPage />, { path: '/billing/security', navigate, before: bind });
    const alert = await screen.findByRole('alert', { name: 'Page not found' });
    expect(alert).toHaveTextContent('The security page was removed from your portal.');
    // Exactly one h1, the page's own name (an error page is a page too).
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Security']);
    const home = within(alert).getByRole('link', { name: 'Go to the home page' });
    expect(home).toHaveAttribute('href', '/billing/home');
    await expectNoAxeViolations();
    await user.click(home);
    expect(navigate).toHaveBeenCalledWith('/billing/home');
  });

  it("given a route that is not in the menu, then 'Page not found' names it", async () => {
    await renderShell(<DynamicPage />, { path: '/billing/no-such-page' });
    expect(await screen.findByRole('alert', { name: 'Page not found' })).toHaveTextContent(
      "No page 'no-such-page' exists in your menu.",
    );
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Page not found']);
  });

  it("given a page the server answers 403, then 'Unlicensed feature'", async () => {
    await renderShell(<DynamicPage />, { path: '/billing/reports' });
    const placeholder = await screen.findByRole('status', { name: 'Unlicensed feature' });
    expect(placeholder).toHaveTextContent('Your tenant is not licensed for this page. Please contact your partner.');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('given a page that fails, when Try again is clicked, then it is fetched again', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderShell(<DynamicPage />, {
      path: '/billing/azure-budgets',
      failures: { 'GET /services/api-portal-customer/api/portal/menu/page/azure-budgets': 500 },
    });
    const alert = await screen.findByRole('alert', { name: 'Page not found' });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetch.calls.filter((c) => c.endsWith('/page/azure-budgets'))).toHaveLength(2));
  });

  it('given a menu that fails to load, then the page says the menu could not be loaded (not that the page is unknown), and Try again asks for the menu again', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderShell(<DynamicPage />, {
      path: '/billing/azure-budgets',
      failures: { 'GET /services/api-portal-customer/api/portal/menu': 500 },
    });
    const alert = await screen.findByRole('alert', { name: 'This page cannot be shown' });
    expect(alert).toHaveTextContent('The menu could not be loaded.');
    expect(screen.queryByText(/exists in your menu/)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const before = menuCalls(fetch).length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(menuCalls(fetch)).toHaveLength(before + 1));
  });

  it('given a page still loading, then a progress bar and skeletons show', async () => {
    await renderShell(<DynamicPage />, { path: '/billing/slow-page' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeVisible();
    expect(document.querySelector('[part="page"]')).toHaveAttribute('data-status', 'loading');
    // The page keeps its one level-one heading while it loads: the menu item's name.
    expect(screen.getByRole('heading', { level: 1, name: 'Slow page' })).toBeVisible();
  });
});
