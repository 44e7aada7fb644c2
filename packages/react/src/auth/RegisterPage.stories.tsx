import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { fakeApi, isolatedTabs, signedInRoutes } from '../testing/fakeApi';
import { RegisterPage } from './RegisterPage';

/**
 * The onboarding page a user of a tenant that is not onboarded yet lands on: it explains that the
 * partner onboards new tenants and leads back to sign-in.
 */
const meta = {
  title: 'Auth/Register (onboarding)',
  component: RegisterPage,
  parameters: { portal: { config: { fetch: fakeApi(signedInRoutes()), crossTab: isolatedTabs } } },
} satisfies Meta<typeof RegisterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec §2 /register: a tenant that is not onboarded is told that its partner onboards it. */
export const NotOnboarded: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Onboarding' })).toBeVisible();
  },
};

export const Dark: Story = { parameters: { theme: 'dark' } };
