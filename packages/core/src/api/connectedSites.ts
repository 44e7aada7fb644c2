import type { SitePieces } from '../rules/sitePieces';
import { SERVICE, type Http } from './http';

/**
 * A connected site as its tenant's administrators see it: its secrets' ids, never their values.
 * @public
 */
export interface ConnectedSite {
  id: string;
  name: string;
  origins: string[];
  pieces: SitePieces;
  /** The JWKS address the site's public keys are read from, or null. */
  jwksUrl: string | null;
  /** The site's PEM public key, or null. */
  publicKey: string | null;
  /** A disabled site's visitors are refused (`site-disabled`) and its origins get no CORS answer. */
  enabled: boolean;
  /** The signing secrets in use (at most two, while one is rotated): ids and dates only. */
  secrets: { id: string; createdAt: string }[];
  createdAt: string;
  updatedAt: string;
}

/**
 * What an administrator sends to create or change a site.
 * @public
 */
export interface ConnectedSiteInput {
  name: string;
  origins: string[];
  pieces: SitePieces;
  jwksUrl?: string | null;
  publicKey?: string | null;
  enabled?: boolean;
}

/**
 * A signing secret, answered once, when it is made: its id (the token header's `kid`) and its value.
 * @public
 */
export interface NewSiteSecret {
  id: string;
  value: string;
}

/**
 * The answer to creating a site: the site and its first secret (shown once).
 * @public
 */
export interface CreatedSite {
  site: ConnectedSite;
  secret: NewSiteSecret;
}

/**
 * One change of a tenant's connected sites (the audit trail).
 * @public
 */
export interface ConnectedSiteChange {
  siteId: string;
  siteName: string;
  /** Who changed it (user name). */
  by: string;
  action: 'created' | 'updated' | 'enabled' | 'disabled' | 'deleted' | 'secret-added' | 'secret-revoked';
  at: string;
}

/** The connected sites' base path of the settings service. */
export const CONNECTED_SITES_PATH = '/api/connected-sites';

/**
 * The connected sites' administration: settings administrators only.
 * @public
 */
export function createConnectedSitesApi(http: Http) {
  const path = (rest = '') => http.service(SERVICE.portal, `${CONNECTED_SITES_PATH}${rest}`);
  const site = (id: string) => `/${encodeURIComponent(id)}`;
  return {
    list: () => http.request<ConnectedSite[]>('GET', path()),
    create: (input: ConnectedSiteInput) => http.request<CreatedSite>('POST', path(), { json: input }),
    update: (id: string, input: ConnectedSiteInput) =>
      http.request<ConnectedSite>('PUT', path(site(id)), { json: input }),
    remove: (id: string) => http.request<void>('DELETE', path(site(id)), { responseType: 'none' }),
    addSecret: (id: string) => http.request<NewSiteSecret>('POST', path(`${site(id)}/secrets`)),
    revokeSecret: (id: string, secretId: string) =>
      http.request<void>('DELETE', path(`${site(id)}/secrets/${encodeURIComponent(secretId)}`), {
        responseType: 'none',
      }),
    changes: () => http.request<ConnectedSiteChange[]>('GET', path('/changes')),
  };
}

/**
 * The connected sites' administration calls.
 * @public
 */
export type ConnectedSitesApi = ReturnType<typeof createConnectedSitesApi>;
