// spec §4
/**
 * The app token's refresh: 30 s before expiry, rescheduled after each success, retried
 * after a failure while the token is still valid, and single-flight across tabs (the refresh
 * credential is spent on first use). The session engine (session.ts) composes this.
 */
import type { AuthApi } from '../api/auth';
import { REFRESH_LOCK } from '../api/earlyRefresh';
import { sessionBundleOf, type BundleParts, type TokenWithSession } from '../api/sessionBundle';
import { isTokenExpired, tokenExpiresAt } from '../rules/jwt';
import { refreshDelayMs } from '../rules/session';
import type { LockRunner } from './crossTab';

/** Longest timer a browser keeps (2^31 - 1 ms); longer delays are re-armed. */
const MAX_TIMER_MS = 2_147_483_647;

/** What refresh scheduling needs from the session engine around it. */
export interface RefreshScheduleDeps {
  auth: Pick<AuthApi, 'refreshToken'> & Partial<Pick<AuthApi, 'earlyResume'>>;
  lock: LockRunner;
  now: () => number;
  /** Retry delay after a scheduled refresh failed for a reason other than 401. */
  retryMs: number;
  /** The app token held now. */
  getToken(): string | undefined;
  /** True while the held token is a tenant-select token, which has no refresh credential behind it. */
  isTenantSelect(): boolean;
  /**
   * Takes a refreshed token: holds it (which reschedules) and tells the other tabs; `bundle`, the
   * session bundle's parts when the refresh asked for them and the answer carried some.
   */
  onRefreshed(token: string, bundle?: BundleParts): void;
  /** Ends the session after a scheduled refresh failed and the token expired. */
  logout(): Promise<void>;
}

/** The refresh timer and the single-flight refresh. */
export interface RefreshSchedule {
  /** (Re)arms the timer for the held token. */
  schedule(): void;
  /** Stops the timer. */
  clear(): void;
  /**
   * Refreshes now; concurrent callers share one refresh, across tabs too. Resolves whether a valid
   * token is held. `withSession`: ask for the session bundle too — unless a refresh is
   * already under way, whose answer this caller shares as it is.
   */
  refresh(withSession?: boolean): Promise<boolean>;
}

/** Owns refresh scheduling: the timer, its retry, and the single-flight refresh under the cross-tab lock. */
export function createRefreshSchedule(deps: RefreshScheduleDeps): RefreshSchedule {
  const { now, retryMs } = deps;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: Promise<boolean> | undefined;
  /** When the last refresh answered, so a token issued inside the lead cannot start a tight loop. */
  let refreshedAt = -Infinity;

  function clear() {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  // spec §4
  /** Refresh 30 s before expiry, rescheduled after each success, never for an expired token. */
  function schedule() {
    clear();
    const token = deps.getToken();
    if (!token) return;
    if (deps.isTenantSelect()) return; // it has no refresh credential behind it
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
    const token = deps.getToken();
    if (token && !isTokenExpired(token, now())) {
      timer = setTimeout(() => void scheduledRefresh(), retryMs);
      return;
    }
    await deps.logout();
  }

  /** Takes a token answer: null (204) is not signed in. */
  function adopt(answer: TokenWithSession | null, withSession: boolean): boolean {
    if (!answer) return false; // not signed in: no refresh credential
    refreshedAt = now();
    deps.onRefreshed(answer.access_token, withSession ? sessionBundleOf(answer) : undefined);
    return true;
  }

  /** The resuming refresh an element asked early (`startEarlyRefresh`); undefined when there is none to take. */
  async function early(): Promise<boolean | undefined> {
    // Outside the lock: the early request holds it until its answer has come.
    const taken = deps.auth.earlyResume?.();
    if (!taken) return undefined;
    try {
      const answer = await taken;
      return answer === undefined ? undefined : adopt(answer, true);
    } catch {
      return false;
    }
  }

  async function refresh(withSession = false): Promise<boolean> {
    if (inflight) return inflight;
    const before = deps.getToken();
    inflight = (withSession ? early() : Promise.resolve(undefined))
      .then(
        (took) =>
          took ??
          deps.lock(REFRESH_LOCK, async () => {
            // While this tab waited for the lock another tab may have refreshed and sent its token.
            const token = deps.getToken();
            if (token && token !== before && !isTokenExpired(token, now())) return true;
            try {
              return adopt(await deps.auth.refreshToken(withSession), withSession);
            } catch {
              return false;
            }
          }),
      )
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  }

  return { schedule, clear, refresh };
}
