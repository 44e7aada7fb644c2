import type { PortalClient } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { KpiList } from '../../kit/KpiCards';
import { fakeApi, isolatedTabs } from '../../testing/fakeApi';
import { Dashboard } from './Dashboard';
import { dashboardRoutes, type FakeDashboardOptions } from './testing/fakeDashboard';

/** Story parameters: Contoso's admin, with the portal and data services at the network edge. */
function portal(options: FakeDashboardOptions = {}) {
  return {
    portal: {
      config: { fetch: fakeApi(dashboardRoutes(options)), crossTab: isolatedTabs },
      setup: (client: PortalClient) => void client.start(),
    },
  };
}

/**
 * The portal's dashboards: the user's recently and most visited pages, the tenant's custom dashboards
 * and reports, and its key figures across its datasets (`KpiList`). They are the portal's home
 * page, the legacy homepage and the customer metrics page.
 */
const meta = {
  title: 'Pages/Dashboards',
  component: Dashboard,
  subcomponents: { KpiList },
  args: { sections: ['recent', 'top', 'metrics'] },
  parameters: { ...portal(), layout: 'padded' },
} satisfies Meta<typeof Dashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dynamic dashboard (legacy homepage): recent and top pages, every key figure. */
export const DynamicDashboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      (await canvas.findAllByRole('link', { name: 'Recommendations · Azure' }, { timeout: 3000 }))[0],
    ).toBeVisible();
    await expect(await canvas.findByRole('region', { name: 'Azure subscriptions' }, { timeout: 3000 })).toBeVisible();
  },
};

/** The home dashboards: custom dashboards and reports, then the key figures. */
export const HomeDashboards: Story = { args: { sections: ['custom', 'metrics'] } };

/** A Microsoft 365-only tenant: the Azure figures are left out. */
export const M365Only: Story = {
  args: { sections: ['metrics'] },
  parameters: portal({ unlicensed: ['subscriptions', 'resources', 'focus'] }),
};

/** The services are down: each card says so and offers Try again. */
export const ServiceError: Story = {
  parameters: portal({ failWith: 500 }),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Key figures could not be loaded.', {}, { timeout: 3000 }),
    ).toBeVisible();
  },
};

/** The dynamic dashboard in the dark theme. */
export const Dark: Story = { parameters: { ...portal(), theme: 'dark' } };
