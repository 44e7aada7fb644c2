/**
 * How long a test waits for something that happens without a timer of the spec's (a fetch answered by
 * a fake, a store settling): 1 s, vitest's default, is a few renders on a quiet machine and sometimes
 * not enough on a 2-core machine at load 10. Waiting longer costs a passing test nothing.
 */
export const BUSY_MACHINE_WAIT = { timeout: 5_000 } as const;
