import {
  AuthError,
  CacheLookupPolicy,
  createStandardPublicClientApplication,
  InteractionRequiredAuthError,
  type AccountInfo,
  type AuthenticationResult,
  type IPublicClientApplication,
} from '@azure/msal-browser';
import type { IdentityProvider } from './identityProvider';
import { identityFromIdToken, type IdentityResult } from './session';

// spec §1, §4 "Authentication", §8 "Sign-in library and storage"
/**
 * The settings of Entra ID sign-in through `@azure/msal-browser`: the app registration, where the
 * user is sent back, how sign-in interacts and where MSAL keeps its cache. A separate entry
 * (`@cloudportal/core/msal`) so a page that signs in another way never loads MSAL.
 * @public
 */
export interface MsalProviderConfig {
  /** The app registration's client id. */
  clientId: string;
  /** @default 'https://login.microsoftonline.com/organizations' */
  authority?: string;
  /** Where Entra ID sends the user back; the host serves the redirect bridge there. @default `${origin}/id_token` */
  redirectUri?: string;
  /** Where Entra ID's logout lands. @default `${origin}/login` */
  postLogoutRedirectUri?: string;
  /** Interactive sign-in by full-page redirect or in a popup. @default 'redirect' */
  interaction?: 'redirect' | 'popup';
  /** @default ['openid', 'profile', 'email'] */
  scopes?: string[];
  /** Where MSAL keeps its cache. @default 'sessionStorage' */
  cacheLocation?: 'sessionStorage' | 'localStorage' | 'memoryStorage';
}

// spec §8; §4
/**
 * Library codes that mean "the user must interact": silent flows fall back to an iframe, then to interaction.
 * @internal
 */
export const INTERACTION_CODES = [
  'interaction_required',
  'consent_required',
  'login_required',
  'no_tokens_found',
  'refresh_token_expired',
  'token_refresh_required',
  'invalid_grant',
  'bad_token',
] as const;

// spec §8
/**
 * A sign-in library failure, with the library's code.
 * @public
 */
