import { describe, expect, it } from 'vitest';
import * as catalogues from '../index';
import { dataDe } from './dataMessages';
import {
  chartDe,
  chatDe,
  chatLauncherDe,
  dashboardDe,
  de,
  deMessages,
  feedbackDe,
  gridDe,
  menuDe,
  pagesDe,
  questionnaireDe,
  releaseNotesDe,
  reportDe,
  searchDe,
  serverDe,
  settingsDe,
  shellDe,
  dynamicPageDe,
} from './index';

/** Each English catalogue's German counterpart, by the English export's name. */
const german: Record<string, Record<string, string>> = {
  en: de,
  shellEn: shellDe,
  dynamicPageEn: dynamicPageDe,
  reportEn: reportDe,
  searchEn: searchDe,
  chatEn: chatDe,
  chatLauncherEn: chatLauncherDe,
  pagesEn: pagesDe,
  feedbackEn: feedbackDe,
  settingsEn: settingsDe,
  gridEn: gridDe,
  dashboardEn: dashboardDe,
  chartEn: chartDe,
  questionnaireEn: questionnaireDe,
  releaseNotesEn: releaseNotesDe,
  serverEn: serverDe,
};

/** Every English catalogue the i18n index exports (`en` and each `…En` object; `datasetMessagesEn` derives one, see dataMessages.test.ts). */
const english = Object.entries(catalogues as Record<string, unknown>).filter(
  (entry): entry is [string, Record<string, string>] =>
    (entry[0] === 'en' || entry[0].endsWith('En')) && typeof entry[1] === 'object',
);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('German catalogue (issue 24: "Two complete locales")', () => {
  it('given the English catalogues of the i18n index, then each has a German catalogue', () => {
    expect(english.length).toBeGreaterThanOrEqual(14);
    expect(english.map(([name]) => name).filter((name) => !german[name])).toEqual([]);
  });

  it.each(english)('given %s, then German has every key, none empty, each keeping its placeholders', (name, en) => {
    const de = german[name] ?? {};
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const translated = de[key] ?? '';
      expect(translated.trim(), key).not.toBe('');
      expect(placeholders(translated), key).toEqual(placeholders(text));
    }
  });

  it('given the merged catalogue, then it holds every English key with its German message', () => {
    for (const [name, en] of english)
      for (const key of Object.keys(en))
        expect(deMessages[key as keyof typeof deMessages], `${name} ${key}`).toBe(german[name]?.[key]);
  });

  it('given the merged catalogue, then every other key is a feature-page text or a menu text, none empty', () => {
    const english = new Set(Object.values(german).flatMap((catalogue) => Object.keys(catalogue)));
    const others = Object.keys(deMessages).filter((key) => !english.has(key));
    expect(others.filter((key) => !(key in dataDe) && !(key in menuDe))).toEqual([]);
    // The menu's English is each item's configured text: the server's tests hold these keys to its seed.
    for (const [key, text] of Object.entries(menuDe)) {
      expect(key).toMatch(/^menu\.(item|page)\./);
      expect(text.trim(), key).not.toBe('');
      expect(deMessages[key as keyof typeof deMessages]).toBe(text);
    }
  });

  it('given every message, then fewer than 10 % read the same as English (names and placeholder-only texts)', () => {
    const all = english.flatMap(([name, en]) => Object.entries(en).map(([key, text]) => ({ name, key, text })));
    const same = all
      .filter(({ name, key, text }) => german[name]?.[key] === text)
      .map(({ key, text }) => `${key}: ${text}`);
    expect(same.length / all.length, same.join('\n')).toBeLessThan(0.1);
  });
});
