// spec §3 "Settings", "Tenant licenses", "Email notification", §5 "Dataset availability",
// §6 "Roles and permissions", §7 "Settings and administration service"
/**
 * Rules of the settings and administration service, shared by the client's admin forms and the
 * reference server.
 */

import { createTranslator, type Translate } from '../i18n/messages';
import { settingsEn } from '../i18n/settingsMessages';
import { decodeJwt, type JwtPayload } from './jwt';

// spec §6 "Admin users are those whose role is AZURE_ADMIN or ADMIN."
/** The roles that make a user an administrator. */
export const ADMIN_ROLES = ['AZURE_ADMIN', 'ADMIN'] as const;

// spec §6
/**
 * Whether a role is an admin role.
 * @public
 */
export function isAdmin(role: string | null | undefined): boolean {
  return !!role && (ADMIN_ROLES as readonly string[]).includes(role);
}

// spec §6 "Access checks test whether any given feature is among the token's features."
/**
 * Whether any of the `wanted` features is among the features the user has (`have`, from the token).
 * @public
 */
export function hasAnyFeature(have: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((feature) => have.includes(feature));
}

// spec §5
/**
 * A licence module: what a tenant licenses, Azure or Microsoft 365.
 * @public
 */
export type LicenseModule = 'azure' | 'm365';

// spec §5 "Dataset availability"
/**
 * The skus that enable each module (the catalogue of licence definitions).
 * @internal
 */
export const LICENSE_DEFINITIONS: readonly { module: LicenseModule; displayName: string; skus: readonly string[] }[] = [
  {
    module: 'azure',
    displayName: 'Azure',
    skus: ['azure.poc', 'essentials', 'core', 'essentials.enterprise', 'essentials.epa', 'essentials.sva'],
  },
  {
    module: 'm365',
    displayName: 'Microsoft 365',
    skus: ['m365.poc', 'essentials', 'core', 'essentials.enterprise', 'essentials.epa', 'essentials.sva'],
  },
];

// spec §5
/**
 * Whether `sku` of `module` is one of the licence definitions.
 * @public
 */
export function isKnownLicense(module: string, sku: string): boolean {
  return LICENSE_DEFINITIONS.some((d) => d.module === module && d.skus.includes(sku));
}

// The key format itself is not given by the spec.
/**
 * A licence key: upper-case letters and digits in 2–8 dash-separated groups, at most 64 characters
 * (e.g. `CONTOSO-AZURE-ESSENTIALS`).
 * @internal
 */
export const LICENSE_KEY_PATTERN = '^(?=.{3,64}$)[A-Z0-9]+(-[A-Z0-9]+){1,7}$';

/**
 * Whether `key` has the licence key format.
 * @public
 */
export function isValidLicenseKey(key: string): boolean {
  return new RegExp(LICENSE_KEY_PATTERN).test(key);
}

// spec §7 "file content by kind (branding-logo, branding-icon) and owner"
/**
 * Ids of stored files are caller-chosen slugs, unique per tenant. Branding files use their kind as
 * their id.
 * @internal
 */
export const FILE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';

/**
 * Whether `id` is a valid file id.
 * @public
 */
export function isValidFileId(id: string): boolean {
  return new RegExp(FILE_ID_PATTERN).test(id);
}

/**
 * File kinds read "by kind and owner"; changing one is an administrator's task.
 * @public
 */
export const BRANDING_FILE_KINDS = [
  'branding-logo',
  'branding-logo-short',
  'branding-icon',
  'marketing-azure',
  'marketing-office',
] as const;
/**
 * One of {@link BRANDING_FILE_KINDS}.
 * @public
 */
export type BrandingFileKind = (typeof BRANDING_FILE_KINDS)[number];

/**
 * Whether a file id names a branding kind.
 * @public
 */
export function isBrandingKind(id: string): id is BrandingFileKind {
  return (BRANDING_FILE_KINDS as readonly string[]).includes(id);
}

/**
 * Largest upload the files call accepts.
 * @internal
 */
export const FILE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Content types the files call accepts.
 * @internal
 */
export const FILE_UPLOAD_TYPES = [
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'image/x-icon',
  'application/pdf',
  'text/plain',
] as const;

/**
 * Whether a content type may be uploaded (parameters such as `; charset=` are ignored).
 * @public
 */
