/** The window of {@link SiteRateLimit}, in ms. */
const MINUTE_MS = 60_000;

/** How many sites' windows are remembered (the oldest are forgotten first). */
const SITES_KEPT = 10_000;

/**
 * Requests a minute of each connected site's visitors together (issue 38 §3), counted by this
 * instance in fixed one-minute windows: one site cannot take the server from every other tenant.
 */
export class SiteRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `siteId`: 0 when it may go on, else how many ms until the next window. */
  take(siteId: string): number {
    const now = this.now();
    let window = this.windows.get(siteId);
    if (!window || now - window.start >= MINUTE_MS) {
      this.windows.delete(siteId);
      if (this.windows.size >= SITES_KEPT) this.windows.delete(this.windows.keys().next().value!);
      window = { start: now, count: 0 };
      this.windows.set(siteId, window);
    }
    if (window.count >= this.perMinute) return window.start + MINUTE_MS - now;
    window.count++;
    return 0;
  }
}
