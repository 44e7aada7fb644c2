import { createPortalClient, type PortalClient } from '@cloudportal/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { SettingsDrawer } from './SettingsDrawer';
import { menuCalls } from './testing/fakePortal';
import { disposeShellClients, renderShell } from './testing/renderShell';

afterEach(() => {
  disposeShellClients();
  localStorage.clear();
});

const open = { before: (client: PortalClient) => client.layout.open('settings') };
const drawer = () => screen.getByRole('dialog', { name: 'Settings and help' });

describe('SettingsDrawer', () => {
  it("given the token's personas, when one is checked and unchecked, then the selection changes and the menu is fetched with it", async () => {
    const user = userEvent.setup();
    const { shell, fetch } = await renderShell(<SettingsDrawer />, open);
    await waitFor(() => expect(shell.navigation.$menu.get().status).toBe('loaded'));
    const finance = within(drawer()).getByRole('checkbox', { name: 'Finance' });
    expect(
      within(drawer())
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Finance', 'IT', 'Security']);
    expect(finance).not.toBeChecked();
    await user.click(finance);
    expect(finance).toBeChecked();
    expect(shell.navigation.$personas.get()).toEqual(['Finance']);
    await waitFor(() => expect(menuCalls(fetch).at(-1)).toContain('personas=Finance'));
    await user.click(within(drawer()).getByRole('checkbox', { name: 'IT' }));
    await waitFor(() =>
      expect(menuCalls(fetch).at(-1)).toMatch(/personas=Finance&personas=IT|personas=IT&personas=Finance/),
    );
    await user.click(finance);
    expect(shell.navigation.$personas.get()).toEqual(['IT']);
    await expectNoAxeViolations();
  });

  it('given a token without personas, then the drawer says there are none to choose', async () => {
    await renderShell(<SettingsDrawer />, { ...open, personas: [] });
    expect(await within(drawer()).findByText('Your account has no personas to choose from.')).toBeVisible();
    expect(within(drawer()).queryByRole('checkbox')).toBeNull();
  });

  it('given the drawer, then My Metrics and Legacy Homepage route in the portal and the Video Library opens a new tab', async () => {
    const navigate = vi.fn();
    const user = userEvent.setup();
    const { client } = await renderShell(<SettingsDrawer />, { ...open, navigate });
    const library = within(drawer()).getByRole('link', { name: 'Video Library (opens in a new tab)' });
    expect(library).toHaveAttribute('href', '/informational-videos-main-dashboard');
    expect(library).toHaveAttribute('target', '_blank');
    expect(within(drawer()).getByRole('link', { name: 'Legacy Homepage' })).toHaveAttribute(
      'href',
      '/billing/legacy-homepage',
    );
    await user.click(within(drawer()).getByRole('link', { name: 'My Metrics' }));
    expect(navigate).toHaveBeenCalledWith('/billing/legacy-homepage');
    expect(client.layout.$layout.get().isSettingsSidenavOpen).toBe(false);
  });

  it("given the token's demo flag, then the demo banner shows", async () => {
    await renderShell(<SettingsDrawer />, { ...open, demo: true });
    expect(await within(drawer()).findByRole('note')).toHaveTextContent(
      'Demo tenant: the data you see is sample data.',
    );
  });

  it('given no demo flag, then there is no demo banner', async () => {
    await renderShell(<SettingsDrawer />, open);
    await within(drawer()).findByText('Version 2.0.1');
    expect(within(drawer()).queryByRole('note')).toBeNull();
  });

  it('given the drawer, then it tells the recommended resolution and the version', async () => {
    await renderShell(<SettingsDrawer />, open);
    expect(within(drawer()).getByText('Recommended resolution: 1080p (1920 x 1080)')).toBeVisible();
    expect(await within(drawer()).findByText('Version 2.0.1')).toBeVisible();
  });

  it('given the open drawer, when Close is clicked, then it closes', async () => {
    const user = userEvent.setup();
    const { client } = await renderShell(<SettingsDrawer />, open);
    await user.click(within(drawer()).getByRole('button', { name: 'Close settings' }));
    expect(client.layout.$layout.get().isSettingsSidenavOpen).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => client.layout.open('settings'));
    expect(drawer()).toBeVisible();
  });

  describe('language picker (issue 24 §2)', () => {
    it('given the drawer, then Language lists the locales by their own names, English chosen, without the pseudo-locale', async () => {
      await renderShell(<SettingsDrawer />, open);
      const picker = within(drawer()).getByRole('combobox', { name: 'Language' });
      expect(picker).toHaveDisplayValue('English');
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['English', 'Deutsch']);
      expect(within(picker).getByRole('option', { name: 'Deutsch' })).toHaveAttribute('lang', 'de');
    });

    it("given Deutsch is chosen, then the shell's texts switch to German without a reload, and a new client on the same storage starts in German", async () => {
      const user = userEvent.setup();
      const { client } = await renderShell(<SettingsDrawer />, { ...open, storage: { localStorage } });
      await user.selectOptions(within(drawer()).getByRole('combobox', { name: 'Language' }), 'Deutsch');
      const german = await screen.findByRole('dialog', { name: 'Einstellungen und Hilfe' });
      expect(within(german).getByRole('combobox', { name: 'Sprache' })).toHaveDisplayValue('Deutsch');
      expect(within(german).getByRole('button', { name: 'Einstellungen schließen' })).toBeVisible();
      expect(within(german).getByRole('group', { name: 'Personas' })).toBeVisible();
      expect(client.$locale.get()).toBe('de');
      await expectNoAxeViolations();

      const next = createPortalClient({ storage: { localStorage } });
      await waitFor(() => expect(next.$locale.get()).toBe('de'));
      expect(next.t('settings.title')).toBe('Einstellungen und Hilfe');
      next.dispose();
    });

    it('given a remembered choice of German, when the drawer opens, then it shows Deutsch chosen and German texts', async () => {
      const user = userEvent.setup();
      const { client } = await renderShell(<SettingsDrawer />, {
        ...open,
        before: (c) => {
          open.before(c);
          void c.setLocale('de');
        },
      });
      const german = await screen.findByRole('dialog', { name: 'Einstellungen und Hilfe' });
      const picker = within(german).getByRole('combobox', { name: 'Sprache' });
      expect(picker).toHaveDisplayValue('Deutsch');
      await user.selectOptions(picker, 'English');
      expect(await screen.findByRole('dialog', { name: 'Settings and help' })).toBeVisible();
      expect(client.chosenLocale()).toBe('en');
    });
  });
});
