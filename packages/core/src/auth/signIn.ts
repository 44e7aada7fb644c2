// spec §4, §8
/**
 * Sign-in of the session engine: exchanges an identity token for an app token, keeps
 * the identity for the tenant choice after a 300 answer, and acts on every outcome (toast, route,
 * logout). The session engine (session.ts) owns the token and composes this.
 */
import type { Account, AuthApi } from '../api/auth';
import { isApiError } from '../api/errors';
import type { Translate } from '../i18n/messages';
import { decodeJwt } from '../rules/jwt';
import { loginPayload, signInOutcome, unresolvedIdentityOutcome, type SignInOutcome } from '../rules/session';
import type { ToastInput } from '../stores/toasts';

/**
 * What an identity provider hands over after the user signed in with it.
 * @public
 */
export interface IdentityResult {
  /** The identity token, sent as `X-Authorization: Bearer …` and in the login payload. */
  idToken: string;
  /** Object id of the identity (`oid`). */
  oid: string;
  /** Home tenant of the identity (`tid`). */
  tid: string;
  /** The user principal name or e-mail. */
  upn: string;
}

/**
 * Reads oid, tid and upn from an identity token; `null` when any is missing (the identity is not resolved).
 * @public
 */
export function identityFromIdToken(idToken: string): IdentityResult | null {
  const claims = decodeJwt(idToken);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const oid = str(claims.oid) ?? str(claims.sub);
  const tid = str(claims.tid);
  const upn = str(claims.preferred_username) ?? str(claims.upn) ?? str(claims.email);
  return oid && tid && upn ? { idToken, oid, tid, upn } : null;
}

/** What sign-in needs from the session engine around it. */
export interface SignInDeps {
  auth: Pick<AuthApi, 'login'>;
  t: Translate;
  toast: (input: ToastInput) => void;
  navigate: (path: string) => void;
  /** Sign in with `/api/auth/azure/token` (true) or `/api/auth/azure/tenant/token` (false). */
  azureToken: boolean;
  /** The login payload's preview flag. */
  preview?: boolean;
  /** Marks the session as signing in. */
  markSigningIn(): void;
  /** Takes the app token a login answered with (clears the logged-out mark, holds and schedules it). */
  accept(token: string): void;
  /** Loads and stores the signed-in user's account. */
  loadIdentity(): Promise<Account>;
  logout(): Promise<void>;
}

/** Sign-in as the session exposes it, plus `forget` for logout. */
export interface SignInFlow {
  signIn(identity: IdentityResult | null, unresolvedReason?: string): Promise<SignInOutcome>;
  selectTenant(tenantId: string): Promise<SignInOutcome>;
  /** Drops the identity kept for the tenant choice. */
  forget(): void;
}

/** Owns sign-in: the login exchange, the identity kept for the tenant choice and the acting on each outcome. */
export function createSignIn(deps: SignInDeps): SignInFlow {
  let identityToken: IdentityResult | undefined;

  /** Does what an outcome asks: toast, route or logout. */
  async function act(outcome: SignInOutcome): Promise<SignInOutcome> {
    switch (outcome.kind) {
      case 'signed-in':
        break;
      case 'select-tenant':
        deps.navigate('/tenant');
        break;
      case 'toast-then-login':
        deps.toast({ title: outcome.title, text: outcome.text, kind: 'error' });
        deps.navigate('/login');
        break;
      case 'login':
        deps.navigate('/login');
        break;
      case 'toast-then-logout':
        deps.toast({ title: outcome.title, text: outcome.text, kind: 'error' });
        await deps.logout();
        break;
    }
    return outcome;
  }

  /** Exchanges the identity token for an app token in one tenant. */
  async function exchange(identity: IdentityResult, tenantId: string, azureToken: boolean): Promise<SignInOutcome> {
    deps.markSigningIn();
    try {
      const payload = loginPayload({
        id: identity.oid,
        tenantId,
        upn: identity.upn,
        preview: deps.preview,
        token: identity.idToken,
      });
      const answer = await deps.auth.login(payload, azureToken);
      deps.accept(answer.body.access_token);
      if (answer.status === 300) return act(signInOutcome({ status: 300 }, deps.t));
      const account = await deps.loadIdentity();
      return act(signInOutcome({ status: 200, newTenant: account.newTenant }, deps.t));
    } catch (error) {
      const detail = isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);
      return act(signInOutcome({ status: isApiError(error) ? error.status : 0, detail }, deps.t));
    }
  }

  return {
    async signIn(identity, unresolvedReason) {
      if (!identity) return act(unresolvedIdentityOutcome(unresolvedReason, deps.t));
      identityToken = identity;
      return exchange(identity, identity.tid, deps.azureToken);
    },
    async selectTenant(tenantId) {
      if (!identityToken) return act(unresolvedIdentityOutcome(undefined, deps.t));
      return exchange(identityToken, tenantId, false);
    },
    forget() {
      identityToken = undefined;
    },
  };
}
