import { graphql } from './graphql';
import type { Http } from './http';

// spec §3 "Bookmark (saved view)"
/**
 * One saved view of a report page (and tab), personal to the user
 * who saved it inside their tenant.
 * @public
 */
export interface PbiBookmark {
  /** Server-generated id (a UUID). */
  entryId: string;
  /** The tenant of the app token that saved it. */
  tenantId: string;
  /** The report page (menu name) the view belongs to. */
  pageName: string;
  /** The tab the view belongs to; '' for report pages without tabs. */
  tabName: string;
  /** Trimmed, unique per page and tab (case-insensitively), at most 40 characters. */
  name: string;
  /** The opaque Power BI bookmark state, applied with `/report/bookmarks/applyState`. */
  state: string;
  /** When it was saved (ISO 8601). */
  createdAt: string;
  /** When it was last saved or selected (touched) (ISO 8601); lists are ordered by recency. */
  lastUsedAt: string;
}

// spec §7 `addPbiBookmark(input: pageName, tabName, name, state)`
/**
 * A view to save: the input of `addPbiBookmark(input: pageName, tabName, name, state)`.
 * @public
 */
export interface PbiBookmarkInput {
  /** The portal page (menu name) the view belongs to. */
  pageName: string;
  /** Absent, null or '' for a report page without tabs. */
  tabName?: string | null;
  /** The view's name. */
  name: string;
  /** The report's state, as Power BI's bookmark captures it. */
  state: string;
}

// spec §7 "Each mutation returns success, result and errors"
/**
 * The answer of every bookmark mutation: success, result and errors. A business failure (an invalid name,
 * the 17th view, an unknown entry id) answers `success: false` with the messages in `errors`; it is
 * not thrown.
 * @public
 */
export interface MutationResult<T> {
  /** Whether the mutation was done. */
  success: boolean;
  /** What the mutation produced; null when nothing was done. */
  result: T | null;
  /** Human-readable messages, shipped as the rules in `rules/bookmarks.ts` word them. */
  errors: string[];
}

/**
 * The `result` of `deletePbiBookmarks`: the ids actually deleted.
 * @public
 */
export interface DeletedPbiBookmarks {
  /** The ids of the views deleted. */
  entryIds: string[];
  /** How many were deleted. */
  count: number;
}

const FIELDS = 'entryId tenantId pageName tabName name state createdAt lastUsedAt';

/**
 * The GraphQL documents the typed client sends, exported so other callers (tests, tools) send the
 * same ones. Queries answer plain values (a list, or one view or null); mutations answer
 * {@link MutationResult} envelopes.
 * @internal
 */
export const BOOKMARK_DOCUMENTS = {
  getPbiBookmarks: `query GetPbiBookmarks($pageName: String!, $tabName: String) { getPbiBookmarks(pageName: $pageName, tabName: $tabName) { ${FIELDS} } }`,
  getPbiBookmarkByEntryId: `query GetPbiBookmarkByEntryId($entryId: ID!) { getPbiBookmarkByEntryId(entryId: $entryId) { ${FIELDS} } }`,
  addPbiBookmark: `mutation AddPbiBookmark($input: PbiBookmarkInput!) { addPbiBookmark(input: $input) { success errors result { ${FIELDS} } } }`,
  deletePbiBookmarks: `mutation DeletePbiBookmarks($entryIds: [ID!]!) { deletePbiBookmarks(entryIds: $entryIds) { success errors result { entryIds count } } }`,
  touchPbiBookmark: `mutation TouchPbiBookmark($entryId: ID!) { touchPbiBookmark(entryId: $entryId) { success errors result { ${FIELDS} } } }`,
} as const;

// spec §7 "Bookmarks"
/**
 * The saved-views calls, over `POST /services/api-portal-customer/graphql`.
 * @public
 */
export interface BookmarksApi {
  /**
   * Query `getPbiBookmarks(pageName, tabName)` (POST …/graphql): the caller's views of that page and
   * tab, most recently used (saved or touched) first. Omit `tabName` for a page without tabs.
   */
  getPbiBookmarks(pageName: string, tabName?: string | null): Promise<PbiBookmark[]>;
  /** Query `getPbiBookmarkByEntryId(entryId)` (POST …/graphql): one of the caller's views, or null. */
  getPbiBookmarkByEntryId(entryId: string): Promise<PbiBookmark | null>;
  /**
   * Mutation `addPbiBookmark(input)` (POST …/graphql): saves a view. The server trims the name and
   * makes it unique (' (n)' suffix); `result.name` is the name stored.
   */
  addPbiBookmark(input: PbiBookmarkInput): Promise<MutationResult<PbiBookmark>>;
  /**
   * Mutation `deletePbiBookmarks(entryIds)` (POST …/graphql): deletes the caller's views among
   * `entryIds`; each id that is not the caller's is left alone and reported in `errors`.
   */
  deletePbiBookmarks(entryIds: readonly string[]): Promise<MutationResult<DeletedPbiBookmarks>>;
  /** Mutation `touchPbiBookmark(entryId)` (POST …/graphql): marks the view as just used (first in the list). */
  touchPbiBookmark(entryId: string): Promise<MutationResult<PbiBookmark>>;
}

/**
 * The typed bookmarks client. A malformed document or bad variables answer HTTP 400 and throw an
 * `ApiError` (its message is the server's); top-level GraphQL errors in a 200 throw `GraphQLError`.
 * @public
 */
export function createBookmarksApi(http: Http): BookmarksApi {
  return {
    getPbiBookmarks: async (pageName, tabName) =>
      (
        await graphql<{ getPbiBookmarks: PbiBookmark[] }>(http, BOOKMARK_DOCUMENTS.getPbiBookmarks, {
          pageName,
          tabName: tabName ?? null,
        })
      ).getPbiBookmarks,
    getPbiBookmarkByEntryId: async (entryId) =>
      (
        await graphql<{ getPbiBookmarkByEntryId: PbiBookmark | null }>(
          http,
          BOOKMARK_DOCUMENTS.getPbiBookmarkByEntryId,
          { entryId },
        )
      ).getPbiBookmarkByEntryId,
    addPbiBookmark: async (input) =>
      (
        await graphql<{ addPbiBookmark: MutationResult<PbiBookmark> }>(http, BOOKMARK_DOCUMENTS.addPbiBookmark, {
          input,
        })
      ).addPbiBookmark,
    deletePbiBookmarks: async (entryIds) =>
      (
        await graphql<{ deletePbiBookmarks: MutationResult<DeletedPbiBookmarks> }>(
          http,
          BOOKMARK_DOCUMENTS.deletePbiBookmarks,
          { entryIds: [...entryIds] },
        )
      ).deletePbiBookmarks,
    touchPbiBookmark: async (entryId) =>
      (
        await graphql<{ touchPbiBookmark: MutationResult<PbiBookmark> }>(http, BOOKMARK_DOCUMENTS.touchPbiBookmark, {
          entryId,
        })
      ).touchPbiBookmark,
  };
}
