import { SERVICE, type Http } from './http';

// spec §3 "Page of an embedded report"
/**
 * The shape Power BI answers to `GET /report/pages`.
 * `visibility` is Power BI's SectionVisibility: 0 always visible, 1 hidden in view mode.
 * @public
 */
export interface EmbeddedReportPage {
  /** Power BI's internal page name, e.g. `ReportSection3f9c0e1a…`. */
  name: string;
  // spec §4
  /** The name users see; the configured report page is matched against it. */
  displayName: string;
  /** 0: always visible; 1: hidden in view mode. */
  visibility: 0 | 1;
  /** Exactly one page of a report is active. */
  isActive: boolean;
}

// spec §3 "Report settings from the server" (`reportEmbedded {token, entityUrl, entityId}`) and
// §7 "Report embedding" ("The embed response has token, entityId, entityUrl"); §2
/**
 * The embed answer: what is needed to show a report.
 *
 * Flat: the embed token, the entity URL and the entity id sit beside the report's own fields rather
 * than in an object of their own. When the report is not licensed for
 * the tenant, `token`, `entityUrl` and `entityId` are `null` and `description` / `errorMessage`
 * fill the 'Unlicensed feature' card.
 * @public
 */
export interface ReportEmbed {
  /** The report id the call named (a demo report id or a custom report id). */
  id: string;
  /** The report's name as shown. */
  name: string;
  /** What the report shows; for an unlicensed report, the 'Unlicensed feature' card's text. */
  description: string;
  /** The action text of the 'Unlicensed feature' card; `null` lets the client say 'Please contact your partner.'. */
  errorMessage: string | null;
  // spec §4 "On load…"
  /** The display name of the page to open first; `null` when none is configured. */
  reportPage: string | null;
  /** A signed, short-lived embed token (never the app token); `null` when unlicensed. */
  token: string | null;
  /** `https://app.powerbi.com/reportEmbed?reportId={entityId}&groupId={workspace}`; `null` when unlicensed. */
  entityUrl: string | null;
  /** The Power BI report id (a GUID); `null` when unlicensed. */
  entityId: string | null;
  /** When `token` expires (ISO 8601); `null` when unlicensed. */
  expiration: string | null;
  // spec §7 "POST {token}"
  /**
   * Where to `POST` for a fresh token before `expiration`; pass it to
   * `refreshEmbedToken`. A path on the API's origin; `null` when unlicensed.
   */
  tokenUrl: string | null;
  /**
   * The report's pages, for the offline demo engine (a real Power BI frame answers them itself).
   * Empty when unlicensed; an external embed lists only the pages visible in view mode.
   */
  pages: EmbeddedReportPage[];
}

/**
 * The answer of `POST {tokenUrl}`: a fresh embed token for the same report, tenant and scope.
 * @public
 */
export interface EmbedTokenRefresh {
  /** The fresh embed token. */
  token: string;
  /** ISO 8601. */
  expiration: string;
}

/**
 * A server-handed URL must be a path on the API's own origin: the http helper sends the app token
 * with it, which must never reach another host.
 */
function sameOriginPath(url: string): string {
  if (!/^\/(?!\/)[^\s\\]*$/.test(url))
    throw new TypeError(`Refusing to call "${url}": an embed token URL must be a path on the API's origin.`);
  return url;
}

// spec §7 "Report embedding"
/**
 * The report embedding client (base /services/api-portal-customer, optional prefix): the embed
 * answers of the product's and the tenant's reports, and the embed token refresh.
 * @public
 */
export function createReportsApi(http: Http) {
  const api = (path: string) => http.service(SERVICE.portal, `/api/report${path}`);
  const id = encodeURIComponent;
  return {
    /** GET /api/report/embed/token/report/{id} — embed info of one of the product's reports. */
    reportEmbed: (reportId: string) => http.request<ReportEmbed>('GET', api(`/embed/token/report/${id(reportId)}`)),
    /** GET /api/report/custom/{id}/embed/token — embed info of one of the tenant's custom reports. */
    customReportEmbed: (reportId: string) =>
      http.request<ReportEmbed>('GET', api(`/custom/${id(reportId)}/embed/token`)),
    /**
     * GET /api/report/custom/{id}/ext/embed — embed info of a custom report for an external (partner
     * site) embedding: a longer-lived token scoped `ext`, and only the pages visible in view mode.
     */
    customReportExtEmbed: (reportId: string) =>
      http.request<ReportEmbed>('GET', api(`/custom/${id(reportId)}/ext/embed`)),
    // spec §7 "POST {token}"
    /**
     * POST {token} — the embed token refresh: `tokenUrl` is the `ReportEmbed.tokenUrl` the embed answer
     * handed out; answers a fresh token. Throws a TypeError, without calling, for a URL that is not a
     * path on the API's origin (the promise rejects; nothing is sent).
     */
    refreshEmbedToken: async (tokenUrl: string) => http.request<EmbedTokenRefresh>('POST', sameOriginPath(tokenUrl)),
  };
}

// spec §7 "Report embedding"
/**
 * The typed client.
 * @public
 */
export type ReportsApi = ReturnType<typeof createReportsApi>;
