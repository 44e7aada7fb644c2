/**
 * An outage nobody sees: a server whose database is unavailable for a moment answers
 * 503 with `Retry-After`; the client asks an idempotent read once more after that pause, and never a
 * write (the server's 503 says it was not made, and the user reads that).
 */

/** The longest pause a read waits on a 503's `Retry-After` before asking once more. */
export const READ_RETRY_MAX_S = 10;

/** Methods that read: asking them twice changes nothing. */
const IDEMPOTENT_READS = new Set(['GET', 'HEAD']);

/**
 * How long to wait before asking `method` again after a 503 whose `Retry-After` is `header`: the
 * header's whole seconds (0–{@link READ_RETRY_MAX_S}) for a read, else null — no retry for a write,
 * for a 503 without a delay in seconds, or for a longer one (the server is not coming back soon).
 * @public
 */
export function readRetryDelayMs(method: string, header: string | null | undefined): number | null {
  if (!IDEMPOTENT_READS.has(method.toUpperCase())) return null;
  const value = (header ?? '').trim();
  if (!/^\d+$/.test(value)) return null;
  const seconds = Number(value);
  return seconds <= READ_RETRY_MAX_S ? seconds * 1000 : null;
}
