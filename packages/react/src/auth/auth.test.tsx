import {
  createDevIdentityProvider,
  TRUSTED_TYPES_POLICIES,
  type IdentityProvider,
  type PortalClient,
} from '@cloudportal/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { requireTrustedTypes } from '#test/trustedTypes';
import { fakeApi, fakeAppToken, fakeIdToken, isolatedTabs, signedInRoutes, type FakeAnswer } from '../testing/fakeApi';
import { renderWithClient } from '../testing/renderWithClient';
import { usePortalClient } from '../provider/PortalProvider';
import { useMemo } from 'react';
import { Toaster } from '../toasts/Toaster';
import { EulaDialog } from './EulaDialog';
import { sanitizeTerms } from './sanitizeTerms';
import { IdleWarningDialog } from './IdleWarningDialog';
import { RegisterPage } from './RegisterPage';
import { RequireAuth } from './RequireAuth';
import { SessionStart } from './SessionStart';
import { SignInPage } from './SignInPage';
import { TenantPicker } from './TenantPicker';

const PORTAL = '/services/api-portal-customer';
const accounts = [
  { email: 'ada@contoso.example', displayName: 'Ada Lovelace', tenants: ['Contoso Ltd'] },
  { email: 'guest@contoso.example', displayName: 'Gus Guest', tenants: ['Contoso Ltd'] },
];

function setup(ui: React.ReactNode, routes: Record<string, FakeAnswer>) {
  const fetch = fakeApi(routes);
  const navigate = vi.fn();
  const view = renderWithClient(
    <>
      {ui}
      <Toaster />
    </>,
    { fetch, storage: {}, navigate, crossTab: isolatedTabs },
  );
  return { ...view, fetch, navigate };
}

async function signedIn(client: PortalClient) {
  await act(async () => {
    await client.start();
  });
  await waitFor(() => expect(client.account.$account.get().status).toBe('loaded'));
}

afterEach(() => vi.useRealTimers());

/** The sign-in page with the dev provider of the rendering client. */
function DevSignIn() {
  const client = usePortalClient();
  const provider = useMemo(() => createDevIdentityProvider(client.api.auth), [client]);
  return <SignInPage providers={[provider]} />;
}

