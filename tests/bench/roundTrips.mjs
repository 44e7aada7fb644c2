// Round trips in sequence (issue 42 §3), shared by the e2e check (tests/e2e/support/roundTrips.ts)
// and bench:ready: of a page's API requests, each with when it started and when its answer ended,
// the longest chain of requests each of which started after the one before it had answered — the
// waves a piece waited through before it was usable.

/** The portal's API calls a piece waits for: `/api/…` and `/services/…`, not the tests' own routes nor the audit service's events (sent, never awaited). */
export const isAwaitedApiPath = (path) =>
  /^\/(api|services)\//.test(path) && !/^\/(api\/test|services\/audit)\//.test(path);

/** The longest chain of `requests` ({call, start, end}) each started after the previous one ended. */
export function longestChain(requests) {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const chains = [];
  sorted.forEach((r, i) => {
    let before = [];
    for (let j = 0; j < i; j++) if (sorted[j].end <= r.start && chains[j].length > before.length) before = chains[j];
    chains.push([...before, r.call]);
  });
  return chains.reduce((best, c) => (c.length > best.length ? c : best), []);
}
