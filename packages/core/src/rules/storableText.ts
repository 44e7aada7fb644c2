/**
 * Texts a database can store and compare (bad input gets a
 * clear error): PostgreSQL refuses a NUL character in any text, and half of a UTF-16 surrogate pair
 * (`"\ud800"` in JSON) in a JSON value. Either is refused at the edge, naming where it was, instead of
 * reaching the database.
 */

/**
 * Why `text` cannot be stored: `nul` (U+0000) or `surrogate` (half of a surrogate pair); null when it can.
 * @public
 */
export function unstorableText(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\u0000')) return 'nul';
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text) ? 'surrogate' : null;
}

/**
 * Where an unstorable text is in a request's parts: the dotted path of the first one found (`body.comment`, `query.q`).
 * @public
 */
export interface UnstorableAt {
  /** The dotted path of the first unstorable text. */
  path: string;
  /** What is wrong with it: a NUL character, or a lone UTF-16 surrogate. */
  reason: 'nul' | 'surrogate';
}

/** Nesting a request's value is walked to; deeper values are left to the route's own checks. */
const MAX_DEPTH = 32;

/**
 * The first unstorable text in `value` — its strings and its object keys, at any depth up to 32 — or null.
 * @public
 */
export function findUnstorableText(value: unknown, path: string, depth = 0): UnstorableAt | null {
  if (typeof value === 'string') {
    const reason = unstorableText(value);
    return reason && { path, reason };
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    const reason = unstorableText(key);
    if (reason) return { path, reason };
    const found = findUnstorableText(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}
