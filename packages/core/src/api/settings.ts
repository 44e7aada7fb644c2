import {
  isServerPath,
  type BrandingFileKind,
  type CspIntegrationMode,
  type IntegrationCheck,
  type LicenseModule,
} from '../rules/licenses';
import type { Whois } from './auth';
import { SERVICE, type Http } from './http';

/**
 * Spec §3 "Settings": tenant overrides over the server's defaults. Default logo, short logo and
 * favicon are settings too.
 */
export interface Settings {
  /** A default product name is used when unset (spec §9). */
  productName: string;
  /** @default '2.0.1' */
  productVersion: string;
  /** This server instance's id. */
  instanceId: string;
  /** URL of the terms HTML (spec §2 "Forced terms dialog"). */
  eula: string;
  /** Idle time in minutes (spec §9). */
  uiSessionTimeout: number;
  salesEmail: string;
  /** Marketing image shown when an Azure report cannot load (spec §8 "Reports"). */
  powerBiAzureMarketing: string;
  /** Marketing image shown when an Office 365 report cannot load. */
  powerBiOfficeMarketing: string;
  /** Hides 'Powered by' (a tenant fact, not overridable by POST /api). */
  plgDisabled: boolean;
  defaultLogoUrl: string;
  defaultLogoShortUrl: string;
  faviconUrl: string;
}

/** What a tenant administrator may override with `POST /api`; `null` returns a field to the server default. */
export type SettingsUpdate = {
  [
    K in
      | 'productName'
      | 'eula'
      | 'uiSessionTimeout'
      | 'salesEmail'
      | 'powerBiAzureMarketing'
      | 'powerBiOfficeMarketing'
      | 'defaultLogoUrl'
      | 'defaultLogoShortUrl'
      | 'faviconUrl'
  ]?: Settings[K] | null;
};

/** The answer to accepting the terms. */
export interface EulaAcceptance {
  eulaAcceptedAt: string;
}

/** A stored file's metadata. */
export interface FileInfo {
  id: string;
  /** The branding kind when the id is one, else 'file'. */
  kind: BrandingFileKind | 'file';
  filename: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  /**
   * The content's address for `<img src>` or a link: the server's own URL, signed for a short while,
   * served with headers that keep the browser from running it. Never turn the bytes into a
   * same-origin `blob:` or `data:` URL — that drops those headers.
   */
  contentUrl: string;
}

/** Spec §3 "Branding" (the server's part; the loading flags are client state). */
export interface Branding {
  branded: boolean;
  brandedBy: string | null;
  logoUrl: string;
  logoShortUrl: string;
  iconUrl: string;
}

/** Spec §3 "Tenant licenses". */
export interface TenantLicense {
  licenseKey: string;
  licenseModule: string;
  licenseSku: string;
  active: boolean;
  activatedAt: string | null;
}

/** One module of the licence catalogue (spec §5 "Dataset availability"). */
export interface LicenseDefinition {
  module: LicenseModule;
  displayName: string;
  skus: string[];
}

/** A features call's answer: each flag of its group, on or off. */
export type FeatureFlags = Record<string, boolean>;

/** Body of `POST /api/features/activate`. */
export interface FeatureActivation {
  name: string;
  /** @default true */
  enabled?: boolean;
}

/** Spec §3 "Email notification". */
export interface EmailNotification {
  recipients: string[];
  subject: string;
  body: string;
}

/** The outbox entry an e-mail notification became (it is queued, not sent). */
export interface QueuedEmail {
  id: string;
  status: 'queued';
}

/** A system message shown to every tenant while current. */
export interface SystemMessage {
  id: string;
  severity: 'info' | 'warning' | 'critical';
  title: string;
  message: string;
  validFrom: string;
  validTo: string | null;
}

/** A tenant's custom report or dashboard. */
export interface CustomContent {
  id: string;
  name: string;
  description: string;
  createdAt: string;
}

