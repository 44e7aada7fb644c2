import { atom, type ReadableAtom } from 'nanostores';
import { loadLocale, registeredLocales } from '../i18n/locales';
import { createTranslator, type Messages, type Translate } from '../i18n/messages';
import { chooseLocale, LOCALE_STORAGE_KEY, matchLocale } from '../rules/locale';
import type { StorageStrategy } from '../storage/webStorage';

/**
 * Options of {@link createLocaleStore}.
 * @public
 */
export interface LocaleStoreOptions {
  /** Where the user's choice is remembered (the client's local storage). */
  storage: StorageStrategy;
  /** The requested locale: the element's `lang` attribute or the React provider's `locale`. */
  requested?: string | null;
  /** A partner's own texts, shown over every locale's. */
  overrides?: Partial<Messages>;
  /** The browser's languages, most preferred first. @default navigator.languages where there is one */
  browser?: () => readonly string[] | undefined;
}

/**
 * The active locale of one portal client and its translator.
 * @public
 */
export interface LocaleStore {
  /** The active locale's tag ('en', 'de', 'en-XA'): it changes once the chosen locale's catalogue has loaded. */
  readonly $locale: ReadableAtom<string>;
  /** Translates in the active locale, whichever it is when called (one function for the store's life). */
  readonly t: Translate;
  /** The user's remembered choice, or null. */
  chosen(): string | null;
  /** The locale being switched to: the active one, or the chosen one whose messages are still loading. */
  target(): string;
  /** Remembers the user's choice (null forgets it) and switches to the locale that now comes first. */
  setLocale(tag: string | null): Promise<string>;
  /** Sets the requested locale (null clears it), not remembered, and switches to the one that now comes first. */
  requestLocale(tag: string | null): Promise<string>;
}

const browserLanguages = () => globalThis.navigator?.languages;

/**
 * Creates the locale store. The locale is chosen, in order: the requested one, the
 * user's remembered choice, the browser's languages, English. Until the chosen locale's catalogue
 * has loaded the previous locale stays active, so the page never shows keys or a half-switched text.
 * @public
 */
export function createLocaleStore({
  storage,
  requested = null,
  overrides = {},
  browser = browserLanguages,
}: LocaleStoreOptions): LocaleStore {
  const $locale = atom('en');
  let active = createTranslator(overrides);
  let wanted = 'en';
  const chosen = () => storage.get<string>(LOCALE_STORAGE_KEY) ?? null;

  const apply = (): Promise<string> => {
    const next = chooseLocale({ requested, stored: chosen(), browser: browser(), available: registeredLocales() });
    wanted = next;
    if (next === $locale.get()) return Promise.resolve(next);
    return loadLocale(next).then(
      (messages) => {
        // A later choice that came first wins; this catalogue stays loaded for when it is chosen again.
        if (wanted === next) {
          active = createTranslator(overrides, messages);
          $locale.set(next);
        }
        return $locale.get();
      },
      (error: unknown) => {
        console.warn(`The messages of the locale '${next}' could not be loaded.`, error);
        return $locale.get();
      },
    );
  };

  void apply();
  return {
    $locale,
    t: (key, params) => active(key, params),
    chosen,
    target: () => wanted,
    setLocale(tag) {
      if (tag === null) storage.remove(LOCALE_STORAGE_KEY);
      else storage.set(LOCALE_STORAGE_KEY, matchLocale(tag, registeredLocales()) ?? tag);
      return apply();
    },
    requestLocale(tag) {
      requested = tag;
      return apply();
    },
  };
}
