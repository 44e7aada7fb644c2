import {
  type BrandingFileKind,
  type CspIntegrationMode,
  type IntegrationCheck,
  type LicenseModule,
} from '../rules/licenses';
import type { Whois } from './identity';
import { SERVICE, type Http } from './http';

/**
 * Spec §3 "Settings": tenant overrides over the server's defaults. Default logo, short logo and
 * favicon are settings too.
 * @public
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
  eulaAcceptedAt: string;
}

/**
 * A stored file's metadata.
 * @public
 */
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

/**
 * Spec §3 "Branding" (the server's part; the loading flags are client state).
 * @public
 */
export interface Branding {
  branded: boolean;
  brandedBy: string | null;
  logoUrl: string;
  logoShortUrl: string;
  iconUrl: string;
}

/**
 * Spec §3 "Tenant licenses".
 * @public
 */
export interface TenantLicense {
  licenseKey: string;
  licenseModule: string;
  licenseSku: string;
  active: boolean;
  activatedAt: string | null;
}

/**
 * One module of the licence catalogue (spec §5 "Dataset availability").
 * @public
 */
export interface LicenseDefinition {
  module: LicenseModule;
  displayName: string;
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
  name: string;
  /** @default true */
  enabled?: boolean;
}

/**
 * Spec §3 "Email notification".
 * @public
 */
export interface EmailNotification {
  recipients: string[];
  subject: string;
  body: string;
}

/**
 * The outbox entry an e-mail notification became (it is queued, not sent).
 * @public
 */
export interface QueuedEmail {
  id: string;
  status: 'queued';
}

/**
 * A system message shown to every tenant while current.
 * @public
 */
export interface SystemMessage {
  id: string;
  severity: 'info' | 'warning' | 'critical';
  title: string;
  message: string;
  validFrom: string;
  validTo: string | null;
}

/**
 * A tenant's custom report or dashboard.
 * @public
 */
export interface CustomContent {
  id: string;
  name: string;
  description: string;
  createdAt: string;
}

/**
 * An integration's saved settings (CSP, Office 365, EA, Surveil); its secret is never answered.
 * @public
 */
export interface IntegrationSettings {
  kind: string;
  configured: boolean;
  settings: Record<string, unknown>;
  hasSecret: boolean;
  updatedAt: string | null;
}

/**
 * Body of `POST /api/csp`.
 * @public
 */
export interface CspSettings {
  partnerTenantId: string;
  applicationId: string;
  domain?: string;
  /** Omit to keep the stored secret. */
  applicationSecret?: string;
}

/**
 * Body of `POST /api/office365`.
 * @public
 */
export interface Office365Settings {
  directoryId: string;
  applicationId: string;
  applicationSecret?: string;
}

/**
 * Body of `POST /api/office365/ea`.
 * @public
 */
export interface EaSettings {
  enrollmentNumber: string;
  accessKey?: string;
}

/**
 * Body of `POST /api/surveil`.
 * @public
 */
export interface SurveilSettings {
  url: string;
  apiKey?: string;
}

/**
 * A generated API token: shown once; the server keeps only its hash.
 * @public
 */
export interface ApiTokenIssued {
  token: string;
  createdAt: string;
}

/**
 * A requested partner sync run.
 * @public
 */
export interface SyncRun {
  id: string;
  kind: 'clean' | 'core';
  requestedAt: string;
}

/**
 * Spec §3 "User token credentials" (body of `POST /api/m365/user`).
 * @public
 */
export interface M365UserCredentialRequest {
  resource: string;
  scope: string;
  keyName: string;
}

/**
 * A stored user token credential; the token itself is never answered.
 * @public
 */
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
 * @public
 */
export interface Office365Integration extends IntegrationSettings {
  permissionsUrl: string;
}

/**
 * The answer of a test call (`POST /api/csp/test`, `POST /api/surveil/test`, `GET /api/test/…`,
 * `GET {token}`): every check and whether all passed. The reference server calls no external
 * service: `message` says so.
 * @public
 */
export interface IntegrationTestResult {
  ok: boolean;
  checks: IntegrationCheck[];
  message: string;
  testedAt: string;
}

/**
 * `GET {token}` / `POST {token}`: the Office 365 application's Microsoft Graph permissions.
 * @public
 */
export interface Office365PermissionTest extends IntegrationTestResult {
  required: string[];
  granted: string[];
  missing: string[];
}

/**
 * Body of `POST /api/csp/integration`.
 * @public
 */
export interface CspIntegrationRequest {
  enabled: boolean;
  /** The delegated admin relationship: granular (`gdap`) or classic (`dap`). @default 'gdap' when enabling */
  mode?: CspIntegrationMode;
}

/**
 * The CSP integration's state.
 * @public
 */
export interface CspIntegration {
  enabled: boolean;
  mode: CspIntegrationMode | null;
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
  id: string;
  keys: string[];
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
  integration: CspIntegration;
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
  activated: true;
  /** The modules the tenant was activated for: its licensed modules (spec §5). */
  modules: LicenseModule[];
  /** When the tenant was first activated. */
  activatedAt: string;
  /** Who activated it last (upn). */
  activatedBy: string;
  updatedAt: string;
}

/**
 * A tag name in use over the tenant's Azure resources.
 * @public
 */
export interface TagUsage {
  name: string;
  resourceCount: number;
}

/**
 * `GET /api/test/tag`: whether tags can be read over the tenant's Azure resources.
 * @public
 */
export interface TagTestResult extends IntegrationTestResult {
  resourceCount: number;
  taggedCount: number;
  untaggedCount: number;
  /** Tag names by how many resources carry them (most first). */
  tags: TagUsage[];
}

/**
 * An inventoried Azure resource and its tags.
 * @public
 */
export interface TaggedResource {
  resourceId: string;
  name: string;
  type: string;
  resourceGroup: string;
  subscriptionId: string;
  location: string;
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
  resources: TaggedResource[];
}

/**
 * The service's paths: `/api…` under the portal service base (spec §7, optional prefix).
 * @public
 */
export const servicePath = (http: Http) => (path: string) => http.service(SERVICE.portal, `/api${path}`);

/**
 * The calls of spec §7's settings service that every signed-in page makes (the client's
 * `api.settings`): the settings, who-is, the terms, branding and the active licences. The
 * administration calls are `createSettingsApi`'s (`settingsAdmin.ts`, a module of its own so that the runtime every view shares does not carry them), so a page that does not administer does not
 * carry them.
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

/**
 * The settings calls every signed-in page makes (`client.api.settings`).
 * @public
 */
export type AccountSettingsApi = ReturnType<typeof createAccountSettingsApi>;
