import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { COST_VIDEO, MENU_ROUTE, menuCalls } from './testing/fakePortal';
import { disposeShellClients, renderShell } from './testing/renderShell';
import { VideoLibrary } from './VideoLibrary';

afterEach(disposeShellClients);

describe('VideoLibrary', () => {
  it('given a chosen video, then the menu of videos shows it current and its video plays', async () => {
    const { fetch } = await renderShell(<VideoLibrary selected="azure-costs" />);
    const menu = await screen.findByRole('navigation', { name: 'Videos' });
    expect(within(menu).getByRole('link', { name: 'Cost analysis' })).toHaveAttribute('aria-current', 'page');
    // Only items with a video are links; sections without one are plain text.
    expect(within(menu).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute(
      'href',
      '/informational-videos-main-dashboard/subscriptions',
    );
    expect(within(menu).queryByRole('link', { name: 'Security' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Cost analysis' })).toBeVisible();
    expect(screen.getByTitle('Video: Cost analysis')).toHaveAttribute('src', COST_VIDEO);
    // The menu is asked for with the videos flag.
    expect(
      menuCalls(fetch).some((u) => new URL(u, 'http://portal.test').searchParams.get('videoLibrary') === 'true'),
    ).toBe(true);
    await expectNoAxeViolations();
  });

  it('given no video chosen, when a video is clicked, then the portal navigates to it', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    await renderShell(<VideoLibrary selected="" />, { navigate });
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose a video from the list.' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Subscriptions' }));
    expect(navigate).toHaveBeenCalledWith('/informational-videos-main-dashboard/subscriptions');
  });

  it('given the menu fails, then a readable message offers Try again, which loads it again', async () => {
    const user = userEvent.setup();
    const { fetch } = await renderShell(<VideoLibrary selected="" />, { failures: { [MENU_ROUTE]: 500 } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The video library could not be loaded.');
    const before = menuCalls(fetch).length;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(menuCalls(fetch).length).toBe(before + 1));
  });
});
