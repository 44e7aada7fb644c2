import type { PortalClient } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { fakeApi, isolatedTabs } from '../../testing/fakeApi';
import SettingsDashboard from './SettingsDashboard';
import { settingsRoutes, type FakeSettingsOptions } from './testing/fakeSettings';
import { SettingsDashboardStory } from './testing/settingsDashboardStory';

/** Story parameters: Contoso's admin, with the settings service of spec §7 at the network edge. */
function portal(options: FakeSettingsOptions = {}) {
  return {
    portal: {
      config: { fetch: fakeApi(settingsRoutes({ contentUrl: storyFileUrl, ...options })), crossTab: isolatedTabs },
      setup: (client: PortalClient) => void client.start(),
    },
  };
}

/** The story's fake server hands out an address its browser can show (there is no file server behind it). */
const storyFileUrl = (_kind: string, file: Blob) =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : 'about:blank';

const LOGO = new Blob(
  [
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#0b5cad"/><text x="52" y="27" font-family="sans-serif" font-size="18" fill="#1b1f24">Contoso</text></svg>',
  ],
  { type: 'image/svg+xml' },
);

/**
 * The tenant's settings for its administrators: general settings, branding, licences, features,
 * integrations, connected sites, checks and system messages. Only users who may manage the
 * tenant's settings see it.
 */
const meta = {
  title: 'Pages/Settings dashboard',
  component: SettingsDashboardStory,
  subcomponents: { SettingsDashboard },
  parameters: { ...portal(), layout: 'padded' },
} satisfies Meta<typeof SettingsDashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Contoso's settings: default branding, two active licences, features, integrations not yet set up. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('rowheader', { name: 'CONTOSO-M365-CORE' })).toBeInTheDocument();
    await expect(await canvas.findByLabelText('Product name')).toHaveValue('Cloud Portal');
  },
};

/** A tenant logo is stored: its preview and a Delete button show. */
export const WithLogo: Story = {
  parameters: portal({ logo: LOGO }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Delete Logo' })).toBeInTheDocument();
  },
};

/** The administrator saved wrong values: each field says what to change, nothing was sent. */
export const InvalidForm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByLabelText('Sales e-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'sales');
    const general = canvas.getByRole('region', { name: 'General' });
    await userEvent.click(within(general).getByRole('button', { name: 'Save' }));
    await expect(email).toHaveAccessibleDescription('Enter an e-mail address such as sales@example.com.');
  },
};

/** The settings service is down: every section says so and offers Try again. */
export const ServiceError: Story = {
  parameters: portal({ failWith: 503 }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Licences could not be loaded.')).toBeInTheDocument();
  },
};

/** The same in the dark theme. */
export const Dark: Story = {
  parameters: { ...portal({ logo: LOGO }), theme: 'dark' },
};
