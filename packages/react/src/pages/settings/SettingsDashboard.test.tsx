import { createPortalClient, type PortalClient } from '@cloudportal/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '#test/axe';
import { ConfirmHost } from '../../dialogs/ConfirmHost';
import { PortalProvider } from '../../provider/PortalProvider';
import { fakeApi, isolatedTabs } from '../../testing/fakeApi';
import { Toaster } from '../../toasts/Toaster';
import SettingsDashboard from './SettingsDashboard';
import { settingsRoutes, type FakeSettingsOptions } from './testing/fakeSettings';

const API = '/services/api-portal-customer/api';
const clients: PortalClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

async function setup(options: FakeSettingsOptions = {}, locale?: string) {
  const routes = settingsRoutes(options);
  const fetch = fakeApi(routes);
  const client = createPortalClient({ fetch, storage: {}, navigate: vi.fn(), crossTab: isolatedTabs, locale });
  clients.push(client);
  await client.start();
  const user = userEvent.setup();
  const view = render(
    <PortalProvider client={client}>
      <SettingsDashboard />
      <ConfirmHost />
      <Toaster />
    </PortalProvider>,
  );
  return { ...view, user, fetch, routes, client };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the settings dashboard (spec §2 admin-section-settings-dashboard, §7 settings service)', () => {
  it('given an administrator, then every section of the tenant settings is shown, and axe finds nothing', async () => {
    const { container } = await setup();
    for (const name of [
      'General',
      'Branding',
      'Licences',
      'Features',
      'Integrations',
      'Access and tags',
      'E-mail notification',
      'System messages',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(await screen.findByLabelText('Product name')).toHaveValue('Cloud Portal');
    expect(
      await within(section('Licences')).findByRole('rowheader', { name: 'CONTOSO-M365-CORE' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('The portal is read-only on Saturday from 8:00 to 10:00.')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it("given a German client (issue 24 §2), then the licences' activation and the messages' days are written in German", async () => {
    await setup({}, 'de');
    const row = await within(await screen.findByRole('region', { name: 'Lizenzen' })).findByRole('row', {
      name: /CONTOSO-M365-CORE/,
    });
    expect(row).toHaveTextContent('01.01.2026, 09:00');
    expect(await within(section('Systemmeldungen')).findByText('Von 01.01.2026 bis 31.12.2026')).toBeInTheDocument();
  });

  it('when the sales e-mail and idle time are wrong, then each field says why and nothing is sent; fixed, the settings are saved', async () => {
    const { user, fetch } = await setup();
    const email = await screen.findByLabelText('Sales e-mail');
    await user.clear(email);
    await user.type(email, 'sales');
    const timeout = screen.getByLabelText('Idle sign-out after (minutes)');
    await user.clear(timeout);
    await user.type(timeout, '2');
    await user.click(within(section('General')).getByRole('button', { name: 'Save' }));
    expect(email).toHaveAccessibleDescription('Enter an e-mail address such as sales@example.com.');
    expect(timeout).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.calls).not.toContain(`POST ${API}`);

    await user.clear(email);
    await user.type(email, 'deals@contoso.example');
    await user.clear(timeout);
    await user.type(timeout, '45');
    await user.click(within(section('General')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('General saved.')).toBeInTheDocument();
    expect(fetch.calls).toContain(`POST ${API}`);
    expect(email).toHaveValue('deals@contoso.example');
  });

  it('given a German client, when the sales e-mail is wrong, then the field says why in German (the rule answers in useT())', async () => {
    const { user, fetch } = await setup({}, 'de');
    const email = await screen.findByLabelText('E-Mail-Adresse des Vertriebs');
    await user.clear(email);
    await user.type(email, 'sales');
    await user.click(within(section('Allgemein')).getByRole('button', { name: 'Speichern' }));
    expect(email).toHaveAccessibleDescription('Geben Sie eine E-Mail-Adresse wie sales@example.com ein.');
    expect(fetch.calls).not.toContain(`POST ${API}`);
  });

  it('when an administrator de-activates a licence and activates it again by key, then the table follows the server', async () => {
    const { user } = await setup();
    const licenses = section('Licences');
    await user.click(await within(licenses).findByRole('button', { name: 'De-activate CONTOSO-M365-CORE' }));
    expect(await screen.findByText('Licence CONTOSO-M365-CORE de-activated.')).toBeInTheDocument();
    const row = await within(licenses).findByRole('row', { name: /CONTOSO-M365-CORE m365 core Inactive/ });
    expect(row).toBeInTheDocument();

    const key = within(licenses).getByLabelText('Licence key');
    await user.type(key, 'not a key');
    await user.click(within(licenses).getByRole('button', { name: 'Activate' }));
    expect(key).toHaveAccessibleDescription(
      'A licence key is letters and digits in dash-separated groups, such as CONTOSO-AZURE-CORE.',
    );
    await user.clear(key);
    await user.type(key, 'contoso-m365-core');
    await user.click(within(licenses).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Licence CONTOSO-M365-CORE activated.')).toBeInTheDocument();
    expect(
      await within(licenses).findByRole('row', { name: /CONTOSO-M365-CORE m365 core Active/ }),
    ).toBeInTheDocument();
    expect(key).toHaveValue('');
  });

  it('when an unknown licence key is activated, then the server says so and the key stays typed', async () => {
    const { user } = await setup();
    const licenses = section('Licences');
    const key = await within(licenses).findByLabelText('Licence key');
    await user.type(key, 'CONTOSO-NOPE');
    await user.click(within(licenses).getByRole('button', { name: 'Activate' }));
    expect(
      await screen.findByText('No licence CONTOSO-NOPE is stored for your tenant.', { exact: false }),
    ).toBeInTheDocument();
    expect(key).toHaveValue('CONTOSO-NOPE');
  });

  it('when a logo is uploaded, then it is previewed and the shell branding is loaded again; a PDF is refused', async () => {
    URL.revokeObjectURL = vi.fn();
    const { user, fetch, routes } = await setup();
    const logo = within(screen.getByRole('group', { name: 'Logo' }));
    expect(await logo.findByText('The default is shown.')).toBeInTheDocument();
    const input = logo.getByLabelText('Upload Logo');
    // A file chosen past the picker's filter (drag and drop, "All files").
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['%PDF'], 'terms.pdf', { type: 'application/pdf' }));
    expect(input).toHaveAccessibleDescription('Choose a PNG, JPEG, SVG or ICO image.');

    const brandingCalls = fetch.calls.filter((c) => c === `GET ${API}/branding`).length;
    await user.upload(
      input,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' }),
    );
    expect(await screen.findByText('Logo uploaded.')).toBeInTheDocument();
    // The server's own signed address, never a blob: copy (its sandboxing headers stay on the image).
    expect(await logo.findByRole('img', { name: 'Logo preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^\/services\/api-portal-customer\/api\/files\/branding-logo\/content\?owner=.*&sig=/),
    );
    expect((routes.files.get('branding-logo') as File | undefined)?.name).toBe('logo.svg');
    await waitFor(() =>
      expect(fetch.calls.filter((c) => c === `GET ${API}/branding`).length).toBeGreaterThan(brandingCalls),
    );

    await user.click(logo.getByRole('button', { name: 'Delete Logo' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Logo deleted; the default is shown.')).toBeInTheDocument();
    expect(routes.files.has('branding-logo')).toBe(false);
  });

  it('when a feature is switched off, then the server is told and the switch follows its answer', async () => {
    const { user, fetch } = await setup();
    const search = await within(section('Features')).findByRole('switch', { name: 'Search' });
    expect(search).toBeChecked();
    await user.click(search);
    expect(await screen.findByText('Search turned off.')).toBeInTheDocument();
    expect(search).not.toBeChecked();
    expect(fetch.calls).toContain(`POST ${API}/features/activate`);
  });

  it('when the CSP form is saved without ids, then it says which; saved, its test shows each check', async () => {
    const { user } = await setup();
    const csp = within(await screen.findByRole('group', { name: 'CSP (Partner Center)' }));
    await user.click(csp.getByRole('button', { name: 'Save' }));
    expect(csp.getByLabelText('Partner tenant id')).toHaveAccessibleDescription(
      'Enter an id such as 00000000-0000-0000-0000-000000000000.',
    );
    await user.type(csp.getByLabelText('Partner tenant id'), '11111111-2222-3333-4444-555555555555');
    await user.type(csp.getByLabelText('Application id'), '11111111-2222-3333-4444-666666666666');
    await user.type(csp.getByLabelText('Application secret'), 's3cret');
    await user.click(csp.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('CSP (Partner Center) saved.')).toBeInTheDocument();
    expect(csp.getByLabelText('Application secret')).toHaveValue('');
    expect(csp.getByLabelText('Application secret')).toHaveAccessibleDescription(
      'A secret is stored. Leave blank to keep it.',
    );
    await user.click(csp.getByRole('button', { name: 'Test CSP (Partner Center)' }));
    expect(await csp.findByRole('status', { name: 'CSP (Partner Center): Passed' })).toHaveTextContent(
      'The settings are saved.',
    );
  });

  it('when the e-mail test is sent, then it is queued and the form empties', async () => {
    const { user } = await setup();
    const email = within(section('E-mail notification'));
    await user.click(email.getByRole('button', { name: 'Send test e-mail' }));
    expect(email.getByLabelText('Recipients')).toHaveAccessibleDescription(
      "Your tenant's own users; separate addresses with commas. Enter at least one recipient.",
    );
    await user.type(email.getByLabelText('Recipients'), 'ada@contoso.example, it@contoso.example');
    await user.type(email.getByLabelText('Subject'), 'Test');
    await user.type(email.getByLabelText('Message'), 'Hello');
    await user.click(email.getByRole('button', { name: 'Send test e-mail' }));
    expect(await screen.findByText('Test e-mail queued.')).toBeInTheDocument();
    expect(email.getByLabelText('Subject')).toHaveValue('');
  });

  it('given the settings service fails, then each section says so and offers to try again', async () => {
    await setup({ failWith: 503 });
    expect(await screen.findByText('Licences could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Features could not be loaded.')).toBeInTheDocument();
    expect(within(section('Licences')).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('connected sites (issue 38 §1)', () => {
  /** Opens 'Add a site' and types a name and `origin`; answers the form, unsent. */
  async function addSite(origin: string) {
    const view = await setup();
    const sites = section('Connected sites');
    await view.user.click(await within(sites).findByRole('button', { name: 'Add a site' }));
    const form = within(sites).getByRole('form', { name: 'Add a site' });
    await view.user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Fabrikam shop');
    await view.user.type(within(form).getByRole('textbox', { name: /Allowed origins/ }), origin);
    return { ...view, sites, form };
  }

  it('given a stored site, then its origins, pieces, state and secret are listed, and the trail follows each change', async () => {
    const { user, client } = await setup();
    const sites = section('Connected sites');
    const site = await within(sites).findByRole('listitem', { name: 'Contoso partner site' });
    expect(within(site).getByText('https://partner.example')).toBeInTheDocument();
    expect(within(site).getByText('azure-budgets').closest('dd')).toHaveTextContent(
      'Assistant, Search, Pages: azure-budgets, All reports',
    );
    expect(within(site).getByText('Enabled')).toBeInTheDocument();
    expect(within(site).getByText('key_one')).toBeInTheDocument();

    await user.click(within(site).getByRole('button', { name: 'Disable Contoso partner site' }));
    expect(await screen.findByText('Contoso partner site disabled.')).toBeInTheDocument();
    expect(await within(sites).findByText('Disabled: its visitors are refused')).toBeInTheDocument();
    expect(await within(sites).findByText('ada@contoso.example changed Contoso partner site.')).toBeInTheDocument();
    expect(client.session.$session.get().status).toBe('authenticated');
  });

  it('given a new site with an origin that has a path and no piece, then each problem is shown and nothing is sent', async () => {
    const { user, fetch, form } = await addSite('https://shop.example/portal');
    for (const piece of ['Assistant', 'Search', 'Feedback', 'Saved views', 'All pages', 'All reports'])
      await user.click(within(form).getByRole('checkbox', { name: piece }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('textbox', { name: /Allowed origins/ })).toHaveAccessibleDescription(
      expect.stringContaining("'https://shop.example/portal' has a path"),
    );
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one piece the site may show.');
    expect(fetch.calls).not.toContain(`POST ${API}/connected-sites`);
    await expectNoAxeViolations();
  });

  it('given a valid new site, then it is saved and its secret is shown once, to copy', async () => {
    const { user, fetch, sites, form } = await addSite('https://shop.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const secret = await within(sites).findByRole('group', { name: 'New signing secret of Fabrikam shop' });
    expect(within(secret).getByRole('status')).toHaveTextContent('shown once');
    expect(within(secret).getByRole('textbox', { name: 'Secret' })).toHaveValue('shown-once-secret-value');
    expect(within(secret).getByRole('textbox', { name: 'Secret id (kid)' })).toHaveValue('key_new');
    expect(fetch.calls).toContain(`POST ${API}/connected-sites`);
    expect(await within(sites).findByRole('listitem', { name: 'Fabrikam shop' })).toBeInTheDocument();
    await user.click(within(secret).getByRole('button', { name: 'Done' }));
    expect(within(sites).queryByRole('textbox', { name: 'Secret' })).not.toBeInTheDocument();
  });
});
