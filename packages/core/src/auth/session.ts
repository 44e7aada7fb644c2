import { atom, type ReadableAtom } from 'nanostores';
import type { Account, AppTokenClaims, AuthApi } from '../api/auth';
import { isApiError } from '../api/errors';
import { createTranslator, type Translate } from '../i18n/messages';
import { decodeJwt, isTokenExpired, tokenExpiresAt } from '../rules/jwt';
import {
  loginPayload,
  refreshDelayMs,
  signInOutcome,
  unresolvedIdentityOutcome,
  type SignInOutcome,
} from '../rules/session';
import type { StorageStrategy } from '../storage/webStorage';
import type { ToastInput } from '../stores/toasts';
import { createCrossTabChannel, createLockRunner, type CrossTabChannel, type LockRunner } from './crossTab';

/** Where the session is (spec §4 "Authentication"). */
export type SessionStatus = 'anonymous' | 'signing-in' | 'tenant-select' | 'authenticated';

/** The session as the UI sees it. The app token itself is never in here: read it with `getToken()`. */
export interface SessionState {
  status: SessionStatus;
  /** The app token's claims (spec §3: sub, tid, personas, features, utype, d). */
  claims: AppTokenClaims | null;
  /** The signed-in user (spec §3 "User identity"); persisted locally, unlike the token. */
  identity: Account | null;
}

/** What an identity provider hands over after the user signed in with it. */
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

/** Reads oid, tid and upn from an identity token; `null` when any is missing (the identity is not resolved). */
export function identityFromIdToken(idToken: string): IdentityResult | null {
  const claims = decodeJwt(idToken);
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const oid = str(claims.oid) ?? str(claims.sub);
  const tid = str(claims.tid);
  const upn = str(claims.preferred_username) ?? str(claims.upn) ?? str(claims.email);
  return oid && tid && upn ? { idToken, oid, tid, upn } : null;
}

/** Everything the session engine talks to; all but `auth` have working defaults. */
export interface SessionOptions {
  auth: AuthApi;
  /** Where the identity is persisted (never the app token). @default memory only */
  storage?: StorageStrategy;
  /** Shows the spec §8 toasts (3 s, bottom right, danger). */
  toast?: (input: ToastInput) => void;
  /** The message catalogue the §8 toasts are written in (`client.t`). @default English */
  t?: Translate;
  /** Moves the host to a route: '/login', '/tenant'. */
  navigate?: (path: string) => void;
  /** Logout clean-up beyond the session's own: close dialogs, clear local storage, reset data caches (spec §4). */
  onLogout?: () => void | Promise<void>;
  /** Logs the logout statistic (spec §7) while the token is still valid; failures are ignored. */
  logLogout?: () => Promise<unknown>;
  /** `{logoutPath}` of spec §7's logout call. @default '' */
  logoutPath?: string;
  /** Sign in with `/api/auth/azure/token` (true) or `/api/auth/azure/tenant/token` (false). @default true */
  azureToken?: boolean;
  /** The login payload's preview flag. @default false */
  preview?: boolean;
  /** The tabs' channel. @default BroadcastChannel when the browser has it */
  channel?: CrossTabChannel;
  /** The cross-tab lock. @default Web Locks when the browser has them */
  lock?: LockRunner;
  /** Clock, for tests. @default Date.now */
  now?: () => number;
  /** Retry delay after a scheduled refresh failed for a reason other than 401. @default 10000 */
  refreshRetryMs?: number;
}

/** The session engine of one portal client. */
export interface Session {
  readonly $session: ReadableAtom<SessionState>;
  /** The app token, held in memory only (spec §4). */
  getToken(): string | undefined;
  /** True with a non-expired app token and a stored identity (spec §5 "Authentication"). */
  isAuthenticated(): boolean;
  /** Signs in with an identity (spec §4, §8): returns what happened; toasts and navigation are done. */
  signIn(identity: IdentityResult | null, unresolvedReason?: string): Promise<SignInOutcome>;
  /** After a 300 answer: continues sign-in with the chosen tenant. */
  selectTenant(tenantId: string): Promise<SignInOutcome>;
  /** Tries to resume a session from the refresh cookie (after a reload). Resolves whether it did. */
  resume(): Promise<boolean>;
  /**
   * Refreshes the app token; concurrent callers share one refresh, across tabs too. Resolves
   * whether a valid token is held afterwards.
   */
  refresh(): Promise<boolean>;
  /** Logs out (spec §4): always completes locally, even when the server call fails. */
  logout(): Promise<void>;
  /** Stops timers and leaves the tabs' channel. */
  dispose(): void;
}

