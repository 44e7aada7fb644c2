import { atom, type ReadableAtom } from 'nanostores';
import type { ChatApi, ChatHistoryItem } from '../api/chat';
import type { Translate } from '../i18n/messages';
import { groupChatHistory } from '../rules/chat';
import type { ChatHistoryState } from './chatTypes';

// spec §4
/** The history dropdown's list and its cache. Internal to the chat store. */
export interface ChatHistoryCache {
  readonly $history: ReadableAtom<ChatHistoryState>;
  // spec §8
  /** Loads the list unless it is cached (`force` reloads); a failure leaves it empty. */
  load(force?: boolean): Promise<void>;
  /** Drops the cache (on logout): the next opening loads again. */
  reset(): void;
  // spec §4
  /**
   * After each reply the cache is dropped. A list loading meanwhile (opened while the answer
   * was generating) would show the chats as they were, or nothing at all: it is loaded again.
   */
  invalidate(): void;
  /** The listed item of `chatId`, if any. */
  find(chatId: string): ChatHistoryItem | undefined;
  /** A chat was renamed: its listed item shows the new name. */
  renamed(chatId: string, chatName: string): void;
  /** A chat was deleted: its item leaves the list. */
  removed(chatId: string): void;
}

const INITIAL_HISTORY: ChatHistoryState = Object.freeze({ status: 'idle', items: [], groups: [] }) as ChatHistoryState;

// spec §4
/** The history cache: valid after a successful load, dropped after each reply. */
export function createChatHistory(api: ChatApi, now: () => number, t: Translate): ChatHistoryCache {
  const $history = atom<ChatHistoryState>(INITIAL_HISTORY);
  let generation = 0;
  let valid = false;
  let loading: Promise<void> | null = null;

  function set(items: ChatHistoryItem[]): void {
    $history.set({ status: items.length ? 'loaded' : 'empty', items, groups: groupChatHistory(items, now(), t) });
  }

  const listed = (chatId: string) => $history.get().items.some((i) => i.chatId === chatId);

  return {
    $history,
    load(force = false) {
      const { status } = $history.get();
      if (!force && valid && (status === 'loaded' || status === 'empty')) return Promise.resolve();
      if (loading && !force) return loading;
      const mine = ++generation;
      $history.set({ ...$history.get(), status: 'loading' });
      const load = api.history().then(
        (items) => {
          if (mine !== generation) return;
          valid = true;
          set(Array.isArray(items) ? items : []);
        },
        () => {
          // Spec §8: a history load failure leaves the list empty; the next opening retries.
          if (mine !== generation) return;
          valid = false;
          set([]);
        },
      );
      loading = load;
      void load.finally(() => {
        if (loading === load) loading = null;
      });
      return load;
    },
    reset() {
      generation++;
      valid = false;
      loading = null;
      $history.set(INITIAL_HISTORY);
    },
    invalidate() {
      const wanted = loading !== null;
      this.reset();
      if (wanted) void this.load();
    },
    find: (chatId) => $history.get().items.find((i) => i.chatId === chatId),
    renamed(chatId, chatName) {
      if (listed(chatId)) set($history.get().items.map((i) => (i.chatId === chatId ? { ...i, chatName } : i)));
    },
    removed(chatId) {
      if (listed(chatId)) set($history.get().items.filter((i) => i.chatId !== chatId));
    },
  };
}
