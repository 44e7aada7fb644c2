import type { Page } from '@playwright/test';

/** One API request of a page, as the browser timed it (ms since the epoch). */
interface TimedRequest {
  call: string;
  start: number;
  end: number;
}

/**
 * The API requests a page makes, timed: the portal's `/api/…` and `/services/…` calls — not the
 * tests' own, and not the audit service's events (navigation and analytics, spec §7), which a piece
 * sends and never waits for.
 */
export function recordApiRequests(page: Page) {
  const requests: TimedRequest[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!/^\/(api|services)\//.test(url.pathname) || /^\/(api\/test|services\/audit)\//.test(url.pathname)) return;
    const { startTime, responseEnd } = request.timing();
    requests.push({ call: `${request.method()} ${url.pathname}`, start: startTime, end: startTime + responseEnd });
  });
  return {
    /** Every request so far, in the order they started. */
    all: () => [...requests].sort((a, b) => a.start - b.start),
    /**
     * Round trips in sequence (issue 42 §3): the longest chain of requests each of which started
     * after the one before it had answered, with the chain itself — `depth` counts the waves a
     * piece waited through before it was usable.
     */
    sequence(): { depth: number; chain: string[] } {
      const sorted = [...requests].sort((a, b) => a.start - b.start);
      const chains: string[][] = [];
      sorted.forEach((r, i) => {
        const before = sorted
          .slice(0, i)
          .map((q, j) => ({ q, chain: chains[j]! }))
          .filter(({ q }) => q.end <= r.start)
          .reduce<string[]>((best, { chain }) => (chain.length > best.length ? chain : best), []);
        chains.push([...before, r.call]);
      });
      const longest = chains.reduce<string[]>((best, c) => (c.length > best.length ? c : best), []);
      return { depth: longest.length, chain: longest };
    },
  };
}
