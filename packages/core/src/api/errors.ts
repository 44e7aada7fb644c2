/**
 * A non-2xx answer of the portal API: its HTTP status, its parsed body (JSON, text, or null) and
 * its headers (e.g. a 429's `Retry-After`), when it came from a response.
 * @public
 */
export class ApiError extends Error {
  /** Always `'ApiError'`. */
  override readonly name = 'ApiError';
  /** An error for an answer with `status` and `body` (and its `headers`); its message is the server's, else the status. */
  constructor(
    /** The answer's HTTP status. */
    readonly status: number,
    /** The answer's body: parsed JSON, text, or null. */
    readonly body: unknown,
    /** The answer's headers, when it came from a response. */
    readonly headers?: Headers,
  ) {
    super(ApiError.describe(status, body));
  }

  /** The server's own message when it sent one (`{message}`), else the status. */
  static describe(status: number, body: unknown): string {
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
    if (typeof body === 'string' && body.trim()) return body.trim().slice(0, 200);
    return `HTTP ${status}`;
  }
}

/**
 * True for an {@link ApiError}, optionally with one of the given statuses.
 * @public
 */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}
