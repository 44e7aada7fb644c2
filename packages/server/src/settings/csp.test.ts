import { createSettingsApi, type SettingsApi } from '@cloudportal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT } from '../seed/tenants';
import { signInAs, startTestServer, expectStatus, type TestServer as Server } from '../test-support';
import { seedInventory } from '../seed/inventory';

const FORBIDDEN = 'Only tenant administrators may change settings.';
const OFFLINE = 'No external service was called: the saved settings were checked, not tried.';
const GUID_A = '11111111-2222-4333-8444-555555555555';
const GUID_B = '66666666-7777-4888-9999-aaaaaaaaaaaa';

/** `YYYY-MM` of the current month (UTC), the period of the seed's unbilled lines. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('CSP calls of the settings service (spec §7) through the typed client', () => {
  let server: Server;
  let ada: SettingsApi;
  let max: SettingsApi;
  let eve: SettingsApi;
  let anonymous: SettingsApi;

  const rowsOf = async (tenantId: string, kindPrefix: string) =>
    (
      await server.db.query<{ kind: string; settings: Record<string, unknown>; secret: string | null }>(
        'select kind, settings, secret from integrations where tenant_id = $1 and left(kind, length($2)) = $2 order by kind',
        [tenantId, kindPrefix],
      )
    ).rows;

  beforeAll(async () => {
    server = await startTestServer();
    await seedInventory(server.db);
    ada = createSettingsApi((await signInAs(server, 'ada@contoso.example')).http);
    max = createSettingsApi((await signInAs(server, 'max@fabrikam.example')).http);
    eve = createSettingsApi((await signInAs(server, 'eve@northwind.example')).http);
    anonymous = createSettingsApi(server.client().http);
  });
  afterAll(() => server.close());

  describe('POST /api/csp/integration and POST /api/csp/test', () => {
    it('given no CSP partner settings, enabling the integration is a 409 and the test reports the missing settings', async () => {
      await expectStatus(
        ada.saveCspIntegration({ enabled: true }),
        409,
        'Save the CSP partner settings, with their application secret, before enabling the CSP integration.',
      );
      expect(await rowsOf(TENANT.contoso, 'csp-integration')).toEqual([]);
      const result = await ada.testCsp();
      expect(result).toMatchObject({
        ok: false,
        checks: [{ name: 'settings', ok: false, message: 'No CSP partner settings are saved.' }],
      });
      expect(result.message).toBe(`1 of 1 check failed. ${OFFLINE}`);
      expect(Date.parse(result.testedAt)).not.toBeNaN();
    });

    it('given saved partner settings with a secret, enabling defaults to GDAP and the test passes without calling Partner Center', async () => {
      await ada.saveCsp({
        partnerTenantId: GUID_A,
        applicationId: GUID_B,
        domain: 'contoso.example',
        applicationSecret: 'csp-secret-value',
      });
      const integration = await ada.saveCspIntegration({ enabled: true });
      expect(integration).toMatchObject({ enabled: true, mode: 'gdap' });
      expect(Date.parse(integration.updatedAt!)).not.toBeNaN();
      const result = await ada.testCsp();
      expect(result.ok).toBe(true);
      expect(result.checks.map((c) => [c.name, c.ok])).toEqual([
        ['partnerTenantId', true],
        ['applicationId', true],
        ['applicationSecret', true],
        ['domain', true],
        ['integration', true],
      ]);
      expect(result.checks.at(-1)!.message).toBe('The CSP integration is enabled (GDAP).');
      expect(result.message).toBe(`All 5 checks passed. ${OFFLINE}`);
      expect(JSON.stringify(result)).not.toContain('csp-secret-value');
    });

    it('given ada disables the integration, its mode is kept and the test fails on the integration; DAP can then be chosen', async () => {
      expect(await ada.saveCspIntegration({ enabled: false })).toMatchObject({ enabled: false, mode: 'gdap' });
      const off = await ada.testCsp();
      expect(off.ok).toBe(false);
      expect(off.checks.filter((c) => !c.ok)).toEqual([
        { name: 'integration', ok: false, message: 'The CSP integration is not enabled.' },
      ]);
      expect(await ada.saveCspIntegration({ enabled: true, mode: 'dap' })).toMatchObject({
        enabled: true,
        mode: 'dap',
      });
      expect((await ada.testCsp()).checks.at(-1)!.message).toBe('The CSP integration is enabled (DAP).');
    });

    it('given a saved domain that is not a domain name, the test fails on the domain', async () => {
      await ada.saveCsp({ partnerTenantId: GUID_A, applicationId: GUID_B, domain: 'localhost' });
      const result = await ada.testCsp();
      expect(result.ok).toBe(false);
      expect(result.checks.filter((c) => !c.ok)).toEqual([
        {
          name: 'domain',
          ok: false,
          message: 'The domain is not a well-formed domain name (such as contoso.example).',
        },
      ]);
      await ada.saveCsp({ partnerTenantId: GUID_A, applicationId: GUID_B, domain: 'contoso.example' });
      expect((await ada.testCsp()).ok).toBe(true);
    });

    it('given invalid integration bodies, each is a readable 400 and the stored state is unchanged', async () => {
      const c = await signInAs(server, 'ada@contoso.example');
      const post = (json: unknown) =>
        c.http.request('POST', '/services/api-portal-customer/api/csp/integration', { json });
      await expectStatus(post({}), 400, "body must have required property 'enabled'");
      await expectStatus(post({ enabled: true, mode: 'cloud' }), 400);
      await expectStatus(post({ enabled: { on: true } }), 400);
      expect((await ada.cspCustomerSettings()).integration).toMatchObject({ enabled: true, mode: 'dap' });
    });
  });

  describe('GET /api/csp/customer/settings', () => {
    it('given Northwind (CSP customer with unbilled lines), any of its users reads hasUnbilledInvoiceData true and the periods', async () => {
      expect(await eve.cspCustomerSettings()).toEqual({
        cspCustomer: true,
        configured: false,
        integration: { enabled: false, mode: null, updatedAt: null },
        secureSettings: [],
        hasUnbilledInvoiceData: true,
        unbilledPeriods: [thisMonth()],
      });
    });

    it('given Contoso (not a CSP customer, no invoice lines), hasUnbilledInvoiceData is false and its own integration is shown', async () => {
      expect(await ada.cspCustomerSettings()).toMatchObject({
        cspCustomer: false,
        configured: true,
        integration: { enabled: true, mode: 'dap' },
        hasUnbilledInvoiceData: false,
        unbilledPeriods: [],
      });
    });

    it('given max (not an administrator), Fabrikam settings are readable and show nothing of Contoso', async () => {
      expect(await max.cspCustomerSettings()).toEqual({
        cspCustomer: false,
        configured: false,
        integration: { enabled: false, mode: null, updatedAt: null },
        secureSettings: [],
        hasUnbilledInvoiceData: false,
        unbilledPeriods: [],
      });
    });

    it('given a Northwind line is invoiced, only the lines still unbilled count', async () => {
      await server.db.query(
        "update csp_invoice_lines set invoice_id = 'G000000103' where tenant_id = $1 and invoice_id is null",
        [TENANT.northwind],
      );
      expect(await eve.cspCustomerSettings()).toMatchObject({ hasUnbilledInvoiceData: false, unbilledPeriods: [] });
      await server.db.query(
        "update csp_invoice_lines set invoice_id = null where tenant_id = $1 and invoice_id = 'G000000103'",
        [TENANT.northwind],
      );
      expect((await eve.cspCustomerSettings()).hasUnbilledInvoiceData).toBe(true);
    });
  });

  describe('POST /api/csp/secure/{id}', () => {
    it('given ada, a secured settings object is stored, answered by its key names only, and replaced by a later save', async () => {
      const saved = await ada.saveCspSecure('partner-center', {
        refreshToken: 'very-secret-refresh',
        clientId: 'client-1',
      });
      expect(saved).toMatchObject({ id: 'partner-center', keys: ['clientId', 'refreshToken'] });
      expect(JSON.stringify(saved)).not.toContain('very-secret');
      const settings = await ada.cspCustomerSettings();
      expect(settings.secureSettings).toEqual([saved]);
      expect(JSON.stringify(settings)).not.toContain('very-secret');
      const [row] = await rowsOf(TENANT.contoso, 'csp-secure:');
      expect(JSON.parse(row!.secret!)).toEqual({ refreshToken: 'very-secret-refresh', clientId: 'client-1' });
      expect((await ada.saveCspSecure('partner-center', { clientId: 'client-2' })).keys).toEqual(['clientId']);
      expect(JSON.parse((await rowsOf(TENANT.contoso, 'csp-secure:'))[0]!.secret!)).toEqual({ clientId: 'client-2' });
    });

    it('given invalid ids or settings objects, each is a readable 400 and nothing is stored', async () => {
      await expectStatus(ada.saveCspSecure('bad id!', { a: 'b' }), 400);
      await expectStatus(ada.saveCspSecure('billing', {}), 400, 'body must NOT have fewer than 1 properties');
      await expectStatus(ada.saveCspSecure('billing', { '1st': 'x' }), 400);
      await expectStatus(ada.saveCspSecure('billing', { key: '' }), 400);
      await expectStatus(ada.saveCspSecure('billing', { key: 'x'.repeat(4097) }), 400);
      await expectStatus(ada.saveCspSecure('billing', { key: { nested: 'x' } } as never), 400);
      await expectStatus(
        ada.saveCspSecure('billing', Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))),
        400,
      );
      expect((await rowsOf(TENANT.contoso, 'csp-secure:')).map((r) => r.kind)).toEqual(['csp-secure:partner-center']);
    });
  });

  it('given max (not an administrator), every CSP change and test is refused with 403 and nothing is stored for Fabrikam', async () => {
    await expectStatus(max.saveCspIntegration({ enabled: false }), 403, FORBIDDEN);
    await expectStatus(max.testCsp(), 403, FORBIDDEN);
    await expectStatus(max.saveCspSecure('partner-center', { clientId: 'x' }), 403, FORBIDDEN);
    expect(await rowsOf(TENANT.fabrikam, 'csp')).toEqual([]);
  });

  it('given no token, every CSP call answers 401', async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => anonymous.saveCspIntegration({ enabled: true }),
      () => anonymous.testCsp(),
      () => anonymous.cspCustomerSettings(),
      () => anonymous.saveCspSecure('partner-center', { clientId: 'x' }),
    ];
    for (const call of calls) await expectStatus(call(), 401);
  });
});