export function isAllowedUploadType(contentType: string): boolean {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  return (FILE_UPLOAD_TYPES as readonly string[]).includes(base);
}

// spec §3 "Email notification"
/**
 * The most recipients one notification e-mail may have (the subject and body limits follow).
 * @internal
 */
export const EMAIL_RECIPIENTS_MAX = 20;
/** @internal */
export const EMAIL_SUBJECT_MAX = 200;
/** @internal */
export const EMAIL_BODY_MAX = 20_000;
/**
 * E-mails a tenant may queue in an hour (sent by its administrators, to its own users),
 * so the notification service is nobody's open relay.
 * @internal
 */
export const EMAIL_TENANT_HOURLY_MAX = 50;

/**
 * A plain e-mail address: one @, a dotted domain, no spaces or angle brackets.
 * @internal
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

/**
 * Whether `address` is a valid e-mail address (at most 254 characters).
 * @public
 */
export function isValidEmail(address: string): boolean {
  return address.length <= 254 && new RegExp(EMAIL_PATTERN).test(address);
}

// spec §9 "Idle time"
/**
 * The idle time (`uiSessionTimeout`, in minutes) a tenant gets by default; the bounds it may choose follow.
 * @internal
 */
export const UI_SESSION_TIMEOUT_DEFAULT_MINUTES = 30;
/** @internal */
export const UI_SESSION_TIMEOUT_MIN_MINUTES = 5;
/** @internal */
export const UI_SESSION_TIMEOUT_MAX_MINUTES = 720;

// spec §9 "Product version default" has a companion: "a default product name is used when unset"
/**
 * The product name used when a tenant has not set one.
 * @internal
 */
export const DEFAULT_PRODUCT_NAME = 'Cloud Portal';

// spec §7 `features/state`, `features/status` (includes m365DeIdentifiedReports), `features/extra`, `features/pbi`
/**
 * Tenant feature flags, by the features call that reports them (`features/state`, `features/status`,
 * `features/extra`, `features/pbi`).
 * @public
 */
export const FEATURE_FLAGS = {
  state: ['assistant', 'savedViews', 'customReports', 'search'],
  status: ['m365DeIdentifiedReports', 'azureCostReports', 'securityReports'],
  extra: ['csvExport', 'scheduledEmails'],
  pbi: ['pbiEmbedding', 'pbiExport', 'pbiBookmarks'],
} as const;
/**
 * A group of tenant feature flags: the key of {@link FEATURE_FLAGS} whose features call reports it.
 * @public
 */
export type FeatureGroup = keyof typeof FEATURE_FLAGS;

/**
 * The group of a feature flag, or undefined for an unknown name.
 * @public
 */
export function featureGroupOf(name: string): FeatureGroup | undefined {
  return (Object.keys(FEATURE_FLAGS) as FeatureGroup[]).find((g) =>
    (FEATURE_FLAGS[g] as readonly string[]).includes(name),
  );
}

// spec §5 "Dataset availability" and §6 "Account types (ARM, CSPCustomer, EA, Office365) and license SKUs gate…"
/**
 * The account types that make each licence module usable: ARM, CSPCustomer or EA for Azure,
 * Office365 for Microsoft 365.
 */
export const LICENSE_MODULE_ACCOUNT_TYPES: Readonly<Record<LicenseModule, readonly string[]>> = {
  azure: ['ARM', 'CSPCustomer', 'EA'],
  m365: ['Office365'],
};

// spec §5 "Dataset availability"
/**
 * The modules a tenant may use — an account type of the module and
 * an active licence of the module with one of its skus. Answered in catalogue order (azure, m365).
 * @public
 */
export function licensedModules(
  accountTypes: readonly string[],
  licenses: readonly { licenseModule: string; licenseSku: string; active: boolean }[],
): LicenseModule[] {
  return LICENSE_DEFINITIONS.map((d) => d.module).filter(
    (module) =>
      LICENSE_MODULE_ACCOUNT_TYPES[module].some((t) => accountTypes.includes(t)) &&
      licenses.some((l) => l.active && l.licenseModule === module && isKnownLicense(module, l.licenseSku)),
  );
}

/**
 * A GUID: Microsoft directory (tenant) and application ids.
 * @internal
 */
