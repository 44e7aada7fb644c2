import { describe, expect, it, vi } from 'vitest';
import {
  createPortalStorage,
  INVALID_STRATEGY,
  storageKey,
  warnIfCookieTooLarge,
  webStorageStrategy,
} from './webStorage';

/** A Web Storage object over a Map, like the browser's. */
function fakeStorage(options: { throwOnWrite?: boolean } = {}): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      if (options.throwOnWrite) throw new DOMException('QuotaExceededError');
      data.set(k, String(v));
    },
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
  };
}

describe('web storage (spec §9 "Web storage", §8 "Storage")', () => {
  it("prefixes every key with 'ngx-webstorage' and the separator '|'", () => {
    const local = fakeStorage();
    createPortalStorage({ localStorage: local }).strategy('local').set('personas', ['Finance']);
    expect(local.getItem('ngx-webstorage|personas')).toBe('["Finance"]');
    expect(storageKey('Identity')).toBe('ngx-webstorage|identity');
  });

  it('treats keys case-insensitively', () => {
    const s = createPortalStorage({ localStorage: fakeStorage() }).strategy('local');
    s.set('Personas', ['IT']);
    expect(s.get('PERSONAS')).toEqual(['IT']);
    s.remove('personas');
    expect(s.get('Personas')).toBeUndefined();
  });

  it('given an unavailable storage (writes throw), then it falls back to memory and still keeps values', () => {
    const s = createPortalStorage({ localStorage: fakeStorage({ throwOnWrite: true }) }).strategy('local');
    expect(s.persistent).toBe(false);
    s.set('identity', { id: 'u1' });
    expect(s.get('identity')).toEqual({ id: 'u1' });
  });

  it('given no storage at all (Node, SSR), then every strategy works in memory', () => {
    const storage = createPortalStorage({});
    storage.strategy('session').set('a', 1);
    expect(storage.strategy('session').get('a')).toBe(1);
    expect(storage.strategy('local').persistent).toBe(false);
  });

  it("given an unregistered strategy, then it throws 'invalid_strategy'", () => {
    expect(() => createPortalStorage({}).strategy('cookie')).toThrow(INVALID_STRATEGY);
    expect(INVALID_STRATEGY).toBe('invalid_strategy');
  });

  it('a registered strategy can then be asked for', () => {
    const storage = createPortalStorage({});
    storage.register(webStorageStrategy('cookie', fakeStorage()));
    expect(storage.strategy('cookie').persistent).toBe(true);
  });

  it("clearing removes only the portal's keys, not other applications' keys", () => {
    const local = fakeStorage();
    local.setItem('other-app', 'keep');
    const storage = createPortalStorage({ localStorage: local });
    storage.strategy('local').set('personas', ['IT']);
    storage.strategy('local').set('identity', { id: 'u1' });
    storage.clearAll();
    expect(local.length).toBe(1);
    expect(local.getItem('other-app')).toBe('keep');
  });

  it('a value stored by someone else that is not JSON reads as undefined instead of throwing', () => {
    const local = fakeStorage();
    local.setItem('ngx-webstorage|identity', '{broken');
    expect(createPortalStorage({ localStorage: local }).strategy('local').get('identity')).toBeUndefined();
  });
});

describe('cookie size (spec §5: over 4096 bytes triggers a console warning only)', () => {
  it('given a cookie of 4096 bytes, then nothing is logged', () => {
    const warn = vi.fn();
    expect(warnIfCookieTooLarge('c', 'x'.repeat(4096), warn)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('given a cookie of 4097 bytes, then one warning names it and its size', () => {
    const warn = vi.fn();
    expect(warnIfCookieTooLarge('session', 'x'.repeat(4097), warn)).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('"session" is 4097 bytes');
  });
});
