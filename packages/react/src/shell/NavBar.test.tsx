import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { GuidanceDialog } from './GuidanceDialog';
import { NavBar } from './NavBar';
import { SettingsDrawer } from './SettingsDrawer';
import { COST_VIDEO, SUBSCRIPTIONS_VIDEO } from './testing/fakePortal';
import { disposeShellClients, renderShell } from './testing/renderShell';

afterEach(disposeShellClients);

const videoGuide = () => screen.getByRole('button', { name: 'Video Guide' });

describe('NavBar', () => {
  it('given a nested page, then breadcrumbs lead to it, with links for the steps that have a page', async () => {
    await renderShell(<NavBar />, { path: '/billing/budget-alerts' });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const steps = within(crumbs).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Azure', 'Cost analysis', 'Budgets', 'Budget alerts']);
    expect(within(crumbs).queryByRole('link', { name: 'Azure' })).toBeNull();
    expect(within(crumbs).getByRole('link', { name: 'Cost analysis' })).toHaveAttribute('href', '/billing/azure-costs');
    expect(steps[3]).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations();
  });

  it('given a top-level page, then the navbar shows its title and no breadcrumbs', async () => {
    await renderShell(<NavBar />, { path: '/billing/security' });
    expect(await screen.findByText('Security')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });

  it.each([
    ['Ctrl+K', { ctrlKey: true }],
    ['Meta+K', { metaKey: true }],
  ])('given the navbar, when %s is pressed, then the search opens', async (_name, modifiers) => {
    const { shell } = await renderShell(<NavBar />);
    act(() => void fireEvent.keyDown(document, { key: 'k', ...modifiers }));
    expect(shell.$dialog.get()).toBe('search');
  });

  it('given the search box, when it is clicked, then the search opens', async () => {
    const user = userEvent.setup();
    const { shell } = await renderShell(<NavBar />);
    await user.click(screen.getAllByRole('button', { name: /Search/ })[0]!);
    expect(shell.$dialog.get()).toBe('search');
  });

  it('given a page without guidance, then Video Guide is disabled and opens nothing', async () => {
    const user = userEvent.setup();
    const { shell } = await renderShell(
      <>
        <NavBar />
        <GuidanceDialog />
      </>,
      { path: '/billing/security' },
    );
    await screen.findByText('Security');
    expect(videoGuide()).toHaveAttribute('aria-disabled', 'true');
    await user.click(videoGuide());
    expect(shell.$dialog.get()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('given a tabbed page with guidance, when it has loaded (guidance follows 200 ms later), then Video Guide opens the guidance dialog titled by the page', async () => {
    const user = userEvent.setup();
    const { shell } = await renderShell(
      <>
        <NavBar />
        <GuidanceDialog />
      </>,
      { path: '/billing/azure-costs' },
    );
    await waitFor(() => expect(shell.page.$page.get().status).toBe('loaded'));
    await waitFor(() => expect(videoGuide()).not.toHaveAttribute('aria-disabled'));
    await user.click(videoGuide());
    expect(shell.$dialog.get()).toBe('guidance');
    // Titled by the page's name, not the open tab's ('Cost Overview').
    const dialog = await screen.findByRole('dialog', { name: 'Cost analysis' });
    expect(dialog.querySelector('iframe')).toHaveAttribute('src', COST_VIDEO);
  });

  it('given a ui page with guidance, when Video Guide is clicked, then the dialog plays its video', async () => {
    const user = userEvent.setup();
    await renderShell(
      <>
        <NavBar />
        <GuidanceDialog />
      </>,
      { path: '/billing/subscriptions' },
    );
    await waitFor(() => expect(videoGuide()).not.toHaveAttribute('aria-disabled'));
    await user.click(videoGuide());
    const dialog = await screen.findByRole('dialog', { name: 'Subscriptions' });
    expect(within(dialog).getByTitle('Video: Subscriptions')).toHaveAttribute('src', SUBSCRIPTIONS_VIDEO);
  });

  it('given the navbar, when Help is clicked, then the settings drawer opens', async () => {
    const user = userEvent.setup();
    const { client } = await renderShell(
      <>
        <NavBar />
        <SettingsDrawer />
      </>,
    );
    const help = screen.getByRole('button', { name: 'Help' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    await user.click(help);
    expect(client.layout.$layout.get().isSettingsSidenavOpen).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Settings and help' })).toBeVisible();
  });

  it('given the dark-mode switch, when it is toggled, then dark mode follows', async () => {
    const user = userEvent.setup();
    const { client } = await renderShell(<NavBar />);
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(client.layout.$layout.get().darkModeOn).toBe(true);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    expect(client.layout.$layout.get().darkModeOn).toBe(false);
  });

  it('given the menu button, when clicked, then the side navigation closes and opens', async () => {
    const user = userEvent.setup();
    const { client } = await renderShell(<NavBar />);
    await user.click(screen.getByRole('button', { name: 'Close the navigation' }));
    expect(client.layout.$layout.get().isSidenavOpen).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Open the navigation' }));
    expect(client.layout.$layout.get().isSidenavOpen).toBe(true);
  });

  it('given a menu page, when Feedback is clicked, then the feedback dialog is asked for, and leaving the page closes it', async () => {
    const user = userEvent.setup();
    const { shell } = await renderShell(<NavBar />, { path: '/billing/security' });
    await screen.findByText('Security');
    await user.click(screen.getByRole('button', { name: 'Feedback' }));
    expect(shell.$dialog.get()).toBe('feedback');
    act(() => shell.navigation.setLocation({ pathname: '/billing/subscriptions', search: '' }));
    expect(shell.$dialog.get()).toBeNull();
  });

  it('given a route outside the menu, then Feedback is disabled with a reason, and a click opens nothing now or on the next page', async () => {
    const user = userEvent.setup();
    const { shell } = await renderShell(<NavBar />, { path: '/billing/legacy-homepage' });
    await waitFor(() => expect(shell.page.$page.get().status).toBe('loaded'));
    const feedback = screen.getByRole('button', { name: 'Feedback' });
    expect(feedback).toHaveAttribute('aria-disabled', 'true');
    await user.click(feedback);
    act(() => shell.openFeedback());
    expect(shell.$dialog.get()).toBeNull();
    act(() => shell.navigation.setLocation({ pathname: '/billing/security', search: '' }));
    await screen.findByText('Security');
    expect(shell.$dialog.get()).toBeNull();
    expect(screen.getByRole('button', { name: 'Feedback' })).not.toHaveAttribute('aria-disabled');
  });

  it('given a route of the host outside the menu, then the navbar shows the label the host gives it; an unknown route shows "Page not found"', async () => {
    const { shell } = await renderShell(<NavBar />, { path: '/billing/legacy-homepage' });
    act(() => shell.setRouteLabel('Legacy Homepage'));
    expect(await screen.findByText('Legacy Homepage')).toBeVisible();
    act(() => {
      shell.setRouteLabel(null);
      shell.navigation.setLocation({ pathname: '/billing/no-such-page', search: '' });
    });
    expect(await screen.findByText('Page not found')).toBeVisible();
  });

  it('given a menu that failed to load, then the navbar titles the page as one that cannot be shown, not as not found', async () => {
    await renderShell(<NavBar />, {
      path: '/billing/azure-budgets',
      failures: { 'GET /services/api-portal-customer/api/portal/menu': 500 },
    });
    expect(await screen.findByText('This page cannot be shown')).toBeVisible();
    expect(screen.queryByText('Page not found')).toBeNull();
  });
});