/** An integration's saved settings (CSP, Office 365, EA, Surveil); its secret is never answered. */
export interface IntegrationSettings {
  kind: string;
  configured: boolean;
  settings: Record<string, unknown>;
  hasSecret: boolean;
  updatedAt: string | null;
}

/** Body of `POST /api/csp`. */
export interface CspSettings {
  partnerTenantId: string;
  applicationId: string;
  domain?: string;
  /** Omit to keep the stored secret. */
  applicationSecret?: string;
}

/** Body of `POST /api/office365`. */
export interface Office365Settings {
  directoryId: string;
  applicationId: string;
  applicationSecret?: string;
}

/** Body of `POST /api/office365/ea`. */
export interface EaSettings {
  enrollmentNumber: string;
  accessKey?: string;
}

/** Body of `POST /api/surveil`. */
export interface SurveilSettings {
  url: string;
  apiKey?: string;
}

/** A generated API token: shown once; the server keeps only its hash. */
export interface ApiTokenIssued {
  token: string;
  createdAt: string;
}

/** A requested partner sync run. */
export interface SyncRun {
  id: string;
  kind: 'clean' | 'core';
  requestedAt: string;
}

/** Spec §3 "User token credentials" (body of `POST /api/m365/user`). */
export interface M365UserCredentialRequest {
  resource: string;
  scope: string;
  keyName: string;
}

/** A stored user token credential; the token itself is never answered. */
export interface M365UserCredential {
  keyName: string;
  resource: string | null;
  scope: string | null;
  hasToken: boolean;
  updatedAt: string | null;
}

/**
 * The answer of `POST /api/office365`: the saved settings plus the server path of its permission
 * test. `GET permissionsUrl` is the spec's `GET {token}` (test), `POST permissionsUrl` with
 * `X-MS-Token` its `POST {token}` (add missing permissions).
 */
export interface Office365Integration extends IntegrationSettings {
  permissionsUrl: string;
}

/**
 * The answer of a test call (`POST /api/csp/test`, `POST /api/surveil/test`, `GET /api/test/…`,
 * `GET {token}`): every check and whether all passed. The reference server calls no external
 * service: `message` says so.
 */
export interface IntegrationTestResult {
  ok: boolean;
  checks: IntegrationCheck[];
  message: string;
  testedAt: string;
}

/** `GET {token}` / `POST {token}`: the Office 365 application's Microsoft Graph permissions. */
export interface Office365PermissionTest extends IntegrationTestResult {
  required: string[];
  granted: string[];
  missing: string[];
}

/** Body of `POST /api/csp/integration`. */
export interface CspIntegrationRequest {
  enabled: boolean;
  /** The delegated admin relationship: granular (`gdap`) or classic (`dap`). @default 'gdap' when enabling */
  mode?: CspIntegrationMode;
}

/** The CSP integration's state. */
export interface CspIntegration {
  enabled: boolean;
  mode: CspIntegrationMode | null;
  updatedAt: string | null;
}

/**
 * Body of `POST /api/csp/secure/{id}`: a secured settings object of the CSP integration — names to
 * secret values, stored apart and never answered.
 */
export type CspSecureSettings = Record<string, string>;

/** A stored secured settings object: its id and the names of its values, never the values. */
export interface CspSecureSettingsInfo {
  id: string;
  keys: string[];
  updatedAt: string;
}

/** `GET /api/csp/customer/settings`: the tenant's CSP customer settings. */
export interface CspCustomerSettings {
  /** The tenant's account types include CSPCustomer. */
  cspCustomer: boolean;
  /** CSP partner settings are saved (`POST /api/csp`). */
  configured: boolean;
  integration: CspIntegration;
  secureSettings: CspSecureSettingsInfo[];
  /** Invoice lines of the current, not yet invoiced period are stored for the tenant. */
  hasUnbilledInvoiceData: boolean;
  /** The billing periods (`YYYY-MM`) those unbilled lines belong to, oldest first. */
  unbilledPeriods: string[];
}

