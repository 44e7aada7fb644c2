import type { Page } from '@playwright/test';
import { isAwaitedApiPath, longestChain, type TimedCall } from '../../bench/roundTrips.mjs';

/**
 * The API requests a page makes, timed by the browser: the portal's `/api/…` and `/services/…`
 * calls — not the tests' own, and not the audit service's events (navigation and analytics, spec
 * §7), which a piece sends and never waits for.
 */
export function recordApiRequests(page: Page) {
  const requests: TimedCall[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!isAwaitedApiPath(url.pathname)) return;
    const { startTime, responseEnd } = request.timing();
    requests.push({ call: `${request.method()} ${url.pathname}`, start: startTime, end: startTime + responseEnd });
  });
  return {
    /** Every request so far, in the order they started. */
    all: () => [...requests].sort((a, b) => a.start - b.start),
    /**
     * Round trips in sequence (issue 42 §3): the longest chain, and its length. With `of`, only the
     * requests it keeps: one piece's calls on a page of several, whose requests are independent of
     * each other but would chain by timing alone when one piece's answer ends before another's code asks.
     */
    sequence(of: (call: string) => boolean = () => true): { depth: number; chain: string[] } {
      const chain = longestChain(requests.filter((r) => of(r.call)));
      return { depth: chain.length, chain };
    },
  };
}
