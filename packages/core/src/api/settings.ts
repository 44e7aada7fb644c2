import {
  type BrandingFileKind,
  type CspIntegrationMode,
  type IntegrationCheck,
  type LicenseModule,
} from '../rules/licenses';
import type { Whois } from './identity';
import { SERVICE, type Http } from './http';

// spec §3 "Settings"
/**
 * Tenant overrides over the server's defaults. Default logo, short logo and
 * favicon are settings too.
 * @public
 */
export interface Settings {
  // spec §9
  /** A default product name is used when unset. */
  productName: string;
  /** @default '2.0.1' */
  productVersion: string;
  /** This server instance's id. */
  instanceId: string;
  // spec §2 "Forced terms dialog"
  /** URL of the terms HTML. */
  eula: string;
  // spec §9
  /** Idle time in minutes. */
  uiSessionTimeout: number;
  /** The sales contact's e-mail address: a report's marketing image links to it when the tenant has no licence for the report. */
  salesEmail: string;
  // spec §8 "Reports"
  /** Marketing image shown when an Azure report cannot load. */
  powerBiAzureMarketing: string;
  /** Marketing image shown when an Office 365 report cannot load. */
  powerBiOfficeMarketing: string;
  /** Hides 'Powered by' (a tenant fact, not overridable by POST /api). */
  plgDisabled: boolean;
  /** The logo shown when the tenant has no branding of its own. */
  defaultLogoUrl: string;
  /** The short logo (the collapsed side navigation's) shown when the tenant has no branding of its own. */
  defaultLogoShortUrl: string;
  /** The favicon's URL. */
  faviconUrl: string;
}

/**
 * What a tenant administrator may override with `POST /api`; `null` returns a field to the server default.
 * @public
 */
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

/**
 * The answer to accepting the terms.
 * @public
 */
export interface EulaAcceptance {
  /** When the terms were accepted (ISO 8601). */
  eulaAcceptedAt: string;
}

/**
 * A stored file's metadata.
 * @public
 */
export interface FileInfo {
  /** The file's id: a branding kind (`branding-logo`…) or a generated id. */
  id: string;
  /** The branding kind when the id is one, else 'file'. */
  kind: BrandingFileKind | 'file';
  /** The file's name as uploaded. */
  filename: string;
  /** Its MIME type. */
  contentType: string;
  /** Its size in bytes. */
  size: number;
  /** When it was uploaded (ISO 8601). */
  uploadedAt: string;
  /**
   * The content's address for `<img src>` or a link: the server's own URL, signed for a short while,
   * served with headers that keep the browser from running it. Never turn the bytes into a
   * same-origin `blob:` or `data:` URL — that drops those headers.
   */
  contentUrl: string;
}

// spec §3 "Branding"
/**
 * The tenant's branding as the server answers it: whether it has one, by whom, and its logo and
 * icon URLs (whether they are still loading is client state, not part of it).
 * @public
 */
export interface Branding {
  /** Whether the tenant has a branding of its own. */
  branded: boolean;
  /** Who the branding is by (the partner's name), or null. */
  brandedBy: string | null;
  /** The logo's URL. */
  logoUrl: string;
  /** The short logo's URL (the collapsed side navigation's). */
  logoShortUrl: string;
  /** The icon's URL. */
  iconUrl: string;
}

// spec §3 "Tenant licenses"
/**
 * One licence of the tenant: its key, module and SKU, and whether and when it was activated.
 * @public
 */
export interface TenantLicense {
  /** The licence key. */
  licenseKey: string;
  /** The licence's module (`azure`, `m365`…). */
  licenseModule: string;
  /** The licence's SKU within its module. */
  licenseSku: string;
  /** Whether the licence is active. */
  active: boolean;
  /** When it was activated (ISO 8601), or null if it never was. */
  activatedAt: string | null;
}

// spec §5 "Dataset availability"
/**
 * One module of the licence catalogue.
 * @public
 */
export interface LicenseDefinition {
  /** The module. */
  module: LicenseModule;
  /** The module's name as shown. */
  displayName: string;
  /** The SKUs that license the module. */
  skus: string[];
}

