import { describe, expect, it } from 'vitest';
import { reportDe as deReport } from './de/reportMessages';
import * as catalogues from './index';
import { en, formatMessage } from './messages';
import { reportEn } from './reportMessages';

describe('message catalogue', () => {
  it('fills named placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('Closes in {seconds} s', { seconds: 2 })).toBe('Closes in 2 s');
    expect(formatMessage('{a} and {b}', { a: 'x' })).toBe('x and {b}');
  });

  it('has no empty message', () => {
    for (const [key, value] of Object.entries(en)) expect(value.trim(), key).not.toBe('');
  });

  it('gives every key one meaning: no two pieces register the same key', () => {
    const owners = new Map<string, string[]>();
    for (const [name, catalogue] of Object.entries(catalogues)) {
      if (!name.endsWith('En') && name !== 'en') continue;
      for (const key of Object.keys(catalogue as Record<string, string>))
        owners.set(key, [...(owners.get(key) ?? []), name]);
    }
    // chatLauncherEn is the launcher's copy of chatEn's 'chat.open', so the entry needs nothing else.
    const shared = [...owners].filter(
      ([key, names]) => names.length > 1 && !(key === 'chat.open' && names.every((n) => n.startsWith('chat'))),
    );
    expect(shared).toEqual([]);
    expect(owners.size).toBeGreaterThan(300);
  });

  it("gives the report's German catalogue every report and saved-view key, each keeping its placeholders", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, english] of Object.entries(reportEn))
      expect(placeholders(deReport[key as keyof typeof reportEn]), key).toEqual(placeholders(english));
  });
});
