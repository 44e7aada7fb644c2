import type { DeletedPbiBookmarks, MutationResult, PbiBookmark, PbiBookmarkInput, Translate } from '@cloudportal/core';
import {
  BOOKMARK_NAME_MAX,
  BOOKMARK_PAGE_NAME_MAX,
  BOOKMARK_STATE_MAX_BYTES,
  DEFAULT_VIEW_NAME,
  validatePageName,
  validateTabName,
} from '@cloudportal/core/rules';
import {
  buildSchema,
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Database } from '../db/database';
import { addBookmark, bookmarkById, deleteBookmarks, listBookmarks, touchBookmark, type BookmarkOwner } from './store';

/**
 * The saved-views schema (spec §3 "Bookmark (saved view)", §7 "Bookmarks"). Queries answer plain
 * values; each mutation answers `success`, `result` and `errors`. Introspection is off, so this SDL
 * is the schema's documentation.
 */
export const BOOKMARKS_SDL = /* GraphQL */ `
  "A saved view of a report page (and tab), personal to the user who saved it inside their tenant."
  type PbiBookmark {
    entryId: ID!
    tenantId: String!
    pageName: String!
    "'' for a report page without tabs."
    tabName: String!
    name: String!
    "The opaque Power BI bookmark state."
    state: String!
    createdAt: String!
    "Saved or last selected (touched); lists are ordered by it, most recent first."
    lastUsedAt: String!
  }

  input PbiBookmarkInput {
    pageName: String!
    "Absent, null or '' for a report page without tabs."
    tabName: String
    "Trimmed, required, at most ${BOOKMARK_NAME_MAX} characters, not '${DEFAULT_VIEW_NAME}'; made unique with a ' (n)' suffix."
    name: String!
    "At most ${BOOKMARK_STATE_MAX_BYTES / 1024} KB."
    state: String!
  }

  "The answer of addPbiBookmark and touchPbiBookmark: the saved or touched view."
  type PbiBookmarkResult {
    success: Boolean!
    result: PbiBookmark
    errors: [String!]!
  }

  "The ids actually deleted."
  type DeletedPbiBookmarks {
    entryIds: [ID!]!
    count: Int!
  }

  type DeletePbiBookmarksResult {
    success: Boolean!
    result: DeletedPbiBookmarks
    errors: [String!]!
  }

  type Query {
    "The caller's views of the page and tab, most recently used first."
    getPbiBookmarks(pageName: String!, tabName: String): [PbiBookmark!]!
    "One of the caller's views, or null."
    getPbiBookmarkByEntryId(entryId: ID!): PbiBookmark
  }

  type Mutation {
    addPbiBookmark(input: PbiBookmarkInput!): PbiBookmarkResult!
    deletePbiBookmarks(entryIds: [ID!]!): DeletePbiBookmarksResult!
    touchPbiBookmark(entryId: ID!): PbiBookmarkResult!
  }
`;

/** The executable schema, built once. */
export const bookmarksSchema = buildSchema(BOOKMARKS_SDL);

/** What each resolver gets: the database, the caller from the verified app token and the request's language. */
export interface BookmarksContext {
  db: Database;
  owner: BookmarkOwner;
  /** The mutations' messages (a view the rules refuse, an unknown entry) in the request's locale (issue 24 §2). */
  t: Translate;
}

/** Longest entry id accepted (ours are 36-character UUIDs). */
export const ENTRY_ID_MAX = 64;
/** Most entry ids one `deletePbiBookmarks` may name (a user holds at most 16 views per tab). */
export const DELETE_IDS_MAX = 100;

/** A request error the caller's code can fix (an argument out of range): answered as HTTP 400, in English. */
function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

function checkEntryId(entryId: string): void {
  if (entryId.length === 0 || entryId.length > ENTRY_ID_MAX)
    throw badInput(`entryId must have 1 to ${ENTRY_ID_MAX} characters.`);
}

function checkLocation(pageName: string, tabName: string | null | undefined): void {
  if (validatePageName(pageName)) throw badInput(`pageName must have 1 to ${BOOKMARK_PAGE_NAME_MAX} characters.`);
  if (validateTabName(tabName)) throw badInput(`tabName may have at most ${BOOKMARK_PAGE_NAME_MAX} characters.`);
}

/**
 * The root resolvers (graphql-js calls a root field's function with its arguments and the context).
 * Typed with the client's DTOs, so the server answers exactly what the typed client reads.
 */
