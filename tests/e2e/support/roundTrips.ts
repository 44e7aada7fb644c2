import type { Page } from '@playwright/test';
import { isAwaitedApiPath, longestChain, type TimedCall } from '../../bench/roundTrips.mjs';

/**
 * How long each API call is held before it goes to the server while round trips are counted. The
 * local server answers in 2–5 ms, less than a busy machine may pause a page between two calls it makes
 * in one turn (measured: 1–12 ms beside six CPU burners), and one call would then count as waiting for
 * the other. Behind a partner's network the least round trip is tens of milliseconds: held this long,
 * two calls asked together end together, and only a call that waited for an answer starts after it.
 * Only the API calls are held — the code's chunks are not, so a call asked once a chunk has loaded
 * does not count as waiting for an answer that ended meanwhile.
 */
const API_LATENCY_MS = 150;

/**
 * The API requests a page makes, timed by the browser, each held {@link API_LATENCY_MS} first: the
 * portal's `/api/…` and `/services/…` calls — not the tests' own, and not the audit service's events
 * (navigation and analytics, spec §7), which a piece sends and never waits for. A test's own route for
 * an API call hands it on with `route.fallback()`, so that it is held too.
 */
export async function recordApiRequests(page: Page) {
  await page.route(
    (url) => isAwaitedApiPath(url.pathname),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, API_LATENCY_MS));
      await route.fallback();
    },
  );
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

/** What {@link recordApiRequests} records. */
export type ApiRequests = Awaited<ReturnType<typeof recordApiRequests>>;
