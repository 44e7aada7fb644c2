/** A query-string value as one string: the last one when a key repeats (`?a=1&a=2` → '2'); undefined when absent. */
export function queryValue(raw: unknown): string | undefined {
  if (raw === undefined) return undefined;
  return Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw);
}
