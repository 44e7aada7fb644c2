// spec §8 "Chat"; §9 "Assistant rate limit"
/**
 * The assistant's rate limit as the chat counts it: 2 requests per minute; a question over the limit
 * gets HTTP 429 and the rate-limit text. The chatbot answers a 429 with a
 * `Retry-After` header; the chat counts it down and takes the next question when it ends. Pure
 * functions; the chat store loads them with the first 429 (the countdown's text is `chatRetryText`
 * of the chat rules).
 */

// spec §8 / §9; §8 (the rate-limit text promises a minute)
/**
 * The wait when a 429 has no readable `Retry-After` — the rate limit's window, one
 * minute (the rate-limit text promises "you'll be able to try again in a minute").
 */
export const CHAT_RETRY_DEFAULT_S = 60;

// spec §9
/**
 * The longest wait the chat honours. Under a limit of 2 requests per minute no question
 * waits longer than the minute; a larger `Retry-After` (a proxy's, a broken server's) must not lock
 * Send for longer — the worst a too-early question gets is another 429.
 */
export const CHAT_RETRY_MAX_S = 60;

// RFC 9110 §10.2.3: delay-seconds, or an HTTP-date in the IMF-fixdate form servers must send.
const DELAY_SECONDS = /^\d+$/;
const IMF_FIXDATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

// spec §8 / §9
/**
 * How many whole seconds to wait after a 429, from its `Retry-After` header — a
 * number of seconds (`'30'`) or an HTTP date (`'Wed, 21 Oct 2026 07:28:00 GMT'`, counted from
 * `now`, rounded up). At most {@link CHAT_RETRY_MAX_S}; 0 for `'0'` or a date already past. A
 * missing or unreadable header (negative, fractional, another date form) waits
 * {@link CHAT_RETRY_DEFAULT_S}.
 */
export function retryAfterSeconds(header: string | null | undefined, now: number): number {
  const value = (header ?? '').trim();
  let seconds = Number.NaN;
  if (DELAY_SECONDS.test(value)) seconds = Number(value);
  else if (IMF_FIXDATE.test(value)) seconds = Math.max(0, Math.ceil((Date.parse(value) - now) / 1000));
  return Number.isFinite(seconds) ? Math.min(seconds, CHAT_RETRY_MAX_S) : CHAT_RETRY_DEFAULT_S;
}

/** The whole seconds left until `until` (epoch ms), rounded up so the count reaches 0 only when the wait is over. */
export function retrySecondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}
