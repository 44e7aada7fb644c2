import type { EmulatorFilter } from './definition';
import { normaliseFilters } from './filters';

/**
 * The emulator's bookmark state (`bookmarksManager.capture()` → `{state}`), and the access token's
 * expiry. Both work in the browser and in Node (TextEncoder, btoa and atob are in both).
 */

/**
 * What a captured state holds: the report, its active page, report filters and every page's filters.
 * @public
 */
export interface BookmarkState {
  /** Format version; only 1 exists. */
  v: 1;
  /** The report (entity) id it was captured on. */
  report: string;
  /** The active page's internal name. */
  page: string;
  /** The report-level filters. */
  filters: EmulatorFilter[];
  /** Page internal name → that page's filters. */
  pageFilters: Record<string, EmulatorFilter[]>;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * The opaque state string: base64url (no padding) of the state's JSON. Opaque to hosts, as Power BI's are.
 * @public
 */
export function encodeBookmarkState(state: Omit<BookmarkState, 'v'>): string {
  const full: BookmarkState = {
    v: 1,
    report: state.report,
    page: state.page,
    filters: state.filters,
    pageFilters: state.pageFilters,
  };
  return toBase64Url(JSON.stringify(full));
}

/**
 * Reads a state string back; answers why it is not one of ours otherwise.
 * @public
 */
export function decodeBookmarkState(text: unknown): { state: BookmarkState } | { error: string } {
  if (typeof text !== 'string' || text === '') return { error: 'The bookmark state must be a non-empty string.' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(text));
  } catch {
    return { error: 'The bookmark state is not one this report captured.' };
  }
  const s = parsed as Partial<BookmarkState> | null;
  if (typeof s !== 'object' || s === null || s.v !== 1) return { error: 'The bookmark state has an unknown version.' };
  if (typeof s.report !== 'string' || typeof s.page !== 'string')
    return { error: 'The bookmark state lacks its report or page.' };
  const filters = normaliseFilters(s.filters);
  if ('error' in filters) return { error: `The bookmark state's filters are not valid: ${filters.error}` };
  const pageFilters: Record<string, EmulatorFilter[]> = {};
  if (typeof s.pageFilters !== 'object' || s.pageFilters === null)
    return { error: "The bookmark state lacks its pages' filters." };
  for (const [page, list] of Object.entries(s.pageFilters)) {
    const checked = normaliseFilters(list);
    if ('error' in checked)
      return { error: `The bookmark state's filters of page ${page} are not valid: ${checked.error}` };
    pageFilters[page] = checked.filters;
  }
  return { state: { v: 1, report: s.report, page: s.page, filters: filters.filters, pageFilters } };
}

/**
 * The `exp` of a JWT access token in epoch ms, read without verifying it; undefined when it is no JWT or has no `exp`.
 * @public
 */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(fromBase64Url(payload)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An unsigned JWT (`alg: none`) with an `exp`, for tests: the emulator reads `exp` without verifying,
 * as Power BI's client does not see the signature either. A back end that checks tokens refuses it.
 * @public
 */
export function fakeAccessToken(options: { expiresInMs?: number; claims?: Record<string, unknown> } = {}): string {
  const now = Date.now();
  const exp = Math.floor((now + (options.expiresInMs ?? 3_600_000)) / 1000);
  const header = toBase64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
  const payload = toBase64Url(JSON.stringify({ iat: Math.floor(now / 1000), ...options.claims, exp }));
  return `${header}.${payload}.`;
}
