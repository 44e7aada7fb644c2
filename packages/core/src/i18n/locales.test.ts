import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { deMessages } from './de/index';
import { availableLocales, loadLocale, registeredLocales, registerLocale, unregisterLocale } from './locales';
import { en } from './messages';

describe('the locale registry (issue 24 §2)', () => {
  it('given the shipped locales, then English, German and the pseudo-locale are registered, in that order', () => {
    expect(registeredLocales().slice(0, 3)).toEqual(['en', 'de', 'en-XA']);
  });

  it('given German, when its catalogue is loaded, then it is the complete German catalogue', async () => {
    await expect(loadLocale('de')).resolves.toBe(deMessages);
    expect(deMessages['common.cancel']).toBe('Abbrechen');
  });

  it('given a tag never registered, when it is loaded, then the load fails with the tag named', async () => {
    await expect(loadLocale('tlh')).rejects.toThrow("'tlh'");
  });

  it('given a registered locale, when it is loaded twice, then its loader runs once', async () => {
    const load = vi.fn(() => Promise.resolve({ 'common.ok': 'Bien' }));
    registerLocale('fr-test', load);
    await loadLocale('fr-test');
    await expect(loadLocale('fr-test')).resolves.toEqual({ 'common.ok': 'Bien' });
    expect(load).toHaveBeenCalledOnce();
  });

  it('given a load that failed, when it is loaded again, then the loader is tried again', async () => {
    const load = vi
      .fn<() => Promise<Record<string, string>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ 'common.ok': 'Ja' });
    registerLocale('nl-test', load);
    await expect(loadLocale('nl-test')).rejects.toThrow('offline');
    await expect(loadLocale('nl-test')).resolves.toEqual({ 'common.ok': 'Ja' });
  });

  it("given the picker's list, then each locale is named in its own language and the pseudo-locale is left out unless asked for", () => {
    const shipped = (options?: { pseudo?: boolean }) =>
      availableLocales(options).filter((l) => ['en', 'de', 'en-XA'].includes(l.tag));
    expect(shipped()).toEqual([
      { tag: 'en', name: 'English' },
      { tag: 'de', name: 'Deutsch' },
    ]);
    expect(shipped({ pseudo: true }).map((l) => l.tag)).toEqual(['en', 'de', 'en-XA']);
    expect(en['locale.name.de']).toBe('Deutsch');
  });

  it('given a locale registered and then unregistered, then it is no longer offered or loadable', async () => {
    registerLocale('zz-gone', () => Promise.resolve({}), 'Gone');
    expect(registeredLocales()).toContain('zz-gone');
    unregisterLocale('zz-gone');
    expect(registeredLocales()).not.toContain('zz-gone');
    expect(availableLocales().map((l) => l.tag)).not.toContain('zz-gone');
    await expect(loadLocale('zz-gone')).rejects.toThrow("No catalogue is registered for the locale 'zz-gone'.");
  });

  it("given a partner's locale, then the picker shows the name it was registered with, else the language's own name", () => {
    // The registry is page-wide: the next test file expects it without these two.
    onTestFinished(() => ['it', 'fr'].forEach(unregisterLocale));
    registerLocale('it', () => Promise.resolve({}), 'Italiano');
    registerLocale('fr', () => Promise.resolve({}));
    const names = Object.fromEntries(availableLocales().map((l) => [l.tag, l.name]));
    expect(names.it).toBe('Italiano');
    expect(names.fr).toBe('français');
  });
});
