import type { PortalClient } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { fakeApi, fakeAppToken, fakeIdToken, isolatedTabs, signedInRoutes } from '../testing/fakeApi';
import { TenantPicker } from './TenantPicker';

const PORTAL = '/services/api-portal-customer';
const api = (tenantsDelayMs = 0) =>
  fakeApi(
    signedInRoutes({
      'POST /api/auth/azure/token': { status: 300, json: { access_token: fakeAppToken({ scope: 'tenant-select' }) } },
      'POST /api/auth/azure/tenant/token': { json: { access_token: fakeAppToken() } },
      [`GET ${PORTAL}/api/tenants`]: {
        json: [
          { id: 'wingtip', displayName: 'Wingtip Toys' },
          { id: 'contoso', displayName: 'Contoso Ltd' },
        ],
        delayMs: tenantsDelayMs,
      },
    }),
  );

/** multi@wingtip.example signed in and got the 300 answer. */
const afterThreeHundred = (client: PortalClient) =>
  void client.session.signIn({
    idToken: fakeIdToken('multi@wingtip.example'),
    oid: 'o',
    tid: 'wingtip',
    upn: 'multi@wingtip.example',
  });

/**
 * The tenant picker: a user whose account belongs to several tenants chooses the tenant to sign in
 * to, and sign-in continues with it.
 */
const meta = {
  title: 'Auth/Tenant picker',
  component: TenantPicker,
  parameters: { portal: { config: { fetch: api(), crossTab: isolatedTabs }, setup: afterThreeHundred } },
} satisfies Meta<typeof TenantPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ChooseATenant: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Contoso Ltd' })).toBeEnabled();
  },
};

export const Loading: Story = {
  parameters: { portal: { config: { fetch: api(3_600_000), crossTab: isolatedTabs }, setup: afterThreeHundred } },
};

/** After a reload the 300 token (memory only) is gone. */
export const Expired: Story = {
  parameters: { portal: { config: { fetch: api(), crossTab: isolatedTabs }, setup: undefined } },
};

export const Dark: Story = { parameters: { theme: 'dark' } };
