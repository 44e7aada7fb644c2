import type { EmbedTokenRefresh } from '../api/reports';
import { embedTokenRefreshDelay } from '../rules/reports';

/**
 * What {@link keepEmbedTokenFresh} reports.
 * @public
 */
export interface EmbedTokenEvents {
  /** A fresh token was set in the frame; `expiration` is its expiry (ISO 8601). */
  onRefreshed?: (refresh: EmbedTokenRefresh) => void;
  /** The token could not be refreshed; the report keeps its token until it expires. */
  onFailed?: (error: unknown) => void;
}

/**
 * Options of {@link keepEmbedTokenFresh}.
 * @public
 */
export interface EmbedTokenOptions extends EmbedTokenEvents {
  // spec §7 `POST {token}`
  /** The embed answer's `tokenUrl`. */
  tokenUrl: string;
  /** The current token's expiry (ISO 8601). */
  expiration: string | null;
  /** Asks the server for a fresh token (`reportApis(client).reports.refreshEmbedToken`). */
  refresh: (tokenUrl: string) => Promise<EmbedTokenRefresh>;
  /** Sets the token in the frame in place (`ReportHandle.setAccessToken`). */
  setAccessToken: (token: string) => Promise<void>;
  /** The clock. @default Date.now */
  now?: () => number;
}

// One request per token URL at a time across the page: several views of the same report share it.
const inFlight = new Map<string, Promise<EmbedTokenRefresh>>();

/**
 * Refreshes through `tokenUrl`, joining a refresh of the same URL already under way (single flight).
 * @public
 */
export function refreshEmbedTokenOnce(
  tokenUrl: string,
  refresh: (tokenUrl: string) => Promise<EmbedTokenRefresh>,
): Promise<EmbedTokenRefresh> {
  let pending = inFlight.get(tokenUrl);
  if (!pending) {
    pending = refresh(tokenUrl).finally(() => inFlight.delete(tokenUrl));
    inFlight.set(tokenUrl, pending);
  }
  return pending;
}

// spec §9 "App token refresh lead"
/**
 * Keeps an embedded report's token fresh: 30 s before it expires (the app token's refresh lead, see
 * `embedTokenRefreshDelay`), a new token is fetched through `tokenUrl` and swapped into the frame with
 * `setAccessToken` — never a re-embed, so the page, filters and view stay. Each new token schedules
 * the next refresh. A failed refresh is retried once at half the remaining time, then reported.
 * Returns the function that stops it.
 * @public
 */
export function keepEmbedTokenFresh(options: EmbedTokenOptions): () => void {
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = (expiration: string | null, retried: boolean) => {
    const delay = embedTokenRefreshDelay(expiration, now());
    if (delay === undefined || stopped) return;
    timer = setTimeout(() => void run(expiration, retried), delay);
  };
  const run = async (expiration: string | null, retried: boolean) => {
    try {
      const fresh = await refreshEmbedTokenOnce(options.tokenUrl, options.refresh);
      if (stopped) return;
      await options.setAccessToken(fresh.token);
      options.onRefreshed?.(fresh);
      schedule(fresh.expiration, false);
    } catch (error) {
      if (stopped) return;
      const left = expiration ? Date.parse(expiration) - now() : Number.NaN;
      if (!retried && left > 1000) {
        timer = setTimeout(() => void run(expiration, true), left / 2);
        return;
      }
      options.onFailed?.(error);
    }
  };
  schedule(options.expiration, false);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
