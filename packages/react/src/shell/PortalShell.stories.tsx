import { portalShell, type PortalClient } from '@cloudportal/core';
import type { Meta, StoryContext, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DynamicPage } from './DynamicPage';
import { registerFeaturePage } from './featureRegistry';
import { PortalShell } from './PortalShell';
import { bigMenu, DATA_LOGO, DATA_LOGO_SHORT } from './testing/fakePortal';
import { shellParameters, StoryViewport, useStoryLocation, type StoryRouter } from './testing/storyPortal';

const FOREVER = 3_600_000;

// Feature pages of the demo menu, so pages show content rather than the unknown-component notice.
registerFeaturePage('subscriptions', async () => ({ default: () => <p>Three subscriptions: Production, Development and Sandbox, all active.</p> }));
registerFeaturePage('azure-focus', async () => ({ default: () => <p>West Europe USD 9,120 · North Europe USD 4,310 · East US USD 2,165.</p> }));
registerFeaturePage('shared-costs', async () => ({ default: () => <p>Shared costs are split by the number of users of each department.</p> }));
registerFeaturePage('azure-budgets', async () => ({ default: () => <p>Two budgets: Production (USD 15,000) and Development (USD 4,000).</p> }));
registerFeaturePage('metric-alerts', async () => ({ default: () => <p>Alert when a budget reaches 80% and 100%.</p> }));
registerFeaturePage('alerts', async () => ({ default: () => <p>No budget alerts in the last 30 days.</p> }));

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

const meta = {
  title: 'Shell/Portal shell',
  component: PortalShell,
  render: (_args, context: StoryContext) => <Shell router={(context.parameters as { router: StoryRouter }).router} />,
  parameters: shellParameters('/billing/azure-costs'),
} satisfies Meta<typeof PortalShell>;

export default meta;
type Story = StoryObj<typeof meta>;

const nav = (canvasElement: HTMLElement) => within(canvasElement).findByRole('navigation', { name: 'Main navigation' }, { timeout: 5000 });
const mobile = (open: boolean) => (client: PortalClient) => {
  client.layout.setMobile(true);
  if (open) client.layout.open('main');
};

/** Desktop, pinned open: the tabbed Cost analysis page, its item current and Azure expanded. */
export const DesktopPinned: Story = {
  play: async ({ canvasElement }) => {
    const menu = await nav(canvasElement);
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Cost analysis' })).toHaveAttribute('aria-current', 'page'), { timeout: 5000 });
    await expect(menu).toHaveAttribute('data-mode', 'pinned');
  },
};

/** Desktop, docked: narrow, expanding on hover and keyboard focus. */
export const DesktopDocked: Story = {
  parameters: shellParameters('/billing/azure-costs', {}, (client) => client.layout.dockSidenav(true)),
  play: async ({ canvasElement }) => {
    await expect(await nav(canvasElement)).toHaveAttribute('data-mode', 'docked');
  },
};

/** Desktop, closed: icons only, each label a tooltip. */
export const DesktopClosed: Story = {
  parameters: shellParameters('/billing/azure-costs', {}, (client) => client.layout.close('main')),
  play: async ({ canvasElement }) => {
    await expect(await nav(canvasElement)).toHaveAttribute('data-mode', 'closed');
  },
};

/** Phone, the navigation open as an overlay over the page (backdrop, Escape and links close it). */
export const MobileOverlayOpen: Story = {
  parameters: shellParameters('/billing/subscriptions', {}, mobile(true)),
  play: async ({ canvasElement }) => {
    await expect(await nav(canvasElement)).toHaveAttribute('data-mode', 'overlay-open');
  },
};

/** Phone, the navigation closed: the menu button opens it. */
export const MobileOverlayClosed: Story = {
  parameters: shellParameters('/billing/subscriptions', {}, mobile(false)),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Three subscriptions: Production, Development and Sandbox, all active.', {}, { timeout: 5000 });
    await expect(within(canvasElement).getByRole('button', { name: 'Open the navigation' })).toBeVisible();
  },
};

/** The active item four levels deep: every parent on its path is expanded, the breadcrumbs lead to it. */
export const DeepNesting: Story = {
  parameters: shellParameters('/billing/budget-alert-history'),
  play: async ({ canvasElement }) => {
    const menu = await nav(canvasElement);
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Alert history' })).toHaveAttribute('aria-current', 'page'), { timeout: 5000 });
    await expect(within(canvasElement).getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('AzureCost analysisBudgetsBudget alertsAlert history');
  },
};

/** A branded tenant whose logos are still loading: skeletons in their place. */
export const BrandedLogoLoading: Story = {
  parameters: shellParameters('/billing/home', { branded: { logoDelayMs: FOREVER } }),
};

/** A branded tenant with its logos (data: URLs). */
export const Branded: Story = {
  parameters: shellParameters('/billing/home', { branded: { logoUrl: DATA_LOGO, logoShortUrl: DATA_LOGO_SHORT, iconUrl: DATA_LOGO_SHORT } }),
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
    const drawer = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Settings and help' }, { timeout: 5000 });
    await expect(await within(drawer).findByRole('note', {}, { timeout: 5000 })).toHaveTextContent('Demo tenant');
  },
};

/** Persona selection: Finance chosen, so the menu shows Finance's pages. */
export const PersonaSelection: Story = {
  parameters: shellParameters('/billing/home', {}, (client) => {
    portalShell(client).navigation.setPersonas(['Finance']);
    client.layout.open('settings');
  }),
  play: async ({ canvasElement }) => {
    const drawer = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Settings and help' }, { timeout: 5000 });
    await waitFor(() => expect(within(drawer).getByRole('checkbox', { name: 'Finance' })).toBeChecked(), { timeout: 5000 });
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'IT' }));
    await expect(within(drawer).getByRole('checkbox', { name: 'IT' })).toBeChecked();
  },
};

/** A page without a guidance video: Video Guide is dimmed and disabled. */
export const NoGuidance: Story = {
  parameters: shellParameters('/billing/m365-licences'),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { level: 1, name: 'Licence report' }, { timeout: 5000 });
    await expect(within(canvasElement).getByRole('button', { name: 'Video Guide' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** A page with guidance: Video Guide is enabled (it opens the guidance dialog). */
export const WithGuidance: Story = {
  parameters: shellParameters('/billing/subscriptions'),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Video Guide' })).not.toHaveAttribute('aria-disabled'), { timeout: 5000 });
  },
};

/** Dark mode. */
export const DarkMode: Story = {
  parameters: { ...shellParameters('/billing/azure-costs'), theme: 'dark' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true'), { timeout: 5000 });
  },
};

/** A 5,000-item menu (50 sections › groups › items): collapsed but for the active item's path. */
export const FiveThousandItems: Story = {
  parameters: shellParameters('/billing/item-0-0-0', { menu: bigMenu(5000) }),
  play: async ({ canvasElement }) => {
    const menu = await nav(canvasElement);
    await waitFor(() => expect(within(menu).getByRole('link', { name: 'Item 1.1.1' })).toHaveAttribute('aria-current', 'page'), { timeout: 5000 });
    await expect(within(menu).getByRole('button', { name: 'Section 50' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The menu could not be loaded: the side navigation offers to try again. */
export const MenuFailed: Story = {
  parameters: shellParameters('/billing/home', { failures: { 'GET /services/api-portal-customer/api/portal/menu': 500 } }),
};
