/**
 * Rules of the settings and administration service (spec §3 "Settings", "Tenant licenses",
 * "Email notification", §5 "Dataset availability", §6 "Roles and permissions", §7 "Settings and
 * administration service"), shared by the client's admin forms and the reference server.
 */

/** Spec §6: "Admin users are those whose role is AZURE_ADMIN or ADMIN." */
export const ADMIN_ROLES = ['AZURE_ADMIN', 'ADMIN'] as const;

/** Spec §6: whether a role is an admin role. */
export function isAdmin(role: string | null | undefined): boolean {
  return !!role && (ADMIN_ROLES as readonly string[]).includes(role);
}

/** Spec §6: "Access checks test whether any given feature is among the token's features." */
export function hasAnyFeature(have: readonly string[], wanted: readonly string[]): boolean {
  return wanted.some((feature) => have.includes(feature));
}

/** A licence module of spec §5. */
export type LicenseModule = 'azure' | 'm365';

/** Spec §5 "Dataset availability": the skus that enable each module (the catalogue of licence definitions). */
export const LICENSE_DEFINITIONS: readonly { module: LicenseModule; displayName: string; skus: readonly string[] }[] = [
  { module: 'azure', displayName: 'Azure', skus: ['azure.poc', 'essentials', 'core', 'essentials.enterprise', 'essentials.epa', 'essentials.sva'] },
  { module: 'm365', displayName: 'Microsoft 365', skus: ['m365.poc', 'essentials', 'core', 'essentials.enterprise', 'essentials.epa', 'essentials.sva'] },
];

/** Whether `sku` of `module` is one of the licence definitions of spec §5. */
export function isKnownLicense(module: string, sku: string): boolean {
  return LICENSE_DEFINITIONS.some((d) => d.module === module && d.skus.includes(sku));
}

/**
 * A licence key: upper-case letters and digits in 2–8 dash-separated groups, at most 64 characters
 * (e.g. `CONTOSO-AZURE-ESSENTIALS`). The key format itself is not shown by the spec.
 */
export const LICENSE_KEY_PATTERN = '^(?=.{3,64}$)[A-Z0-9]+(-[A-Z0-9]+){1,7}$';

/** Whether `key` has the licence key format. */
export function isValidLicenseKey(key: string): boolean {
  return new RegExp(LICENSE_KEY_PATTERN).test(key);
}

/**
 * Ids of stored files are caller-chosen slugs, unique per tenant. Branding files use their kind as
 * their id (spec §7 "file content by kind (branding-logo, branding-icon) and owner").
 */
export const FILE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';

/** Whether `id` is a valid file id. */
export function isValidFileId(id: string): boolean {
  return new RegExp(FILE_ID_PATTERN).test(id);
}

/** File kinds read "by kind and owner"; changing one is an administrator's task. */
export const BRANDING_FILE_KINDS = ['branding-logo', 'branding-logo-short', 'branding-icon', 'marketing-azure', 'marketing-office'] as const;
export type BrandingFileKind = (typeof BRANDING_FILE_KINDS)[number];

/** Whether a file id names a branding kind. */
export function isBrandingKind(id: string): id is BrandingFileKind {
  return (BRANDING_FILE_KINDS as readonly string[]).includes(id);
}

/** Largest upload the files call accepts. */
export const FILE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** Content types the files call accepts. */
export const FILE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/x-icon', 'application/pdf', 'text/plain'] as const;

/** Whether a content type may be uploaded (parameters such as `; charset=` are ignored). */
export function isAllowedUploadType(contentType: string): boolean {
  const base = contentType.split(';')[0]!.trim().toLowerCase();
  return (FILE_UPLOAD_TYPES as readonly string[]).includes(base);
}

/** Spec §3 "Email notification" limits. */
export const EMAIL_RECIPIENTS_MAX = 20;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_BODY_MAX = 20_000;

/** A plain e-mail address: one @, a dotted domain, no spaces or angle brackets. */
export const EMAIL_PATTERN = "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$";

/** Whether `address` is a valid e-mail address (at most 254 characters). */
export function isValidEmail(address: string): boolean {
  return address.length <= 254 && new RegExp(EMAIL_PATTERN).test(address);
}

/** Spec §9 "Idle time": uiSessionTimeout minutes; the bounds a tenant may choose. */
export const UI_SESSION_TIMEOUT_DEFAULT_MINUTES = 30;
export const UI_SESSION_TIMEOUT_MIN_MINUTES = 5;
export const UI_SESSION_TIMEOUT_MAX_MINUTES = 720;

/** Spec §9 "Product version default" has a companion: "a default product name is used when unset". */
export const DEFAULT_PRODUCT_NAME = 'Cloud Portal';

/**
 * Tenant feature flags, by the features call that reports them (spec §7 `features/state`,
 * `features/status` (includes m365DeIdentifiedReports), `features/extra`, `features/pbi`).
 */
export const FEATURE_FLAGS = {
  state: ['assistant', 'savedViews', 'customReports', 'search'],
  status: ['m365DeIdentifiedReports', 'azureCostReports', 'securityReports'],
  extra: ['csvExport', 'scheduledEmails'],
  pbi: ['pbiEmbedding', 'pbiExport', 'pbiBookmarks'],
} as const;
export type FeatureGroup = keyof typeof FEATURE_FLAGS;

/** The group of a feature flag, or undefined for an unknown name. */
export function featureGroupOf(name: string): FeatureGroup | undefined {
  return (Object.keys(FEATURE_FLAGS) as FeatureGroup[]).find((g) => (FEATURE_FLAGS[g] as readonly string[]).includes(name));
}
