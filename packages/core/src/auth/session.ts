import { atom, type ReadableAtom } from 'nanostores';
import type { Account, AppTokenClaims, AuthApi } from '../api/auth';
import type { BundleParts } from '../api/sessionBundle';
import { createTranslator, type Translate } from '../i18n/messages';
import { decodeJwt, isTokenExpired } from '../rules/jwt';
import type { SignInOutcome } from '../rules/session';
import type { StorageStrategy } from '../storage/webStorage';
import type { ToastInput } from '../stores/toasts';
import { createCrossTabChannel, createLockRunner, type CrossTabChannel, type LockRunner } from './crossTab';
import { createRefreshSchedule } from './refreshSchedule';
import { createSessionTabs } from './sessionTabs';
import { createSignIn, type IdentityResult } from './signIn';

// spec §4 "Authentication"
/**
 * Where the session is.
 * @public
 */
export type SessionStatus = 'anonymous' | 'signing-in' | 'tenant-select' | 'authenticated';

/**
 * The session as the UI sees it. The app token itself is never in here: read it with `getToken()`.
 * @public
 */
export interface SessionState {
  /** Where the session is: anonymous, signing in, choosing a tenant, or authenticated. */
  status: SessionStatus;
  // spec §3
  /** The app token's claims (sub, tid, personas, features, utype, d). */
  claims: AppTokenClaims | null;
  // spec §3 "User identity"
  /** The signed-in user; persisted locally, unlike the token. */
  identity: Account | null;
}

export { identityFromIdToken, type IdentityResult } from './signIn';

/**
 * Everything the session engine talks to; all but `auth` have working defaults.
 * @public
 */
export interface SessionOptions {
  /** The auth calls the session makes. */
  auth: AuthApi;
  /** Where the identity is persisted (never the app token). @default memory only */
  storage?: StorageStrategy;
  // spec §8 (the sign-in and session toasts)
  /** Shows the sign-in and session error toasts (3 s, bottom right, danger). */
  toast?: (input: ToastInput) => void;
  // spec §8 (the sign-in and session toasts)
  /** The message catalogue the sign-in and session toasts are written in (`client.t`). @default English */
  t?: Translate;
  /** Moves the host to a route: '/login', '/tenant'. */
  navigate?: (path: string) => void;
  // spec §4
  /** Logout clean-up beyond the session's own: close dialogs, clear local storage, reset data caches. */
  onLogout?: () => void | Promise<void>;
  // spec §7
  /** Logs the logout statistic while the token is still valid; failures are ignored. */
  logLogout?: () => Promise<unknown>;
  // spec §7 (the logout call)
  /** The path prefix of the logout call, `POST {logoutPath}/api/auth/logout`. @default '' */
  logoutPath?: string;
  /**
   * Resume even after this browser logged out: the session does not come from a refresh cookie but
   * from a connected site's token provider, which decides. @default false
   */
  resumeAfterLogout?: boolean;
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
  /**
   * Takes the session bundle's parts a resuming refresh brought, before the state goes
   * authenticated: the client's account store keeps who-is, the settings and the licences from it.
   */
  onSessionBundle?: (bundle: BundleParts) => void;
}

/**
 * The session engine of one portal client.
 * @public
 */
export interface Session {
  /** The session as the UI sees it. */
  readonly $session: ReadableAtom<SessionState>;
  // spec §4
  /** The app token, held in memory only. */
  getToken(): string | undefined;
  // spec §5 "Authentication"
  /** True with a non-expired app token and a stored identity. */
  isAuthenticated(): boolean;
  // spec §4, §8
  /** Signs in with an identity: returns what happened; toasts and navigation are done. */
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
  // spec §4
  /** Logs out: always completes locally, even when the server call fails. */
  logout(): Promise<void>;
  /** Stops timers and leaves the tabs' channel. */
  dispose(): void;
}

const IDENTITY_KEY = 'identity';
// spec §4
/**
 * Set by logout, cleared by sign-in: a logged-out browser does not resume from the refresh cookie
 * even when the server could not revoke it (logout completes locally when its call fails).
 */
