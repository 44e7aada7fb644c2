import { retryAfterSeconds, retrySecondsLeft } from '../rules/chatRateLimit';

// spec §8 / §9
/** A 429's wait as it counts down. Internal to the chat store. */
export interface RetryClock {
  /** The whole seconds left; null once the wait is over. */
  secondsLeft(): number | null;
  /** Ends the wait at once (logout, or a newer 429). */
  stop(): void;
}

/**
 * Starts the wait a 429's `Retry-After` header asks for (`retryAfterSeconds`): `tick` is called
 * each time the whole seconds left change, the last time when the wait is over. Loaded with the
 * first 429, so a chat that never meets the rate limit does not carry it.
 */
export function startRetryClock(header: string | null | undefined, now: () => number, tick: () => void): RetryClock {
  const until = now() + retryAfterSeconds(header, now()) * 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const secondsLeft = () => retrySecondsLeft(until, now()) || null;
  const next = () => {
    const left = until - now();
    // At the next change of the whole seconds left; none once the wait is over.
    timer = left > 0 ? setTimeout(() => (tick(), next()), left % 1000 || 1000) : undefined;
  };
  next();
  return { secondsLeft, stop: () => clearTimeout(timer) };
}
