import { portalShell, type PortalClient } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PortalProvider } from '../provider/PortalProvider';
import { DynamicPage } from './DynamicPage';
import { GuidanceDialog } from './GuidanceDialog';
import { NavBar } from './NavBar';
import { PortalShell } from './PortalShell';
import { SettingsDrawer } from './SettingsDrawer';
import { SideNav } from './SideNav';
import { registerDemoFeaturePages } from './testing/demoFeatures';
import { bigMenu, DATA_LOGO, DATA_LOGO_SHORT } from './testing/fakePortal';
import { onPhone, shellParameters, StoryViewport, useStoryLocation, type StoryRouter } from './testing/storyPortal';

const FOREVER = 3_600_000;

registerDemoFeaturePages();

/** The shell around the dynamic page, on the story's route; links and tabs move it. */
function Shell({ router }: { router: StoryRouter }) {
  const location = useStoryLocation(router);
  return (
    <StoryViewport>
      <PortalShell location={location} onNavigate={(path) => router.navigate(path)} favicon={false}>
        <DynamicPage />
      </PortalShell>
    </StoryViewport>
  );
}

/**
 * The portal's frame around every page: side navigation, navbar, settings drawer, the guidance video
 * dialog and the search and feedback dialogs, as an overlay menu on phones. An app renders it once,
 * inside `PortalProvider`, with `DynamicPage` as the page.
 */
const meta = {
  title: 'Shell/Portal shell',
  component: PortalShell,
  subcomponents: { PortalProvider, SideNav, NavBar, SettingsDrawer, GuidanceDialog },
  render: (_args, { parameters }) => <Shell router={(parameters as { router: StoryRouter }).router} />,
  // Each story in a frame of its own on the Docs page: its modal dialog would cover the whole page.
  parameters: { ...shellParameters('/billing/azure-costs'), docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof PortalShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const nav = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('navigation', { name: 'Main navigation' }, { timeout: 5000 });
/** The navigation's mode, once the story's setup (run after the first render) has applied it. */
const expectMode = async (canvasElement: HTMLElement, mode: string) => {
  const menu = await nav(canvasElement);
  await waitFor(() => expect(menu).toHaveAttribute('data-mode', mode), { timeout: 5000 });
};
const mobile = (open: boolean) => (client: PortalClient) => {
  client.layout.setMobile(true);
  if (open) client.layout.open('main');
};

/** Desktop, pinned open: the tabbed Cost analysis page, its item current and Azure expanded. */
export const DesktopPinned: Story = {
  play: async ({ canvasElement }) => {
    const menu = await nav(canvasElement);
    await waitFor(
      () => expect(within(menu).getByRole('link', { name: 'Cost analysis' })).toHaveAttribute('aria-current', 'page'),
      { timeout: 5000 },
    );
    await expect(menu).toHaveAttribute('data-mode', 'pinned');
  },
};

/** Desktop, docked: narrow, expanding on hover and keyboard focus. */
export const DesktopDocked: Story = {
  parameters: shellParameters('/billing/azure-costs', {}, (client) => client.layout.dockSidenav(true)),
  play: async ({ canvasElement }) => {
    await expectMode(canvasElement, 'docked');
  },
};

/** Desktop, closed: icons only, each label a tooltip. */
export const DesktopClosed: Story = {
  parameters: shellParameters('/billing/azure-costs', {}, (client) => client.layout.close('main')),
  play: async ({ canvasElement }) => {
    await expectMode(canvasElement, 'closed');
  },
};

/** Phone, the navigation open as an overlay over the page (backdrop, Escape and links close it). */
export const MobileOverlayOpen: Story = {
  parameters: shellParameters('/billing/subscriptions', {}, mobile(true)),
  beforeEach: onPhone,
  play: async ({ canvasElement }) => {
    await expectMode(canvasElement, 'overlay-open');
  },
};

/** Phone, the navigation closed: the menu button opens it. */
export const MobileOverlayClosed: Story = {
  parameters: shellParameters('/billing/subscriptions', {}, mobile(false)),
  beforeEach: onPhone,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText(
      'Three subscriptions: Production, Development and Sandbox, all active.',
      {},
      { timeout: 5000 },
    );
    await expect(within(canvasElement).getByRole('button', { name: 'Open the navigation' })).toBeVisible();
  },
};

/** The active item four levels deep: every parent on its path is expanded, the breadcrumbs lead to it. */
export const DeepNesting: Story = {
  parameters: shellParameters('/billing/budget-alert-history'),
  play: async ({ canvasElement }) => {
    const menu = await nav(canvasElement);
    await waitFor(
      () => expect(within(menu).getByRole('link', { name: 'Alert history' })).toHaveAttribute('aria-current', 'page'),
      { timeout: 5000 },
    );
    await expect(within(canvasElement).getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'AzureCost analysisBudgetsBudget alertsAlert history',
    );
  },
};

/** A branded tenant whose logos are still loading: skeletons in their place. */
export const BrandedLogoLoading: Story = {
  parameters: shellParameters('/billing/home', { branded: { logoDelayMs: FOREVER } }),
};

/** A branded tenant with its logos (data: URLs). */
export const Branded: Story = {
  parameters: shellParameters('/billing/home', {
    branded: { logoUrl: DATA_LOGO, logoShortUrl: DATA_LOGO_SHORT, iconUrl: DATA_LOGO_SHORT },
  }),
};

/** A partner who hides 'Powered by' (plgDisabled), for a user who may not manage settings (no tenant link). */
export const PoweredByHidden: Story = {
  parameters: shellParameters('/billing/home', { plgDisabled: true, canManageSettings: false }),
  play: async ({ canvasElement }) => {
    const menu = await nav(canvasElement);
    await within(menu).findByText('Contoso Ltd', {}, { timeout: 5000 });
    await expect(within(menu).queryByText(/Powered by/)).toBeNull();
  },
};

/** A demo tenant: the settings drawer open with its demo banner. */
export const DemoBanner: Story = {
  parameters: shellParameters('/billing/home', { demo: true }, (client) => client.layout.open('settings')),
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole(
      'dialog',
      { name: 'Settings and help' },
      { timeout: 5000 },
    );
    await expect(await within(drawer).findByRole('note', {}, { timeout: 5000 })).toHaveTextContent('Demo tenant');
  },
};

