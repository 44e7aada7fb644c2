/**
 * A connected site's visitor's session: the app token comes from the partner's token
 * provider, exchanged at `POST /api/auth/partner/token`, in place of the refresh cookie — at start,
 * and again before the app token expires, through the session engine's single-flight refresh.
 */
import type { WritableAtom } from 'nanostores';
import type { AuthApi } from '../api/auth';
import type { TokenWithSession } from '../api/sessionBundle';
import { isApiError } from '../api/errors';
import type { Translate } from '../i18n/messages';
import { isPartnerRefusal, type PartnerRefusal } from '../rules/sitePieces';
import { loginPayload } from '../rules/session';
import type { IdentityProvider } from './identityProvider';
import { identityFromIdToken, type IdentityResult } from './session';

/**
 * An async function of the partner's page that answers, for the visitor, a fresh partner token (a
 * JWT its back end signed with the connected site's secret or key), or `{ idToken }`: an Entra ID
 * identity token for the portal's app registration (see {@link identityTokenProvider}). Called when
 * the SDK needs an app token: at start, and before the app token expires.
 * @public
 */
export type TokenProvider = () => Promise<string | { idToken: string }>;

/**
 * A {@link TokenProvider} of an identity provider (`createMsalIdentityProvider(…)`): Entra ID sign-in
 * on a connected site's page. Each call asks it for a fresh identity token — silently
 * when it can — which the portal exchanges for an app token of the site.
 * @public
 */
export function identityTokenProvider(provider: Pick<IdentityProvider, 'initialize' | 'signIn'>): TokenProvider {
  let initialized: Promise<IdentityResult | null> | undefined;
  return async () => {
    // The first call finishes a redirect sign-in coming back; later calls renew silently.
    const first = !initialized;
    initialized ??= provider.initialize();
    const identity = (first ? await initialized : null) ?? (await provider.signIn());
    if (!identity) throw new Error('The identity provider is signing in (redirect).');
    return { idToken: identity.idToken };
  };
}

/**
 * Why a connected site's visitor is not signed in: the server's refusal (`code` one of
 * `PARTNER_REFUSALS`, its message in the visitor's language), the provider's failure
 * (`provider-failed`), or the portal out of reach (`unavailable`).
 * @public
 */
export interface SignInRefusal {
  /** Why: the server's refusal code, `provider-failed` or `unavailable`. */
  code: PartnerRefusal | 'provider-failed' | 'unavailable';
  /** What the visitor is shown, in their language. */
  message: string;
}

/** Why an exchange failed, as the visitor reads it. */
function refusalOf(error: unknown, t: Translate): SignInRefusal {
  const body = isApiError(error) ? (error.body as { code?: unknown; message?: unknown } | null) : null;
  if (body && isPartnerRefusal(body.code) && typeof body.message === 'string')
    return { code: body.code, message: body.message };
  return { code: 'unavailable', message: t('partner.unavailable') };
}

/**
 * One refresh of a connected site's visitor's session: a token from `provider`, exchanged
 * for an app token — a partner token at `POST /api/auth/partner/token`, an identity token at the
 * sign-in route. `$refusal` is set to why it failed, or cleared. Loaded only by a client with a
 * token provider (createPortalClient), so no other page pays for it. With `withSession` the answer
 * also carries the session bundle (`SessionBundle`).
 */
export async function refreshThroughProvider(
  auth: AuthApi,
  provider: TokenProvider,
  $refusal: WritableAtom<SignInRefusal | null>,
  t: Translate,
  withSession = false,
): Promise<TokenWithSession> {
  let token: string | { idToken: string };
  let identity: IdentityResult | null = null;
  try {
    token = await provider();
    if (typeof token !== 'string') identity = identityFromIdToken(token.idToken);
    if (typeof token === 'string' ? !token : !identity) throw new TypeError('The token provider answered no token.');
  } catch (error) {
    $refusal.set({ code: 'provider-failed', message: t('partner.providerFailed') });
    throw error;
  }
  try {
    const answer = identity
      ? await signInWith(auth, identity, withSession)
      : await auth.partnerToken(token as string, withSession);
    $refusal.set(null);
    return answer;
  } catch (error) {
    $refusal.set(refusalOf(error, t));
    throw error;
  }
}

/** An Entra ID identity token exchanged at the sign-in route, from the page's origin: an app token of its site, no cookie. */
async function signInWith(auth: AuthApi, identity: IdentityResult, withSession: boolean): Promise<TokenWithSession> {
  const payload = {
    id: identity.oid,
    tenantId: identity.tid,
    upn: identity.upn,
    preview: false,
    token: identity.idToken,
  };
  return (await auth.login(loginPayload(payload), true, false, withSession)).body;
}
