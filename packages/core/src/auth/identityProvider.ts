import type { AuthApi, DevAccount } from '../api/auth';
import { identityFromIdToken, type IdentityResult } from './session';

// spec §1
/**
 * Where the user proves who they are ("Sign-in is through a cloud identity provider, per
 * tenant"). The session engine takes the {@link IdentityResult} and exchanges it for an app token.
 * @public
 */
export interface IdentityProvider {
  /** `msal` (Entra ID through @azure/msal-browser) or `dev` (the reference server's demo accounts). */
  readonly kind: 'msal' | 'dev';
  /**
   * On page start: finishes a sign-in that is coming back from a redirect, or resumes one the
   * provider remembers. Resolves `null` when there is none.
   */
  initialize(): Promise<IdentityResult | null>;
  /**
   * Interactive sign-in. `hint` is the account (an e-mail): required by `dev`, a login hint for
   * `msal`. Resolves `null` when the page is navigating away (a redirect sign-in).
   */
  signIn(hint?: string): Promise<IdentityResult | null>;
  /** Ends the provider's own session (MSAL's logout); the portal's logout calls it last. */
  signOut(): Promise<void>;
}

/**
 * The dev provider also lists its accounts, for the sign-in page's buttons.
 * @public
 */
export interface DevIdentityProvider extends IdentityProvider {
  /** Always `'dev'`. */
  readonly kind: 'dev';
  /** The demo accounts to sign in with. */
  accounts(): Promise<DevAccount[]>;
}

/**
 * The reference server's demo accounts (`GET /api/dev/accounts`, `POST /api/dev/identity-token`):
 * the embedded default sign-in of `npm start`. It keeps nothing between page loads — a reload
 * resumes through the refresh cookie instead.
 * @public
 */
export function createDevIdentityProvider(auth: AuthApi): DevIdentityProvider {
  return {
    kind: 'dev',
    accounts: () => auth.devAccounts(),
    initialize: async () => null,
    async signIn(email) {
      if (!email) throw new Error('Choose a demo account to sign in with.');
      const { id_token } = await auth.devIdentityToken(email);
      return identityFromIdToken(id_token);
    },
    signOut: async () => undefined,
  };
}