/**
 * The shell in German (issue 24 §2): the settings drawer open, its language picker on Deutsch. The
 * locale is requested, not chosen, so the browser keeps no choice after the story.
 */
export const German: Story = {
  parameters: shellParameters('/billing/home', {}, (client) => {
    void client.requestLocale('de');
    client.layout.open('settings');
  }),
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole(
      'dialog',
      { name: 'Einstellungen und Hilfe' },
      { timeout: 5000 },
    );
    await expect(within(drawer).getByRole('combobox', { name: 'Sprache' })).toHaveDisplayValue('Deutsch');
  },
};

/** Persona selection: Finance chosen, so the menu shows Finance's pages. */
export const PersonaSelection: Story = {
  parameters: shellParameters('/billing/home', {}, (client) => {
    portalShell(client).navigation.setPersonas(['Finance']);
    client.layout.open('settings');
  }),
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole(
      'dialog',
      { name: 'Settings and help' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(within(drawer).getByRole('checkbox', { name: 'Finance' })).toBeChecked(), {
      timeout: 5000,
    });
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'IT' }));
    await expect(within(drawer).getByRole('checkbox', { name: 'IT' })).toBeChecked();
  },
};

/** A page without a guidance video: Video Guide is dimmed and disabled. */
export const NoGuidance: Story = {
  parameters: shellParameters('/billing/m365-licences'),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'Licence report' }, { timeout: 5000 });
    await expect(within(canvasElement).getByRole('button', { name: 'Video Guide' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** A page with guidance: Video Guide is enabled (it opens the guidance dialog). */
export const WithGuidance: Story = {
  parameters: shellParameters('/billing/subscriptions'),
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(within(canvasElement).getByRole('button', { name: 'Video Guide' })).not.toHaveAttribute('aria-disabled'),
      { timeout: 5000 },
    );
  },
};

/** Dark mode. */
export const DarkMode: Story = {
  parameters: { ...shellParameters('/billing/azure-costs'), theme: 'dark' },
  play: async ({ canvasElement }) => {
    await waitFor(
      () =>
        expect(within(canvasElement).getByRole('switch', { name: 'Dark mode' })).toHaveAttribute(
          'aria-checked',
          'true',
        ),
      { timeout: 5000 },
    );
  },
};

/** A 5,000-item menu (50 sections › groups › items): collapsed but for the active item's path. */
export const FiveThousandItems: Story = {
  parameters: shellParameters('/billing/item-0-0-0', { menu: bigMenu(5000) }),
  play: async ({ canvasElement }) => {
    const menu = await nav(canvasElement);
    await waitFor(
      () => expect(within(menu).getByRole('link', { name: 'Item 1.1.1' })).toHaveAttribute('aria-current', 'page'),
      { timeout: 5000 },
    );
    await expect(within(menu).getByRole('button', { name: 'Section 50' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The menu could not be loaded: the side navigation offers to try again. */
export const MenuFailed: Story = {
  parameters: shellParameters('/billing/home', {
    failures: { 'GET /services/api-portal-customer/api/portal/menu': 500 },
  }),
};

/** The active item inside a parent the user collapsed: the parent stays marked as on the active path. */
export const ActiveInCollapsedParent: Story = {
  parameters: shellParameters('/billing/subscriptions'),
  play: async ({ canvasElement }) => {
    const menu = await nav(canvasElement);
    await waitFor(
      () => expect(within(menu).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('aria-current', 'page'),
      { timeout: 5000 },
    );
    const azure = within(menu).getByRole('button', { name: 'Azure' });
    await userEvent.click(azure);
    await expect(azure).toHaveAttribute('aria-expanded', 'false');
    await expect(azure.closest('[data-nav-row]')).toHaveAttribute('data-on-trail', 'true');
  },
};

/** The guidance dialog open over a page: titled by the page, its video playing. */
export const GuidanceOpen: Story = {
  parameters: shellParameters('/billing/subscriptions'),
  play: async ({ canvasElement }) => {
    const videoGuide = within(canvasElement).getByRole('button', { name: 'Video Guide' });
    await waitFor(() => expect(videoGuide).not.toHaveAttribute('aria-disabled'), { timeout: 5000 });
    await userEvent.click(videoGuide);
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Subscriptions' });
    await expect(within(dialog).getByTitle('Video: Subscriptions')).toBeVisible();
  },
};