const LOGGED_OUT_KEY = 'loggedOut';

/** What logout needs from the session engine. */
interface LogoutDeps {
  auth: Pick<AuthApi, 'logout'>;
  options: Pick<SessionOptions, 'onLogout' | 'logLogout' | 'logoutPath'>;
  navigate: (path: string) => void;
  /** True while a token is held and the session is authenticated: the logout statistic is logged then. */
  isSignedIn(): boolean;
  /** Forgets the token, the kept identity and the stored account; the state goes anonymous. */
  clear(): void;
  /** Marks the browser logged out, so it does not resume from the refresh cookie. */
  markLoggedOut(): void;
  /** Tells the other tabs to log out. */
  postLogout(): void;
}

// spec §4
/** Owns logout: single flight; the statistic and the server call may fail, the local clean-up always runs. */
function createLogout(deps: LogoutDeps) {
  const { options } = deps;
  let loggingOut: Promise<void> | undefined;

  /** Ends the session in this tab; with `broadcast`, in the other tabs too. */
  async function localLogout({ broadcast }: { broadcast: boolean }) {
    deps.clear();
    try {
      await options.onLogout?.();
    } finally {
      deps.markLoggedOut();
      if (broadcast) deps.postLogout();
      deps.navigate('/login');
    }
  }

  async function logout(): Promise<void> {
    if (loggingOut) return loggingOut;
    loggingOut = (async () => {
      // Spec §4/§8: the logout statistic and the server call may fail; logout proceeds regardless.
      if (deps.isSignedIn()) await options.logLogout?.().catch(() => undefined);
      await deps.auth.logout(options.logoutPath ?? '').catch(() => undefined);
      await localLogout({ broadcast: true });
    })().finally(() => {
      loggingOut = undefined;
    });
    return loggingOut;
  }

  return { logout, localLogout };
}

/** What resuming needs from the session engine. */
interface ResumeDeps {
  now: () => number;
  getToken(): string | undefined;
  /** True when this browser logged out (it does not resume then). */
  loggedOut(): boolean;
  markSigningIn(): void;
  /** Refreshes, asking for the session bundle. */
  refresh(withSession: boolean): Promise<boolean>;
  /** True when the held token's refresh brought the user's identity (the account call is not needed). */
  identityCameWithToken(): boolean;
  loadIdentity(): Promise<Account>;
  /** Forgets the token: the state goes anonymous. */
  reset(): void;
}

/**
 * Owns resuming from the refresh cookie (after a reload): a refresh that asks for the session bundle
 * (`?include=session`), then the identity only when the answer did not carry it.
 */
async function resumeSession(deps: ResumeDeps): Promise<boolean> {
  const token = deps.getToken();
  if (token && !isTokenExpired(token, deps.now())) return true;
  if (deps.loggedOut()) return false;
  deps.markSigningIn();
  // The identity is loaded after the refresh, outside it: its call may itself need a refresh.
  const ok =
    (await deps.refresh(true)) &&
    (deps.identityCameWithToken() ||
      (await deps.loadIdentity().then(
        () => true,
        () => false,
      )));
  if (!ok) deps.reset();
  return ok;
}

/** The token's refresh as the held state drives it. */
interface HolderHooks {
  /** A token is held: (re)arm its refresh. */
  held(): void;
  /** The token is dropped: stop its refresh. */
  dropped(): void;
}

