import type { SitePieces } from '../rules/sitePieces';
import { SERVICE, type Http } from './http';

/**
 * A connected site as its tenant's administrators see it: its secrets' ids, never their values.
 * @public
 */
export interface ConnectedSite {
  /** The site's id. */
  id: string;
  /** Its name as administrators see it. */
  name: string;
  /** The exact origins its pages are served from, such as `https://partner.example`. */
  origins: string[];
  /** The pieces its visitors may use. */
  pieces: SitePieces;
  /** The JWKS address the site's public keys are read from, or null. */
  jwksUrl: string | null;
  /** The site's PEM public key, or null. */
  publicKey: string | null;
  /** A disabled site's visitors are refused (`site-disabled`) and its origins get no CORS answer. */
  enabled: boolean;
  /** The signing secrets in use (at most two, while one is rotated): ids and dates only. */
  secrets: { id: string; createdAt: string }[];
  /** When it was created (ISO 8601). */
  createdAt: string;
  /** When it last changed (ISO 8601). */
  updatedAt: string;
}

/**
 * What an administrator sends to create or change a site.
 * @public
 */
export interface ConnectedSiteInput {
  /** The site's name. */
  name: string;
  /** The exact origins its pages are served from. */
  origins: string[];
  /** The pieces its visitors may use. */
  pieces: SitePieces;
  /** A JWKS address the site's public keys are read from; null removes it. */
  jwksUrl?: string | null;
  /** A PEM public key the site's tokens are signed for; null removes it. */
  publicKey?: string | null;
  /** Whether the site's visitors are let in. @default true */
  enabled?: boolean;
}

/**
 * A signing secret, answered once, when it is made: its id (the token header's `kid`) and its value.
 * @public
 */
export interface NewSiteSecret {
  /** The secret's id: the `kid` of the tokens it signs. */
  id: string;
  /** The secret itself, shown this once. */
  value: string;
}

/**
 * The answer to creating a site: the site and its first secret (shown once).
 * @public
 */
export interface CreatedSite {
  /** The site as created. */
  site: ConnectedSite;
  /** Its first signing secret. */
  secret: NewSiteSecret;
}

/**
 * One change of a tenant's connected sites (the audit trail).
 * @public
 */
export interface ConnectedSiteChange {
  /** The site's id. */
  siteId: string;
  /** The site's name at the time. */
  siteName: string;
  /** Who changed it (user name). */
  by: string;
  /** What was done. */
  action: 'created' | 'updated' | 'enabled' | 'disabled' | 'deleted' | 'secret-added' | 'secret-revoked';
  /** When (ISO 8601). */
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