/**
 * A features call's answer: each flag of its group, on or off.
 * @public
 */
export type FeatureFlags = Record<string, boolean>;

/**
 * Body of `POST /api/features/activate`.
 * @public
 */
export interface FeatureActivation {
  /** The feature's flag name. */
  name: string;
  /** @default true */
  enabled?: boolean;
}

// spec §3 "Email notification"
/**
 * An e-mail to send: its recipients, subject line and text.
 * @public
 */
export interface EmailNotification {
  /** The recipients' e-mail addresses. */
  recipients: string[];
  /** The subject line. */
  subject: string;
  /** The message text. */
  body: string;
}

/**
 * The outbox entry an e-mail notification became (it is queued, not sent).
 * @public
 */
export interface QueuedEmail {
  /** The outbox entry's id. */
  id: string;
  /** Always `'queued'`: the e-mail waits in the outbox. */
  status: 'queued';
}

/**
 * A system message shown to every tenant while current.
 * @public
 */
export interface SystemMessage {
  /** The message's id. */
  id: string;
  /** How prominently it is shown. */
  severity: 'info' | 'warning' | 'critical';
  /** Its title. */
  title: string;
  /** Its text. */
  message: string;
  /** From when it is shown (ISO 8601). */
  validFrom: string;
  /** Until when it is shown (ISO 8601), or null for no end. */
  validTo: string | null;
}

/**
 * A tenant's custom report or dashboard.
 * @public
 */
export interface CustomContent {
  /** The content's id. */
  id: string;
  /** Its name. */
  name: string;
  /** Its description. */
  description: string;
  /** When it was created (ISO 8601). */
  createdAt: string;
}

/**
 * An integration's saved settings (CSP, Office 365, EA, Surveil); its secret is never answered.
 * @public
 */
export interface IntegrationSettings {
  /** The integration: `csp`, `office365`, `office365-ea` or `surveil`. */
  kind: string;
  /** Whether settings were saved for it. */
  configured: boolean;
  /** The saved settings, without the secret. */
  settings: Record<string, unknown>;
  /** Whether a secret is stored. */
  hasSecret: boolean;
  /** When the settings were last saved (ISO 8601), or null. */
  updatedAt: string | null;
}

/**
 * Body of `POST /api/csp`.
 * @public
 */
export interface CspSettings {
  /** The CSP partner's tenant id. */
  partnerTenantId: string;
  /** The partner application's id. */
  applicationId: string;
  /** The partner's domain. */
  domain?: string;
  /** Omit to keep the stored secret. */
  applicationSecret?: string;
}

/**
 * Body of `POST /api/office365`.
 * @public
 */
export interface Office365Settings {
  /** The Office 365 directory (tenant) id. */
  directoryId: string;
  /** The application's id in that directory. */
  applicationId: string;
  /** The application's secret; omit to keep the stored one. */
  applicationSecret?: string;
}

/**
 * Body of `POST /api/office365/ea`.
 * @public
 */
export interface EaSettings {
  /** The Enterprise Agreement's enrollment number. */
  enrollmentNumber: string;
  /** The EA access key; omit to keep the stored one. */
  accessKey?: string;
}

/**
 * Body of `POST /api/surveil`.
 * @public
 */
export interface SurveilSettings {
  /** The Surveil service's URL. */
  url: string;
  /** Its API key; omit to keep the stored one. */
  apiKey?: string;
}

/**
 * A generated API token: shown once; the server keeps only its hash.
 * @public
 */
export interface ApiTokenIssued {
  /** The token, shown this once. */
  token: string;
  /** When it was created (ISO 8601). */
  createdAt: string;
}

/**
 * A requested partner sync run.
 * @public
 */
export interface SyncRun {
  /** The run's id. */
  id: string;
  /** Which sync was asked for: `clean` or `core`. */
  kind: 'clean' | 'core';
  /** When it was asked for (ISO 8601). */
  requestedAt: string;
}

// spec §3 "User token credentials"
/**
 * A Microsoft 365 user token credential to store: the body of `POST /api/m365/user`.
 * @public
 */