export const GUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/**
 * Whether `value` is a GUID.
 * @public
 */
export function isGuid(value: unknown): value is string {
  return typeof value === 'string' && new RegExp(GUID_PATTERN).test(value);
}

/** A DNS domain name: dot-separated labels of letters, digits and inner dashes, ending in a letter label. */
export const DOMAIN_PATTERN = '^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$';

/**
 * Whether `value` is a DNS domain name such as `contoso.example`.
 * @public
 */
export function isDomainName(value: unknown): value is string {
  return typeof value === 'string' && new RegExp(DOMAIN_PATTERN).test(value);
}

/**
 * Whether `value` is an https URL with a host and no user name or password in it.
 * @public
 */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

// spec §7 `GET {token}`, `POST {token}`
/**
 * Whether `url` is a path on the server the client talks to (`/…`, not `//host` or `https://…`):
 * the typed client sends the app token only to such URLs.
 * @public
 */
export function isServerPath(url: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(url);
}

/**
 * The CSP relationship modes of `POST /api/csp/integration`: granular or classic delegated admin privileges.
 * @public
 */
export const CSP_INTEGRATION_MODES = ['gdap', 'dap'] as const;
/**
 * One of {@link CSP_INTEGRATION_MODES}.
 * @public
 */
export type CspIntegrationMode = (typeof CSP_INTEGRATION_MODES)[number];

// spec §7 `GET {token}` tests them, `POST {token}` adds the missing ones
/**
 * The Microsoft Graph application permissions the Office 365 integration reads its reports with
 * (the Office 365 test, `GET {token}`, checks them; `POST {token}` adds the missing ones). Sorted.
 * @internal
 */
export const OFFICE365_REQUIRED_PERMISSIONS = [
  'Directory.Read.All',
  'Organization.Read.All',
  'Reports.Read.All',
  'User.Read.All',
] as const;

/**
 * The required Microsoft Graph permissions not among `granted` (case-insensitive), in required order.
 * @public
 */
export function missingPermissions(granted: readonly string[]): string[] {
  const have = new Set(granted.map((g) => g.toLowerCase()));
  return OFFICE365_REQUIRED_PERMISSIONS.filter((p) => !have.has(p.toLowerCase()));
}

// spec §7 `/api/csp/test`, `/api/surveil/test`, `/api/test/…`, `GET {token}`
/**
 * One check of an integration test call (`/api/csp/test`, `/api/surveil/test`, `/api/test/…`,
 * `GET {token}`).
 * @public
 */
export interface IntegrationCheck {
  /** A stable name, e.g. `applicationSecret`. */
  name: string;
  /** Whether the check passed. */
  ok: boolean;
  /** What was found, readable by an administrator. */
  message: string;
}

const check = (name: string, ok: boolean, pass: string, fail: string): IntegrationCheck => ({
  name,
  ok,
  message: ok ? pass : fail,
});

// The checks' texts are the settings dashboard's (`settings.check.*`), English without a translation.
// Pure, so a bundle that runs no check leaves the catalogue out.
const english: Translate = /* @__PURE__ */ createTranslator(settingsEn);

/** What a test answers about itself when it called no external service (English; `settings.check.offlineNote`). */
export const OFFLINE_TEST_NOTE = /* @__PURE__ */ english('settings.check.offlineNote');
/** What the access and tag tests answer about themselves: they read the tenant's stored data only (English). */
export const STORED_DATA_NOTE = /* @__PURE__ */ english('settings.check.storedDataNote');

/**
 * The one-line result of a test in `t`'s words: how many checks failed, then what the test did and did not do.
 * @public
 */
export function summarizeChecks(checks: readonly IntegrationCheck[], note: string, t: Translate = english): string {
  const failed = checks.filter((c) => !c.ok).length;
  const count = checks.length;
  const head =
    failed === 0
      ? t(count === 1 ? 'settings.check.allPassed.one' : 'settings.check.allPassed', { count })
      : t(count === 1 ? 'settings.check.failed.one' : 'settings.check.failed', { failed, count });
  return `${head} ${note}`;
}

/**
 * The saved state of an integration a test reads.
 * @public
 */
export interface SavedIntegration {
  /** Whether settings were saved for the integration. */
  saved: boolean;
  /** The saved settings, without the secret. */
  settings: Readonly<Record<string, unknown>>;
  /** Whether a secret is stored. */
  hasSecret: boolean;
}