describe('SignInPage (spec §2 login, §8 Authentication toasts)', () => {
  const devRoutes = (login: FakeAnswer) =>
    signedInRoutes({
      'GET /api/dev/accounts': { json: accounts },
      'POST /api/dev/identity-token': ({ body }) => ({
        json: { id_token: fakeIdToken((body as { email: string }).email) },
      }),
      'POST /api/auth/azure/token': login,
    });

  it('given the dev provider, then each demo account is a button named by its e-mail, and the page is axe clean', async () => {
    setup(<DevSignIn />, devRoutes({ json: { access_token: fakeAppToken() } }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Cloud Portal' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'ada@contoso.example' })).toHaveAccessibleDescription(
      'Ada Lovelace · Contoso Ltd',
    );
    expect(screen.getByRole('button', { name: 'guest@contoso.example' })).toBeEnabled();
    await expectNoAxeViolations();
  });

  it('when ada is chosen, then she is signed in and taken to /billing/overview', async () => {
    const { client, navigate, fetch } = setup(<DevSignIn />, devRoutes({ json: { access_token: fakeAppToken() } }));
    await userEvent.click(await screen.findByRole('button', { name: 'ada@contoso.example' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/billing/overview'));
    expect(client.session.$session.get().status).toBe('authenticated');
    expect(fetch.calls).toContain('POST /api/auth/azure/token');
  });

  it("when the server answers 409, then the toast 'Permission not granted' and back to /login", async () => {
    const { navigate } = setup(<DevSignIn />, devRoutes({ status: 409, json: { message: 'Permission not granted' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'guest@contoso.example' }));
    expect(await screen.findByText('Permission not granted')).toBeVisible();
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/login'));
  });

  it("given the MSAL provider, then 'Sign in with Microsoft' starts its interactive sign-in", async () => {
    const signIn = vi.fn(async () => null);
    const msal: IdentityProvider = {
      kind: 'msal',
      initialize: async () => null,
      signIn,
      signOut: async () => undefined,
    };
    setup(<SignInPage providers={[msal]} />, signedInRoutes());
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it("given the identity provider fails, then 'Authentication error' / 'Unable to identify user: …'", async () => {
    const failing: IdentityProvider = {
      kind: 'msal',
      initialize: async () => null,
      signIn: () => Promise.reject(new Error('user_cancelled')),
      signOut: async () => undefined,
    };
    setup(<SignInPage providers={[failing]} />, signedInRoutes());
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    expect(await screen.findByText('Authentication error')).toBeVisible();
    expect(screen.getByText('Unable to identify user: user_cancelled')).toBeVisible();
  });

  it('given the accounts cannot be loaded, then it says so', async () => {
    setup(<DevSignIn />, signedInRoutes({ 'GET /api/dev/accounts': { status: 503, json: { message: 'down' } } }));
    expect(await screen.findByText('The demo accounts could not be loaded.')).toBeVisible();
  });
});

describe('TenantPicker (spec §2 tenant, §8 HTTP 300)', () => {
  it("given a 300 answer, then the identity's tenants are listed and choosing one signs in to it", async () => {
    const routes = signedInRoutes({
      'GET /api/dev/accounts': { json: accounts },
      'POST /api/auth/azure/token': { status: 300, json: { access_token: fakeAppToken({ scope: 'tenant-select' }) } },
      'POST /api/auth/azure/tenant/token': ({ body }) => ({
        json: { access_token: fakeAppToken({ tid: (body as { tenantId: string }).tenantId }) },
      }),
      [`GET ${PORTAL}/api/tenants`]: {
        json: [
          { id: 'wingtip', displayName: 'Wingtip Toys' },
          { id: 'contoso', displayName: 'Contoso Ltd' },
        ],
      },
    });
    const { client, navigate } = setup(<TenantPicker />, routes);
    await act(async () => {
      await client.session.signIn({
        idToken: fakeIdToken('multi@wingtip.example'),
        oid: 'o',
        tid: 'wingtip',
        upn: 'multi@wingtip.example',
      });
    });
    expect(navigate).toHaveBeenCalledWith('/tenant');
    await userEvent.click(await screen.findByRole('button', { name: 'Contoso Ltd' }));
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/billing/overview'));
    expect(client.session.$session.get()).toMatchObject({ status: 'authenticated', claims: { tid: 'contoso' } });
    await expectNoAxeViolations();
  });

  it('given no tenant choice pending (a reload), then it asks to sign in again', async () => {
    const { navigate } = setup(<TenantPicker />, signedInRoutes());
    expect(screen.getByText('Your sign-in has expired. Please sign in again.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});

describe('RegisterPage (spec §2 register: a new tenant is onboarded by its partner)', () => {
  it('given a visitor, then the page explains who onboards the tenant and leads back to sign-in', async () => {
    const { navigate } = setup(<RegisterPage />, signedInRoutes());
    expect(screen.getByRole('heading', { name: 'Onboarding', level: 1 })).toBeVisible();
    expect(screen.getByText(/Your partner onboards new tenants; please contact them to get started\./)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(navigate).toHaveBeenCalledWith('/login');
    await expectNoAxeViolations();
  });
});

describe('SessionStart (spec §4: the session resumes on page load)', () => {
  it('given a refresh cookie, then a progress bar shows until the session has resumed, then the routes', async () => {
    const routes = signedInRoutes();
    const { client } = setup(<SessionStart>routes</SessionStart>, {
      ...routes,
      'POST /api/auth/refresh-token': () => ({ json: { access_token: fakeAppToken() }, delayMs: 50 }),
    });
    expect(screen.getByRole('progressbar', { name: 'Signing you in' })).toBeVisible();
    expect(screen.queryByText('routes')).toBeNull();
    expect(await screen.findByText('routes')).toBeVisible();
    expect(client.session.$session.get().status).toBe('authenticated');
  });

  it('given a fallback, then it shows instead of the progress bar until the session has resumed', async () => {
    const routes = signedInRoutes();
    setup(<SessionStart fallback={<p>splash</p>}>routes</SessionStart>, {
      ...routes,
      'POST /api/auth/refresh-token': () => ({ json: { access_token: fakeAppToken() }, delayMs: 50 }),
    });
    expect(screen.getByText('splash')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(await screen.findByText('routes')).toBeVisible();
    expect(screen.queryByText('splash')).toBeNull();
  });

  it('given no session to resume, then the routes show signed out', async () => {
    const { client } = setup(
      <SessionStart>routes</SessionStart>,
      signedInRoutes({ 'POST /api/auth/refresh-token': { status: 401, json: { message: 'No session' } } }),
    );
    expect(await screen.findByText('routes')).toBeVisible();
    expect(client.session.$session.get().status).toBe('anonymous');
  });
});

describe('RequireAuth (spec §2 guarded routes)', () => {
  it('given a signed-out user, then nothing guarded shows and the user goes to /login', async () => {
    const { navigate } = setup(<RequireAuth>secret</RequireAuth>, signedInRoutes());
    expect(screen.queryByText('secret')).toBeNull();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
  });

  it('given a signed-in user, then the route shows', async () => {
    const { client } = setup(<RequireAuth>secret</RequireAuth>, signedInRoutes());
    await signedIn(client);
    expect(screen.getByText('secret')).toBeVisible();
  });

  it('given a tenant still to choose, then the user goes to /tenant', async () => {
    const { client, navigate } = setup(
      <RequireAuth>secret</RequireAuth>,
      signedInRoutes({
        'POST /api/auth/azure/token': { status: 300, json: { access_token: fakeAppToken({ scope: 'tenant-select' }) } },
      }),
    );
    await act(async () => {
      await client.session.signIn({ idToken: 'x.y.z', oid: 'o', tid: 't', upn: 'multi@wingtip.example' });
    });
    await waitFor(() => expect(navigate).toHaveBeenLastCalledWith('/tenant'));
    expect(screen.queryByText('secret')).toBeNull();
  });
});

describe('EulaDialog (spec §2 Forced terms dialog, §8 Terms)', () => {
  const forced = (over: Record<string, FakeAnswer> = {}, canAcceptEula = true) =>
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
      'GET /api/public/eula': {
        text: '<h1>Terms and Conditions</h1><p onclick="alert(1)">Be nice.</p><script>alert(2)</script><a href="javascript:alert(3)">x</a><a href="https://example.com">terms</a>',
      },
      [`POST ${PORTAL}/api/eula`]: { json: { eulaAcceptedAt: '2026-11-23T00:00:00.000Z' } },
      ...over,
    });

  it('given forceEula, then the sanitized terms show and Accept is enabled only after the checkbox is ticked', async () => {
    const { client } = setup(<EulaDialog />, forced());
    await signedIn(client);
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    const terms = await screen.findByRole('region', { name: 'Terms and Conditions' });
    expect(terms).toHaveTextContent('Be nice.');
    expect(terms.innerHTML).not.toMatch(/onclick|<script|javascript:/);
    expect(terms.querySelector('a[href="https://example.com"]')).toHaveAttribute('rel', 'noopener noreferrer');
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    await expectNoAxeViolations();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have read and agree to the Terms and Conditions.' }));
    expect(accept).toBeEnabled();
    await userEvent.click(accept);
    expect(await screen.findByText('Terms and Conditions accepted.')).toBeVisible();
    await waitFor(() => expect(dialog).not.toBeVisible());
  });

  it('given a page that requires Trusted Types, then the sanitized terms show, set through a TrustedHTML of the cloudportal policy — never a string', async () => {
    const page = requireTrustedTypes(TRUSTED_TYPES_POLICIES);
    try {
      const { client } = setup(<EulaDialog />, forced());
      await signedIn(client);
      const terms = await screen.findByRole('region', { name: 'Terms and Conditions' });
      expect(within(terms).getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
      expect(within(terms).getByRole('link', { name: 'terms' })).toHaveAttribute('target', '_blank');
      expect(terms.innerHTML).not.toMatch(/onclick|<script|javascript:/);
      expect(page.violations).toEqual([]);
      expect(page.trusted.map(({ sink, value }) => [sink, value.policy, value.html])).toEqual([
        ['Element innerHTML', 'cloudportal', terms.innerHTML],
      ]);
    } finally {
      page.restore();
    }
  });

  it('cannot be closed with Escape before it is accepted', async () => {
    const { client } = setup(<EulaDialog />, forced());
    await signedIn(client);
    await screen.findByRole('region', { name: 'Terms and Conditions' });
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
  });

  it("given the accept call fails, then the toast 'Error accepting Terms and Conditions. Please consult your support team.' and the dialog stays", async () => {
    const { client } = setup(
      <EulaDialog />,
      forced({ [`POST ${PORTAL}/api/eula`]: { status: 500, json: { message: 'x' } } }),
    );
    await signedIn(client);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'I have read and agree to the Terms and Conditions.' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error accepting Terms and Conditions. Please consult your support team.',
    );
    expect(screen.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
  });

  it("given the terms cannot be loaded, then the toast 'Failed to load Terms and Conditions' and a retry that works", async () => {
    let fail = true;
    const { client } = setup(
      <EulaDialog />,
      forced({
        'GET /api/public/eula': () =>
          fail ? { status: 503, json: { message: 'down' } } : { text: '<p>Loaded now.</p>' },
      }),
    );
    await signedIn(client);
    await waitFor(() =>
      expect(screen.getAllByText('Failed to load Terms and Conditions').length).toBeGreaterThanOrEqual(2),
    );
    expect(screen.getByRole('checkbox', { name: 'I have read and agree to the Terms and Conditions.' })).toBeDisabled();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loaded now.')).toBeVisible();
  });

  it("given a user who may not accept, then 'Not Accepted' and only Log out, which logs out", async () => {
    const { client, navigate } = setup(<EulaDialog />, forced({}, false));
    await signedIn(client);
    const dialog = await screen.findByRole('dialog', { name: 'Not Accepted' });
    expect(dialog).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toContain('Log out');
    await expectNoAxeViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
  });

  it('given no forced terms, then nothing shows', async () => {
    const { client } = setup(<EulaDialog />, signedInRoutes());
    await signedIn(client);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sanitizeTerms keeps the text and drops what could run', () => {
    expect(
      sanitizeTerms(
        '<p style="x" onmouseover="y">Hi</p><img src=x onerror=alert(1)><iframe src="https://e.x"></iframe>',
      ),
    ).toBe('<p>Hi</p><img src="x">');
  });
});

describe('IdleWarningDialog (spec §4 Idle session)', () => {
  /** Signed in under fake timers: the session and account load on promises only, flushed here. */
  async function signedInFake(client: PortalClient) {
    await act(async () => {
      await client.start();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(client.account.$account.get().status).toBe('loaded');
  }
  const advance = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  it('given 30 minutes without activity, then a warning counts down 30 s and then logs out', async () => {
    vi.useFakeTimers();
    const { client, navigate } = setup(<IdleWarningDialog />, signedInRoutes());
    await signedInFake(client);
    await advance(30 * 60_000 - 1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(1);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you still there?' });
    expect(dialog).toHaveAccessibleDescription('You have been inactive for a while. You will be logged out in 30 s.');
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    await advance(10_000);
    expect(dialog).toHaveAccessibleDescription('You have been inactive for a while. You will be logged out in 20 s.');
    expect(navigate).not.toHaveBeenCalledWith('/login');
    await advance(20_000);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(client.session.$session.get().status).toBe('anonymous');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the warning is axe clean', async () => {
    vi.useFakeTimers();
    const { client } = setup(<IdleWarningDialog />, signedInRoutes());
    await signedInFake(client);
    await advance(30 * 60_000);
    vi.useRealTimers();
    await expectNoAxeViolations();
  });

  it("'Stay signed in' keeps the session and starts the idle time again", async () => {
    vi.useFakeTimers();
    const { client, navigate } = setup(<IdleWarningDialog />, signedInRoutes());
    await signedInFake(client);
    await advance(30 * 60_000);
    act(() => screen.getByRole('button', { name: 'Stay signed in' }).click());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(60_000);
    expect(navigate).not.toHaveBeenCalledWith('/login');
    expect(client.session.$session.get().status).toBe('authenticated');
  });

  it("'Log out' in the warning logs out at once", async () => {
    vi.useFakeTimers();
    const { client, navigate } = setup(<IdleWarningDialog />, signedInRoutes());
    await signedInFake(client);
    await advance(30 * 60_000);
    await act(async () => {
      screen.getByRole('button', { name: 'Log out' }).click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('activity on the page resets the idle time', async () => {
    vi.useFakeTimers();
    const { client } = setup(<IdleWarningDialog />, signedInRoutes());
    await signedInFake(client);
    await advance(20 * 60_000);
    act(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    await advance(20 * 60_000);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(10 * 60_000);
    expect(screen.getByRole('alertdialog')).toBeVisible();
  });

  it('given the warning, when the user moves on the page, then the warning closes and the idle time starts again (spec §4)', async () => {
    vi.useFakeTimers();
    const { client, navigate } = setup(<IdleWarningDialog />, signedInRoutes());
    await signedInFake(client);
    await advance(30 * 60_000 + 5_000);
    expect(screen.getByRole('alertdialog', { name: 'Are you still there?' })).toBeVisible();
    act(() => document.body.dispatchEvent(new MouseEvent('mousemove', { bubbles: true })));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(30 * 60_000 - 1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(navigate).not.toHaveBeenCalledWith('/login');
    await advance(1);
    expect(screen.getByRole('alertdialog')).toBeVisible();
  });

  it("given the warning, a press on its own 'Log out' is an answer, not activity: it logs out", async () => {
    vi.useFakeTimers();
    const { client, navigate } = setup(<IdleWarningDialog />, signedInRoutes());
    await signedInFake(client);
    await advance(30 * 60_000);
    const logout = screen.getByRole('button', { name: 'Log out' });
    act(() => logout.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    expect(screen.getByRole('alertdialog')).toBeVisible();
    await act(async () => {
      logout.click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it("uses the tenant's uiSessionTimeout", async () => {
    vi.useFakeTimers();
    const { client } = setup(
      <IdleWarningDialog />,
      signedInRoutes({
        [`GET ${PORTAL}/api`]: { json: { productName: 'Cloud Portal', uiSessionTimeout: 5, eula: '/api/public/eula' } },
      }),
    );
    await signedInFake(client);
    await advance(5 * 60_000);
    expect(screen.getByRole('alertdialog', { name: 'Are you still there?' })).toBeVisible();
  });
});