export interface M365UserCredentialRequest {
  /** The resource the token is for. */
  resource: string;
  /** The token's scope. */
  scope: string;
  /** The name the credential is stored under. */
  keyName: string;
}

/**
 * A stored user token credential; the token itself is never answered.
 * @public
 */
export interface M365UserCredential {
  /** The name the credential is stored under. */
  keyName: string;
  /** The resource the token is for, or null. */
  resource: string | null;
  /** The token's scope, or null. */
  scope: string | null;
  /** Whether a token is stored. */
  hasToken: boolean;
  /** When it was last saved (ISO 8601), or null. */
  updatedAt: string | null;
}

// spec: `GET permissionsUrl` is the spec's `GET {token}` (test), `POST permissionsUrl` with `X-MS-Token`
// its `POST {token}` (add missing permissions).
/**
 * The answer of `POST /api/office365`: the saved settings plus the server path of its permission
 * test. `GET permissionsUrl` runs the permission test; `POST permissionsUrl` with `X-MS-Token`
 * adds the missing permissions.
 * @public
 */
export interface Office365Integration extends IntegrationSettings {
  /** The server path of the permission test (`GET`) and of adding the missing permissions (`POST` with `X-MS-Token`). */
  permissionsUrl: string;
}

/**
 * The answer of a test call (`POST /api/csp/test`, `POST /api/surveil/test`, `GET /api/test/…`,
 * `GET {token}`): every check and whether all passed. The reference server calls no external
 * service: `message` says so.
 * @public
 */
export interface IntegrationTestResult {
  /** Whether every check passed. */
  ok: boolean;
  /** Each check and its outcome. */
  checks: IntegrationCheck[];
  /** What the test found, in words. */
  message: string;
  /** When the test ran (ISO 8601). */
  testedAt: string;
}

/**
 * `GET {token}` / `POST {token}`: the Office 365 application's Microsoft Graph permissions.
 * @public
 */
export interface Office365PermissionTest extends IntegrationTestResult {
  /** The Microsoft Graph permissions the portal needs. */
  required: string[];
  /** Those the application has. */
  granted: string[];
  /** Those it lacks. */
  missing: string[];
}

/**
 * Body of `POST /api/csp/integration`.
 * @public
 */
export interface CspIntegrationRequest {
  /** Whether the integration is to be on. */
  enabled: boolean;
  /** The delegated admin relationship: granular (`gdap`) or classic (`dap`). @default 'gdap' when enabling */
  mode?: CspIntegrationMode;
}

/**
 * The CSP integration's state.
 * @public
 */
export interface CspIntegration {
  /** Whether the integration is on. */
  enabled: boolean;
  /** The delegated admin relationship, or null when it was never enabled. */
  mode: CspIntegrationMode | null;
  /** When it last changed (ISO 8601), or null. */
  updatedAt: string | null;
}

/**
 * Body of `POST /api/csp/secure/{id}`: a secured settings object of the CSP integration — names to
 * secret values, stored apart and never answered.
 * @public
 */
export type CspSecureSettings = Record<string, string>;

/**
 * A stored secured settings object: its id and the names of its values, never the values.
 * @public
 */
export interface CspSecureSettingsInfo {
  /** The settings object's id. */
  id: string;
  /** The names of its values. */
  keys: string[];
  /** When it was last saved (ISO 8601). */
  updatedAt: string;
}

/**
 * `GET /api/csp/customer/settings`: the tenant's CSP customer settings.
 * @public
 */
export interface CspCustomerSettings {
  /** The tenant's account types include CSPCustomer. */
  cspCustomer: boolean;
  /** CSP partner settings are saved (`POST /api/csp`). */
  configured: boolean;
  /** The CSP integration's state. */
  integration: CspIntegration;
  /** The secured settings objects stored for it. */
  secureSettings: CspSecureSettingsInfo[];
  /** Invoice lines of the current, not yet invoiced period are stored for the tenant. */
  hasUnbilledInvoiceData: boolean;
  /** The billing periods (`YYYY-MM`) those unbilled lines belong to, oldest first. */
  unbilledPeriods: string[];
}

