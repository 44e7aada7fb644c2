import { isServerPath, type BrandingFileKind } from '../rules/licenses';
import type { Http } from './http';
import {
  createAccountSettingsApi,
  servicePath,
  type ApiTokenIssued,
  type CspCustomerSettings,
  type CspIntegration,
  type CspIntegrationRequest,
  type CspSecureSettings,
  type CspSecureSettingsInfo,
  type CspSettings,
  type CustomContent,
  type EaSettings,
  type EmailNotification,
  type FeatureActivation,
  type FeatureFlags,
  type FileInfo,
  type IntegrationSettings,
  type IntegrationTestResult,
  type LicenseDefinition,
  type M365UserCredential,
  type M365UserCredentialRequest,
  type Office365Integration,
  type Office365PermissionTest,
  type Office365Settings,
  type QueuedEmail,
  type Settings,
  type SettingsUpdate,
  type SurveilSettings,
  type SyncRun,
  type SystemMessage,
  type TagTestResult,
  type TaggedQuery,
  type TaggedResources,
  type TenantActivation,
  type TenantLicense,
} from './settings';

/** The typed client only sends the app token to paths on its own server. */
function serverPath(url: string): string {
  if (!isServerPath(url)) throw new TypeError(`Refusing to call ${url}: the URL must be a path on this server.`);
  return url;
}

// spec §7 "Settings and administration service"
/**
 * The settings and administration service client (base /services/api-portal-customer, optional
 * prefix), in full: {@link createAccountSettingsApi}'s calls and the administration calls (the
 * settings dashboard creates it with the client's http helper).
 * @public
 */
