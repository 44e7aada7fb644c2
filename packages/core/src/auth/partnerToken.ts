/**
 * A connected site's visitor's session (issue 38 §2): the app token comes from the partner's token
 * provider, exchanged at `POST /api/auth/partner/token`, in place of the refresh cookie — at start,
 * and again before the app token expires, through the session engine's single-flight refresh.
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { AuthApi } from '../api/auth';
import { isApiError } from '../api/errors';
import type { Translate } from '../i18n/messages';
import { isPartnerRefusal, type PartnerRefusal } from '../rules/connectedSites';

/**
 * An async function of the partner's page that answers a fresh partner token (a JWT its back end
 * signed with the connected site's secret or key) for the visitor. Called when the SDK needs an app
 * token: at start, and before the app token expires.
 */
export type TokenProvider = () => Promise<string>;

/**
 * Why a connected site's visitor is not signed in: the server's refusal (`code` one of
 * `PARTNER_REFUSALS`, its message in the visitor's language), the provider's failure
 * (`provider-failed`), or the portal out of reach (`unavailable`).
 */
export interface SignInRefusal {
  code: PartnerRefusal | 'provider-failed' | 'unavailable';
  message: string;
}

/** The session's auth calls of a connected site's visitor, and the refusal they last met. */
export interface PartnerSession {
  auth: AuthApi;
  $refusal: ReadableAtom<SignInRefusal | null>;
}

/** Why an exchange failed, as the visitor reads it. */
function refusalOf(error: unknown, t: Translate): SignInRefusal {
  const body = isApiError(error) ? (error.body as { code?: unknown; message?: unknown } | null) : null;
  if (body && isPartnerRefusal(body.code) && typeof body.message === 'string')
    return { code: body.code, message: body.message };
  return { code: 'unavailable', message: t('partner.unavailable') };
}

/** `auth` with its refresh through `provider` and the exchange, and no refresh cookie to revoke on logout. */
export function partnerSession(auth: AuthApi, provider: TokenProvider, t: Translate): PartnerSession {
  const $refusal: WritableAtom<SignInRefusal | null> = atom(null);
  return {
    $refusal,
    auth: {
      ...auth,
      async refreshToken() {
        let token: string;
        try {
          token = await provider();
          if (typeof token !== 'string' || !token) throw new TypeError('The token provider answered no token.');
        } catch (error) {
          $refusal.set({ code: 'provider-failed', message: t('partner.providerFailed') });
          throw error;
        }
        try {
          const answer = await auth.partnerToken(token);
          $refusal.set(null);
          return answer;
        } catch (error) {
          $refusal.set(refusalOf(error, t));
          throw error;
        }
      },
      // No refresh cookie across origins: the partner's page ends its visitor's session itself.
      logout: () => Promise.resolve(),
    },
  };
}
