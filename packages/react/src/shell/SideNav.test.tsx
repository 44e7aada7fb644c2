import type { PortalClient } from '@cloudportal/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import raw from './shell.css?inline';
import { shellCss } from './shellStyles';
import { SideNav } from './SideNav';
import { BRANDED_LOGO, MENU_ROUTE } from './testing/fakePortal';
import { disposeShellClients, renderShell } from './testing/renderShell';

afterEach(() => {
  disposeShellClients();
  vi.unstubAllGlobals();
});

const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });
const link = (name: string) => within(nav()).getByRole('link', { name });
const loaded = () => within(nav()).findByRole('link', { name: 'Home' });

describe('SideNav', () => {
  it('draws its widths and animation durations from the spec §9 constants, which its style sheet does not repeat', () => {
    expect(raw).not.toMatch(/256px|160px|55px|\b(400|225|500)ms/);
    expect(shellCss).toMatch(
      /^:root, :host \{ --cp-sidenav-width: 256px; --cp-sidenav-collapsed-width: 64px;.* --cp-menu-expand-delay: 200ms;/,
    );
  });

  it('given the menu, when it scrolls, then its scrollbar shows and hides 1300 ms after the last scroll (spec §9 "Scrollbar")', async () => {
    await renderShell(<SideNav />, { path: '/billing/security' });
    const box = (await screen.findByRole('link', { name: 'Security' })).closest<HTMLElement>('.cp-sidenav__menu')!;
    vi.useFakeTimers();
    fireEvent.scroll(box);
    expect(box).toHaveAttribute('data-scrollbar', 'visible');
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.scroll(box);
    act(() => vi.advanceTimersByTime(1299));
    expect(box).toHaveAttribute('data-scrollbar', 'visible');
    act(() => vi.advanceTimersByTime(1));
    expect(box).not.toHaveAttribute('data-scrollbar');
  });

  it('given a nested menu, when the user is on a deep page, then its item is current and the parents on its path are expanded', async () => {
    await renderShell(<SideNav />, { path: '/billing/budget-alerts' });
    await loaded();
    expect(link('Budget alerts')).toHaveAttribute('aria-current', 'page');
    expect(link('Budget alerts')).toHaveAttribute('href', '/billing/budget-alerts');
    expect(nav().querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect(within(nav()).getByRole('button', { name: 'Azure' })).toHaveAttribute('aria-expanded', 'true');
    expect(link('Cost analysis')).toHaveAttribute('aria-expanded', 'true');
    expect(link('Budgets')).toHaveAttribute('aria-expanded', 'true');
    // The current item is on the path too: its children show.
    expect(link('Budget alerts')).toHaveAttribute('aria-expanded', 'true');
    expect(link('Alert history')).not.toHaveAttribute('aria-current');
    // Off the active path: collapsed.
    expect(link('Microsoft 365')).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).queryByRole('link', { name: 'Licence report' })).toBeNull();
    await expectNoAxeViolations();
  }, 20_000);

  it('given a collapsed parent, when its toggle is clicked, then its children show, and clicking again hides them', async () => {
    const user = userEvent.setup();
    await renderShell(<SideNav />);
    await loaded();
    const toggle = within(nav()).getAllByRole('button', { name: 'Microsoft 365' })[0]!;
    await user.click(toggle);
    expect(link('Licence report')).toBeVisible();
    expect(link('Microsoft 365')).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(within(nav()).queryByRole('link', { name: 'Licence report' })).toBeNull();
    // A section without a page is a button that toggles.
    await user.click(within(nav()).getByRole('button', { name: 'Azure' }));
    expect(link('Subscriptions')).toBeVisible();
  });

  it('given the menu, when a link is followed, then navigate is called with /billing/{name}', async () => {
    const navigate = vi.fn();
    const user = userEvent.setup();
    await renderShell(<SideNav />, { navigate });
    await loaded();
    await user.click(link('Security'));
    expect(navigate).toHaveBeenCalledWith('/billing/security');
    expect(link('Security')).toHaveAttribute('href', '/billing/security');
  });

  it('given focus in the menu, when arrows, Home, End and letters are pressed, then focus moves and parents expand and collapse', async () => {
    const user = userEvent.setup();
    await renderShell(<SideNav />);
    await loaded();
    link('Home').focus();
    await user.keyboard('{ArrowDown}');
    expect(within(nav()).getByRole('button', { name: 'Azure' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(nav()).getByRole('button', { name: 'Azure' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(link('Cost analysis')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(nav()).getByRole('button', { name: 'Azure' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(nav()).getByRole('button', { name: 'Azure' })).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{End}');
    expect(link('Slow page')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(link('Premium reports')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(link('Home')).toHaveFocus();
    await user.keyboard('s');
    expect(link('Security')).toHaveFocus();
    // Letters typed together form one prefix…
    await user.keyboard('l');
    expect(link('Slow page')).toHaveFocus();
    // …and after a pause a new search starts.
    await new Promise((resolve) => setTimeout(resolve, 600));
    await user.keyboard('m');
    expect(link('Microsoft 365')).toHaveFocus();
  });

  it('given focus on a parent that has a page of its own, when ArrowRight and ArrowLeft are pressed, then it expands and collapses without navigating', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    await renderShell(<SideNav />, { navigate });
    await loaded();
    const m365 = link('Microsoft 365');
    m365.focus();
    await user.keyboard('{ArrowRight}');
    expect(m365).toHaveAttribute('aria-expanded', 'true');
    expect(link('Licence report')).toBeInTheDocument();
    expect(m365).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(link('Licence report')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(m365).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(m365).toHaveAttribute('aria-expanded', 'false');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('given two parents toggled in one batch, then both open (each toggle starts from the one before)', async () => {
    await renderShell(<SideNav />);
    await loaded();
    const azure = within(nav()).getByRole('button', { name: 'Azure' });
    const m365Toggle = nav().querySelector<HTMLButtonElement>('.cp-nav-toggle[aria-label="Microsoft 365"]')!;
    act(() => {
      azure.click();
      m365Toggle.click();
    });
    expect(azure).toHaveAttribute('aria-expanded', 'true');
    expect(link('Microsoft 365')).toHaveAttribute('aria-expanded', 'true');
    expect(link('Subscriptions')).toBeInTheDocument();
    expect(link('Licence report')).toBeInTheDocument();
  });

  it('given a user who may manage settings, then the tenant block links to the settings dashboard', async () => {
    const navigate = vi.fn();
    const user = userEvent.setup();
    await renderShell(<SideNav />, { navigate });
    await loaded();
    await waitFor(() => expect(nav().querySelector('a[part="tenant"]')).not.toBeNull());
    const tenant = within(nav()).getByRole('link', { name: /^Settings of Contoso Ltd/ });
    expect(tenant).toHaveAttribute('href', '/billing/admin-section-settings-dashboard');
    await user.click(tenant);
    expect(navigate).toHaveBeenCalledWith('/billing/admin-section-settings-dashboard');
  });

  it('given a user who may not manage settings, then the tenant block is no link', async () => {
    await renderShell(<SideNav />, { canManageSettings: false });
    await loaded();
    expect(await within(nav()).findByText('Contoso Ltd')).toBeVisible();
    expect(within(nav()).queryByRole('link', { name: /Settings of/ })).toBeNull();
  });

  it("given plgDisabled, then 'Powered by' is hidden; otherwise it shows", async () => {
    const first = await renderShell(<SideNav />);
    await loaded();
    await waitFor(() => expect(within(nav()).getByText(/Powered by/)).toBeVisible());
    first.unmount();
    await renderShell(<SideNav />, { plgDisabled: true });
    await loaded();
    expect(within(nav()).queryByText(/Powered by/)).toBeNull();
  });

  it('given the layout store, when docked, closed or pinned, then data-mode follows', async () => {
    const { client } = await renderShell(<SideNav />);
    await loaded();
    expect(nav()).toHaveAttribute('data-mode', 'pinned');
    act(() => client.layout.dockSidenav(true));
    expect(nav()).toHaveAttribute('data-mode', 'docked');
    expect(nav()).toHaveAttribute('data-collapsed', 'true');
    // Docked, the labels are hidden: every top-level control still has its name.
    expect(within(nav()).getByRole('link', { name: 'Security' })).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'Azure' })).toBeInTheDocument();
    act(() => client.layout.close('main'));
    expect(nav()).toHaveAttribute('data-mode', 'closed');
    // Closed: icons only, each label the link's name.
    expect(within(nav()).getByRole('link', { name: 'Security' })).toBeInTheDocument();
    act(() => {
      client.layout.open('main');
      client.layout.dockSidenav(false);
    });
    expect(nav()).toHaveAttribute('data-mode', 'pinned');
  });

  it('given the pin button, when clicked, then the navigation docks and can be pinned again', async () => {
    const user = userEvent.setup();
    const { client } = await renderShell(<SideNav />);
    await loaded();
    await user.click(within(nav()).getByRole('button', { name: 'Dock the navigation' }));
    expect(client.layout.$layout.get().isSidenavDocked).toBe(true);
    await user.click(within(nav()).getByRole('button', { name: 'Pin the navigation open' }));
    expect(client.layout.$layout.get().isSidenavDocked).toBe(false);
  });

  describe('on mobile', () => {
    const mobile = { before: (client: PortalClient) => (client.layout.setMobile(true), client.layout.open('main')) };

    it("given the open overlay, then focus starts on the current page's link", async () => {
      await renderShell(<SideNav />, { ...mobile, path: '/billing/security' });
      await waitFor(() => expect(link('Security')).toHaveFocus());
    });

    it("given the overlay opened before the menu arrived, then focus waits in the overlay and moves to the current page's link once it shows", async () => {
      await renderShell(<SideNav />, { ...mobile, path: '/billing/security', delays: { [MENU_ROUTE]: 200 } });
      // The menu is still on its way: focus is already inside the overlay, on its first stop.
      expect(nav()).toContainElement(document.activeElement as HTMLElement);
      await waitFor(() => expect(link('Security')).toHaveFocus());
    });

    it('given the overlay opened before the menu arrived, when the visitor moves focus first, then the late menu does not take it back', async () => {
      await renderShell(<SideNav />, { ...mobile, path: '/billing/security', delays: { [MENU_ROUTE]: 200 } });
      const close = within(nav()).getByRole('button', { name: 'Close the navigation' });
      close.focus();
      await loaded();
      expect(close).toHaveFocus();
    });

    it('given the open overlay, when the backdrop is clicked, then it closes', async () => {
      const user = userEvent.setup();
      const { client } = await renderShell(<SideNav />, mobile);
      await loaded();
      expect(nav()).toHaveAttribute('data-mode', 'overlay-open');
      await user.click(document.querySelector('.cp-sidenav-backdrop')!);
      expect(client.layout.$layout.get().isSidenavOpen).toBe(false);
      expect(document.querySelector('nav.cp-sidenav')).toHaveAttribute('data-mode', 'overlay-closed');
      expect(document.querySelector('.cp-sidenav-backdrop')).toBeNull();
    });

    it('given the open overlay, when Escape is pressed, then it closes', async () => {
      const user = userEvent.setup();
      const { client } = await renderShell(<SideNav />, mobile);
      await loaded();
      link('Home').focus();
      await user.keyboard('{Escape}');
      expect(client.layout.$layout.get().isSidenavOpen).toBe(false);
    });

    it('given the open overlay, when a link is followed, then it closes and navigates', async () => {
      const navigate = vi.fn();
      const user = userEvent.setup();
      const { client } = await renderShell(<SideNav />, { ...mobile, navigate });
      await loaded();
      await user.click(link('Security'));
      expect(navigate).toHaveBeenCalledWith('/billing/security');
      expect(client.layout.$layout.get().isSidenavOpen).toBe(false);
    });

    it('given the open overlay, when its close button is clicked, then it closes', async () => {
      const user = userEvent.setup();
      const { client } = await renderShell(<SideNav />, mobile);
      await loaded();
      await user.click(within(nav()).getByRole('button', { name: 'Close the navigation' }));
      expect(client.layout.$layout.get().isSidenavOpen).toBe(false);
    });
  });

  it('given a branded tenant whose logo is slow, then a skeleton shows until the logo has loaded', async () => {
    const { images } = await renderShell(<SideNav />, { branded: { logoDelayMs: 1500 } });
    const home = await within(nav()).findByRole('link', { name: 'Cloud Portal home' });
    await waitFor(() => expect(home.querySelector('[part~="skeleton"], .cp-skeleton')).not.toBeNull());
    expect(home.querySelector('img')).toBeNull();
    // The server's own address, not a blob: copy of it (its sandboxing headers stay on the image).
    await waitFor(() => expect(home.querySelector('img')).toHaveAttribute('src', BRANDED_LOGO), { timeout: 4000 });
    expect(images.urls).toContain(BRANDED_LOGO);
  });

  it('given the menu fails to load, then an alert offers to try again', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderShell(<SideNav />, {
      failures: { 'GET /services/api-portal-customer/api/portal/menu': 500 },
    });
    const alert = await within(nav()).findByRole('alert');
    expect(alert).toHaveTextContent('The menu could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(fetch.calls.filter((c) => c.endsWith('/portal/menu'))).toHaveLength(2);
  });
});