/**
 * `POST /api/activate`: the tenant's activation record.
 * @public
 */
export interface TenantActivation {
  /** Always true: the tenant is activated. */
  activated: true;
  // spec §5
  /** The modules the tenant was activated for: its licensed modules. */
  modules: LicenseModule[];
  /** When the tenant was first activated. */
  activatedAt: string;
  /** Who activated it last (upn). */
  activatedBy: string;
  /** When the record last changed (ISO 8601). */
  updatedAt: string;
}

/**
 * A tag name in use over the tenant's Azure resources.
 * @public
 */
export interface TagUsage {
  /** The tag's name. */
  name: string;
  /** How many resources carry it. */
  resourceCount: number;
}

/**
 * `GET /api/test/tag`: whether tags can be read over the tenant's Azure resources.
 * @public
 */
export interface TagTestResult extends IntegrationTestResult {
  /** How many resources were read. */
  resourceCount: number;
  /** How many of them carry at least one tag. */
  taggedCount: number;
  /** How many carry none. */
  untaggedCount: number;
  /** Tag names by how many resources carry them (most first). */
  tags: TagUsage[];
}

/**
 * An inventoried Azure resource and its tags.
 * @public
 */
export interface TaggedResource {
  /** The resource's Azure id. */
  resourceId: string;
  /** Its name. */
  name: string;
  /** Its resource type (`Microsoft.Compute/virtualMachines`…). */
  type: string;
  /** Its resource group. */
  resourceGroup: string;
  /** Its subscription's id. */
  subscriptionId: string;
  /** Its Azure region. */
  location: string;
  /** Its tags, name to value. */
  tags: Record<string, string>;
}

/**
 * Query of `GET /api/test/tag/tagged`.
 * @public
 */
export interface TaggedQuery {
  /** Only resources carrying this tag name (case-insensitive, as in Azure). */
  tag?: string;
  /** @default 200 (at most 1000) */
  limit?: number;
}

/**
 * `GET /api/test/tag/tagged`: the tagged resources, ordered by resource id.
 * @public
 */
export interface TaggedResources {
  /** How many resources match, whatever the limit. */
  total: number;
  /** The matching resources, at most the query's limit. */
  resources: TaggedResource[];
}

// spec §7
/**
 * The service's paths: `/api…` under the portal service base (optional prefix).
 * @public
 */
export const servicePath = (http: Http) => (path: string) => http.service(SERVICE.portal, `/api${path}`);

// spec §7 "Settings and administration service"
/**
 * The calls of the settings service that every signed-in page makes (the client's
 * `api.settings`): the settings, who-is, the terms, branding and the active licences. The
 * administration calls are `createSettingsApi`'s (`settingsAdmin.ts`, a module of its own), so the
 * runtime every view shares, and a page that does not administer, does not carry them.
 * @public
 */
export function createAccountSettingsApi(http: Http) {
  const api = servicePath(http);
  return {
    /** GET /api — the settings: the tenant's overrides over the server defaults. */
    settings: () => http.request<Settings>('GET', api('')),
    /** GET of the terms HTML from the configured URL (`settings().eula`); public, no token. */
    eulaHtml: (url: string) =>
      http.request<string>('GET', url, { auth: false, responseType: 'text', headers: { Accept: 'text/html' } }),
    // spec §3 "Current user (whois)"
    /** GET /api/whois — the current user; `GET /api/tenants` is `createAuthApi().tenants`. */
    whois: () => http.request<Whois>('GET', api('/whois')),
    /** POST /api/eula — accept the terms (empty body). */
    acceptEula: () => http.request<EulaAcceptance>('POST', api('/eula')),
    /** GET /api/branding. */
    branding: () => http.request<Branding>('GET', api('/branding')),
    // spec: "the tenant activated-licenses call"
    /** GET /api/license/activated — the tenant's active licences. */
    activatedLicenses: () => http.request<TenantLicense[]>('GET', api('/license/activated')),
  };
}

/**
 * The settings calls every signed-in page makes (`client.api.settings`).
 * @public
 */
export type AccountSettingsApi = ReturnType<typeof createAccountSettingsApi>;
