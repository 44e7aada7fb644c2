import { createHash } from 'node:crypto';
import { createSettingsApi, type SettingsApi } from '@cloudportal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { signInAs, startTestServer, expectStatus, type TestServer as Server } from '../test-support';

const FORBIDDEN = 'Only tenant administrators may change settings.';
const GUID_A = '11111111-2222-4333-8444-555555555555';
const GUID_B = '66666666-7777-4888-9999-aaaaaaaaaaaa';
const MS_TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0.e30.sig';

describe('integrations of the settings service (spec §7) through the typed client', () => {
  let server: Server;
  let ada: SettingsApi;
  let max: SettingsApi;
  let anonymous: SettingsApi;

  beforeAll(async () => {
    server = await startTestServer();
    ada = createSettingsApi((await signInAs(server, 'ada@contoso.example')).http);
    max = createSettingsApi((await signInAs(server, 'max@fabrikam.example')).http);
    anonymous = createSettingsApi(server.client().http);
  });
  afterAll(() => server.close());

  it('given ada, CSP settings are saved and read back without the secret, which a later save keeps', async () => {
    expect(await ada.csp()).toMatchObject({ kind: 'csp', configured: false, hasSecret: false });
    const saved = await ada.saveCsp({
      partnerTenantId: GUID_A,
      applicationId: GUID_B,
      applicationSecret: 'super-secret-value',
    });
    expect(saved).toMatchObject({
      configured: true,
      hasSecret: true,
      settings: { partnerTenantId: GUID_A, applicationId: GUID_B },
    });
    expect(JSON.stringify(await ada.csp())).not.toContain('super-secret-value');
    expect(
      (await ada.saveCsp({ partnerTenantId: GUID_A, applicationId: GUID_A, domain: 'contoso.example' })).hasSecret,
    ).toBe(true);
  });

  it('given invalid integration settings, each is a readable 400', async () => {
    await expectStatus(ada.saveCsp({ partnerTenantId: 'nope', applicationId: GUID_B }), 400);
    await expectStatus(ada.saveSurveil({ url: 'http://insecure.example' }), 400);
    await expectStatus(ada.saveEa({ enrollmentNumber: 'abc' }), 400);
  });

  it('given ada, Office 365, EA (save and reset) and Surveil settings are stored for Contoso', async () => {
    expect(
      (
        await ada.saveOffice365({
          directoryId: TENANT.contoso,
          applicationId: GUID_B,
          applicationSecret: 'o365-secret',
        })
      ).configured,
    ).toBe(true);
    expect((await ada.saveEa({ enrollmentNumber: '12345678', accessKey: 'ea-access-key' })).settings).toEqual({
      enrollmentNumber: '12345678',
    });
    await ada.resetEa();
    const { rows } = await server.db.query('select kind from integrations where tenant_id = $1 order by kind', [
      TENANT.contoso,
    ]);
    expect(rows.map((r) => r.kind)).toEqual(['csp', 'office365']);
    expect((await ada.saveSurveil({ url: 'https://surveil.example/api', apiKey: 'surveil-key-1' })).hasSecret).toBe(
      true,
    );
  });

  it('given ada, an API token is answered once and only its hash is stored', async () => {
    const { token } = await ada.generateToken();
    expect(token).toMatch(/^cpt_/);
    const { rows } = await server.db.query<{ secret: string }>(
      "select secret from integrations where tenant_id = $1 and kind = 'api-token'",
      [TENANT.contoso],
    );
    expect(rows[0]!.secret).toBe(createHash('sha256').update(token).digest('base64url'));
    expect((await ada.generateToken()).token).not.toBe(token);
  });

  it('given ada, partner sync runs are recorded for Contoso', async () => {
    expect(await ada.partnerSyncClean()).toMatchObject({ kind: 'clean' });
    expect(await ada.partnerSyncCore()).toMatchObject({ kind: 'core' });
    const { rows } = await server.db.query('select kind from sync_runs where tenant_id = $1 order by kind', [
      TENANT.contoso,
    ]);
    expect(rows.map((r) => r.kind)).toEqual(['clean', 'core']);
  });

  it('given ada, an m365 user credential is stored with its X-MS-Token and read back without it', async () => {
    const saved = await ada.saveM365User(
      { resource: 'https://graph.microsoft.com', scope: 'Reports.Read.All', keyName: 'graph-reports' },
      MS_TOKEN,
    );
    expect(saved).toMatchObject({ keyName: 'graph-reports', scope: 'Reports.Read.All', hasToken: true });
    expect(await ada.m365User('graph-reports', 'Reports.Read.All')).toEqual(saved);
    expect(JSON.stringify(saved)).not.toContain(MS_TOKEN);
    await expectStatus(ada.m365User('graph-reports', 'Other.Scope'), 404);
    const c = await signInAs(server, 'ada@contoso.example');
    await expectStatus(
      c.http.request('POST', '/services/api-portal-customer/api/m365/user', {
        json: { resource: 'https://graph.microsoft.com', scope: 's', keyName: 'k' },
      }),
      400,
      'The X-MS-Token header must carry the Microsoft 365 access token.',
    );
  });

  it('given max (not an administrator), every integration change and the CSP read are refused with 403', async () => {
    await expectStatus(max.csp(), 403, FORBIDDEN);
    await expectStatus(max.saveCsp({ partnerTenantId: GUID_A, applicationId: GUID_B }), 403, FORBIDDEN);
    await expectStatus(max.saveOffice365({ directoryId: GUID_A, applicationId: GUID_B }), 403, FORBIDDEN);
    await expectStatus(max.saveEa({ enrollmentNumber: '1234' }), 403, FORBIDDEN);
    await expectStatus(max.resetEa(), 403, FORBIDDEN);
    await expectStatus(max.saveSurveil({ url: 'https://x.example' }), 403, FORBIDDEN);
    await expectStatus(max.generateToken(), 403, FORBIDDEN);
    await expectStatus(max.partnerSyncClean(), 403, FORBIDDEN);
    await expectStatus(max.partnerSyncCore(), 403, FORBIDDEN);
    await expectStatus(
      max.saveM365User({ resource: 'https://graph.microsoft.com', scope: 's', keyName: 'k' }, MS_TOKEN),
      403,
      FORBIDDEN,
    );
  });

  it('given max, Contoso credentials are invisible to Fabrikam', async () => {
    await expectStatus(max.m365User('graph-reports'), 404);
    const { rows } = await server.db.query('select 1 from integrations where tenant_id = $1', [TENANT.fabrikam]);
    expect(rows).toEqual([]);
  });

  it('given no token, every integration call answers 401', async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => anonymous.csp(),
      () => anonymous.saveCsp({ partnerTenantId: GUID_A, applicationId: GUID_B }),
      () => anonymous.saveOffice365({ directoryId: GUID_A, applicationId: GUID_B }),
      () => anonymous.saveEa({ enrollmentNumber: '1234' }),
      () => anonymous.resetEa(),
      () => anonymous.saveSurveil({ url: 'https://x.example' }),
      () => anonymous.generateToken(),
      () => anonymous.partnerSyncClean(),
      () => anonymous.partnerSyncCore(),
      () => anonymous.m365User('k'),
      () => anonymous.saveM365User({ resource: 'https://graph.microsoft.com', scope: 's', keyName: 'k' }, MS_TOKEN),
    ];
    for (const call of calls) await expectStatus(call(), 401);
  });
});
