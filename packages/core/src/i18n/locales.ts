import { PSEUDO_LOCALE } from '../rules/locale';
import { en, type Messages } from './messages';

/**
 * The locales there are messages for, each with a loader of its catalogue. A catalogue
 * is loaded the first time its locale is chosen, so a page pays for German only when German is used;
 * English is built in. Registration is page-wide, like `registerMessages`: register a locale before
 * creating the client that should choose it.
 */

/**
 * Loads a locale's catalogue: any subset of the keys (missing keys fall back to English, one by one).
 * @public
 */
export type LocaleLoader = () => Promise<Partial<Messages>>;

/**
 * A locale the user can choose, for a language picker.
 * @public
 */
export interface LocaleOption {
  /** The BCP 47 tag, as registered ('en', 'de', 'en-XA'). */
  tag: string;
  /** The locale's name in its own language ('English', 'Deutsch'). */
  name: string;
}

const loaders = new Map<string, LocaleLoader>([
  ['en', () => Promise.resolve({})],
  ['de', () => import('./de/index').then((m) => m.deMessages)],
  [PSEUDO_LOCALE, () => import('./pseudo').then((m) => m.pseudoCatalogue())],
]);
const names = new Map<string, string>();
const loaded = new Map<string, Promise<Partial<Messages>>>();

/**
 * Registers (or replaces) the catalogue of a locale: `registerLocale('fr', () => import('./fr').then((m) => m.fr))`.
 * `name` is the locale's name in its own language for the picker ('Français'); without it the
 * catalogue's `locale.name.<tag>` or the browser's name of the language is used.
 * @public
 */
export function registerLocale(tag: string, load: LocaleLoader, name?: string): void {
  loaders.set(tag, load);
  loaded.delete(tag);
  if (name) names.set(tag, name);
}

/**
 * Forgets a locale `registerLocale` added (not exported by the package): a test that registers a
 * partner's locale takes it back, so the page-wide registry is as the next test file expects.
 */
export function unregisterLocale(tag: string): void {
  loaders.delete(tag);
  loaded.delete(tag);
  names.delete(tag);
}

/**
 * The registered locales' tags, in the order they were registered: 'en', 'de', 'en-XA', then a partner's.
 * @public
 */
export function registeredLocales(): string[] {
  return [...loaders.keys()];
}

/**
 * The catalogue of a registered locale, loaded once (a failed load is tried again next time).
 * Rejects for a tag that was never registered.
 * @internal
 */
export function loadLocale(tag: string): Promise<Partial<Messages>> {
  const load = loaders.get(tag);
  if (!load) return Promise.reject(new Error(`No catalogue is registered for the locale '${tag}'.`));
  let messages = loaded.get(tag);
  if (!messages) {
    messages = load().catch((error: unknown) => {
      loaded.delete(tag);
      throw error;
    });
    loaded.set(tag, messages);
  }
  return messages;
}

/** A locale's own name: the registered one, the catalogue's, the browser's (Intl.DisplayNames), else the tag. */
function ownName(tag: string): string {
  const registered = names.get(tag) ?? (en as Record<string, string>)[`locale.name.${tag}`];
  if (registered) return registered;
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * The locales a language picker offers, each named in its own language. The pseudo-locale (en-XA)
 * is for testing layouts and is left out unless `pseudo` is set.
 * @public
 */
export function availableLocales({ pseudo = false }: { pseudo?: boolean } = {}): LocaleOption[] {
  return registeredLocales()
    .filter((tag) => pseudo || tag !== PSEUDO_LOCALE)
    .map((tag) => ({ tag, name: ownName(tag) }));
}
