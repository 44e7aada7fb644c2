// spec §2 "Routes", §3 "Audit event", §6 "Audit events are sent only for authenticated users", §7 "Audit"
// and "Statistics logging"
/**
 * Rules of the audit trail: which events are logged (only for signed-in users) and what each event
 * carries, shared by the shell that sends the events and the reference server that stores them.
 */
import { createTranslator, type Translate } from '../i18n/messages';
import { shellEn } from '../i18n/shellMessages';

// spec §3 "Audit event", §7 "Statistics logging"
/**
 * One event of the audit trail. Navigation events carry the locations and the
 * tab; analytics events (the "Power BI report view" statistic) carry the report id, page name and
 * url; a logout event carries nothing else.
 * @public
 */
export interface AuditEvent {
  /** What kind of event it is. */
  category: AuditCategory;
  /** The route navigated to (navigation: required). */
  location?: string | null;
  /** The route navigated from. */
  previousLocation?: string | null;
  /** The page label of `location`. */
  locationName?: string | null;
  /** The page label of `previousLocation`. */
  previousLocationName?: string | null;
  /** The tab of the page navigated to. */
  tabName?: string | null;
  /** The report viewed (analytics: required). */
  reportId?: string | null;
  /** The report page viewed (analytics). */
  pageName?: string | null;
  /** The embed URL of the report viewed (analytics). */
  url?: string | null;
}

const english = /* @__PURE__ */ createTranslator();

// spec §3 "category (navigation, analytics or logout)"
/**
 * The kinds of audit event: navigation, analytics or logout (an event's `category`).
 * @public
 */
export const AUDIT_CATEGORIES = ['navigation', 'analytics', 'logout'] as const;

/**
 * One of {@link AUDIT_CATEGORIES}.
 * @public
 */
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

// spec §2: "The names '/' (no label), '/id_token' (labelled Authenticate) and '/tenant' (labelled
// Select Tenant) are excluded from navigation audit logging."
/**
 * The locations whose navigation is not audit-logged: '/' (no label), '/id_token' (labelled
 * Authenticate) and '/tenant' (labelled Select Tenant). Name → label (the catalogue's route labels).
 */
export const UNAUDITED_LOCATIONS: Readonly<Record<string, string>> = {
  '/': '',
  '/id_token': english('route.idToken'),
  '/tenant': english('route.tenant'),
};

/** The path of a location: no origin, query string or fragment, no trailing slash (but '/' stays '/'). */
function pathOf(location: string): string {
  const withoutOrigin = location.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = withoutOrigin.split(/[?#]/)[0] ?? '';
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

// spec §2
/**
 * Whether navigating to `location` is audit-logged (every location but '/', '/id_token' and '/tenant').
 * @public
 */
export function isAuditedLocation(location: string): boolean {
  return !Object.prototype.hasOwnProperty.call(UNAUDITED_LOCATIONS, pathOf(location));
}

/**
 * Longest text the audit service stores in a location or URL field.
 * @internal
 */
export const AUDIT_LOCATION_MAX = 2048;
/**
 * Longest text the audit service stores in a name field (location names, tab, report and page names).
 * @internal
 */
export const AUDIT_NAME_MAX = 200;

// spec §9 "Keepalive interval 15 (unit as configured)"
/**
 * Minutes within which a user counts as active in the statistics: two keepalive intervals
 * (the reference portal configures minutes).
 * @internal
 */
export const ACTIVE_USER_WINDOW_MINUTES = 30;

// The shell's English texts (it sends the events), for the server's refusals. Pure, so a bundle that
// never validates an event leaves them out.
const shellEnglish: Translate = /* @__PURE__ */ createTranslator(shellEn);

/**
 * Messages of {@link auditEventError} in English (the catalogue's `audit.*`).
 * @internal
 */
export const AUDIT_MESSAGES = {
  navigationLocation: /* @__PURE__ */ shellEnglish('audit.location.required'),
  analyticsReport: /* @__PURE__ */ shellEnglish('audit.report.required'),
} as const;

/**
 * Why an audit event cannot be stored, in `t`'s words (English by default), or null when it can:
 * navigation needs a location, analytics a report id.
 * @public
 */
export function auditEventError(
  event: Pick<AuditEvent, 'category' | 'location' | 'reportId'>,
  t: Translate = shellEnglish,
): string | null {
  if (event.category === 'navigation' && !event.location?.trim()) return t('audit.location.required');
  if (event.category === 'analytics' && !event.reportId?.trim()) return t('audit.report.required');
  return null;
}

/**
 * Where the user was and is going, for a navigation event.
 * @public
 */
export interface NavigationChange {
  /** The route navigated to. */
  location: string;
  /** The page label of `location`. */
  locationName?: string | null;
  /** The route navigated from. */
  previousLocation?: string | null;
  /** The page label of `previousLocation`. */
  previousLocationName?: string | null;
  /** The tab of the page navigated to. */
  tabName?: string | null;
}

// spec §7 "Statistics logging"; §2
/**
 * The navigation event {category navigation, previousLocation,
 * location, previousLocationName, locationName, tabName}; null for a location that is not
 * audit-logged (see {@link isAuditedLocation}).
 * @public
 */
export function navigationEvent(change: NavigationChange): AuditEvent | null {
  if (!isAuditedLocation(change.location)) return null;
  return {
    category: 'navigation',
    location: change.location,
    locationName: change.locationName ?? null,
    previousLocation: change.previousLocation ?? null,
    previousLocationName: change.previousLocationName ?? null,
    tabName: change.tabName ?? null,
  };
}

// spec §7 "Statistics logging"
/**
 * The Power BI report view (url, report id, page name), an analytics event.
 * @public
 */
export function reportViewEvent(view: {
  reportId: string;
  pageName?: string | null;
  url?: string | null;
  tabName?: string | null;
}): AuditEvent {
  return {
    category: 'analytics',
    reportId: view.reportId,
    pageName: view.pageName ?? null,
    url: view.url ?? null,
    tabName: view.tabName ?? null,
  };
}

// spec §4 "Logout": "The logout statistic is logged"
/**
 * The logout event, logged when the user logs out, with the location the user logged out from when given.
 * @public
 */
export function logoutEvent(location?: string | null): AuditEvent {
  return location === undefined ? { category: 'logout' } : { category: 'logout', location };
}