/** Owns the engine's state: the app token (in memory only), `$session` and the stored identity. */
function createSessionHolder(auth: Pick<AuthApi, 'account'>, storage: StorageStrategy | undefined, hooks: HolderHooks) {
  const $session = atom<SessionState>({
    status: 'anonymous',
    claims: null,
    identity: storage?.get<Account>(IDENTITY_KEY) ?? null,
  });
  let token: string | undefined;
  /** The token whose answer carried the identity (the session bundle's account). */
  let identityToken: string | undefined;
  const set = (patch: Partial<SessionState>) => $session.set({ ...$session.get(), ...patch });
  return {
    $session,
    set,
    getToken: () => token,
    identityCameWithToken: () => token !== undefined && token === identityToken,
    authenticated: () => $session.get().status === 'authenticated',
    /**
     * Holds an app token: its claims, status and (when its answer carried one) identity go to the
     * state in one change, and its refresh is scheduled.
     */
    adopt(next: string, account?: Account) {
      token = next;
      const claims = decodeJwt<AppTokenClaims & Record<string, unknown>>(next);
      // The identity its answer carried (the session bundle), kept in the same change as the token's state.
      if (account) {
        storage?.set(IDENTITY_KEY, account);
        identityToken = next;
      }
      const identity = account ?? $session.get().identity;
      set({
        claims,
        identity,
        status: claims.scope === 'tenant-select' ? 'tenant-select' : identity ? 'authenticated' : 'signing-in',
      });
      hooks.held();
    },
    async loadIdentity(): Promise<Account> {
      const account = await auth.account();
      // One change: the identity and the status together.
      storage?.set(IDENTITY_KEY, account);
      set({ identity: account, status: 'authenticated' });
      return account;
    },
    /** Forgets the app token and stops its refresh: the state goes anonymous. */
    reset() {
      token = undefined;
      hooks.dropped();
      $session.set({ status: 'anonymous', claims: null, identity: null });
    },
  };
}

/**
 * Creates the session engine: composes the held state, refresh scheduling, cross-tab sync, sign-in and logout.
 * @public
 */
export function createSession(options: SessionOptions): Session {
  const { auth, storage } = options;
  const now = options.now ?? Date.now;
  const navigate = options.navigate ?? (() => {});
  const held = createSessionHolder(auth, storage, {
    held: () => refresher.schedule(),
    dropped: () => refresher.clear(),
  });
  const { $session, getToken, adopt, loadIdentity, authenticated } = held;
  const logout = (): Promise<void> => logouts.logout();

  const refresher = createRefreshSchedule({
    auth,
    lock: options.lock ?? createLockRunner(),
    now,
    retryMs: options.refreshRetryMs ?? 10_000,
    getToken,
    isTenantSelect: () => $session.get().claims?.scope === 'tenant-select',
    onRefreshed(next, bundle) {
      if (bundle) options.onSessionBundle?.(bundle);
      adopt(next, bundle?.account);
      tabs.postToken(next);
    },
    logout,
  });
  const tabs = createSessionTabs(options.channel ?? createCrossTabChannel(), {
    getToken,
    isSignedIn: authenticated,
    adopt,
    logoutHere: () => void logouts.localLogout({ broadcast: false }),
  });
  const signIn = createSignIn({
    auth,
    t: options.t ?? createTranslator(),
    toast: options.toast ?? (() => {}),
    navigate,
    azureToken: options.azureToken ?? true,
    preview: options.preview,
    markSigningIn: () => held.set({ status: 'signing-in' }),
    accept(next) {
      storage?.remove(LOGGED_OUT_KEY);
      adopt(next);
    },
    loadIdentity,
    logout,
  });
  const logouts = createLogout({
    auth,
    options,
    navigate,
    isSignedIn: () => !!getToken() && authenticated(),
    clear() {
      signIn.forget();
      storage?.remove(IDENTITY_KEY);
      held.reset();
    },
    markLoggedOut: () => storage?.set(LOGGED_OUT_KEY, true),
    postLogout: () => tabs.postLogout(),
  });

  return {
    $session,
    getToken,
    isAuthenticated() {
      const token = getToken();
      return !!token && !isTokenExpired(token, now()) && !!$session.get().identity && authenticated();
    },
    signIn: signIn.signIn,
    selectTenant: signIn.selectTenant,
    resume: () =>
      resumeSession({
        now,
        getToken,
        loggedOut: () => !options.resumeAfterLogout && !!storage?.get(LOGGED_OUT_KEY),
        markSigningIn: () => held.set({ status: 'signing-in' }),
        refresh: refresher.refresh,
        identityCameWithToken: held.identityCameWithToken,
        loadIdentity,
        reset: held.reset,
      }),
    refresh: () => refresher.refresh(),
    logout,
    dispose() {
      refresher.clear();
      tabs.close();
    },
  };
}
