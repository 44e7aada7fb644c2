import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { FeaturePage } from './FeaturePage';
import { registerDemoFeaturePages } from './testing/demoFeatures';
import { shellParameters } from './testing/storyPortal';

registerDemoFeaturePages();

// The stories' partner route is `/partner/costs`, outside the portal's routes.

/**
 * One page of the visitor's portal menu, by name, without the shell and whatever the address says:
 * for a partner's own React page (`<cp-page>` is this component). The portal's access rules hold: a
 * page the visitor may not see shows 'Page not found' or 'Unlicensed feature', and a visitor without
 * a session sees a sign-in prompt.
 */
const meta = {
  title: 'Shell/Feature page by name',
  component: FeaturePage,
  args: { name: 'subscriptions', onLoaded: fn(), onError: fn(), onNavigate: fn() },
  // An object literal: Storybook writes the description above into it (it would replace anything else).
  parameters: { ...shellParameters('/partner/costs') },
} satisfies Meta<typeof FeaturePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const WAIT = { timeout: 5000 };

/** A `ui` page by its menu name: its heading, its registered page, and `onLoaded`. */
export const ByName: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { level: 1, name: 'Subscriptions' }, WAIT)).toBeVisible();
    await page.findByText('Three subscriptions: Production, Development and Sandbox, all active.', {}, WAIT);
    await waitFor(() => expect(args.onLoaded).toHaveBeenCalledWith({ name: 'subscriptions', tab: null, rows: null }));
  },
};

/** A tabbed page opened on the tab named by `tabName`; another tab opens in place. */
export const OnATab: Story = {
  args: { name: 'azure-costs', tabName: 'Cost by Region' },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('tab', { name: 'Cost by Region', selected: true }, WAIT)).toBeVisible();
    await page.findByText('West Europe USD 9,120 · North Europe USD 4,310 · East US USD 2,165.', {}, WAIT);
  },
};

/** A name the visitor's menu does not hold: 'Page not found', no data, and `onError`. */
export const NotInTheMenu: Story = {
  args: { name: 'payroll' },
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement);
    await expect(await page.findByRole('heading', { level: 1, name: 'Page not found' }, WAIT)).toBeVisible();
    await waitFor(() =>
      expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'payroll', reason: 'not-found' })),
    );
  },
};

/** A page the tenant is not licensed for: the 'Unlicensed feature' placeholder. */
export const Unlicensed: Story = {
  args: { name: 'reports' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Unlicensed feature' }, WAIT)).toBeVisible();
  },
};