/**
 * `POST /api/csp/test`: whether the saved CSP partner settings are complete and well-formed and the
 * integration is enabled. Partner Center is not called (the reference server has none).
 * @public
 */
export function cspChecks(
  csp: SavedIntegration,
  integration: { enabled: boolean; mode: CspIntegrationMode | null },
  t: Translate = english,
): IntegrationCheck[] {
  if (!csp.saved) return [check('settings', false, '', t('settings.check.csp.none'))];
  const checks = [
    check(
      'partnerTenantId',
      isGuid(csp.settings.partnerTenantId),
      t('settings.check.partnerTenantId.ok'),
      t('settings.check.partnerTenantId.fail'),
    ),
    check(
      'applicationId',
      isGuid(csp.settings.applicationId),
      t('settings.check.applicationId.ok'),
      t('settings.check.applicationId.fail'),
    ),
    check('applicationSecret', csp.hasSecret, t('settings.check.secret.ok'), t('settings.check.csp.secret.fail')),
  ];
  if (csp.settings.domain !== undefined) {
    checks.push(
      check(
        'domain',
        isDomainName(csp.settings.domain),
        t('settings.check.domain.ok'),
        t('settings.check.domain.fail'),
      ),
    );
  }
  checks.push(
    check(
      'integration',
      integration.enabled,
      t('settings.check.cspIntegration.ok', { mode: (integration.mode ?? 'gdap').toUpperCase() }),
      t('settings.check.cspIntegration.fail'),
    ),
  );
  return checks;
}

/**
 * `POST /api/surveil/test`: whether the saved Surveil settings are complete and well-formed. Surveil is not called.
 * @public
 */
export function surveilChecks(surveil: SavedIntegration, t: Translate = english): IntegrationCheck[] {
  if (!surveil.saved) return [check('settings', false, '', t('settings.check.surveil.none'))];
  return [
    check(
      'url',
      isHttpsUrl(surveil.settings.url),
      t('settings.check.surveilUrl.ok'),
      t('settings.check.surveilUrl.fail'),
    ),
    check('apiKey', surveil.hasSecret, t('settings.check.apiKey.ok'), t('settings.check.apiKey.fail')),
  ];
}

/** The message of a permissions check: all granted, or the missing ones by name. */
function permissionsCheck(missing: readonly string[], t: Translate): IntegrationCheck {
  return check(
    'permissions',
    missing.length === 0,
    t('settings.check.permissions.ok'),
    t('settings.check.permissions.fail', { permissions: missing.join(', ') }),
  );
}

/**
 * `GET {token}`: whether the saved Office 365 application is complete and which of the required
 * Microsoft Graph permissions it misses. `granted` are the permissions recorded for this application.
 * @public
 */
export function office365Checks(
  office365: SavedIntegration,
  granted: readonly string[],
  t: Translate = english,
): IntegrationCheck[] {
  if (!office365.saved) return [check('settings', false, '', t('settings.check.office365.none'))];
  return [
    check(
      'directoryId',
      isGuid(office365.settings.directoryId),
      t('settings.check.directoryId.ok'),
      t('settings.check.directoryId.fail'),
    ),
    check(
      'applicationId',
      isGuid(office365.settings.applicationId),
      t('settings.check.applicationId.ok'),
      t('settings.check.applicationId.fail'),
    ),
    check(
      'applicationSecret',
      office365.hasSecret,
      t('settings.check.secret.ok'),
      t('settings.check.office365.secret.fail'),
    ),
    permissionsCheck(missingPermissions(granted), t),
  ];
}

/** Longest X-MS-Token accepted. */
export const MS_TOKEN_MAX_LENGTH = 16_384;

/** `POST {token}`: the X-MS-Token header is missing or too long (English). */
export const MS_TOKEN_REQUIRED = /* @__PURE__ */ english('settings.check.msToken.required');

// spec §5 (JWT decoding rules)
/**
 * `POST {token}` (add missing permissions): why the X-MS-Token cannot be used, or null when it can.
 * It must be a JWT whose payload decodes, not expired, and — when it names a directory (`tid`)
 * — issued for the configured one. Its signature is Microsoft's to check; this server calls no one.
 * @public
 */
