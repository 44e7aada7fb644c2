import { atom, type ReadableAtom } from 'nanostores';
import type { SearchResult } from '../api/portal';
import { clientPart } from '../client/parts';
import type { PortalClient } from '../client/createPortalClient';
import { SEARCH_DEBOUNCE_MS } from '../rules/constants';
import { PERSONAS_STORAGE_KEY, readPersonaSelection, selectedPersonas } from '../rules/menu';
import { searchPageCount, searchQueryIssue } from '../rules/menuSearch';

/**
 * What the search dialog shows.
 * @public
 */
export interface SearchState {
  /** The text as typed. */
  text: string;
  /** `idle`: nothing to search for; `waiting`: the pause after typing; `loading`: asked the server; `done`: answered. */
  status: 'idle' | 'waiting' | 'loading' | 'done';
  // spec §8 "errors yield an empty list"
  /** The answer for the text (empty when the search failed). */
  results: readonly SearchResult[];
  /** The grid's page, 0-based. */
  page: number;
}

// spec §2 "Search dialog", §5 "Search", §8 "Search"
/**
 * The search of one portal client.
 * @public
 */
export interface SearchStore {
  /** The search text, its results and the page shown. */
  readonly $search: ReadableAtom<SearchState>;
  // spec §5, §9
  /** Takes the text as typed: searched after a 1000 ms pause when it is non-empty. */
  setText(text: string): void;
  /** Moves the grid to `page` (clamped to the pages there are). */
  setPage(page: number): void;
  /** Forgets the text and the results (the dialog closed, or logout). */
  clear(): void;
  /**
   * Asks again for the results on show, at once, keeping their page (the active locale changed: the
   * server answers its texts in it). Nothing when no answer is on show.
   */
  refresh(): void;
}

/**
 * Options of {@link createSearchStore}.
 * @public
 */
export interface SearchStoreOptions {
  /** The search call (`client.api.portal.search`). */
  search: (text: string, query: { personas: readonly string[] }) => Promise<SearchResult[]>;
  // spec §2 "Search is scoped to the selected personas"
  /** The selected personas at the time of the search. */
  personas: () => readonly string[];
  /** @default SEARCH_DEBOUNCE_MS (1000) */
  debounceMs?: number;
}

const IDLE: SearchState = { text: '', status: 'idle', results: [], page: 0 };

// spec §5 "Search: triggered only when the text is non-empty, after a 1000 ms pause"; §8
/**
 * Each change
 * restarts the pause; an answer for an older text is dropped, so the newest always wins; a failed
 * search shows an empty list and the not-found state.
 * @public
 */
export function createSearchStore(options: SearchStoreOptions): SearchStore {
  const $search = atom<SearchState>(IDLE);
  const debounce = options.debounceMs ?? SEARCH_DEBOUNCE_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Each text gets a number; only the latest one's answer is shown.
  let latest = 0;

  async function run(text: string, mine: number, page = 0): Promise<void> {
    $search.set({ ...$search.get(), status: 'loading' });
    const results = await options.search(text.trim(), { personas: options.personas() }).catch((): SearchResult[] => []);
    if (mine !== latest) return;
    $search.set({
      text,
      status: 'done',
      results,
      page: Math.min(page, Math.max(0, searchPageCount(results.length) - 1)),
    });
  }

  return {
    $search,
    setText(text) {
      clearTimeout(timer);
      const mine = ++latest;
      if (!text.trim()) {
        $search.set({ ...IDLE, text });
        return;
      }
      // Spec §8 "Search": a text the server would refuse (over SEARCH_QUERY_MAX characters) is an
      // error, and errors yield an empty list and the not-found state — after the same pause.
      if (searchQueryIssue(text) !== null) {
        $search.set({ ...$search.get(), text, status: 'waiting' });
        timer = setTimeout(
          () => mine === latest && $search.set({ text, status: 'done', results: [], page: 0 }),
          debounce,
        );
        return;
      }
      $search.set({ ...$search.get(), text, status: 'waiting' });
      timer = setTimeout(() => void run(text, mine), debounce);
    },
    setPage(page) {
      const state = $search.get();
      const last = searchPageCount(state.results.length) - 1;
      $search.set({ ...state, page: Math.min(Math.max(0, page), last) });
    },
    clear() {
      clearTimeout(timer);
      latest++;
      $search.set(IDLE);
    },
    refresh() {
      const { text, status, page } = $search.get();
      if (status !== 'done' || !text.trim() || searchQueryIssue(text) !== null) return;
      void run(text, ++latest, page);
    },
  };
}

/**
 * The search of `client`, created on first use: scoped to the personas the user selected (the
 * settings drawer keeps them in local storage, dropped when the token does not hold them), cleared
 * on logout. Kept apart from `createPortalClient` so a page without search does not carry it.
 * @public
 */
export function portalSearch(client: PortalClient): SearchStore {
  return clientPart(client, createPortalSearch);
}

function createPortalSearch(client: PortalClient): SearchStore {
  const storage = client.storage.strategy('local');
  const store = createSearchStore({
    search: (text, query) => client.api.portal.search(text, query),
    personas: () =>
      selectedPersonas(
        readPersonaSelection(storage.get(PERSONAS_STORAGE_KEY)),
        client.session.$session.get().claims?.personas ?? [],
      ),
  });
  client.onReset(() => store.clear());
  // The results' texts are the server's, in the request's locale: a new locale asks again.
  client.$locale.listen(() => store.refresh());
  return store;
}
