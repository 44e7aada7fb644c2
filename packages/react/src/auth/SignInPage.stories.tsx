import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { fakeApi, fakeAppToken, fakeIdToken, isolatedTabs, signedInRoutes, type FakeAnswer } from '../testing/fakeApi';
import { RequireAuth } from './RequireAuth';
import { SessionStart } from './SessionStart';
import { SignInPage } from './SignInPage';
import { SignedIn, SignInPrompt } from './SignInPrompt';
import { Page } from './testing/signInPageStory';

const accounts = [
  { email: 'ada@contoso.example', displayName: 'Ada Lovelace', tenants: ['Contoso Ltd'] },
  { email: 'max@fabrikam.example', displayName: 'Max Mustermann', tenants: ['Fabrikam Inc'] },
  { email: 'guest@contoso.example', displayName: 'Gus Guest', tenants: ['Contoso Ltd'] },
  { email: 'multi@wingtip.example', displayName: 'Mia Multi', tenants: ['Wingtip Toys', 'Contoso Ltd'] },
];

const api = (over: Record<string, FakeAnswer> = {}) =>
  fakeApi(
    signedInRoutes({
      'GET /api/dev/accounts': { json: accounts },
      'POST /api/dev/identity-token': ({ body }) => ({
        json: { id_token: fakeIdToken((body as { email: string }).email) },
      }),
      'POST /api/auth/azure/token': ({ body }) =>
        (body as { upn: string }).upn.startsWith('guest')
          ? { status: 409, json: { message: 'Permission not granted' } }
          : { json: { access_token: fakeAppToken() } },
      ...over,
    }),
  );

/**
 * The portal's sign-in page, with the Microsoft sign-in and, where configured, demo accounts.
 * `SessionStart` resumes the session when the app loads and `RequireAuth` sends a signed-out user
 * on a guarded page here; a piece shown outside the portal (`SignedIn`) shows a visitor without a
 * session the sign-in prompt (`SignInPrompt`) instead.
 */
const meta = {
  title: 'Auth/Sign-in page',
  component: Page,
  subcomponents: { SignInPage, SessionStart, RequireAuth, SignedIn, SignInPrompt },
  parameters: { portal: { config: { fetch: api(), crossTab: isolatedTabs } } },
} satisfies Meta<typeof Page>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The embedded default of `npm start`: the reference server's demo accounts. */
export const DemoAccounts: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'ada@contoso.example' })).toBeEnabled();
  },
};

/** With an MSAL client id configured. */
export const Microsoft: Story = { args: { dev: false, msal: true } };

/** Both, as the e2e server runs. */
export const MicrosoftAndDemoAccounts: Story = { args: { dev: true, msal: true } };

export const AccountsLoading: Story = {
  parameters: {
    portal: {
      config: {
        fetch: api({ 'GET /api/dev/accounts': { json: accounts, delayMs: 3_600_000 } }),
        crossTab: isolatedTabs,
      },
    },
  },
};

export const AccountsFailed: Story = {
  parameters: {
    portal: {
      config: {
        fetch: api({ 'GET /api/dev/accounts': { status: 503, json: { message: 'down' } } }),
        crossTab: isolatedTabs,
      },
    },
  },
};

/** Spec §8: 409 → 'Permission not granted' (then logout). */
export const PermissionNotGranted: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'guest@contoso.example' }));
    const message = await canvas.findByText('Permission not granted');
    // Its toast fades in.
    await waitFor(() => expect(message).toBeVisible());
  },
};

export const NoSignInConfigured: Story = { args: { dev: false, msal: false } };

export const Dark: Story = { parameters: { theme: 'dark' } };
