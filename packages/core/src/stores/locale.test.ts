import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerLocale } from '../i18n/locales';
import { registerMessages, type MessageKey } from '../i18n/messages';
import { LOCALE_STORAGE_KEY, pseudoLocalize } from '../rules/locale';
import { createPortalStorage, type StorageStrategy } from '../storage/webStorage';
import { createLocaleStore, type LocaleStoreOptions } from './locale';
import { BUSY_MACHINE_WAIT } from '#test/wait';

const memory = (): StorageStrategy => createPortalStorage({}).strategy('local');

/** A store whose browser speaks `browser` (English unless given). */
function store(options: Partial<LocaleStoreOptions> & { languages?: string[] } = {}) {
  const { languages = ['en-US'], ...rest } = options;
  return createLocaleStore({ storage: memory(), browser: () => languages, ...rest });
}

/** A locale whose catalogue arrives when the test says so. */
function deferredLocale(tag: string, messages: Record<string, string>) {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(() => arrived.then(() => messages));
  registerLocale(tag, load);
  return { load, arrive };
}

afterEach(() => vi.restoreAllMocks());

describe('the locale store (issue 24 §2 "The locale is chosen, in order…")', () => {
  it('given nothing but an English browser, then the locale is English and the translator answers in English', async () => {
    const s = store();
    await expect(s.requestLocale(null)).resolves.toBe('en');
    expect(s.t('common.cancel')).toBe('Cancel');
  });

  it('given a requested, a stored and a browser locale, when the store starts, then the requested one wins', async () => {
    const storage = memory();
    storage.set(LOCALE_STORAGE_KEY, 'en');
    const s = createLocaleStore({ storage, requested: 'de', browser: () => ['en-US'] });
    await vi.waitFor(() => expect(s.$locale.get()).toBe('de'), BUSY_MACHINE_WAIT);
    expect(s.t('common.cancel')).toBe('Abbrechen');
  });

  it('given a chosen locale whose messages are still loading, then the target is it while the active locale stays', async () => {
    const { arrive } = deferredLocale('xx-target', { 'common.cancel': 'Xancel' });
    const s = store({ requested: 'xx-target' });
    expect(s.$locale.get()).toBe('en');
    expect(s.target()).toBe('xx-target');
    arrive();
    await vi.waitFor(() => expect(s.$locale.get()).toBe('xx-target'), BUSY_MACHINE_WAIT);
    expect(s.target()).toBe('xx-target');
  });

  it('given no requested locale, then the stored choice comes before the browser languages', async () => {
    const storage = memory();
    storage.set(LOCALE_STORAGE_KEY, 'de');
    const s = createLocaleStore({ storage, browser: () => ['en-US', 'en'] });
    await vi.waitFor(() => expect(s.$locale.get()).toBe('de'), BUSY_MACHINE_WAIT);
  });

  it('given no choice, then the first browser language with messages is chosen, else English', async () => {
    const german = store({ languages: ['fr-FR', 'de-CH', 'en'] });
    await vi.waitFor(() => expect(german.$locale.get()).toBe('de'), BUSY_MACHINE_WAIT);
    const none = store({ languages: ['fr-FR', 'ja'] });
    await expect(none.requestLocale(null)).resolves.toBe('en');
  });

  it('given a stored choice of English and a German browser, then English stays', async () => {
    const storage = memory();
    storage.set(LOCALE_STORAGE_KEY, 'en');
    const s = createLocaleStore({ storage, browser: () => ['de-DE'] });
    expect(await s.setLocale('en')).toBe('en');
    expect(s.$locale.get()).toBe('en');
  });

  it('given a locale whose messages load slowly, when it is requested, then the locale switches only once they arrived', async () => {
    const { load, arrive } = deferredLocale('xx', { 'common.cancel': 'Xancel' });
    const s = store();
    const seen: string[] = [];
    s.$locale.listen((tag) => seen.push(tag));
    const switched = s.requestLocale('xx');
    await Promise.resolve();
    expect(load).toHaveBeenCalledOnce();
    expect(s.$locale.get()).toBe('en');
    expect(s.t('common.cancel')).toBe('Cancel');
    arrive();
    await expect(switched).resolves.toBe('xx');
    expect(seen).toEqual(['xx']);
    expect(s.t('common.cancel')).toBe('Xancel');
  });

  it('given a slow locale, when another is chosen before it arrives, then the later choice stays', async () => {
    const { arrive } = deferredLocale('yy', { 'common.cancel': 'Ycancel' });
    const s = store();
    const slow = s.requestLocale('yy');
    await s.requestLocale(null);
    arrive();
    await slow;
    expect(s.$locale.get()).toBe('en');
    expect(s.t('common.cancel')).toBe('Cancel');
  });

  it('given a catalogue that fails to load, when it is requested, then the previous locale stays and a warning is logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    registerLocale('zz', () => Promise.reject(new Error('offline')));
    const s = store();
    await expect(s.requestLocale('zz')).resolves.toBe('en');
    expect(s.$locale.get()).toBe('en');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'zz'"), expect.any(Error));
  });

  it('given a catalogue without some keys, then each missing key falls back to English, and an unknown key to itself', async () => {
    registerLocale('part', () => Promise.resolve({ 'common.ok': 'Okay!' }));
    const s = store();
    await s.requestLocale('part');
    expect(s.t('common.ok')).toBe('Okay!');
    expect(s.t('confirm.countdown', { seconds: 3 })).toBe('Closes in 3 s');
    expect(s.t('no.such.key' as MessageKey)).toBe('no.such.key');
  });

  it("given a partner's overrides, then they show over the active locale's messages", async () => {
    const s = store({ requested: 'de', overrides: { 'common.cancel': 'Lieber nicht' } });
    await vi.waitFor(() => expect(s.$locale.get()).toBe('de'), BUSY_MACHINE_WAIT);
    expect(s.t('common.cancel')).toBe('Lieber nicht');
    expect(s.t('common.close')).toBe('Schließen');
  });

  it('given the translator taken before a switch, when the locale changes, then the same function answers in the new locale', async () => {
    const s = store();
    const { t } = s;
    await s.requestLocale('de');
    expect(s.t).toBe(t);
    expect(t('idle.stay')).toBe('Angemeldet bleiben');
  });

  it('given the pseudo-locale, then every English message is pseudo-localized, pieces registered later too', async () => {
    const s = store({ requested: 'en-XA' });
    await vi.waitFor(() => expect(s.$locale.get()).toBe('en-XA'), BUSY_MACHINE_WAIT);
    expect(s.t('common.cancel')).toBe(pseudoLocalize('Cancel'));
    expect(s.t('confirm.countdown', { seconds: 3 })).toBe(
      pseudoLocalize('Closes in {seconds} s').replace('{seconds}', '3'),
    );
    registerMessages({ 'grid.yes': 'Yes' } as Partial<Record<MessageKey, string>>);
    expect(s.t('grid.yes')).toBe(pseudoLocalize('Yes'));
  });

  it('given the pseudo-locale, then an English browser does not choose it: only asking for it exactly does', async () => {
    const s = store({ languages: ['en-XA-x', 'en-US'] });
    await expect(s.requestLocale(null)).resolves.toBe('en');
  });

  it('given a choice, when it is made, then it is remembered for the next store; null forgets it', async () => {
    const storage = memory();
    const first = createLocaleStore({ storage, browser: () => ['en'] });
    await expect(first.setLocale('DE-at')).resolves.toBe('de');
    expect(first.chosen()).toBe('de');
    const next = createLocaleStore({ storage, browser: () => ['en'] });
    await vi.waitFor(() => expect(next.$locale.get()).toBe('de'), BUSY_MACHINE_WAIT);
    await expect(next.setLocale(null)).resolves.toBe('en');
    expect(next.chosen()).toBeNull();
    expect(storage.get(LOCALE_STORAGE_KEY)).toBeUndefined();
  });

  it('given a requested locale over a stored choice, when the request is cleared, then the stored choice applies', async () => {
    const storage = memory();
    storage.set(LOCALE_STORAGE_KEY, 'de');
    const s = createLocaleStore({ storage, requested: 'en', browser: () => [] });
    await expect(s.requestLocale('en')).resolves.toBe('en');
    await expect(s.requestLocale(null)).resolves.toBe('de');
    expect(storage.get(LOCALE_STORAGE_KEY)).toBe('de');
  });
});