/** `POST /api/activate`: the tenant's activation record. */
export interface TenantActivation {
  activated: true;
  /** The modules the tenant was activated for: its licensed modules (spec §5). */
  modules: LicenseModule[];
  /** When the tenant was first activated. */
  activatedAt: string;
  /** Who activated it last (upn). */
  activatedBy: string;
  updatedAt: string;
}

/** A tag name in use over the tenant's Azure resources. */
export interface TagUsage {
  name: string;
  resourceCount: number;
}

/** `GET /api/test/tag`: whether tags can be read over the tenant's Azure resources. */
export interface TagTestResult extends IntegrationTestResult {
  resourceCount: number;
  taggedCount: number;
  untaggedCount: number;
  /** Tag names by how many resources carry them (most first). */
  tags: TagUsage[];
}

/** An inventoried Azure resource and its tags. */
export interface TaggedResource {
  resourceId: string;
  name: string;
  type: string;
  resourceGroup: string;
  subscriptionId: string;
  location: string;
  tags: Record<string, string>;
}

/** Query of `GET /api/test/tag/tagged`. */
export interface TaggedQuery {
  /** Only resources carrying this tag name (case-insensitive, as in Azure). */
  tag?: string;
  /** @default 200 (at most 1000) */
  limit?: number;
}

/** `GET /api/test/tag/tagged`: the tagged resources, ordered by resource id. */
export interface TaggedResources {
  /** How many resources match, whatever the limit. */
  total: number;
  resources: TaggedResource[];
}

/** The typed client only sends the app token to paths on its own server. */
function serverPath(url: string): string {
  if (!isServerPath(url)) throw new TypeError(`Refusing to call ${url}: the URL must be a path on this server.`);
  return url;
}

/** The service's paths: `/api…` under the portal service base (spec §7, optional prefix). */
const servicePath = (http: Http) => (path: string) => http.service(SERVICE.portal, `/api${path}`);

/**
 * The calls of spec §7's settings service that every signed-in page makes (the client's
 * `api.settings`): the settings, who-is, the terms, branding and the active licences. The
 * administration calls are {@link createSettingsApi}'s, so a page that does not administer does not
 * carry them.
 */
export function createAccountSettingsApi(http: Http) {
  const api = servicePath(http);
  return {
    /** GET /api — the settings: the tenant's overrides over the server defaults. */
    settings: () => http.request<Settings>('GET', api('')),
    /** GET of the terms HTML from the configured URL (`settings().eula`); public, no token. */
    eulaHtml: (url: string) =>
      http.request<string>('GET', url, { auth: false, responseType: 'text', headers: { Accept: 'text/html' } }),
    /** GET /api/whois — the current user (spec §3 "Current user (whois)"); `GET /api/tenants` is `createAuthApi().tenants`. */
    whois: () => http.request<Whois>('GET', api('/whois')),
    /** POST /api/eula — accept the terms (empty body). */
    acceptEula: () => http.request<EulaAcceptance>('POST', api('/eula')),
    /** GET /api/branding. */
    branding: () => http.request<Branding>('GET', api('/branding')),
    /** GET /api/license/activated — the tenant's active licences (spec: "the tenant activated-licenses call"). */
    activatedLicenses: () => http.request<TenantLicense[]>('GET', api('/license/activated')),
  };
}

/** The settings calls every signed-in page makes (`client.api.settings`). */
export type AccountSettingsApi = ReturnType<typeof createAccountSettingsApi>;

/**
 * Spec §7 "Settings and administration service" (base /services/api-portal-customer, optional
 * prefix), in full: {@link createAccountSettingsApi}'s calls and the administration calls (the
 * settings dashboard creates it with the client's http helper).
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

export type SettingsApi = ReturnType<typeof createSettingsApi>;
