import { createAuthApi, createSettingsApi, type SettingsApi } from '@cloudportal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { signInAs, startTestServer, expectStatus, type TestServer as Server } from '../test-support';
import { seedInventory } from '../seed/inventory';

const GUID_A = '11111111-2222-4333-8444-555555555555';
const GUID_B = '66666666-7777-4888-9999-aaaaaaaaaaaa';
const PERMISSIONS_URL = '/services/api-portal-customer/api/office365/permissions';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const msToken = (tid: string) =>
  `${b64({ typ: 'JWT', alg: 'RS256' })}.${b64({ tid, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;

/**
 * Tenant isolation of every settings route: Contoso (ada) and Fabrikam (max) each change and read
 * their own rows only. Max is made a Fabrikam administrator here (the demo seed makes him a plain
 * user), so the administrators' calls can be tried in both directions.
 */
describe('tenant isolation of the settings and administration service (spec §7)', () => {
  let server: Server;
  let ada: SettingsApi;
  let max: SettingsApi;

  const kinds = async (tenantId: string) =>
    (
      await server.db.query<{ kind: string }>(
        'select kind from integrations where tenant_id = $1 order by kind collate "C"',
        [tenantId],
      )
    ).rows.map((r) => r.kind);

  beforeAll(async () => {
    server = await startTestServer();
    await seedInventory(server.db);
    await server.db.query(
      "update users set can_manage_settings = true where upn = 'max@fabrikam.example' and tenant_id = $1",
      [TENANT.fabrikam],
    );
    ada = createSettingsApi((await signInAs(server, 'ada@contoso.example')).http);
    max = createSettingsApi((await signInAs(server, 'max@fabrikam.example')).http);
  });
  afterAll(() => server.close());

  it('GET /api/whois, GET /api/tenants and GET /api/account answer the caller tenant only', async () => {
    expect((await ada.whois()).currentTenant.id).toBe(TENANT.contoso);
    expect((await max.whois()).currentTenant.id).toBe(TENANT.fabrikam);
    const maxAuth = createAuthApi((await signInAs(server, 'max@fabrikam.example')).http);
    expect((await maxAuth.tenants()).map((t) => t.id)).toEqual([TENANT.fabrikam]);
    expect((await maxAuth.account()).tenantId).toBe(TENANT.fabrikam);
  });

  it('GET/POST /api: each tenant saves and reads its own settings', async () => {
    await ada.saveSettings({ productName: 'Contoso Portal' });
    await max.saveSettings({ productName: 'Fabrikam Portal', uiSessionTimeout: 15 });
    expect(await ada.settings()).toMatchObject({ productName: 'Contoso Portal', uiSessionTimeout: 30 });
    expect(await max.settings()).toMatchObject({ productName: 'Fabrikam Portal', uiSessionTimeout: 15 });
  });

  it("POST /api/eula: accepting changes the caller's own user row only", async () => {
    const accepted = async (upn: string) =>
      (await server.db.query<{ eula_accepted_at: unknown }>('select eula_accepted_at from users where upn = $1', [upn]))
        .rows[0]!.eula_accepted_at;
    await max.acceptEula();
    expect(await accepted('max@fabrikam.example')).not.toBeNull();
    expect(await accepted('ada@contoso.example')).toBeNull();
  });

  it('files and branding: the same file id is two files; neither tenant reads, deletes or brands with the other', async () => {
    await ada.uploadFile('shared-id', new Blob(['contoso'], { type: 'text/plain' }), 'c.txt');
    await max.uploadFile('shared-id', new Blob(['fabrikam'], { type: 'text/plain' }), 'f.txt');
    expect((await ada.file('shared-id')).filename).toBe('c.txt');
    expect(await (await max.fileContent('shared-id')).text()).toBe('fabrikam');
    await max.deleteFile('shared-id');
    expect(await (await ada.fileContent('shared-id')).text()).toBe('contoso');
    await expectStatus(max.file('shared-id'), 404);
    await expectStatus(ada.brandingFile('branding-logo', TENANT.fabrikam), 403);
    await expectStatus(max.brandingFile('branding-logo', TENANT.contoso), 403);
    expect((await ada.branding()).logoUrl).toContain(`owner=${TENANT.contoso}`);
    expect((await max.branding()).logoUrl).toContain('owner=default');
  });

  it("licences: each tenant lists and changes its own; the other's keys are unknown (404) and unchanged", async () => {
    expect((await max.licenses()).map((l) => l.licenseKey)).toEqual(['FABRIKAM-M365-ESSENTIALS']);
    await expectStatus(max.deactivateLicense('CONTOSO-M365-CORE'), 404);
    await expectStatus(ada.deactivateLicense('FABRIKAM-M365-ESSENTIALS'), 404);
    expect((await ada.activatedLicenses()).map((l) => l.licenseKey)).toEqual([
      'CONTOSO-AZURE-ESSENTIALS',
      'CONTOSO-M365-CORE',
    ]);
    expect((await max.activatedLicenses()).map((l) => l.licenseKey)).toEqual(['FABRIKAM-M365-ESSENTIALS']);
  });

  it('features: an activation changes the caller tenant only', async () => {
    expect((await max.activateFeature({ name: 'assistant', enabled: false })).assistant).toBe(false);
    expect((await ada.featureState()).assistant).toBe(true);
    expect((await ada.activateFeature({ name: 'pbiBookmarks', enabled: false })).pbiBookmarks).toBe(false);
    expect((await max.featurePbi()).pbiBookmarks).toBe(true);
  });

  it('e-mail outbox, custom reports and dashboards belong to the caller tenant', async () => {
    const a = await ada.sendEmail({ recipients: ['ada@contoso.example'], subject: 's', body: 'b' });
    const { rows } = await server.db.query<{ id: string; tenant_id: string }>(
      'select id, tenant_id from notification_outbox where id = any($1)',
      [[a.id]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.tenant_id]))).toEqual({ [a.id]: TENANT.contoso });
    // Another tenant's users are not Contoso's to write to (issue 39 §7).
    await expect(
      ada.sendEmail({ recipients: ['max@fabrikam.example'], subject: 's', body: 'b' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(await max.customReports()).toEqual([]);
    expect(await max.customDashboards()).toEqual([]);
    expect(await ada.customReports()).toHaveLength(2);
    // System messages are the server's, the same for every tenant.
    expect(await max.systemMessages()).toEqual(await ada.systemMessages());
  });

  it('CSP: settings, integration, test, secured settings and customer settings stay with their tenant', async () => {
    await ada.saveCsp({ partnerTenantId: GUID_A, applicationId: GUID_B, applicationSecret: 'contoso-csp-secret' });
    await ada.saveCspIntegration({ enabled: true, mode: 'dap' });
    await ada.saveCspSecure('partner-center', { clientId: 'contoso-client' });
    expect(await max.csp()).toMatchObject({ configured: false, hasSecret: false });
    expect((await max.testCsp()).checks).toEqual([
      { name: 'settings', ok: false, message: 'No CSP partner settings are saved.' },
    ]);
    expect(await max.cspCustomerSettings()).toMatchObject({
      configured: false,
      integration: { enabled: false },
      secureSettings: [],
    });
    await expectStatus(max.saveCspIntegration({ enabled: true }), 409);
    await max.saveCsp({ partnerTenantId: GUID_B, applicationId: GUID_A, applicationSecret: 'fabrikam-csp-secret' });
    await max.saveCspIntegration({ enabled: false, mode: 'gdap' });
    await max.saveCspSecure('billing', { apiKey: 'fabrikam-key' });
    expect(await ada.csp()).toMatchObject({ settings: { partnerTenantId: GUID_A, applicationId: GUID_B } });
    expect(await ada.cspCustomerSettings()).toMatchObject({
      integration: { enabled: true, mode: 'dap' },
      secureSettings: [{ id: 'partner-center', keys: ['clientId'] }],
    });
    expect((await max.cspCustomerSettings()).secureSettings.map((s) => s.id)).toEqual(['billing']);
    expect((await ada.testCsp()).ok).toBe(true);
    expect((await max.testCsp()).ok).toBe(false);
  });

  it('Office 365, its permissions, EA and Surveil: saves, grants, resets and tests stay with their tenant', async () => {
    await ada.saveOffice365({ directoryId: TENANT.contoso, applicationId: GUID_A, applicationSecret: 'contoso-o365' });
    await ada.addOffice365Permissions(PERMISSIONS_URL, msToken(TENANT.contoso));
    expect((await max.testOffice365Permissions(PERMISSIONS_URL)).checks[0]).toMatchObject({
      name: 'settings',
      ok: false,
    });
    await max.saveOffice365({
      directoryId: TENANT.fabrikam,
      applicationId: GUID_A,
      applicationSecret: 'fabrikam-o365',
    });
    expect((await max.testOffice365Permissions(PERMISSIONS_URL)).missing).toHaveLength(4);
    // A token of Contoso's directory cannot grant Fabrikam's application.
    await expectStatus(max.addOffice365Permissions(PERMISSIONS_URL, msToken(TENANT.contoso)), 400);
    expect((await ada.testOffice365Permissions(PERMISSIONS_URL)).ok).toBe(true);

    await max.saveEa({ enrollmentNumber: '87654321', accessKey: 'fabrikam-ea-key' });
    await ada.saveEa({ enrollmentNumber: '12345678', accessKey: 'contoso-ea-key' });
    await ada.resetEa();
    expect(await kinds(TENANT.fabrikam)).toContain('office365-ea');
    expect(await kinds(TENANT.contoso)).not.toContain('office365-ea');

    await ada.saveSurveil({ url: 'https://surveil.example', apiKey: 'contoso-surveil' });
    expect((await max.testSurveil()).ok).toBe(false);
    expect((await ada.testSurveil()).ok).toBe(true);
  });

  it('API tokens, partner sync runs and m365 user credentials stay with their tenant', async () => {
    await ada.generateToken();
    await max.generateToken();
    const hashes = async (tenantId: string) =>
      (
        await server.db.query<{ secret: string }>(
          "select secret from integrations where tenant_id = $1 and kind = 'api-token'",
          [tenantId],
        )
      ).rows.map((r) => r.secret);
    const fabrikamHash = await hashes(TENANT.fabrikam);
    await ada.generateToken();
    expect(await hashes(TENANT.fabrikam)).toEqual(fabrikamHash);

    await ada.partnerSyncCore();
    const runs = await server.db.query<{ tenant_id: string }>('select tenant_id from sync_runs');
    expect(runs.rows.map((r) => r.tenant_id)).toEqual([TENANT.contoso]);
    await max.partnerSyncClean();
    expect(
      (await server.db.query('select 1 from sync_runs where tenant_id = $1', [TENANT.fabrikam])).rows,
    ).toHaveLength(1);

    await ada.saveM365User(
      { resource: 'https://graph.microsoft.com', scope: 'Reports.Read.All', keyName: 'graph' },
      msToken(TENANT.contoso),
    );
    await expectStatus(max.m365User('graph'), 404);
    await max.saveM365User(
      { resource: 'https://graph.microsoft.com', scope: 'User.Read.All', keyName: 'graph' },
      msToken(TENANT.fabrikam),
    );
    expect((await ada.m365User('graph')).scope).toBe('Reports.Read.All');
    expect((await max.m365User('graph')).scope).toBe('User.Read.All');
  });

  it('activation and the access and tag tests read the caller tenant only', async () => {
    expect((await ada.activate()).modules).toEqual(['azure', 'm365']);
    expect((await max.testAccess()).checks.find((c) => c.name === 'activation')).toMatchObject({ ok: false });
    expect((await max.activate()).modules).toEqual(['m365']);
    const { rows } = await server.db.query<{ tenant_id: string; modules: string[] }>(
      'select tenant_id, modules from tenant_activations order by tenant_id',
    );
    expect(rows).toEqual([
      { tenant_id: TENANT.contoso, modules: ['azure', 'm365'] },
      { tenant_id: TENANT.fabrikam, modules: ['m365'] },
    ]);
    expect((await ada.testAccess()).ok).toBe(true);
    expect(await ada.testTag()).toMatchObject({ ok: true, resourceCount: 5 });
    expect(await max.testTag()).toMatchObject({ ok: false, resourceCount: 0, taggedCount: 0, tags: [] });
    expect((await max.testTag()).checks.map((c) => c.ok)).toEqual([false, false, false]);
    expect(await max.testTagTagged()).toEqual({ total: 0, resources: [] });
    expect((await ada.testTagTagged()).total).toBe(3);
  });

  it('given the seed runs again, it changes nothing (idempotent)', async () => {
    const count = async () =>
      (
        await server.db.query<{ n: number }>(
          'select (select count(*) from azure_resources) + (select count(*) from csp_invoice_lines) as n',
        )
      ).rows[0]!.n;
    const before = Number(await count());
    await seedInventory(server.db);
    expect(Number(await count())).toBe(before);
  });
});