export function createSettingsApi(http: Http) {
  const api = servicePath(http);
  return {
    ...createAccountSettingsApi(http),
    /** POST /api — save the tenant's overrides (tenant administrators only); answers the new settings. */
    saveSettings: (update: SettingsUpdate) => http.request<Settings>('POST', api(''), { json: update }),

    /** POST /api/files/{id}/upload — multipart with a `file` field. */
    uploadFile: (id: string, file: Blob, filename: string) => {
      const form = new FormData();
      form.append('file', file, filename);
      return http.request<FileInfo>('POST', api(`/files/${encodeURIComponent(id)}/upload`), { form });
    },
    /** GET /api/files/{id} — the file's metadata. */
    file: (id: string) => http.request<FileInfo>('GET', api(`/files/${encodeURIComponent(id)}`)),
    /** GET /api/files/{id}/content — the file as a binary blob. */
    fileContent: (id: string) =>
      http.request<Blob>('GET', api(`/files/${encodeURIComponent(id)}/content`), { responseType: 'blob' }),
    /** DELETE /api/files/{id}. */
    deleteFile: (id: string) =>
      http.request<void>('DELETE', api(`/files/${encodeURIComponent(id)}`), { responseType: 'none' }),
    /** GET /api/branding/{kind}/content?owner= — file content by kind and owner (the caller's tenant id or 'default'). */
    brandingFile: (kind: BrandingFileKind, owner: string) =>
      http.request<Blob>('GET', api(`/branding/${encodeURIComponent(kind)}/content`), {
        query: { owner },
        responseType: 'blob',
      }),

    /** GET /api/license — the tenant's licences. */
    licenses: () => http.request<TenantLicense[]>('GET', api('/license')),
    /** GET /api/license-definitions — the licence catalogue. */
    licenseDefinitions: () => http.request<LicenseDefinition[]>('GET', api('/license-definitions')),
    /** PUT /api/license/activate?licenseKey= (tenant administrators only). */
    activateLicense: (licenseKey: string) =>
      http.request<TenantLicense>('PUT', api('/license/activate'), { query: { licenseKey } }),
    /** PUT /api/license/de-activate?licenseKey= (tenant administrators only). */
    deactivateLicense: (licenseKey: string) =>
      http.request<TenantLicense>('PUT', api('/license/de-activate'), { query: { licenseKey } }),

    /** GET /api/features/state. */
    featureState: () => http.request<FeatureFlags>('GET', api('/features/state')),
    /** GET /api/features/status (includes m365DeIdentifiedReports). */
    featureStatus: () => http.request<FeatureFlags>('GET', api('/features/status')),
    /** GET /api/features/extra. */
    featureExtra: () => http.request<FeatureFlags>('GET', api('/features/extra')),
    /** GET /api/features/pbi. */
    featurePbi: () => http.request<FeatureFlags>('GET', api('/features/pbi')),
    /** POST /api/features/activate (tenant administrators only); answers the flag's group. */
    activateFeature: (activation: FeatureActivation) =>
      http.request<FeatureFlags>('POST', api('/features/activate'), { json: activation }),

    /** POST /api/notification/email — queued in the outbox (202). */
    sendEmail: (notification: EmailNotification) =>
      http.request<QueuedEmail>('POST', api('/notification/email'), { json: notification }),
    /** GET /api/system/messages — the current ones. */
    systemMessages: () => http.request<SystemMessage[]>('GET', api('/system/messages')),
    /** GET /api/reports/custom. */
    customReports: () => http.request<CustomContent[]>('GET', api('/reports/custom')),
    /** GET /api/dashboards/custom. */
    customDashboards: () => http.request<CustomContent[]>('GET', api('/dashboards/custom')),

    /** GET /api/csp — the CSP integration (tenant administrators only). */
    csp: () => http.request<IntegrationSettings>('GET', api('/csp')),
    /** POST /api/csp (tenant administrators only). */
    saveCsp: (settings: CspSettings) => http.request<IntegrationSettings>('POST', api('/csp'), { json: settings }),
    /** POST /api/csp/integration — enable or disable the CSP integration and choose its mode (tenant administrators only). */
    saveCspIntegration: (request: CspIntegrationRequest) =>
      http.request<CspIntegration>('POST', api('/csp/integration'), { json: request }),
    /** POST /api/csp/test — check the saved CSP settings (tenant administrators only; Partner Center is not called). */
    testCsp: () => http.request<IntegrationTestResult>('POST', api('/csp/test')),
    /** GET /api/csp/customer/settings — the tenant's CSP customer settings, including hasUnbilledInvoiceData. */
    cspCustomerSettings: () => http.request<CspCustomerSettings>('GET', api('/csp/customer/settings')),
    /** POST /api/csp/secure/{id}, body is the settings object — store a secured settings object (tenant administrators only). */
    saveCspSecure: (id: string, settings: CspSecureSettings) =>
      http.request<CspSecureSettingsInfo>('POST', api(`/csp/secure/${encodeURIComponent(id)}`), { json: settings }),
    /** POST /api/office365 (tenant administrators only); the answer carries `permissionsUrl`. */
    saveOffice365: (settings: Office365Settings) =>
      http.request<Office365Integration>('POST', api('/office365'), { json: settings }),
    /**
     * GET {token} (test): which required Microsoft Graph permissions the saved Office 365 application
     * has and misses (tenant administrators only). `url` is `permissionsUrl` of `saveOffice365()`.
     */
    testOffice365Permissions: async (url: string) => http.request<Office365PermissionTest>('GET', serverPath(url)),
    /**
     * POST {token} with header X-MS-Token and no body (add missing permissions; tenant administrators
     * only). `url` is `permissionsUrl` of `saveOffice365()`; `msToken` a Microsoft access token of the
     * configured directory, checked and never stored.
     */
    addOffice365Permissions: async (url: string, msToken: string) =>
      http.request<Office365PermissionTest>('POST', serverPath(url), { headers: { 'X-MS-Token': msToken } }),
    /** POST /api/office365/ea (tenant administrators only). */
    saveEa: (settings: EaSettings) =>
      http.request<IntegrationSettings>('POST', api('/office365/ea'), { json: settings }),
    /** DELETE /api/office365/ea — reset (tenant administrators only). */
    resetEa: () => http.request<void>('DELETE', api('/office365/ea'), { responseType: 'none' }),
    /** POST /api/surveil (tenant administrators only). */
    saveSurveil: (settings: SurveilSettings) =>
      http.request<IntegrationSettings>('POST', api('/surveil'), { json: settings }),
    /** POST /api/surveil/test — check the saved Surveil settings (tenant administrators only; Surveil is not called). */
    testSurveil: () => http.request<IntegrationTestResult>('POST', api('/surveil/test')),
    /** POST /api/token — generate the tenant's API token (tenant administrators only); answered once. */
    generateToken: () => http.request<ApiTokenIssued>('POST', api('/token')),
    /** POST /api/activate — activate the tenant for its licensed modules (tenant administrators only). */
    activate: () => http.request<TenantActivation>('POST', api('/activate')),
    /** GET /api/test/access — what the tenant can reach with what it stored (tenant administrators only). */
    testAccess: () => http.request<IntegrationTestResult>('GET', api('/test/access')),
    /** GET /api/test/tag — whether tags can be read over the tenant's Azure resources (tenant administrators only). */
    testTag: () => http.request<TagTestResult>('GET', api('/test/tag')),
    /** GET /api/test/tag/tagged?tag=&limit= — the tenant's tagged Azure resources (tenant administrators only). */
    testTagTagged: (query: TaggedQuery = {}) =>
      http.request<TaggedResources>('GET', api('/test/tag/tagged'), { query: { tag: query.tag, limit: query.limit } }),
    /** POST /api/partner/sync/clean (tenant administrators only). */
    partnerSyncClean: () => http.request<SyncRun>('POST', api('/partner/sync/clean')),
    /** POST /api/partner/sync/core (tenant administrators only). */
    partnerSyncCore: () => http.request<SyncRun>('POST', api('/partner/sync/core')),
    /** GET /api/m365/user?keyName=&scope= — a stored user token credential, without its token. */
    m365User: (keyName: string, scope?: string) =>
      http.request<M365UserCredential>('GET', api('/m365/user'), { query: { keyName, scope } }),
    /** POST /api/m365/user with header X-MS-Token (tenant administrators only). */
    saveM365User: (credential: M365UserCredentialRequest, msToken: string) =>
      http.request<M365UserCredential>('POST', api('/m365/user'), {
        json: credential,
        headers: { 'X-MS-Token': msToken },
      }),
  };
}

/**
 * The settings administration calls, as {@link createSettingsApi} makes them.
 * @public
 */
export type SettingsApi = ReturnType<typeof createSettingsApi>;
