// The identity types of spec §3 that the auth calls, the settings calls and the session bundle share
// (a module of their own, so that none of those imports another in a loop).

// spec §3 "Authentication token response"
/**
 * The answer of the authentication calls (sign-in, token refresh, partner token): the app token.
 * @public
 */
export interface TokenResponse {
  /** The app token (a signed JWT). */
  access_token: string;
}

// spec §3 "User identity"
/**
 * The signed-in user's account: who they are, their role and tenant, and the personas and
 * features they hold.
 * @public
 */
export interface Account {
  /** The user's id. */
  id: string;
  /** The user principal name. */
  upn: string;
  /** The user's name as shown. */
  displayName: string;
  /** The user's role in the tenant, e.g. `ADMIN` or `USER`. */
  role: string;
  /** The tenant's account types, e.g. `ARM`, `Office365`. */
  types: string[];
  /** The tenant's currency (an ISO 4217 code such as `EUR`). @default 'USD' */
  currency: string;
  /** Whether the tenant is new: not onboarded yet. */
  newTenant: boolean;
  /** The tenant's id. */
  tenantId: string;
  /** The personas the user holds. */
  personas: string[];
  /** The feature types the user holds. */
  features: string[];
}

// spec §3 "Current user (whois)"
/**
 * The signed-in user as the who-is call answers it: the current tenant and what the user may do
 * with its settings and terms.
 * @public
 */
export interface Whois {
  /** The tenant the user is signed in to. */
  currentTenant: { id: string; displayName: string };
  /** The user principal name. */
  upn: string;
  /** Whether the user may change the tenant's settings (an administrator). */
  canManageSettings: boolean;
  /** Whether the terms dialog must be shown before the portal. */
  forceEula: boolean;
  /** Whether the user may accept the terms; when not, the dialog can only be closed by logging out. */
  canAcceptEula: boolean;
}
