/**
 * The API's origin (and path) as every part of the client holds it: without trailing slashes, ''
 * for the page's own origin. The one place an `apiBase` or `api-base` attribute is normalised
 * (its own module: the elements' entry uses it without the http helper).
 * @public
 */
export function normalizeApiBase(value: string | undefined): string {
  return (value ?? '').trim().replace(/\/+$/, '');
}
