import { COOKIE_SIZE_WARNING_BYTES, WEB_STORAGE } from '../rules/constants';

// spec §8 "Storage"; §9 (web storage constants)
/**
 * Web storage of the portal: every key is `ngx-webstorage|<key>`, keys are
 * case-insensitive, values are JSON. When the browser's storage is unavailable (private mode, a
 * sandboxed frame, Node) the strategy falls back to memory; asking for a strategy
 * that was never registered throws 'invalid_strategy'.
 */

// spec §8
/** The error of an unregistered storage strategy. */
export const INVALID_STRATEGY = 'invalid_strategy';

/**
 * One storage strategy: a JSON key-value store scoped to the portal's prefix.
 * @public
 */
export interface StorageStrategy {
  /** The strategy's name (`local`, `session`, `memory` or a registered one). */
  readonly name: string;
  /** True when it writes to the browser's storage; false when it fell back to memory. */
  readonly persistent: boolean;
  /** The value stored under `key` (case-insensitive), or undefined. */
  get<T = unknown>(key: string): T | undefined;
  /** Stores `value` under `key`, as JSON. */
  set(key: string, value: unknown): void;
  /** Removes `key`. */
  remove(key: string): void;
  /** Removes every key of the portal's prefix (other applications' keys stay). */
  clear(): void;
}

// spec §9
/**
 * The full storage key of `key`: prefix, separator, key lower-cased.
 * @public
 */
export function storageKey(key: string): string {
  return `${WEB_STORAGE.prefix}${WEB_STORAGE.separator}${key.toLowerCase()}`;
}

/** Whether a Web Storage object works: some browsers expose one that throws on write. */
function usable(storage: Storage | undefined | null): storage is Storage {
  if (!storage) return false;
  try {
    const probe = storageKey('__probe__');
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

function memoryStrategy(name: string): StorageStrategy {
  const values = new Map<string, string>();
  return {
    name,
    persistent: false,
    get: <T>(key: string) => parse<T>(values.get(storageKey(key)) ?? null),
    set: (key, value) => void values.set(storageKey(key), JSON.stringify(value)),
    remove: (key) => void values.delete(storageKey(key)),
    clear: () => values.clear(),
  };
}

function parse<T>(raw: string | null): T | undefined {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

/**
 * A strategy over a Web Storage object, or over memory when that storage is unavailable.
 * @public
 */
export function webStorageStrategy(name: string, storage: Storage | undefined | null): StorageStrategy {
  if (!usable(storage)) return memoryStrategy(name);
  // A write that fails later (quota exceeded) keeps the value in memory rather than losing it.
  const fallback = memoryStrategy(name);
  const prefix = storageKey('');
  return {
    name,
    persistent: true,
    get<T>(key: string) {
      const fromMemory = fallback.get<T>(key);
      return fromMemory !== undefined ? fromMemory : parse<T>(storage.getItem(storageKey(key)));
    },
    set(key, value) {
      try {
        storage.setItem(storageKey(key), JSON.stringify(value));
        fallback.remove(key);
      } catch {
        fallback.set(key, value);
      }
    },
    remove(key) {
      storage.removeItem(storageKey(key));
      fallback.remove(key);
    },
    clear() {
      const keys: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(prefix)) keys.push(key);
      }
      for (const key of keys) storage.removeItem(key);
      fallback.clear();
    },
  };
}

/**
 * The strategies of one portal client.
 * @public
 */
export interface PortalStorage {
  // spec §8
  /** The named strategy; throws 'invalid_strategy' for one never registered. */
  strategy(name: string): StorageStrategy;
  /** Registers (or replaces) a strategy under its name. */
  register(strategy: StorageStrategy): void;
  // spec §4
  /** Clears every strategy (logout: "clear local storage"). */
  clearAll(): void;
}

/**
 * Where the browser's storages come from; tests and SSR pass their own or none.
 * @public
 */
export interface StorageEnvironment {
  /** The browser's local storage; null or absent: none. */
  localStorage?: Storage | null;
  /** The browser's session storage; null or absent: none. */
  sessionStorage?: Storage | null;
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return (globalThis as { [k: string]: unknown })[kind] as Storage | undefined;
  } catch {
    // Reading localStorage itself throws in some sandboxed frames.
    return undefined;
  }
}

/**
 * Creates the `local`, `session` and `memory` strategies over the browser's storages (or memory).
 * @public
 */
export function createPortalStorage(
  env: StorageEnvironment = {
    localStorage: browserStorage('localStorage'),
    sessionStorage: browserStorage('sessionStorage'),
  },
): PortalStorage {
  const strategies = new Map<string, StorageStrategy>();
  const register = (s: StorageStrategy) => void strategies.set(s.name, s);
  register(webStorageStrategy('local', env.localStorage));
  register(webStorageStrategy('session', env.sessionStorage));
  register(memoryStrategy('memory'));
  return {
    strategy(name) {
      const found = strategies.get(name);
      if (!found) throw new Error(INVALID_STRATEGY);
      return found;
    },
    register,
    clearAll() {
      for (const s of strategies.values()) s.clear();
    },
  };
}

// spec §5, §9
/**
 * A cookie over 4096 bytes triggers a console warning only. Returns whether it warned.
 * @public
 */
export function warnIfCookieTooLarge(
  name: string,
  cookie: string,
  warn: (message: string) => void = console.warn,
): boolean {
  const bytes = new TextEncoder().encode(cookie).length;
  if (bytes <= COOKIE_SIZE_WARNING_BYTES) return false;
  warn(`Cookie "${name}" is ${bytes} bytes, more than ${COOKIE_SIZE_WARNING_BYTES} bytes: browsers may drop it.`);
  return true;
}