const IDENTITY_KEY = 'identity';
/**
 * Set by logout, cleared by sign-in: a logged-out browser does not resume from the refresh cookie
 * even when the server could not revoke it (spec §4: logout completes locally when its call fails).
 */
const LOGGED_OUT_KEY = 'loggedOut';
const REFRESH_LOCK = 'cloudportal-refresh';
/** Longest timer a browser keeps (2^31 - 1 ms); longer delays are re-armed. */
const MAX_TIMER_MS = 2_147_483_647;

/** Creates the session engine. */
export function createSession(options: SessionOptions): Session {
  const { auth } = options;
  const now = options.now ?? Date.now;
  const channel = options.channel ?? createCrossTabChannel();
  const lock = options.lock ?? createLockRunner();
  const toast = options.toast ?? (() => {});
  const t = options.t ?? createTranslator();
  const navigate = options.navigate ?? (() => {});
  const storage = options.storage;

  const $session = atom<SessionState>({
    status: 'anonymous',
    claims: null,
    identity: storage?.get<Account>(IDENTITY_KEY) ?? null,
  });
  let token: string | undefined;
  let identityToken: IdentityResult | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: Promise<boolean> | undefined;
  /** When the last refresh answered, so a token issued inside the lead cannot start a tight loop. */
  let refreshedAt = -Infinity;
  const retryMs = options.refreshRetryMs ?? 10_000;
  let loggingOut: Promise<void> | undefined;

  const set = (patch: Partial<SessionState>) => $session.set({ ...$session.get(), ...patch });

  function clearTimer() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  /** Spec §4: refresh 30 s before expiry, rescheduled after each success, never for an expired token. */
  function schedule() {
    clearTimer();
    if (!token) return;
    const claims = $session.get().claims;
    if (claims?.scope === 'tenant-select') return; // it has no refresh credential behind it
    let delay = refreshDelayMs(tokenExpiresAt(token), now());
    if (delay === null) return;
    // A refresh that answered with a token already inside the 30 s lead (a short lifetime, or a
    // server clock behind ours) would refresh again at once, and again: wait the retry gap instead.
    if (delay === 0 && now() - refreshedAt < retryMs) delay = retryMs;
    timer = setTimeout(
      () => {
        timer = undefined;
        if (delay > MAX_TIMER_MS) return schedule();
        void scheduledRefresh();
      },
      Math.min(delay, MAX_TIMER_MS),
    );
  }

  async function scheduledRefresh() {
    if (await refresh()) return;
    if (token && !isTokenExpired(token, now())) {
      timer = setTimeout(() => void scheduledRefresh(), retryMs);
      return;
    }
    await logout();
  }

  function adopt(next: string) {
    token = next;
    const claims = decodeJwt<AppTokenClaims & Record<string, unknown>>(next);
    set({
      claims,
      status:
        claims.scope === 'tenant-select' ? 'tenant-select' : $session.get().identity ? 'authenticated' : 'signing-in',
    });
    schedule();
  }

  async function loadIdentity(): Promise<Account> {
    const account = await auth.account();
    storage?.set(IDENTITY_KEY, account);
    set({ identity: account, status: 'authenticated' });
    return account;
  }

  const unsubscribe = channel.subscribe((message) => {
    if (message.type === 'logout') void localLogout({ broadcast: false });
    else if (message.type === 'token' && token && $session.get().status === 'authenticated') {
      // Another tab refreshed: take its token when it lives longer than ours.
      if ((tokenExpiresAt(message.token) ?? Infinity) > (tokenExpiresAt(token) ?? Infinity)) adopt(message.token);
    }
  });

  async function act(outcome: SignInOutcome): Promise<SignInOutcome> {
    switch (outcome.kind) {
      case 'signed-in':
        break;
      case 'select-tenant':
        navigate('/tenant');
        break;
      case 'toast-then-login':
        toast({ title: outcome.title, text: outcome.text, kind: 'error' });
        navigate('/login');
        break;
      case 'login':
        navigate('/login');
        break;
      case 'toast-then-logout':
        toast({ title: outcome.title, text: outcome.text, kind: 'error' });
        await logout();
        break;
    }
    return outcome;
  }

  async function exchange(identity: IdentityResult, tenantId: string, azureToken: boolean): Promise<SignInOutcome> {
    set({ status: 'signing-in' });
    try {
      const payload = loginPayload({
        id: identity.oid,
        tenantId,
        upn: identity.upn,
        preview: options.preview,
        token: identity.idToken,
      });
      const answer = await auth.login(payload, azureToken);
      storage?.remove(LOGGED_OUT_KEY);
      adopt(answer.body.access_token);
      if (answer.status === 300) return act(signInOutcome({ status: 300 }, t));
      const account = await loadIdentity();
      return act(signInOutcome({ status: 200, newTenant: account.newTenant }, t));
    } catch (error) {
      const detail = isApiError(error) ? error.message : error instanceof Error ? error.message : String(error);
      return act(signInOutcome({ status: isApiError(error) ? error.status : 0, detail }, t));
    }
  }

  async function refresh(): Promise<boolean> {
    if (inflight) return inflight;
    const before = token;
    inflight = lock(REFRESH_LOCK, async () => {
      // While this tab waited for the lock another tab may have refreshed and sent its token.
      if (token && token !== before && !isTokenExpired(token, now())) return true;
      try {
        const { access_token } = await auth.refreshToken();
        refreshedAt = now();
        adopt(access_token);
        channel.post({ type: 'token', token: access_token });
        return true;
      } catch {
        return false;
      }
    }).finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  async function localLogout({ broadcast }: { broadcast: boolean }) {
    clearTimer();
    token = undefined;
    identityToken = undefined;
    storage?.remove(IDENTITY_KEY);
    $session.set({ status: 'anonymous', claims: null, identity: null });
    try {
      await options.onLogout?.();
    } finally {
      storage?.set(LOGGED_OUT_KEY, true);
      if (broadcast) channel.post({ type: 'logout' });
      navigate('/login');
    }
  }

  async function logout(): Promise<void> {
    if (loggingOut) return loggingOut;
    loggingOut = (async () => {
      // Spec §4/§8: the logout statistic and the server call may fail; logout proceeds regardless.
      if (token && $session.get().status === 'authenticated') await options.logLogout?.().catch(() => undefined);
      await auth.logout(options.logoutPath ?? '').catch(() => undefined);
      await localLogout({ broadcast: true });
    })().finally(() => {
      loggingOut = undefined;
    });
    return loggingOut;
  }

  return {
    $session,
    getToken: () => token,
    isAuthenticated: () =>
      !!token &&
      !isTokenExpired(token, now()) &&
      !!$session.get().identity &&
      $session.get().status === 'authenticated',
    async signIn(identity, unresolvedReason) {
      if (!identity) return act(unresolvedIdentityOutcome(unresolvedReason, t));
      identityToken = identity;
      return exchange(identity, identity.tid, options.azureToken ?? true);
    },
    async selectTenant(tenantId) {
      if (!identityToken) return act(unresolvedIdentityOutcome(undefined, t));
      return exchange(identityToken, tenantId, false);
    },
    async resume() {
      if (token && !isTokenExpired(token, now())) return true;
      if (storage?.get(LOGGED_OUT_KEY)) return false;
      set({ status: 'signing-in' });
      // The identity is loaded after the refresh, outside it: its call may itself need a refresh.
      const ok =
        (await refresh()) &&
        (await loadIdentity().then(
          () => true,
          () => false,
        ));
      if (!ok) {
        token = undefined;
        clearTimer();
        $session.set({ status: 'anonymous', claims: null, identity: null });
      }
      return ok;
    },
    refresh,
    logout,
    dispose() {
      clearTimer();
      unsubscribe();
      channel.close();
    },
  };
}