export function msTokenProblem(
  token: string | undefined,
  directoryId: string,
  now: number = Date.now(),
  t: Translate = english,
): string | null {
  if (!token || token.length > MS_TOKEN_MAX_LENGTH) return t('settings.check.msToken.required');
  let payload: JwtPayload;
  try {
    payload = decodeJwt(token);
  } catch (error) {
    return t('settings.check.msToken.notJwt', { reason: (error as Error).message });
  }
  if (typeof payload.exp === 'number' && payload.exp * 1000 <= now) return t('settings.check.msToken.expired');
  if (typeof payload.tid === 'string' && payload.tid.toLowerCase() !== directoryId.toLowerCase()) {
    return t('settings.check.msToken.otherDirectory', { issued: payload.tid, configured: directoryId });
  }
  return null;
}

/**
 * What `GET /api/test/access` reads about a tenant.
 * @public
 */
export interface AccessSnapshot {
  /** The tenant's account types, e.g. `ARM`, `Office365`. */
  accountTypes: readonly string[];
  /** From {@link licensedModules}. */
  modules: readonly LicenseModule[];
  /** The Office 365 integration and the Graph permissions it lacks. */
  office365: SavedIntegration & { missingPermissions: readonly string[] };
  /** The Enterprise Agreement integration. */
  ea: Pick<SavedIntegration, 'saved' | 'hasSecret'>;
  /** The CSP integration, and whether it is on. */
  csp: Pick<SavedIntegration, 'saved' | 'hasSecret'> & { enabled: boolean };
  /** Whether the tenant is activated. */
  activated: boolean;
}

// spec §5 (licensed modules)
/**
 * `GET /api/test/access`: what the tenant can reach with what it stored — its licensed modules, then
 * the integration each of its account types needs (Office365 → the Office 365 application and its
 * Graph permissions, EA → the enrollment, CSPCustomer → the CSP integration),
 * then its activation.
 * @public
 */
export function accessChecks(s: AccessSnapshot, t: Translate = english): IntegrationCheck[] {
  const checks = [
    check(
      'licence',
      s.modules.length > 0,
      t('settings.check.licence.ok', { modules: s.modules.join(', ') }),
      t('settings.check.licence.fail'),
    ),
  ];
  if (s.accountTypes.includes('Office365')) {
    const configured = s.office365.saved && s.office365.hasSecret;
    checks.push(check('office365', configured, t('settings.check.office365.ok'), t('settings.check.office365.fail')));
    if (configured)
      checks.push({ ...permissionsCheck(s.office365.missingPermissions, t), name: 'office365Permissions' });
  }
  if (s.accountTypes.includes('EA')) {
    checks.push(check('ea', s.ea.saved && s.ea.hasSecret, t('settings.check.ea.ok'), t('settings.check.ea.fail')));
  }
  if (s.accountTypes.includes('CSPCustomer')) {
    checks.push(
      check(
        'csp',
        s.csp.saved && s.csp.hasSecret && s.csp.enabled,
        t('settings.check.csp.ok'),
        t('settings.check.csp.fail'),
      ),
    );
  }
  checks.push(check('activation', s.activated, t('settings.check.activation.ok'), t('settings.check.activation.fail')));
  return checks;
}

// spec §5 (the Azure licence)
/**
 * `GET /api/test/tag`: whether tags can be read over the tenant's Azure resources — an Azure
 * licence, resources in the inventory, and at least one of them tagged.
 * @public
 */
export function tagChecks(
  s: { azureLicensed: boolean; resourceCount: number; taggedCount: number },
  t: Translate = english,
): IntegrationCheck[] {
  const count = s.resourceCount;
  return [
    check('azure', s.azureLicensed, t('settings.check.azure.ok'), t('settings.check.azure.fail')),
    check(
      'inventory',
      count > 0,
      t(count === 1 ? 'settings.check.inventory.ok.one' : 'settings.check.inventory.ok', { count }),
      t('settings.check.inventory.fail'),
    ),
    check(
      'tags',
      s.taggedCount > 0,
      t(count === 1 ? 'settings.check.tags.ok.one' : 'settings.check.tags.ok', { tagged: s.taggedCount, count }),
      t('settings.check.tags.fail'),
    ),
  ];
}