export class IdentityError extends Error {
  /** Always `'IdentityError'`. */
  override readonly name = 'IdentityError';
  /** An error with the library's `code` and its message. */
  constructor(
    /** The library's error code, e.g. `interaction_required`. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The library's error code, whatever shape the error has.
 * @public
 */
export function libraryCode(error: unknown): string {
  if (error instanceof AuthError) return error.errorCode;
  if (error && typeof error === 'object' && 'errorCode' in error && typeof error.errorCode === 'string')
    return error.errorCode;
  return 'unknown_error';
}

// spec §4/§8
/**
 * Whether a silent failure should fall back to the next flow (iframe, then interaction).
 * @public
 */
export function needsInteraction(error: unknown): boolean {
  return (
    error instanceof InteractionRequiredAuthError ||
    (INTERACTION_CODES as readonly string[]).includes(libraryCode(error))
  );
}

// spec §4 "On back/forward navigation, no_server_response is muted."
/**
 * Whether a sign-in error is muted (not shown to the user): MSAL's `no_server_response` when the
 * page was reached by back/forward navigation.
 * @public
 */
export function isMutedRedirectError(error: unknown, navigationType: string | undefined): boolean {
  return libraryCode(error) === 'no_server_response' && navigationType === 'back_forward';
}

function navigationType(): string | undefined {
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0] as { type?: string } | undefined;
  return entry?.type;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function toIdentity(result: AuthenticationResult): IdentityResult {
  const identity = result.idToken ? identityFromIdToken(result.idToken) : null;
  if (!identity) throw new IdentityError('bad_token', 'The identity token names no user, tenant or object id.');
  return identity;
}

/**
 * Creates the MSAL identity provider. MSAL itself is created on `initialize()`.
 * @public
 */
export function createMsalIdentityProvider(
  config: MsalProviderConfig,
): IdentityProvider & { readonly msal: () => IPublicClientApplication | undefined } {
  const origin = globalThis.location?.origin ?? '';
  const scopes = config.scopes ?? ['openid', 'profile', 'email'];
  const interaction = config.interaction ?? 'redirect';
  let pca: IPublicClientApplication | undefined;

  async function app(): Promise<IPublicClientApplication> {
    pca ??= await createStandardPublicClientApplication({
      auth: {
        clientId: config.clientId,
        authority: config.authority ?? 'https://login.microsoftonline.com/organizations',
        redirectUri: config.redirectUri ?? `${origin}/id_token`,
        postLogoutRedirectUri: config.postLogoutRedirectUri ?? `${origin}/login`,
      },
      cache: { cacheLocation: config.cacheLocation ?? 'sessionStorage' },
    });
    return pca;
  }

  async function interactive(client: IPublicClientApplication, loginHint?: string): Promise<IdentityResult | null> {
    try {
      if (interaction === 'popup') {
        const result = await client.loginPopup({ scopes, loginHint });
        client.setActiveAccount(result.account);
        return toIdentity(result);
      }
      await client.loginRedirect({ scopes, loginHint });
      return null;
    } catch (error) {
      throw new IdentityError(libraryCode(error), messageOf(error));
    }
  }

  // spec §4
  /**
   * Silent first (a fresh identity token from MSAL's refresh token), then the hidden iframe
   * (ssoSilent with the account as login hint), then interaction.
   */
  async function acquire(
    client: IPublicClientApplication,
    account: AccountInfo | undefined,
    loginHint: string | undefined,
  ): Promise<IdentityResult | null> {
    if (account) {
      try {
        // A fresh identity token from the refresh token only (the server verifies its expiry, so a
        // cached one may be stale); the iframe is the next step, taken explicitly below.
        return toIdentity(
          await client.acquireTokenSilent({
            scopes,
            account,
            forceRefresh: true,
            cacheLookupPolicy: CacheLookupPolicy.RefreshToken,
          }),
        );
      } catch (silentError) {
        if (!needsInteraction(silentError)) throw new IdentityError(libraryCode(silentError), messageOf(silentError));
      }
    }
    const hint = account?.username ?? loginHint;
    if (hint) {
      try {
        const result = await client.ssoSilent({ scopes, loginHint: hint });
        client.setActiveAccount(result.account);
        return toIdentity(result);
      } catch (iframeError) {
        if (!needsInteraction(iframeError) && libraryCode(iframeError) !== 'timed_out')
          throw new IdentityError(libraryCode(iframeError), messageOf(iframeError));
      }
    }
    return interactive(client, hint);
  }

  return {
    kind: 'msal',
    msal: () => pca,
    async initialize() {
      const client = await app();
      let result: AuthenticationResult | null;
      try {
        result = await client.handleRedirectPromise();
      } catch (error) {
        if (isMutedRedirectError(error, navigationType())) return null;
        throw new IdentityError(libraryCode(error), messageOf(error));
      }
      if (!result) return null;
      client.setActiveAccount(result.account);
      return toIdentity(result);
    },
    async signIn(hint) {
      const client = await app();
      return acquire(client, client.getActiveAccount() ?? client.getAllAccounts()[0], hint);
    },
    async signOut() {
      const client = await app();
      const account = client.getActiveAccount() ?? client.getAllAccounts()[0];
      if (!account) return;
      await client.logoutRedirect({
        account,
        postLogoutRedirectUri: config.postLogoutRedirectUri ?? `${origin}/login`,
      });
    },
  };
}

/**
 * On the redirect page (`redirectUri`) opened in a popup or a hidden iframe: hands MSAL's answer to
 * the main window (MSAL 5's redirect bridge) and resolves true — the page should then render
 * nothing else. Resolves false in a normal page load.
 * @public
 */
export async function relayRedirectResponse(): Promise<boolean> {
  const w = globalThis.window as (Window & typeof globalThis) | undefined;
  if (!w) return false;
  const inFrameOrPopup = w.parent !== w || !!w.opener;
  const carriesAnswer = /[#&?](code|error|state)=/.test(`${w.location.hash}${w.location.search}`);
  if (!inFrameOrPopup || !carriesAnswer) return false;
  const { broadcastResponseToMainFrame } = await import('@azure/msal-browser/redirect-bridge');
  await broadcastResponseToMainFrame();
  return true;
}
