import type { SitePieces } from '../rules/sitePieces';
import { takeEarlyRefresh } from './earlyRefresh';
import { SERVICE, type Http, type HttpResult } from './http';
import type { Account, Whois } from './identity';
import { SESSION_BUNDLE_QUERY, type TokenWithSession } from './sessionBundle';

export type { Account, TokenResponse, Whois } from './identity';

// spec §3 "Login payload"
/**
 * Sent on sign-in with the identity token. `upn` is lower-cased by the
 * caller (see `loginPayload` in the sign-in flow); the server lower-cases it again.
 * @public
 */
export interface LoginPayload {
  /** The identity's object id (`oid`). */
  id: string;
  /** The tenant to sign in to: the identity's home tenant, or the one chosen on /tenant. */
  tenantId: string;
  /** The user principal name, lower-cased. */
  upn: string;
  /** Preview flag: the portal's preview features. */
  preview: boolean;
  /** The identity token (also sent as `X-Authorization: Bearer …`). */
  token: string;
}

// spec §8
/**
 * The sign-in answer: 200 with an app token (and the session bundle when asked for it), or 300 with
 * a token that may only pick a tenant.
 * @public
 */
export type LoginResult = HttpResult<TokenWithSession> & { status: 200 | 300 };

// spec §3
/**
 * Claims of the app token: subject, tenant, personas, features, user types, demo flag.
 * @public
 */
export interface AppTokenClaims {
  /** The subject: the user's id. */
  sub: string;
  /** The tenant id. */
  tid: string;
  /** The personas the user holds. */
  personas: string[];
  /** The feature types the user holds (they gate menu items). */
  features: string[];
  /** User (account) types, e.g. ARM, Office365. */
  utype: string[];
  /** Demo flag: the settings drawer shows a banner. */
  d: boolean;
  // spec §5
  /** Expiry in seconds since the epoch; absent means the token never expires. */
  exp?: number;
  /** `tenant-select` on the 300 answer's token: it may only list tenants and exchange for a tenant token. */
  scope?: 'tenant-select';
  /** On a connected site's visitor's token: the site, the origin it is good on, its pieces. */
  site?: AppTokenSite;
}

/**
 * The connected site an app token was issued for: it is good only on `origin`, for `pieces`.
 * @public
 */
export interface AppTokenSite {
  /** The connected site's id. */
  id: string;
  /** The origin the token is good on. */
  origin: string;
  /** The pieces the site may show. */
  pieces: SitePieces;
}

/**
 * A tenant the signed-in identity belongs to (`GET /api/tenants`).
 * @public
 */
export interface TenantSummary {
  /** The tenant's id. */
  id: string;
  /** Its name as shown. */
  displayName: string;
}

/**
 * `GET /api/auth/config`: how this portal signs users in — the demo accounts, Entra ID (MSAL), or both.
 * @public
 */
export interface AuthConfig {
  /** The reference server's demo accounts are offered (`DEV_SIGN_IN`). */
  devSignIn: boolean;
  /** The Entra ID app the MSAL provider signs in with; null when Entra ID is not configured. */
  msal: { clientId: string; authority: string } | null;
}

/**
 * A demo account of the reference server's dev identity issuer.
 * @public
 */
export interface DevAccount {
  /** The account's e-mail: its sign-in name. */
  email: string;
  /** The user's name as shown. */
  displayName: string;
  /** The names of the tenants the account belongs to. */
  tenants: string[];
}

const REFRESH_PATH = '/api/auth/refresh-token';

/** A refresh answer: 204 (no refresh cookie was presented) is no token. */
const tokenOrNone = (answer: HttpResult<TokenWithSession>) => (answer.status === 204 ? null : answer.body);

// spec §7 "Authentication and account"
/**
 * Plus the reference server's dev identity issuer.
 * @public
 */
