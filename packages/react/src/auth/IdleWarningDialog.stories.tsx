import { portalIdle, type PortalClient } from '@cloudportal/core';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { fakeApi, isolatedTabs, signedInRoutes } from '../testing/fakeApi';
import { IdleWarningDialog } from './IdleWarningDialog';

/** Signed in, with an idle time of a few milliseconds so the warning shows at once (the product's is minutes). */
const idleNow = (client: PortalClient) => {
  void client.start().then(() => {
    portalIdle(client).setTimeout(0.0005);
  });
};

/**
 * The warning a signed-in user sees after being inactive for the tenant's session time-out: a
 * 30-second countdown, then the user is logged out. 'Stay signed in', Escape or any activity on the
 * page keeps the session.
 */
const meta = {
  title: 'Auth/Idle warning',
  component: IdleWarningDialog,
  parameters: {
    portal: {
      config: {
        fetch: fakeApi(
          signedInRoutes({
            'GET /services/api-portal-customer/api': {
              json: { productName: 'Cloud Portal', uiSessionTimeout: 0.0005 },
            },
          }),
        ),
        crossTab: isolatedTabs,
      },
      setup: idleNow,
    },
    // Each story in a frame of its own on the Docs page: its modal dialog would cover the whole page.
    docs: { story: { inline: false, height: '420px' } },
  },
} satisfies Meta<typeof IdleWarningDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec §4: the warning with its 30 s countdown. */
export const Warning: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(
      await body.findByRole('alertdialog', { name: 'Are you still there?' }, { timeout: 3000 }),
    ).toBeVisible();
  },
};

export const Dark: Story = { ...Warning, parameters: { theme: 'dark' } };
