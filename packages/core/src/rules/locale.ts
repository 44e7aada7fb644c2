/**
 * Locale rules. The locale is chosen, in order: the element's `lang`
 * attribute or the React provider's `locale`, the user's choice (a language picker in the settings
 * drawer, remembered), the browser's languages, English. Two complete locales ship, English and
 * German, plus a pseudo-locale (en-XA: accented and 40 % longer) that shows untranslated, clipped or
 * concatenated text. Pure functions: the caller reads the attribute, storage and `navigator.languages`.
 */

/**
 * The locales with a complete catalogue.
 * @public
 */
export const SUPPORTED_LOCALES = ['en', 'de'] as const;

/**
 * One of {@link SUPPORTED_LOCALES}.
 * @public
 */
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/**
 * The pseudo-locale: English accented and about 40 % longer. It is chosen only when asked for exactly.
 * @internal
 */
export const PSEUDO_LOCALE = 'en-XA';

/** Where the user's choice of the settings drawer's language picker is remembered (the client's local storage). */
export const LOCALE_STORAGE_KEY = 'locale';

/** The locale used when nothing else matches. */
const FALLBACK_LOCALE: SupportedLocale = 'en';

/** A tag for comparison: trimmed, lower case, `_` read as `-` (as some stored values spell it). */
function normalize(tag: string): string {
  return tag.trim().replace(/_/g, '-').toLowerCase();
}

/**
 * BCP 47 lookup of one tag among the available locales, case-insensitively: the exact tag
 * (`de-CH` when `de-CH` is available), else its language (`de-CH` → `de`), else `null`. The answer is
 * spelled as in `available`. The pseudo-locale matches only exactly: `en-XA` never falls back to `en`,
 * and no other English tag chooses `en-XA`.
 * @public
 */
export function matchLocale(tag: string | null | undefined, available: readonly string[]): string | null {
  if (!tag) return null;
  const wanted = normalize(tag);
  if (!wanted) return null;
  const exact = available.find((locale) => normalize(locale) === wanted);
  if (exact !== undefined) return exact;
  if (wanted === normalize(PSEUDO_LOCALE)) return null;
  const language = wanted.split('-')[0];
  if (!language || language === wanted) return null;
  return available.find((locale) => normalize(locale) === language) ?? null;
}

/**
 * Where a locale may come from, in the order they are tried.
 * @public
 */
export interface LocaleSources {
  /** The element's `lang` attribute or the React provider's `locale`. */
  requested?: string | null;
  /** The user's remembered choice from the settings drawer's language picker. */
  stored?: string | null;
  /** The browser's languages, most preferred first (`navigator.languages`). */
  browser?: readonly string[] | null;
  /** The locales there are messages for. @default SUPPORTED_LOCALES */
  available?: readonly string[];
}

/**
 * The first of the requested locale, the stored choice and each of the browser's
 * languages in order that {@link matchLocale matches} an available locale; otherwise English.
 * @public
 */
export function chooseLocale({ requested, stored, browser, available = SUPPORTED_LOCALES }: LocaleSources): string {
  for (const tag of [requested, stored, ...(browser ?? [])]) {
    const match = matchLocale(tag, available);
    if (match !== null) return match;
  }
  return FALLBACK_LOCALE;
}

/**
 * Server answers that carry text follow the request's locale: the languages of an
 * `Accept-Language` header, most preferred first — by `q` (default 1; `q=0` means not wanted), ties in
 * the header's order; `*` and malformed entries are left out.
 * @public
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; at: number }[] = [];
  header.split(',').forEach((part, at) => {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim();
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) return;
    entries.push({ tag, q, at });
  });
  return entries.sort((a, b) => b.q - a.q || a.at - b.at).map((e) => e.tag);
}

/** The pseudo-locale's letters: each ASCII letter (`PLAIN`) and its accented look-alike at the same index. */
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ';

/** How much longer a pseudo-localized text is than its English (German runs about this much longer). */
const PSEUDO_GROWTH = 0.4;

/** The padding character appended to a pseudo-localized text. */
const PSEUDO_PAD = '·';

/**
 * The en-XA form of a message: every letter accented (placeholders such as `{seconds}` untouched so
 * they are still filled), padded with `·` to about 40 % more characters, and bracketed `[…]` so text
 * that is clipped or concatenated from pieces shows. Deterministic; an empty text stays empty.
 * @public
 */
export function pseudoLocalize(text: string): string {
  if (!text) return text;
  const accented = text
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[PLAIN.indexOf(letter)] ?? letter)))
    .join('');
  const pad = PSEUDO_PAD.repeat(Math.ceil(text.length * PSEUDO_GROWTH));
  return `[${accented} ${pad}]`;
}

/**
 * A whole catalogue in the pseudo-locale, key for key.
 * @public
 */
export function pseudoMessages<T extends Record<string, string>>(catalogue: T): Record<keyof T, string> {
  const entries = Object.entries(catalogue).map(([key, text]) => [key, pseudoLocalize(text)]);
  return Object.fromEntries(entries) as Record<keyof T, string>;
}
