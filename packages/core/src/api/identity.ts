// The identity types of spec §3 that the auth calls, the settings calls and the session bundle share
// (a module of their own, so that none of those imports another in a loop).

/**
 * Spec §3 "Authentication token response".
 * @public
 */
export interface TokenResponse {
  access_token: string;
}

/**
 * Spec §3 "User identity".
 * @public
 */
export interface Account {
  id: string;
  upn: string;
  displayName: string;
  role: string;
  types: string[];
  /** @default 'USER' */
  currency: string;
  newTenant: boolean;
  tenantId: string;
  personas: string[];
  features: string[];
}

/**
 * Spec §3 "Current user (whois)".
 * @public
 */
export interface Whois {
  currentTenant: { id: string; displayName: string };
  upn: string;
  canManageSettings: boolean;
  forceEula: boolean;
  canAcceptEula: boolean;
}