export const bookmarksRoot = {
  getPbiBookmarks(args: { pageName: string; tabName?: string | null }, ctx: BookmarksContext): Promise<PbiBookmark[]> {
    checkLocation(args.pageName, args.tabName);
    return listBookmarks(ctx.db, ctx.owner, args.pageName, args.tabName);
  },
  getPbiBookmarkByEntryId(args: { entryId: string }, ctx: BookmarksContext): Promise<PbiBookmark | null> {
    checkEntryId(args.entryId);
    return bookmarkById(ctx.db, ctx.owner, args.entryId);
  },
  // Validation of the input (name, state, page, tab) is a business answer: success false with messages.
  addPbiBookmark(args: { input: PbiBookmarkInput }, ctx: BookmarksContext): Promise<MutationResult<PbiBookmark>> {
    return addBookmark(ctx.db, ctx.owner, args.input, ctx.t);
  },
  deletePbiBookmarks(
    args: { entryIds: string[] },
    ctx: BookmarksContext,
  ): Promise<MutationResult<DeletedPbiBookmarks>> {
    if (args.entryIds.length > DELETE_IDS_MAX)
      throw badInput(`At most ${DELETE_IDS_MAX} entryIds may be deleted at once.`);
    args.entryIds.forEach(checkEntryId);
    return deleteBookmarks(ctx.db, ctx.owner, args.entryIds, ctx.t);
  },
  touchPbiBookmark(args: { entryId: string }, ctx: BookmarksContext): Promise<MutationResult<PbiBookmark>> {
    checkEntryId(args.entryId);
    return touchBookmark(ctx.db, ctx.owner, args.entryId, ctx.t);
  },
};

/**
 * Deepest selection any valid document needs: `mutation { addPbiBookmark { result { name } } }` is
 * three fields deep. Anything deeper is refused before execution.
 */
export const MAX_QUERY_DEPTH = 3;
/** Most root fields (aliases included) in one operation: each is a database round trip. */
export const MAX_ROOT_FIELDS = 10;
/** Most lexical tokens the parser reads before giving up (the client's documents have under 60). */
export const MAX_TOKENS = 1000;

/** Depth of a selection set, following fragment spreads (cycles are reported by NoFragmentCyclesRule). */
function depthOf(
  set: SelectionSetNode | undefined,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  if (!set) return 0;
  let deepest = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD)
      deepest = Math.max(deepest, 1 + depthOf(selection.selectionSet, fragments, seen));
    else if (selection.kind === Kind.INLINE_FRAGMENT)
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    else {
      const fragment = fragments.get(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) continue;
      deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, new Set([...seen, fragment.name.value])));
    }
  }
  return deepest;
}

/** Root fields of an operation, counting those inside fragments spread at the root. */
function rootFieldCount(
  set: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  let count = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) count += 1;
    else if (selection.kind === Kind.INLINE_FRAGMENT) count += rootFieldCount(selection.selectionSet, fragments, seen);
    else {
      const fragment = fragments.get(selection.name.value);
      if (fragment && !seen.has(fragment.name.value))
        count += rootFieldCount(fragment.selectionSet, fragments, new Set([...seen, fragment.name.value]));
    }
  }
  return count;
}

/** Refuses operations deeper than {@link MAX_QUERY_DEPTH} or wider than {@link MAX_ROOT_FIELDS} at the root. */
export const QueryLimitsRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  return {
    OperationDefinition(node) {
      const name = node.name ? `Operation "${node.name.value}"` : 'The operation';
      const depth = depthOf(node.selectionSet, fragments, new Set());
      if (depth > MAX_QUERY_DEPTH)
        context.reportError(
          new GraphQLError(`${name} is ${depth} fields deep; at most ${MAX_QUERY_DEPTH} are allowed.`, {
            nodes: [node],
          }),
        );
      const roots = rootFieldCount(node.selectionSet, fragments, new Set());
      if (roots > MAX_ROOT_FIELDS)
        context.reportError(
          new GraphQLError(`${name} selects ${roots} root fields; at most ${MAX_ROOT_FIELDS} are allowed.`, {
            nodes: [node],
          }),
        );
      return false;
    },
  };
};

/** The validation rules: graphql-js's own, no introspection (the SDL above documents the schema), and the limits. */
export const bookmarksValidationRules: readonly ValidationRule[] = [
  ...specifiedRules,
  NoSchemaIntrospectionCustomRule,
  QueryLimitsRule,
];
