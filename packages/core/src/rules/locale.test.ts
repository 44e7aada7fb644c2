import { describe, expect, it } from 'vitest';
import {
  chooseLocale,
  matchLocale,
  parseAcceptLanguage,
  PSEUDO_LOCALE,
  pseudoLocalize,
  pseudoMessages,
  SUPPORTED_LOCALES,
} from './locale';

const withPseudo = [...SUPPORTED_LOCALES, PSEUDO_LOCALE];

describe('locale rules (issue 24 §2 "The locale is chosen, in order…")', () => {
  it('given the shipped catalogues, then English and German are supported and en-XA is the pseudo-locale', () => {
    expect(SUPPORTED_LOCALES).toEqual(['en', 'de']);
    expect(PSEUDO_LOCALE).toBe('en-XA');
  });

  describe('matchLocale', () => {
    it('given a tag that is available exactly, when matched, then that locale is chosen', () => {
      expect(matchLocale('de-CH', ['en', 'de', 'de-CH'])).toBe('de-CH');
      expect(matchLocale('de', ['en', 'de'])).toBe('de');
    });

    it('given a tag in another case, when matched, then it matches and answers in the available spelling', () => {
      expect(matchLocale('DE', SUPPORTED_LOCALES)).toBe('de');
      expect(matchLocale('de-ch', ['en', 'de-CH'])).toBe('de-CH');
      expect(matchLocale('EN-xa', withPseudo)).toBe('en-XA');
    });

    it('given a tag with a region that is not available, when matched, then its language is chosen', () => {
      expect(matchLocale('de-CH', SUPPORTED_LOCALES)).toBe('de');
      expect(matchLocale('en-GB', SUPPORTED_LOCALES)).toBe('en');
      expect(matchLocale('de-Latn-AT', SUPPORTED_LOCALES)).toBe('de');
    });

    it('given a tag whose language is not available, or no tag, when matched, then there is no match', () => {
      expect(matchLocale('fr-FR', SUPPORTED_LOCALES)).toBeNull();
      expect(matchLocale('fr', SUPPORTED_LOCALES)).toBeNull();
      expect(matchLocale('de', ['en', 'de-CH'])).toBeNull();
      expect(matchLocale('', SUPPORTED_LOCALES)).toBeNull();
      expect(matchLocale('  ', SUPPORTED_LOCALES)).toBeNull();
      expect(matchLocale(null, SUPPORTED_LOCALES)).toBeNull();
      expect(matchLocale(undefined, SUPPORTED_LOCALES)).toBeNull();
    });

    it('given the pseudo-locale, when matched, then it matches only exactly: never from en, never to en', () => {
      expect(matchLocale('en-XA', withPseudo)).toBe('en-XA');
      expect(matchLocale('en-XA', SUPPORTED_LOCALES)).toBeNull();
      expect(matchLocale('en', [PSEUDO_LOCALE])).toBeNull();
      expect(matchLocale('en-US', [PSEUDO_LOCALE])).toBeNull();
      expect(matchLocale('en-US', withPseudo)).toBe('en');
    });
  });

  describe('chooseLocale', () => {
    it("given the element's lang or the provider's locale, when choosing, then it wins over everything else", () => {
      expect(chooseLocale({ requested: 'de', stored: 'en', browser: ['en-US'] })).toBe('de');
      expect(chooseLocale({ requested: 'en-GB', stored: 'de', browser: ['de-DE'] })).toBe('en');
    });

    it("given no usable request, when choosing, then the user's remembered choice wins over the browser", () => {
      expect(chooseLocale({ stored: 'de', browser: ['en-US'] })).toBe('de');
      expect(chooseLocale({ requested: 'fr', stored: 'de', browser: ['en-US'] })).toBe('de');
      expect(chooseLocale({ requested: null, stored: 'en', browser: ['de-DE'] })).toBe('en');
    });

    it("given no request and no stored choice, when choosing, then the browser's languages are tried in order", () => {
      expect(chooseLocale({ browser: ['de-AT', 'en-US'] })).toBe('de');
      expect(chooseLocale({ browser: ['fr-FR', 'it', 'de-DE', 'en'] })).toBe('de');
      expect(chooseLocale({ stored: 'es', browser: ['en-US', 'de'] })).toBe('en');
    });

    it('given nothing that matches, when choosing, then English is chosen', () => {
      expect(chooseLocale({})).toBe('en');
      expect(chooseLocale({ requested: 'fr', stored: 'ja', browser: ['zh-CN', 'es'] })).toBe('en');
      expect(chooseLocale({ browser: null })).toBe('en');
    });

    it('given the pseudo-locale among the available ones, when it is asked for exactly, then it is chosen', () => {
      expect(chooseLocale({ requested: 'en-XA', available: withPseudo })).toBe('en-XA');
      expect(chooseLocale({ browser: ['en-US'], available: withPseudo })).toBe('en');
      expect(chooseLocale({ requested: 'en-XA', browser: ['de'] })).toBe('de');
    });
  });

  describe('pseudoLocalize', () => {
    it('given English text, when pseudo-localized, then every letter is accented, upper and lower case', () => {
      const pseudo = pseudoLocalize('Save Report');
      expect(pseudo).toMatch(/^\[Šáṽé Ŕéþóŕţ ·+\]$/);
      expect(pseudoLocalize('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ')).not.toMatch(/[A-Za-z]/);
    });

    it('given placeholders, when pseudo-localized, then they are kept untouched so they are still filled', () => {
      const pseudo = pseudoLocalize('Closes in {seconds} s, {productName} home');
      expect([...pseudo.matchAll(/\{(\w+)\}/g)].map((m) => m[1])).toEqual(['seconds', 'productName']);
      expect(pseudo).toContain('Çļóšéš íñ {seconds} š');
    });

    it('given a text of 10 or more characters, when pseudo-localized, then it is at least 40 % longer', () => {
      for (const text of ['Try again!', 'Loading the report', 'You can ask again in {count} seconds.']) {
        expect(pseudoLocalize(text).length, text).toBeGreaterThanOrEqual(Math.ceil(text.length * 1.4));
      }
    });

    it('given any text, when pseudo-localized, then it is bracketed so clipped text shows, and non-letters stay', () => {
      const pseudo = pseudoLocalize('1 / 2 — 50 %…');
      expect(pseudo.startsWith('[1 / 2 — 50 %… ')).toBe(true);
      expect(pseudo.endsWith(']')).toBe(true);
      expect(pseudoLocalize('')).toBe('');
    });

    it('given the same text twice, when pseudo-localized, then the answers are equal', () => {
      expect(pseudoLocalize('Saved views')).toBe(pseudoLocalize('Saved views'));
    });

    it('given a catalogue, when pseudo-localized, then every key has its pseudo-localized message', () => {
      const catalogue = { 'common.ok': 'OK', 'confirm.countdown': 'Closes in {seconds} s' };
      expect(pseudoMessages(catalogue)).toEqual({
        'common.ok': pseudoLocalize('OK'),
        'confirm.countdown': pseudoLocalize('Closes in {seconds} s'),
      });
    });
  });
});

describe("the languages of an Accept-Language header (issue 24 §2: server answers follow the request's locale)", () => {
  it("given q-values, then the languages come most preferred first, ties in the header's order", () => {
    expect(parseAcceptLanguage('en;q=0.5, de-DE, fr;q=0.8, de')).toEqual(['de-DE', 'de', 'fr', 'en']);
  });

  it('given q=0, a wildcard or a malformed entry, then it is left out', () => {
    expect(parseAcceptLanguage('de;q=0, *, en-US;q=x, 12!, en')).toEqual(['en']);
  });

  it('given no header, then there are no languages (and the server answers in English)', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(chooseLocale({ browser: parseAcceptLanguage('') })).toBe('en');
    expect(chooseLocale({ browser: parseAcceptLanguage('fr, de-AT;q=0.9') })).toBe('de');
  });
});
