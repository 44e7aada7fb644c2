import { describe, expect, it } from 'vitest';
import * as catalogues from './index';
import { en, formatMessage } from './messages';

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
      for (const key of Object.keys(catalogue as Record<string, string>)) owners.set(key, [...(owners.get(key) ?? []), name]);
    }
    // chatLauncherEn is the launcher's copy of chatEn's 'chat.open', so the entry needs nothing else.
    const shared = [...owners].filter(([key, names]) => names.length > 1 && !(key === 'chat.open' && names.every((n) => n.startsWith('chat'))));
    expect(shared).toEqual([]);
    expect(owners.size).toBeGreaterThan(300);
  });
});
