import { createPortalClient, type PortalClient } from '@cloudportal/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { PortalProvider } from '../../provider/PortalProvider';
import { fakeApi, isolatedTabs } from '../../testing/fakeApi';
import DynamicDashboard, { Dashboard } from './Dashboard';
import { dashboardRoutes, type FakeDashboardOptions } from './testing/fakeDashboard';

const clients: PortalClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

async function setup(ui = <DynamicDashboard />, options: FakeDashboardOptions = {}, locale?: string) {
  const navigate = vi.fn();
  const client = createPortalClient({
    fetch: fakeApi(dashboardRoutes(options)),
    storage: {},
    navigate,
    crossTab: isolatedTabs,
    locale,
  });
  clients.push(client);
  await client.start();
  const view = render(<PortalProvider client={client}>{ui}</PortalProvider>);
  return { ...view, navigate, user: userEvent.setup() };
}

describe('the dynamic dashboard (spec §2 legacy-homepage: last- and top-accessed pages, key figures)', () => {
  it("given ada's visits, then her recent and most visited pages link to them, with their tab", async () => {
    const { navigate, user, container } = await setup();
    const recent = await screen.findByRole('region', { name: 'Your recent pages' });
    const links = await within(recent).findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Subscriptions', 'Recommendations · Azure']);
    expect(links[1]).toHaveAttribute('href', '/billing/recommendations?tab=Azure');
    const top = screen.getByRole('region', { name: 'Your most visited pages' });
    expect(await within(top).findByText('7 visits')).toBeInTheDocument();
    expect(within(top).getByText('1 visit')).toBeInTheDocument();
    await user.click(links[0]!);
    expect(navigate).toHaveBeenCalledWith('/billing/azure-subscriptions');
    await screen.findAllByRole('region', { name: 'Azure subscriptions' });
    await expectNoAxeViolations(container);
  });

  it('given a German client (issue 24 §2), then the last visits and the visit counts are written in German', async () => {
    await setup(<Dashboard sections={['recent', 'top']} />, {}, 'de');
    const recent = await screen.findByRole('region', { name: 'Ihre zuletzt besuchten Seiten' });
    expect(await within(recent).findByText('05.01.2026, 09:55')).toBeInTheDocument();
    expect(within(recent).getByText('05.01.2026, 09:30')).toBeInTheDocument();
    const top = screen.getByRole('region', { name: 'Ihre meistbesuchten Seiten' });
    expect(await within(top).findByText('7 Besuche')).toBeInTheDocument();
  });

  it('shows the key figures of every dataset the tenant is licensed for, and leaves the others out', async () => {
    await setup(<Dashboard sections={['metrics']} />, { unlicensed: ['subscriptions', 'alerts'] });
    const metrics = await screen.findByRole('region', { name: 'Key figures' });
    const licenses = await within(metrics).findByRole('region', { name: 'Microsoft 365 licences' });
    expect(within(licenses).getByText('Licences purchased').nextElementSibling).toHaveTextContent('1,234.5');
    expect(within(licenses).getByText('Unassigned cost a month').nextElementSibling).toHaveTextContent('$3,703.50');
    expect(within(metrics).queryByRole('heading', { name: 'Azure subscriptions' })).toBeNull();
    expect(within(metrics).queryByRole('heading', { name: 'Alerts' })).toBeNull();
  });

  it('given a German client (issue 24 §2), then the key figures are named from the German catalogue', async () => {
    await setup(<Dashboard sections={['metrics']} />, { unlicensed: ['subscriptions', 'alerts'] }, 'de');
    const metrics = await screen.findByRole('region', { name: 'Kennzahlen' });
    const licenses = await within(metrics).findByRole('region', { name: 'Microsoft 365-Lizenzen' });
    expect(within(licenses).getByText('Gekaufte Lizenzen').nextElementSibling).toHaveTextContent('1.234,5');
    expect(within(licenses).getByText('Kosten nicht zugewiesener Lizenzen pro Monat')).toBeInTheDocument();
  });

  it('lists the custom dashboards and reports; a report links to its page', async () => {
    await setup(<Dashboard sections={['custom']} />);
    const custom = await screen.findByRole('region', { name: 'Custom dashboards and reports' });
    expect(await within(custom).findByText('Finance weekly')).toBeInTheDocument();
    expect(within(custom).getByRole('link', { name: 'Cost by cost centre' })).toHaveAttribute(
      'href',
      '/billing/dashboard/report/r1',
    );
  });

  it('given the services fail, then each card says so and offers to try again', async () => {
    await setup(undefined, { failWith: 500 });
    expect(await screen.findByText('Your recent pages could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('Key figures could not be loaded.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThanOrEqual(3);
  });
});
