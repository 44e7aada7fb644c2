import { describe, expect, it } from 'vitest';
import {
  accessChecks,
  cspChecks,
  featureGroupOf,
  hasAnyFeature,
  isAdmin,
  isAllowedUploadType,
  isBrandingKind,
  isDomainName,
  isGuid,
  isHttpsUrl,
  isKnownLicense,
  isServerPath,
  isValidEmail,
  isValidFileId,
  isValidLicenseKey,
  licensedModules,
  missingPermissions,
  MS_TOKEN_REQUIRED,
  msTokenProblem,
  OFFICE365_REQUIRED_PERMISSIONS,
  office365Checks,
  OFFLINE_TEST_NOTE,
  STORED_DATA_NOTE,
  summarizeChecks,
  surveilChecks,
  tagChecks,
  type AccessSnapshot,
  type IntegrationCheck,
} from './licenses';

describe('settings and administration rules (spec §5, §6)', () => {
  it('given the roles AZURE_ADMIN and ADMIN, isAdmin is true; any other role is not an admin', () => {
    expect(isAdmin('ADMIN')).toBe(true);
    expect(isAdmin('AZURE_ADMIN')).toBe(true);
    expect(isAdmin('USER')).toBe(false);
    expect(isAdmin('admin')).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });

  it('given token features, access is granted when any wanted feature is among them', () => {
    expect(hasAnyFeature(['m365', 'billing'], ['azure', 'm365'])).toBe(true);
    expect(hasAnyFeature(['m365'], ['azure'])).toBe(false);
    expect(hasAnyFeature(['m365'], [])).toBe(false);
  });

  it('given the licence definitions, azure.poc and m365.poc belong to their own module only', () => {
    expect(isKnownLicense('azure', 'azure.poc')).toBe(true);
    expect(isKnownLicense('m365', 'essentials.sva')).toBe(true);
    expect(isKnownLicense('m365', 'azure.poc')).toBe(false);
    expect(isKnownLicense('gcp', 'core')).toBe(false);
  });

  it('given licence keys, only dash-separated upper-case groups of at most 64 characters are valid', () => {
    expect(isValidLicenseKey('CONTOSO-AZURE-ESSENTIALS')).toBe(true);
    expect(isValidLicenseKey('contoso-azure')).toBe(false);
    expect(isValidLicenseKey('NODASH')).toBe(false);
    expect(isValidLicenseKey(`A-${'B'.repeat(63)}`)).toBe(false);
    expect(isValidLicenseKey("X-1' OR 1=1")).toBe(false);
  });

  it('given file ids, only lower-case slugs of at most 64 characters are valid', () => {
    expect(isValidFileId('branding-logo')).toBe(true);
    expect(isValidFileId('-x')).toBe(false);
    expect(isValidFileId('../etc')).toBe(false);
    expect(isValidFileId('a'.repeat(65))).toBe(false);
    expect(isBrandingKind('branding-icon')).toBe(true);
    expect(isBrandingKind('report')).toBe(false);
  });

  it('given content types, only the allowed upload types pass, parameters ignored', () => {
    expect(isAllowedUploadType('image/png')).toBe(true);
    expect(isAllowedUploadType('text/plain; charset=utf-8')).toBe(true);
    expect(isAllowedUploadType('text/html')).toBe(false);
  });

  it('given addresses, plain e-mail addresses are valid and display-name forms are not', () => {
    expect(isValidEmail('ada@contoso.example')).toBe(true);
    expect(isValidEmail('Ada <ada@contoso.example>')).toBe(false);
    expect(isValidEmail('ada@localhost')).toBe(false);
  });

  it('given feature names, each belongs to one features call; m365DeIdentifiedReports is a status', () => {
    expect(featureGroupOf('m365DeIdentifiedReports')).toBe('status');
    expect(featureGroupOf('pbiEmbedding')).toBe('pbi');
    expect(featureGroupOf('nope')).toBeUndefined();
  });

  describe('integration and access tests (spec §7)', () => {
    const GUID = '11111111-2222-4333-8444-555555555555';
    const DIRECTORY = '5f0a7e32-8d2c-4c47-9a55-1b3f6c1d0a01';
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const jwt = (payload: object) => `${b64({ typ: 'JWT', alg: 'RS256' })}.${b64(payload)}.signature`;
    const byName = (checks: IntegrationCheck[]) => Object.fromEntries(checks.map((c) => [c.name, c]));

    it('given account types and licences, a module is licensed only with its account type and an active known sku', () => {
      const azure = { licenseModule: 'azure', licenseSku: 'essentials', active: true };
      const m365 = { licenseModule: 'm365', licenseSku: 'core', active: true };
      expect(licensedModules(['ARM', 'Office365'], [m365, azure])).toEqual(['azure', 'm365']);
      expect(licensedModules(['CSPCustomer'], [azure])).toEqual(['azure']);
      expect(licensedModules(['EA'], [{ ...azure, active: false }])).toEqual([]);
      expect(licensedModules(['Office365'], [azure])).toEqual([]);
      expect(licensedModules(['ARM'], [{ ...azure, licenseSku: 'm365.poc' }])).toEqual([]);
    });

    it('given values, GUIDs, domain names, https URLs and server paths are told apart', () => {
      expect(isGuid(GUID)).toBe(true);
      expect(isGuid('not-a-guid')).toBe(false);
      expect(isGuid(42)).toBe(false);
      expect(isDomainName('contoso.example')).toBe(true);
      expect(isDomainName('localhost')).toBe(false);
      expect(isDomainName('-bad.example')).toBe(false);
      expect(isHttpsUrl('https://surveil.example/api')).toBe(true);
      expect(isHttpsUrl('http://surveil.example')).toBe(false);
      expect(isHttpsUrl('https://user:pw@surveil.example')).toBe(false);
      expect(isHttpsUrl('https://[')).toBe(false);
      expect(isServerPath('/services/api-portal-customer/api/office365/permissions')).toBe(true);
      expect(isServerPath('//evil.example/x')).toBe(false);
      expect(isServerPath('https://evil.example/x')).toBe(false);
      expect(isServerPath('/a b')).toBe(false);
    });

    it('given granted permissions, the missing ones are the required ones not granted, case-insensitively', () => {
      expect(missingPermissions([])).toEqual([...OFFICE365_REQUIRED_PERMISSIONS]);
      expect(missingPermissions(['reports.read.all', 'User.Read.All', 'Mail.Read'])).toEqual([
        'Directory.Read.All',
        'Organization.Read.All',
      ]);
      expect(missingPermissions([...OFFICE365_REQUIRED_PERMISSIONS])).toEqual([]);
    });

    it('given checks, the summary counts failures and says what the test did not do', () => {
      const pass = { name: 'a', ok: true, message: '' };
      const fail = { name: 'b', ok: false, message: '' };
      expect(summarizeChecks([pass, pass], OFFLINE_TEST_NOTE)).toBe(
        'All 2 checks passed. No external service was called: the saved settings were checked, not tried.',
      );
      expect(summarizeChecks([fail], STORED_DATA_NOTE)).toBe(
        '1 of 1 check failed. Checked against the data stored for your tenant; no external service was called.',
      );
      expect(summarizeChecks([pass, fail, fail], '')).toBe('2 of 3 checks failed. ');
    });

    it('given CSP settings, each check passes or fails with its own message', () => {
      expect(cspChecks({ saved: false, settings: {}, hasSecret: false }, { enabled: false, mode: null })).toEqual([
        { name: 'settings', ok: false, message: 'No CSP partner settings are saved.' },
      ]);
      const good = cspChecks(
        {
          saved: true,
          settings: { partnerTenantId: GUID, applicationId: GUID, domain: 'contoso.example' },
          hasSecret: true,
        },
        { enabled: true, mode: 'dap' },
      );
      expect(good.every((c) => c.ok)).toBe(true);
      expect(good.map((c) => c.message)).toEqual([
        'The partner tenant id is a GUID.',
        'The application id is a GUID.',
        'An application secret is stored.',
        'The domain is a well-formed domain name.',
        'The CSP integration is enabled (DAP).',
      ]);
      const bad = cspChecks(
        { saved: true, settings: { partnerTenantId: 'x', domain: 'localhost' }, hasSecret: false },
        { enabled: false, mode: null },
      );
      expect(bad.every((c) => !c.ok)).toBe(true);
      expect(bad.map((c) => c.message)).toEqual([
        'The partner tenant id is missing or not a GUID.',
        'The application id is missing or not a GUID.',
        'No application secret is stored: save it with the CSP settings.',
        'The domain is not a well-formed domain name (such as contoso.example).',
        'The CSP integration is not enabled.',
      ]);
      expect(
        cspChecks(
          { saved: true, settings: { partnerTenantId: GUID, applicationId: GUID }, hasSecret: true },
          { enabled: true, mode: 'gdap' },
        ).map((c) => c.name),
      ).toEqual(['partnerTenantId', 'applicationId', 'applicationSecret', 'integration']);
    });

    it('given Surveil settings, each check passes or fails with its own message', () => {
      expect(surveilChecks({ saved: false, settings: {}, hasSecret: false })).toEqual([
        { name: 'settings', ok: false, message: 'No Surveil settings are saved.' },
      ]);
      expect(surveilChecks({ saved: true, settings: { url: 'https://surveil.example/api' }, hasSecret: true })).toEqual(
        [
          { name: 'url', ok: true, message: 'The Surveil URL is a well-formed https URL.' },
          { name: 'apiKey', ok: true, message: 'An API key is stored.' },
        ],
      );
      expect(surveilChecks({ saved: true, settings: { url: 'https://[' }, hasSecret: false })).toEqual([
        { name: 'url', ok: false, message: 'The Surveil URL is not a well-formed https URL.' },
        { name: 'apiKey', ok: false, message: 'No API key is stored: save it with the Surveil settings.' },
      ]);
    });

    it('given Office 365 settings and granted permissions, each check passes or fails with its own message', () => {
      expect(office365Checks({ saved: false, settings: {}, hasSecret: false }, [])).toEqual([
        { name: 'settings', ok: false, message: 'No Office 365 settings are saved.' },
      ]);
      expect(
        office365Checks({ saved: true, settings: { directoryId: DIRECTORY, applicationId: GUID }, hasSecret: true }, [
          ...OFFICE365_REQUIRED_PERMISSIONS,
        ]),
      ).toEqual([
        { name: 'directoryId', ok: true, message: 'The directory id is a GUID.' },
        { name: 'applicationId', ok: true, message: 'The application id is a GUID.' },
        { name: 'applicationSecret', ok: true, message: 'An application secret is stored.' },
        { name: 'permissions', ok: true, message: 'All required Microsoft Graph permissions are granted.' },
      ]);
      expect(office365Checks({ saved: true, settings: {}, hasSecret: false }, ['Reports.Read.All'])).toEqual([
        { name: 'directoryId', ok: false, message: 'The directory id is missing or not a GUID.' },
        { name: 'applicationId', ok: false, message: 'The application id is missing or not a GUID.' },
        {
          name: 'applicationSecret',
          ok: false,
          message: 'No application secret is stored: save it with the Office 365 settings.',
        },
        {
          name: 'permissions',
          ok: false,
          message: 'Missing Microsoft Graph permissions: Directory.Read.All, Organization.Read.All, User.Read.All.',
        },
      ]);
    });

    it('given an X-MS-Token, it must be a JWT, unexpired, and of the configured directory', () => {
      const now = Date.UTC(2030, 0, 1);
      expect(msTokenProblem(undefined, DIRECTORY, now)).toBe(MS_TOKEN_REQUIRED);
      expect(MS_TOKEN_REQUIRED).toBe('The X-MS-Token header must carry the Microsoft 365 access token.');
      expect(msTokenProblem('', DIRECTORY, now)).toBe(MS_TOKEN_REQUIRED);
      expect(msTokenProblem(`a.${'b'.repeat(16_384)}.c`, DIRECTORY, now)).toBe(MS_TOKEN_REQUIRED);
      expect(msTokenProblem('not-a-token', DIRECTORY, now)).toBe('The X-MS-Token is not a JWT: JWT must have 3 parts');
      expect(msTokenProblem('a.b!.c', DIRECTORY, now)).toBe('The X-MS-Token is not a JWT: Illegal base64url string!');
      expect(msTokenProblem(`a.${Buffer.from('[1]').toString('base64url')}.c`, DIRECTORY, now)).toBe(
        'The X-MS-Token is not a JWT: Cannot decode the token',
      );
      expect(msTokenProblem(jwt({ tid: DIRECTORY, exp: now / 1000 - 1 }), DIRECTORY, now)).toBe(
        'The X-MS-Token has expired: sign in to Microsoft again and retry.',
      );
      expect(msTokenProblem(jwt({ tid: GUID, exp: now / 1000 + 600 }), DIRECTORY, now)).toBe(
        `The X-MS-Token was issued for directory ${GUID}, not for the configured directory ${DIRECTORY}.`,
      );
      expect(msTokenProblem(jwt({ tid: DIRECTORY.toUpperCase(), exp: now / 1000 + 600 }), DIRECTORY, now)).toBeNull();
      expect(msTokenProblem(jwt({}), DIRECTORY, now)).toBeNull();
    });

    const snapshot = (over: Partial<AccessSnapshot> = {}): AccessSnapshot => ({
      accountTypes: [],
      modules: [],
      office365: {
        saved: false,
        settings: {},
        hasSecret: false,
        missingPermissions: [...OFFICE365_REQUIRED_PERMISSIONS],
      },
      ea: { saved: false, hasSecret: false },
      csp: { saved: false, hasSecret: false, enabled: false },
      activated: false,
      ...over,
    });

    it('given a tenant with nothing configured, the access checks fail with their own messages, per account type', () => {
      expect(accessChecks(snapshot({ accountTypes: ['Office365', 'EA', 'CSPCustomer'] }))).toEqual([
        {
          name: 'licence',
          ok: false,
          message:
            'No module is licensed: the tenant needs an active licence whose module matches one of its account types.',
        },
        {
          name: 'office365',
          ok: false,
          message: 'The Office 365 application is not configured (directory id, application id and secret).',
        },
        { name: 'ea', ok: false, message: 'The EA enrollment is not configured (enrollment number and access key).' },
        { name: 'csp', ok: false, message: 'The CSP integration is not configured and enabled.' },
        { name: 'activation', ok: false, message: 'The tenant is not activated yet.' },
      ]);
      expect(byName(accessChecks(snapshot({ accountTypes: ['ARM'] })))).not.toHaveProperty('office365');
    });

    it('given a configured tenant, the access checks pass; missing Graph permissions fail their own check', () => {
      const configured = snapshot({
        accountTypes: ['Office365', 'EA', 'CSPCustomer'],
        modules: ['azure', 'm365'],
        office365: { saved: true, settings: {}, hasSecret: true, missingPermissions: [] },
        ea: { saved: true, hasSecret: true },
        csp: { saved: true, hasSecret: true, enabled: true },
        activated: true,
      });
      expect(accessChecks(configured)).toEqual([
        { name: 'licence', ok: true, message: 'Licensed modules: azure, m365.' },
        { name: 'office365', ok: true, message: 'The Office 365 application is configured.' },
        { name: 'office365Permissions', ok: true, message: 'All required Microsoft Graph permissions are granted.' },
        { name: 'ea', ok: true, message: 'The EA enrollment is configured.' },
        { name: 'csp', ok: true, message: 'The CSP integration is configured and enabled.' },
        { name: 'activation', ok: true, message: 'The tenant is activated.' },
      ]);
      const missing = accessChecks({
        ...configured,
        office365: { ...configured.office365, missingPermissions: ['User.Read.All'] },
      });
      expect(byName(missing).office365Permissions).toEqual({
        name: 'office365Permissions',
        ok: false,
        message: 'Missing Microsoft Graph permissions: User.Read.All.',
      });
      expect(
        byName(accessChecks({ ...configured, csp: { saved: true, hasSecret: true, enabled: false } })).csp!.ok,
      ).toBe(false);
    });

    it('given resource counts, the tag checks pass or fail with their own messages', () => {
      expect(tagChecks({ azureLicensed: true, resourceCount: 5, taggedCount: 3 })).toEqual([
        { name: 'azure', ok: true, message: 'The tenant is licensed for Azure.' },
        { name: 'inventory', ok: true, message: '5 Azure resources are inventoried.' },
        { name: 'tags', ok: true, message: '3 of 5 resources carry tags.' },
      ]);
      expect(
        tagChecks({ azureLicensed: true, resourceCount: 1, taggedCount: 1 })
          .map((c) => c.message)
          .slice(1),
      ).toEqual(['1 Azure resource is inventoried.', '1 of 1 resource carries tags.']);
      expect(tagChecks({ azureLicensed: false, resourceCount: 0, taggedCount: 0 })).toEqual([
        { name: 'azure', ok: false, message: 'The tenant has no active Azure licence that matches its account types.' },
        { name: 'inventory', ok: false, message: 'No Azure resources are inventoried for the tenant.' },
        { name: 'tags', ok: false, message: 'No inventoried resource carries a tag.' },
      ]);
    });
  });
});
