import type { PortalClient } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { fakeApi, isolatedTabs, signedInRoutes, type FakeAnswer } from '../testing/fakeApi';
import { EulaDialog } from './EulaDialog';
import { Eula } from './testing/eulaStory';

const PORTAL = '/services/api-portal-customer';
const TERMS = `<h1>Terms and Conditions</h1>
<p>These terms govern your use of the Cloud Portal on behalf of your organisation.</p>
<h2>1. Use of the Service</h2><p>Use the portal only for your organisation's cloud management.</p>
<h2>2. Your data</h2><p>Usage, billing and security data shown belongs to your organisation.</p>
<h2>3. Changes</h2><p>You will be asked to accept new versions before continuing.</p>`;

const api = (canAcceptEula: boolean, eula: FakeAnswer = { text: TERMS }) =>
  fakeApi(
    signedInRoutes({
      [`GET ${PORTAL}/api/whois`]: {
        json: {
          currentTenant: { id: 't', displayName: 'Fabrikam Inc' },
          upn: 'max@fabrikam.example',
          canManageSettings: false,
          forceEula: true,
          canAcceptEula,
        },
      },
      'GET /api/public/eula': eula,
      [`POST ${PORTAL}/api/eula`]: { json: { eulaAcceptedAt: '2026-11-23T09:00:00.000Z' } },
    }),
  );

const signedIn = (client: PortalClient) => void client.start();
const portal = (fetch: typeof globalThis.fetch) => ({
  portal: { config: { fetch, crossTab: isolatedTabs }, setup: signedIn },
});

/**
 * The terms dialog a user must answer before using the portal when the tenant requires its terms to
 * be accepted: Accept once the agreement box is ticked, or log out. A user who may not accept the
 * terms for the tenant sees that they are not accepted and can only log out.
 */
const meta = {
  title: 'Auth/Terms dialog',
  component: Eula,
  subcomponents: { EulaDialog },
  // Each story in a frame of its own on the Docs page: its modal dialog would cover the whole page.
  parameters: { ...portal(api(true)), docs: { story: { inline: false, height: '640px' } } },
} satisfies Meta<typeof Eula>;

export default meta;
type Story = StoryObj<typeof meta>;

/** max@fabrikam.example: must accept; Accept waits for the checkbox. */
export const CanAccept: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('region', { name: 'Terms and Conditions' })).toBeVisible();
    await expect(body.getByRole('button', { name: 'Accept' })).toBeDisabled();
  },
};

/** eve@northwind.example: 'Not Accepted', can only log out. */
export const CannotAccept: Story = { parameters: portal(api(false)) };

export const Loading: Story = { parameters: portal(api(true, { text: TERMS, delayMs: 3_600_000 })) };

/** Spec §8: 'Failed to load Terms and Conditions'. */
export const LoadFailure: Story = { parameters: portal(api(true, { status: 503, json: { message: 'down' } })) };

export const Dark: Story = { parameters: { ...portal(api(true)), theme: 'dark' } };
