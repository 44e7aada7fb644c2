import { createHash } from 'node:crypto';
import { createSettingsApi, type SettingsApi } from '@cloudportal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { signInAs, startTestServer, expectStatus, type TestServer as Server } from '../test-support';
import { seedInventory } from '../seed/inventory';

const FORBIDDEN = 'Only tenant administrators may change settings.';
const OFFLINE = 'No external service was called: the saved settings were checked, not tried.';
const STORED = 'Checked against the data stored for your tenant; no external service was called.';
const PERMISSIONS_URL = '/services/api-portal-customer/api/office365/permissions';
const REQUIRED = ['Directory.Read.All', 'Organization.Read.All', 'Reports.Read.All', 'User.Read.All'];
const DIRECTORY = TENANT.contoso;
const APP_A = '11111111-2222-4333-8444-555555555555';
const APP_B = '66666666-7777-4888-9999-aaaaaaaaaaaa';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A Microsoft-shaped access token (this server checks its shape and claims, not Microsoft's signature). */
const msToken = (claims: object) => `${b64({ typ: 'JWT', alg: 'RS256', kid: 'test' })}.${b64(claims)}.c2lnbmF0dXJl`;
const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('activation, access tests, Office 365 permissions and the Surveil test (spec §7) through the typed client', () => {
  let server: Server;
  let ada: SettingsApi;
  let max: SettingsApi;
  let anonymous: SettingsApi;

  beforeAll(async () => {
    server = await startTestServer();
    await seedInventory(server.db);
    ada = createSettingsApi((await signInAs(server, 'ada@contoso.example')).http);
    max = createSettingsApi((await signInAs(server, 'max@fabrikam.example')).http);
    anonymous = createSettingsApi(server.client().http);
  });
  afterAll(() => server.close());

  describe('GET /api/test/access and POST /api/activate', () => {
    it('given Contoso with nothing configured, the access test names what is missing from its stored data', async () => {
      const result = await ada.testAccess();
      expect(result.ok).toBe(false);
      expect(result.checks).toEqual([
        { name: 'licence', ok: true, message: 'Licensed modules: azure, m365.' },
        {
          name: 'office365',
          ok: false,
          message: 'The Office 365 application is not configured (directory id, application id and secret).',
        },
        { name: 'activation', ok: false, message: 'The tenant is not activated yet.' },
      ]);
      expect(result.message).toBe(`2 of 3 checks failed. ${STORED}`);
    });

    it('given ada, activation records the licensed modules and who activated; activating again keeps the first time', async () => {
      const first = await ada.activate();
      expect(first).toMatchObject({ activated: true, modules: ['azure', 'm365'], activatedBy: 'ada@contoso.example' });
      const again = await ada.activate();
      expect(again.activatedAt).toBe(first.activatedAt);
      expect(Date.parse(again.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
      expect((await ada.testAccess()).checks.at(-1)).toEqual({
        name: 'activation',
        ok: true,
        message: 'The tenant is activated.',
      });
    });

    it('given no usable licence, activation is a 409 and the stored activation is unchanged', async () => {
      await ada.deactivateLicense('CONTOSO-AZURE-ESSENTIALS');
      await ada.deactivateLicense('CONTOSO-M365-CORE');
      try {
        await expectStatus(
          ada.activate(),
          409,
          'Your tenant has no active licence that matches its account types, so it cannot be activated. Activate a licence first.',
        );
        const { rows } = await server.db.query<{ modules: string[] }>(
          'select modules from tenant_activations where tenant_id = $1',
          [TENANT.contoso],
        );
        expect(rows).toEqual([{ modules: ['azure', 'm365'] }]);
        expect((await ada.testAccess()).checks[0]).toMatchObject({ name: 'licence', ok: false });
      } finally {
        await ada.activateLicense('CONTOSO-AZURE-ESSENTIALS');
        await ada.activateLicense('CONTOSO-M365-CORE');
      }
    });
  });

  describe('GET {token} and POST {token} (Office 365 permissions)', () => {
    it('given no Office 365 settings, the test reports them missing and adding permissions is a 409', async () => {
      const result = await ada.testOffice365Permissions(PERMISSIONS_URL);
      expect(result).toMatchObject({
        ok: false,
        checks: [{ name: 'settings', ok: false, message: 'No Office 365 settings are saved.' }],
        required: REQUIRED,
        granted: [],
        missing: REQUIRED,
      });
      await expectStatus(
        ada.addOffice365Permissions(PERMISSIONS_URL, msToken({ tid: DIRECTORY })),
        409,
        'Save the Office 365 settings before adding permissions.',
      );
    });

    it('given ada saves Office 365, the answer carries the permissions URL, whose test lists every required permission as missing', async () => {
      const saved = await ada.saveOffice365({
        directoryId: DIRECTORY,
        applicationId: APP_A,
        applicationSecret: 'o365-app-secret',
      });
      expect(saved).toMatchObject({
        kind: 'office365',
        configured: true,
        hasSecret: true,
        permissionsUrl: PERMISSIONS_URL,
      });
      const result = await ada.testOffice365Permissions(saved.permissionsUrl);
      expect(result.ok).toBe(false);
      expect(result.missing).toEqual(REQUIRED);
      expect(result.checks.at(-1)).toEqual({
        name: 'permissions',
        ok: false,
        message: `Missing Microsoft Graph permissions: ${REQUIRED.join(', ')}.`,
      });
      expect(result.message).toBe(`1 of 4 checks failed. ${OFFLINE}`);
    });

    it('given a missing, malformed, expired or foreign X-MS-Token, adding permissions is a readable 400 and nothing is recorded', async () => {
      await expectStatus(
        ada.addOffice365Permissions(PERMISSIONS_URL, ''),
        400,
        'The X-MS-Token header must carry the Microsoft 365 access token.',
      );
      await expectStatus(
        ada.addOffice365Permissions(PERMISSIONS_URL, 'not-a-token'),
        400,
        'The X-MS-Token is not a JWT: JWT must have 3 parts',
      );
      await expectStatus(
        ada.addOffice365Permissions(PERMISSIONS_URL, 'a.b!.c'),
        400,
        'The X-MS-Token is not a JWT: Illegal base64url string!',
      );
      await expectStatus(
        ada.addOffice365Permissions(
          PERMISSIONS_URL,
          msToken({ tid: DIRECTORY, exp: Math.floor(Date.now() / 1000) - 60 }),
        ),
        400,
        'The X-MS-Token has expired: sign in to Microsoft again and retry.',
      );
      await expectStatus(
        ada.addOffice365Permissions(PERMISSIONS_URL, msToken({ tid: TENANT.fabrikam, exp: inOneHour() })),
        400,
        `The X-MS-Token was issued for directory ${TENANT.fabrikam}, not for the configured directory ${DIRECTORY}.`,
      );
      const { rows } = await server.db.query(
        "select 1 from integrations where tenant_id = $1 and kind = 'office365-permissions'",
        [TENANT.contoso],
      );
      expect(rows).toEqual([]);
      expect((await ada.testOffice365Permissions(PERMISSIONS_URL)).missing).toEqual(REQUIRED);
    });

    it('given a token of the configured directory, the missing permissions are recorded as granted and only its hash is kept', async () => {
      const token = msToken({ tid: DIRECTORY, exp: inOneHour(), upn: 'ada@contoso.example' });
      const result = await ada.addOffice365Permissions(PERMISSIONS_URL, token);
      expect(result).toMatchObject({ ok: true, granted: REQUIRED, missing: [] });
      expect(result.checks.at(-1)).toEqual({
        name: 'permissions',
        ok: true,
        message: 'All required Microsoft Graph permissions are granted.',
      });
      expect(await ada.testOffice365Permissions(PERMISSIONS_URL)).toMatchObject({ ok: true, missing: [] });
      const { rows } = await server.db.query<{ secret: string; settings: object }>(
        "select secret, settings from integrations where tenant_id = $1 and kind = 'office365-permissions'",
        [TENANT.contoso],
      );
      expect(rows[0]!.secret).toBe(createHash('sha256').update(token).digest('base64url'));
      const everywhere = await server.db.query(
        'select 1 from integrations where secret = $1 or settings::text like $2',
        [token, `%${token}%`],
      );
      expect(everywhere.rows).toEqual([]);
      expect((await ada.testAccess()).checks.find((c) => c.name === 'office365Permissions')).toMatchObject({
        ok: true,
      });
    });

    it('given another application is saved, the grant recorded for the previous one no longer counts', async () => {
      await ada.saveOffice365({ directoryId: DIRECTORY, applicationId: APP_B });
      expect((await ada.testOffice365Permissions(PERMISSIONS_URL)).missing).toEqual(REQUIRED);
      expect((await ada.testAccess()).checks.find((c) => c.name === 'office365Permissions')).toMatchObject({
        ok: false,
      });
      await ada.saveOffice365({ directoryId: DIRECTORY, applicationId: APP_A });
      expect((await ada.testOffice365Permissions(PERMISSIONS_URL)).ok).toBe(true);
    });

    it('given everything Contoso needs is stored, the access test passes', async () => {
      const result = await ada.testAccess();
      expect(result.checks.map((c) => c.name)).toEqual(['licence', 'office365', 'office365Permissions', 'activation']);
      expect(result).toMatchObject({ ok: true, message: `All 4 checks passed. ${STORED}` });
    });

    it('given a URL that is not a path on this server, the typed client refuses to send the app token there', async () => {
      await expect(ada.testOffice365Permissions('https://evil.example/api/office365/permissions')).rejects.toThrow(
        TypeError,
      );
      await expect(ada.addOffice365Permissions('//evil.example/x', msToken({}))).rejects.toThrow(
        'the URL must be a path on this server',
      );
    });
  });

  describe('POST /api/surveil/test', () => {
    it('given no Surveil settings, the test says so; once saved with a key it passes without calling Surveil', async () => {
      expect(await ada.testSurveil()).toMatchObject({
        ok: false,
        checks: [{ name: 'settings', ok: false, message: 'No Surveil settings are saved.' }],
      });
      await ada.saveSurveil({ url: 'https://surveil.example/api', apiKey: 'surveil-api-key' });
      const result = await ada.testSurveil();
      expect(result).toMatchObject({ ok: true, message: `All 2 checks passed. ${OFFLINE}` });
      expect(JSON.stringify(result)).not.toContain('surveil-api-key');
    });

    it('given a saved URL that is not a well-formed https URL, the test fails on it', async () => {
      await ada.saveSurveil({ url: 'https://[' });
      expect((await ada.testSurveil()).checks).toEqual([
        { name: 'url', ok: false, message: 'The Surveil URL is not a well-formed https URL.' },
        { name: 'apiKey', ok: true, message: 'An API key is stored.' },
      ]);
    });
  });

  describe('GET /api/test/tag and GET /api/test/tag/tagged', () => {
    it("given Contoso's inventory, the tag test counts tagged and untagged resources and the tag names in use", async () => {
      const result = await ada.testTag();
      expect(result).toMatchObject({
        ok: true,
        resourceCount: 5,
        taggedCount: 3,
        untaggedCount: 2,
        message: `All 3 checks passed. ${STORED}`,
      });
      expect(result.tags).toEqual([
        { name: 'costCenter', resourceCount: 2 },
        { name: 'environment', resourceCount: 2 },
        { name: 'owner', resourceCount: 2 },
      ]);
      expect(result.checks.map((c) => c.message)).toEqual([
        'The tenant is licensed for Azure.',
        '5 Azure resources are inventoried.',
        '3 of 5 resources carry tags.',
      ]);
    });

    it('lists the tagged resources by id, filtered by tag name regardless of case, with a limit that keeps the total', async () => {
      const all = await ada.testTagTagged();
      expect(all.total).toBe(3);
      expect(all.resources.map((r) => r.name)).toEqual(['vm-finance-01', 'stfinance01', 'app-intranet']);
      expect(all.resources[0]).toEqual({
        resourceId:
          '/subscriptions/7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a01/resourceGroups/rg-finance/providers/Microsoft.Compute/virtualMachines/vm-finance-01',
        name: 'vm-finance-01',
        type: 'Microsoft.Compute/virtualMachines',
        resourceGroup: 'rg-finance',
        subscriptionId: '7c1e2a34-0b5d-4e6f-8a9b-0c1d2e3f4a01',
        location: 'westeurope',
        tags: { costCenter: 'FIN-100', owner: 'ada@contoso.example', environment: 'production' },
      });
      expect((await ada.testTagTagged({ tag: 'OWNER' })).resources.map((r) => r.name)).toEqual([
        'vm-finance-01',
        'app-intranet',
      ]);
      expect(await ada.testTagTagged({ limit: 1 })).toMatchObject({ total: 3, resources: [{ name: 'vm-finance-01' }] });
      expect(await ada.testTagTagged({ tag: 'nope' })).toEqual({ total: 0, resources: [] });
    });

    it('given a tag a resource loses, the tests follow the stored inventory', async () => {
      await server.db.query(
        "update azure_resources set tags = '{}'::jsonb where tenant_id = $1 and name = 'app-intranet'",
        [TENANT.contoso],
      );
      expect(await ada.testTag()).toMatchObject({
        taggedCount: 2,
        untaggedCount: 3,
        tags: [
          { name: 'costCenter', resourceCount: 2 },
          { name: 'environment', resourceCount: 2 },
          { name: 'owner', resourceCount: 1 },
        ],
      });
      expect((await ada.testTagTagged({ tag: 'owner' })).total).toBe(1);
    });

    it('given bad query values, each is a readable 400', async () => {
      await expectStatus(ada.testTagTagged({ limit: 0 }), 400, 'querystring/limit must be >= 1');
      await expectStatus(ada.testTagTagged({ limit: 1001 }), 400, 'querystring/limit must be <= 1000');
      await expectStatus(ada.testTagTagged({ limit: 'many' as never }), 400, 'querystring/limit must be integer');
      await expectStatus(ada.testTagTagged({ tag: '' }), 400, 'querystring/tag must NOT have fewer than 1 characters');
    });
  });

  it('GET /api/whois answers the caller of the token', async () => {
    expect(await ada.whois()).toMatchObject({
      currentTenant: { id: TENANT.contoso, displayName: 'Contoso Ltd' },
      upn: 'ada@contoso.example',
      canManageSettings: true,
    });
    expect(await max.whois()).toMatchObject({
      currentTenant: { id: TENANT.fabrikam, displayName: 'Fabrikam Inc' },
      upn: 'max@fabrikam.example',
      canManageSettings: false,
    });
  });

  it('given max (not an administrator), activation, the tests and adding permissions are refused with 403 and nothing is stored', async () => {
    await expectStatus(max.activate(), 403, FORBIDDEN);
    await expectStatus(max.testAccess(), 403, FORBIDDEN);
    await expectStatus(max.testTag(), 403, FORBIDDEN);
    await expectStatus(max.testTagTagged(), 403, FORBIDDEN);
    await expectStatus(max.testSurveil(), 403, FORBIDDEN);
    await expectStatus(max.testOffice365Permissions(PERMISSIONS_URL), 403, FORBIDDEN);
    await expectStatus(max.addOffice365Permissions(PERMISSIONS_URL, msToken({ tid: TENANT.fabrikam })), 403, FORBIDDEN);
    expect(
      (await server.db.query('select 1 from tenant_activations where tenant_id = $1', [TENANT.fabrikam])).rows,
    ).toEqual([]);
    expect((await server.db.query('select 1 from integrations where tenant_id = $1', [TENANT.fabrikam])).rows).toEqual(
      [],
    );
  });

  it('given no token, every call of this file answers 401', async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => anonymous.activate(),
      () => anonymous.testAccess(),
      () => anonymous.testTag(),
      () => anonymous.testTagTagged({ tag: 'owner' }),
      () => anonymous.testSurveil(),
      () => anonymous.testOffice365Permissions(PERMISSIONS_URL),
      () => anonymous.addOffice365Permissions(PERMISSIONS_URL, msToken({})),
      () => anonymous.whois(),
    ];
    for (const call of calls) await expectStatus(call(), 401);
  });
});
