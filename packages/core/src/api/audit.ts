import type { AuditCategory, AuditEvent } from '../rules/audit';
import { SERVICE, type Http } from './http';

export type { AuditEvent };

// spec §2
/**
 * The answer to an audit event: `recorded` is false for a location excluded from audit logging
 * ('/', '/id_token' and '/tenant').
 * @public
 */
export interface AuditReceipt {
  /** Whether the event was stored. */
  recorded: boolean;
}

/**
 * Events of one category, counted.
 * @public
 */
export type AuditTotals = Record<AuditCategory, number>;

/**
 * The tenant's audit statistics over the last `days` days (tenant administrators only).
 * @public
 */
export interface AuditStatistics {
  /** How many days back the statistics reach. */
  days: number;
  /** ISO timestamp of the window's start. */
  since: string;
  /** The events recorded in the window. */
  totals: AuditTotals;
  /** Users of the tenant who recorded any event in the window. */
  users: number;
  /** Users of the tenant seen (keepalive or event) within the active window (see `ACTIVE_USER_WINDOW_MINUTES`). */
  activeUsers: number;
  /** The most visited menu pages, most visits first (at most 10). */
  topPages: { name: string; displayName: string; count: number }[];
  /** The most viewed reports, most views first (at most 10). */
  reportViews: { reportId: string; count: number }[];
}

/**
 * The keepalive answer.
 * @public
 */
export interface KeepaliveReceipt {
  /** The server's clock (ISO). */
  serverTime: string;
}

// spec §7 "Audit"
/**
 * The audit service client (base /services/audit): records audit events, reads the tenant's audit
 * statistics and sends the keepalive ping.
 * @public
 */
export function createAuditApi(http: Http) {
  const api = (path: string) => http.service(SERVICE.audit, `/api${path}`);
  return {
    // spec §7; §8
    /**
     * POST /services/audit/api/audit/event — record an audit event for the signed-in user (202).
     * Credentials are sent. The portal's own callers swallow failures; this function throws
     * them so the caller decides.
     */
    event: (event: AuditEvent) =>
      http.request<AuditReceipt>('POST', api('/audit/event'), { json: event, credentials: true }),
    /** GET /services/audit/api/audit/statistics?days= — the tenant's counts by category, top pages and report views (tenant administrators only). */
    statistics: (days?: number) => http.request<AuditStatistics>('GET', api('/audit/statistics'), { query: { days } }),
    // spec §4 "Idle session"
    /** POST /services/audit/api/keepalive — the keepalive ping: records the caller's last activity. */
    keepalive: () => http.request<KeepaliveReceipt>('POST', api('/keepalive'), { credentials: true }),
  };
}

/**
 * The audit service client.
 * @public
 */
export type AuditApi = ReturnType<typeof createAuditApi>;
