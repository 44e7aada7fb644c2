import type { BrandingFileKind, FeatureGroup, LicenseModule } from '../rules/licenses';
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
  [K in 'productName' | 'eula' | 'uiSessionTimeout' | 'salesEmail' | 'powerBiAzureMarketing' | 'powerBiOfficeMarketing' | 'defaultLogoUrl' | 'defaultLogoShortUrl' | 'faviconUrl']?: Settings[K] | null;
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

/** Spec §7 "Settings and administration service" (base /services/api-portal-customer, optional prefix). */
export function createSettingsApi(http: Http) {
  const api = (path: string) => http.service(SERVICE.portal, `/api${path}`);
  return {
    /** GET /api — the settings: the tenant's overrides over the server defaults. */
    settings: () => http.request<Settings>('GET', api('')),
    /** POST /api — save the tenant's overrides (tenant administrators only); answers the new settings. */
    saveSettings: (update: SettingsUpdate) => http.request<Settings>('POST', api(''), { json: update }),
    /** GET of the terms HTML from the configured URL (`settings().eula`); public, no token. */
    eulaHtml: (url: string) => http.request<string>('GET', url, { auth: false, responseType: 'text', headers: { Accept: 'text/html' } }),
    /** POST /api/eula — accept the terms (empty body). */
    acceptEula: () => http.request<EulaAcceptance>('POST', api('/eula')),

    /** POST /api/files/{id}/upload — multipart with a `file` field. */
    uploadFile: (id: string, file: Blob, filename: string) => {
      const form = new FormData();
      form.append('file', file, filename);
      return http.request<FileInfo>('POST', api(`/files/${encodeURIComponent(id)}/upload`), { form });
    },
    /** GET /api/files/{id} — the file's metadata. */
    file: (id: string) => http.request<FileInfo>('GET', api(`/files/${encodeURIComponent(id)}`)),
    /** GET /api/files/{id}/content — the file as a binary blob. */
    fileContent: (id: string) => http.request<Blob>('GET', api(`/files/${encodeURIComponent(id)}/content`), { responseType: 'blob' }),
    /** DELETE /api/files/{id}. */
    deleteFile: (id: string) => http.request<void>('DELETE', api(`/files/${encodeURIComponent(id)}`), { responseType: 'none' }),
    /** GET /api/branding. */
    branding: () => http.request<Branding>('GET', api('/branding')),
    /** GET /api/branding/{kind}/content?owner= — file content by kind and owner (the caller's tenant id or 'default'). */
    brandingFile: (kind: BrandingFileKind, owner: string) =>
      http.request<Blob>('GET', api(`/branding/${encodeURIComponent(kind)}/content`), { query: { owner }, responseType: 'blob' }),

    /** GET /api/license — the tenant's licences. */
    licenses: () => http.request<TenantLicense[]>('GET', api('/license')),
    /** GET /api/license/activated — the tenant's active licences (spec: "the tenant activated-licenses call"). */
    activatedLicenses: () => http.request<TenantLicense[]>('GET', api('/license/activated')),
    /** GET /api/license-definitions — the licence catalogue. */
    licenseDefinitions: () => http.request<LicenseDefinition[]>('GET', api('/license-definitions')),
    /** PUT /api/license/activate?licenseKey= (tenant administrators only). */
    activateLicense: (licenseKey: string) => http.request<TenantLicense>('PUT', api('/license/activate'), { query: { licenseKey } }),
    /** PUT /api/license/de-activate?licenseKey= (tenant administrators only). */
    deactivateLicense: (licenseKey: string) => http.request<TenantLicense>('PUT', api('/license/de-activate'), { query: { licenseKey } }),

    /** GET /api/features/{state|status|extra|pbi}. */
    features: (group: FeatureGroup) => http.request<FeatureFlags>('GET', api(`/features/${group}`)),
    /** GET /api/features/state. */
    featureState: () => http.request<FeatureFlags>('GET', api('/features/state')),
    /** GET /api/features/status (includes m365DeIdentifiedReports). */
    featureStatus: () => http.request<FeatureFlags>('GET', api('/features/status')),
    /** GET /api/features/extra. */
    featureExtra: () => http.request<FeatureFlags>('GET', api('/features/extra')),
    /** GET /api/features/pbi. */
    featurePbi: () => http.request<FeatureFlags>('GET', api('/features/pbi')),
    /** POST /api/features/activate (tenant administrators only); answers the flag's group. */
    activateFeature: (activation: FeatureActivation) => http.request<FeatureFlags>('POST', api('/features/activate'), { json: activation }),

    /** POST /api/notification/email — queued in the outbox (202). */
    sendEmail: (notification: EmailNotification) => http.request<QueuedEmail>('POST', api('/notification/email'), { json: notification }),
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
    /** POST /api/office365 (tenant administrators only). */
    saveOffice365: (settings: Office365Settings) => http.request<IntegrationSettings>('POST', api('/office365'), { json: settings }),
    /** POST /api/office365/ea (tenant administrators only). */
    saveEa: (settings: EaSettings) => http.request<IntegrationSettings>('POST', api('/office365/ea'), { json: settings }),
    /** DELETE /api/office365/ea — reset (tenant administrators only). */
    resetEa: () => http.request<void>('DELETE', api('/office365/ea'), { responseType: 'none' }),
    /** POST /api/surveil (tenant administrators only). */
    saveSurveil: (settings: SurveilSettings) => http.request<IntegrationSettings>('POST', api('/surveil'), { json: settings }),
    /** POST /api/token — generate the tenant's API token (tenant administrators only); answered once. */
    generateToken: () => http.request<ApiTokenIssued>('POST', api('/token')),
    /** POST /api/partner/sync/clean (tenant administrators only). */
    partnerSyncClean: () => http.request<SyncRun>('POST', api('/partner/sync/clean')),
    /** POST /api/partner/sync/core (tenant administrators only). */
    partnerSyncCore: () => http.request<SyncRun>('POST', api('/partner/sync/core')),
    /** GET /api/m365/user?keyName=&scope= — a stored user token credential, without its token. */
    m365User: (keyName: string, scope?: string) => http.request<M365UserCredential>('GET', api('/m365/user'), { query: { keyName, scope } }),
    /** POST /api/m365/user with header X-MS-Token (tenant administrators only). */
    saveM365User: (credential: M365UserCredentialRequest, msToken: string) =>
      http.request<M365UserCredential>('POST', api('/m365/user'), { json: credential, headers: { 'X-MS-Token': msToken } }),
  };
}

export type SettingsApi = ReturnType<typeof createSettingsApi>;