export function createAuthApi(http: Http) {
  const portal = (path: string) => http.service(SERVICE.portal, path);
  return {
    /**
     * Signs in with an identity token: `POST /api/auth/azure/token` when `azureToken` is true, else
     * `/api/auth/azure/tenant/token`; `X-Authorization: Bearer <identity token>`, credentials sent.
     * Resolves 200 or 300 (several tenants); 409, 423 and others reject with an ApiError.
     * `withCookie` false: a connected site's page, which gets no refresh cookie.
     */
    login(payload: LoginPayload, azureToken = true, withCookie = true, withSession = false): Promise<LoginResult> {
      const path = azureToken ? '/api/auth/azure/token' : '/api/auth/azure/tenant/token';
      return http.exchange<TokenWithSession>('POST', path, {
        json: payload,
        ...(withSession ? { query: SESSION_BUNDLE_QUERY } : {}),
        headers: { 'X-Authorization': `Bearer ${payload.token}` },
        credentials: withCookie,
        acceptStatus: [300],
      }) as Promise<LoginResult>;
    },
    /**
     * `POST /api/auth/refresh-token`: no body, credentials sent; rotates the refresh cookie. With
     * `withSession`, `?include=session`: the answer also carries the session bundle (`SessionBundle`).
     * Resolves `null` on 204: no refresh cookie was presented (a visitor who is not signed in); a
     * spent, revoked or expired one rejects with a 401 ApiError.
     */
    async refreshToken(withSession = false): Promise<TokenWithSession | null> {
      return tokenOrNone(
        await http.exchange<TokenWithSession>('POST', REFRESH_PATH, {
          auth: false,
          credentials: true,
          ...(withSession ? { query: SESSION_BUNDLE_QUERY } : {}),
        }),
      );
    },
    /**
     * The resuming refresh an element asked for while its view loaded (`startEarlyRefresh`), once,
     * read like `refreshToken(true)`'s answer; `undefined` when none was asked or it failed to arrive
     * (the caller refreshes itself). It ran under the refresh lock: take it outside the lock.
     */
    earlyResume(): Promise<TokenWithSession | null | undefined> | undefined {
      const early = takeEarlyRefresh(http.url(REFRESH_PATH));
      return early?.then(async (response) => {
        if (!response) return undefined;
        return tokenOrNone(
          await http.exchange<TokenWithSession>('POST', REFRESH_PATH, {
            auth: false,
            early: Promise.resolve(response),
          }),
        );
      });
    },
    /**
     * `POST /api/auth/partner/token {token}`: a connected site's partner token, from its
     * back end, for an app token of that site's visitor. No credentials: no refresh cookie is involved.
     * A refusal rejects with an ApiError whose body carries `code` (rules' `PARTNER_REFUSALS`) and `message`.
     */
    partnerToken(token: string, withSession = false): Promise<TokenWithSession> {
      return http.request<TokenWithSession>('POST', '/api/auth/partner/token', {
        auth: false,
        json: { token },
        ...(withSession ? { query: SESSION_BUNDLE_QUERY } : {}),
      });
    },
    /** `POST {logoutPath}/api/auth/logout` with credentials: revokes the refresh cookie. */
    logout(logoutPath = ''): Promise<void> {
      return http.request<void>('POST', `${logoutPath}/api/auth/logout`, { credentials: true, responseType: 'none' });
    },
    /** `GET /services/api-portal-customer/api/account`. */
    account: () => http.request<Account>('GET', portal('/api/account')),
    // spec: the who-is path is not shown; this one is our choice.
    /** Who-is via the account service: `GET /services/api-portal-customer/api/account/whois` (the path is our choice). */
    accountWhois: () => http.request<Whois>('GET', portal('/api/account/whois')),
    /** `GET /services/api-portal-customer/api/tenants`: the identity's tenants (also with the 300 token). */
    tenants: () => http.request<TenantSummary[]>('GET', portal('/api/tenants')),
    /** `GET /api/auth/config` (public): the sign-in methods the server offers. */
    config: () => http.request<AuthConfig>('GET', '/api/auth/config', { auth: false }),
    /** `GET /api/dev/accounts`: the demo accounts (reference server only; 404 when dev sign-in is off). */
    devAccounts: () => http.request<DevAccount[]>('GET', '/api/dev/accounts', { auth: false }),
    /** `POST /api/dev/identity-token {email}` → `{id_token}` for a demo account. */
    devIdentityToken: (email: string) =>
      http.request<{ id_token: string }>('POST', '/api/dev/identity-token', { auth: false, json: { email } }),
  };
}

/**
 * The auth and account calls.
 * @public
 */
export type AuthApi = ReturnType<typeof createAuthApi>;
