import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { expectNoAxeViolations } from '#test/axe';
import { PortalProvider } from '../provider/PortalProvider';
import { FeaturePage } from './FeaturePage';
import { registerFeaturePage } from './featureRegistry';
import { usePageNavigate, usePageSignals } from './pageContext';
import { pageRoute } from './testing/fakePortal';
import { disposeShellClients, renderShell } from './testing/renderShell';

afterEach(disposeShellClients);

/** A grid-like page: it says it has rows, and counts 42 of them when asked; and a link to another page. */
function CountingPage() {
  const signals = usePageSignals();
  const navigate = usePageNavigate();
  useEffect(() => signals?.expectRows(), [signals]);
  return (
    <>
      <button type="button" onClick={() => signals?.rows(42)}>
        Count rows
      </button>
      <a
        href="/billing/subscriptions"
        onClick={(e) => {
          e.preventDefault();
          navigate('/billing/subscriptions');
        }}
      >
        Open subscriptions
      </a>
    </>
  );
}

beforeAll(() => {
  registerFeaturePage('subscriptions', async () => ({ default: () => <p>Three subscriptions, all active.</p> }));
  registerFeaturePage('azure-budgets', async () => ({ default: CountingPage }));
  registerFeaturePage('shared-costs', async () => ({ default: () => <p>Shared costs by department.</p> }));
});

describe('FeaturePage (issue 24: one page of the menu, by name, without the shell)', () => {
  it('given a page of the menu, when it is shown by name, then its heading and content show, and loaded reports it', async () => {
    const onLoaded = vi.fn();
    const { container } = await renderShell(<FeaturePage name="subscriptions" onLoaded={onLoaded} />, {
      path: '/partner/somewhere',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    expect(await screen.findByText('Three subscriptions, all active.')).toBeVisible();
    await waitFor(() => expect(onLoaded).toHaveBeenCalledWith({ name: 'subscriptions', tab: null, rows: null }));
    expect(onLoaded).toHaveBeenCalledTimes(1);
    expect(container.querySelector('nav')).toBeNull();
    await expectNoAxeViolations();
  });

  it('given a page with a grid, then loaded waits for its rows and carries their count', async () => {
    const user = userEvent.setup();
    const onLoaded = vi.fn();
    await renderShell(<FeaturePage name="azure-budgets" onLoaded={onLoaded} />);
    await screen.findByRole('link', { name: 'Open subscriptions' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onLoaded).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Count rows' }));
    await waitFor(() => expect(onLoaded).toHaveBeenCalledWith({ name: 'azure-budgets', tab: null, rows: 42 }));
  });

  it('given a name the menu does not hold, then the not-found page shows, nothing is fetched, and error reports it', async () => {
    const onError = vi.fn();
    const { fetch } = await renderShell(<FeaturePage name="payroll" onError={onError} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'payroll', reason: 'not-found' })),
    );
    expect(fetch.calls.some((call) => call.includes('/menu/page/payroll'))).toBe(false);
  });

  it('given a page the tenant is not licensed for, then the unlicensed placeholder shows and error says why', async () => {
    const onError = vi.fn();
    await renderShell(<FeaturePage name="reports" onError={onError} />);
    expect(await screen.findByRole('heading', { name: 'Unlicensed feature' })).toBeVisible();
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'reports', reason: 'unlicensed' })),
    );
  });

  it('given a tab name, then that tab opens; when another tab is chosen, it shows in place and loaded reports the tab', async () => {
    const user = userEvent.setup();
    const onLoaded = vi.fn();
    const navigate = vi.fn();
    await renderShell(<FeaturePage name="azure-costs" tabName="Cost Overview" onLoaded={onLoaded} />, { navigate });
    expect(await screen.findByRole('tab', { name: 'Cost Overview', selected: true })).toBeVisible();
    await waitFor(() =>
      expect(onLoaded).toHaveBeenLastCalledWith({ name: 'azure-costs', tab: 'Cost Overview', rows: null }),
    );
    await user.click(screen.getByRole('tab', { name: 'Shared Costs' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Shared Costs' });
    expect(await within(panel).findByText('Shared costs by department.')).toBeVisible();
    await waitFor(() =>
      expect(onLoaded).toHaveBeenLastCalledWith({ name: 'azure-costs', tab: 'Shared Costs', rows: null }),
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('when a link inside the page wants another page, then onNavigate is asked, not the router', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    const navigate = vi.fn();
    await renderShell(<FeaturePage name="azure-budgets" onNavigate={onNavigate} />, { navigate });
    await user.click(await screen.findByRole('link', { name: 'Open subscriptions' }));
    expect(onNavigate).toHaveBeenCalledWith('/billing/subscriptions');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('when the name changes, then the other page loads in place', async () => {
    const view = await renderShell(<FeaturePage name="subscriptions" />);
    expect(await screen.findByText('Three subscriptions, all active.')).toBeVisible();
    view.rerender(
      <PortalProvider client={view.client}>
        <FeaturePage name="azure-budgets" />
      </PortalProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible();
    expect(view.fetch.calls.some((call) => call.includes(pageRoute('azure-budgets').split(' ')[1]!))).toBe(true);
  });
});
