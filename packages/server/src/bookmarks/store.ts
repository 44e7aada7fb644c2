import { randomUUID } from 'node:crypto';
import type { DeletedPbiBookmarks, MutationResult, PbiBookmark, PbiBookmarkInput, Translate } from '@cloudportal/core';
import {
  BOOKMARK_MESSAGES,
  canAddView,
  normalizeTabName,
  uniqueViewName,
  validateNewView,
  viewCountError,
} from '@cloudportal/core/rules';
import { KeptWhileUnwritten } from '../cache/unwritten';
import { englishAnswer } from '../http/answers';
import type { Database } from '../db/database';

/** Whose views: always the tenant and user of the verified app token, never request input. */
export interface BookmarkOwner {
  tenantId: string;
  userId: string;
}

interface Row {
  entry_id: string;
  tenant_id: string;
  page_name: string;
  tab_name: string;
  name: string;
  state: string;
  created_at: string | Date;
  last_used_at: string | Date;
}

const COLUMNS = 'entry_id, tenant_id, page_name, tab_name, name, state, created_at, last_used_at';

const iso = (value: string | Date) => new Date(value).toISOString();

function toBookmark(row: Row): PbiBookmark {
  return {
    entryId: row.entry_id,
    tenantId: row.tenant_id,
    pageName: row.page_name,
    tabName: row.tab_name,
    name: row.name,
    state: row.state,
    createdAt: iso(row.created_at),
    lastUsedAt: iso(row.last_used_at),
  };
}

const failed = <T>(errors: string[]): MutationResult<T> => ({ success: false, result: null, errors });

/** Lists answered while nothing was written (PGlite only, see {@link KeptWhileUnwritten}): per database, the last 1,000 owners' pages. */
const lists = new WeakMap<Database, KeptWhileUnwritten<Promise<PbiBookmark[]>>>();
const LISTS_KEPT = 1000;

/** Spec §7 `getPbiBookmarks`: the owner's views of one page and tab, most recently used first (spec §4). */
export function listBookmarks(
  db: Database,
  owner: BookmarkOwner,
  pageName: string,
  tabName: string | null | undefined,
): Promise<PbiBookmark[]> {
  // Every save, touch and delete is a write, so a list kept since the last write is still the list.
  let kept = lists.get(db);
  if (!kept) lists.set(db, (kept = new KeptWhileUnwritten(db, LISTS_KEPT)));
  const key = [owner.tenantId, owner.userId, pageName, normalizeTabName(tabName)].join('\u0000');
  const found = kept.get(key);
  if (found) return found;
  const list = readBookmarks(db, owner, pageName, tabName);
  kept.set(key, kept.stamp(), list);
  list.catch(() => kept.delete(key));
  return list;
}

async function readBookmarks(
  db: Database,
  owner: BookmarkOwner,
  pageName: string,
  tabName: string | null | undefined,
): Promise<PbiBookmark[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from pbi_bookmarks
      where tenant_id = $1 and user_id = $2 and page_name = $3 and tab_name = $4
      order by recency desc`,
    [owner.tenantId, owner.userId, pageName, normalizeTabName(tabName)],
    // The saved-view list is read on every page: a named (prepared once per connection) statement.
    { name: 'cp_bookmarks_list' },
  );
  // Frozen: a kept list is shared by the requests that get it.
  return Object.freeze(rows.map((r) => Object.freeze(toBookmark(r)))) as PbiBookmark[];
}

/** Spec §7 `getPbiBookmarkByEntryId`: one of the owner's views; null for an unknown id or anyone else's. */
export async function bookmarkById(db: Database, owner: BookmarkOwner, entryId: string): Promise<PbiBookmark | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from pbi_bookmarks where tenant_id = $1 and user_id = $2 and entry_id = $3`,
    [owner.tenantId, owner.userId, entryId],
    {
      name: 'cp_bookmarks_by_id',
    },
  );
  return rows[0] ? toBookmark(rows[0]) : null;
}

/**
 * Spec §7 `addPbiBookmark`, with the rules of spec §5: the view is validated, the name trimmed and
 * made unique among the page and tab's views (' (n)' suffix — the server renames, it never refuses a
 * duplicate), and a 17th view is refused. The owner's row is locked for the check-then-insert, so two
 * concurrent saves can neither pass the limit nor take the same name.
 */
export async function addBookmark(
  db: Database,
  owner: BookmarkOwner,
  input: PbiBookmarkInput,
  t: Translate = englishAnswer,
): Promise<MutationResult<PbiBookmark>> {
  const errors = validateNewView(input, t);
  if (errors.length > 0) return failed(errors);
  const tabName = normalizeTabName(input.tabName);
  return db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 and tenant_id = $2 for update', [owner.userId, owner.tenantId]);
    const { rows } = await tx.query<{ name: string }>(
      'select name from pbi_bookmarks where tenant_id = $1 and user_id = $2 and page_name = $3 and tab_name = $4',
      [owner.tenantId, owner.userId, input.pageName, tabName],
    );
    if (!canAddView(rows.length)) return failed<PbiBookmark>([viewCountError(rows.length, t)!]);
    const name = uniqueViewName(
      input.name,
      rows.map((r) => r.name),
    );
    const inserted = await tx.query<Row>(
      `insert into pbi_bookmarks (entry_id, tenant_id, user_id, page_name, tab_name, name, state)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${COLUMNS}`,
      [randomUUID(), owner.tenantId, owner.userId, input.pageName, tabName, name, input.state],
    );
    return { success: true, result: toBookmark(inserted.rows[0]!), errors: [] };
  });
}

/**
 * Spec §7 `deletePbiBookmarks`: deletes the owner's views among `entryIds`. An id that is unknown or
 * someone else's is left alone and reported in `errors` (then `success` is false); `result` lists
 * the ids that were deleted, in the order asked.
 */
export async function deleteBookmarks(
  db: Database,
  owner: BookmarkOwner,
  entryIds: readonly string[],
  t: Translate = englishAnswer,
): Promise<MutationResult<DeletedPbiBookmarks>> {
  const wanted = [...new Set(entryIds)];
  if (wanted.length === 0) return failed([t('views.noneSelected')]);
  const { rows } = await db.query<{ entry_id: string }>(
    'delete from pbi_bookmarks where tenant_id = $1 and user_id = $2 and entry_id = any($3::text[]) returning entry_id',
    [owner.tenantId, owner.userId, wanted],
  );
  const deleted = new Set(rows.map((r) => r.entry_id));
  const ids = wanted.filter((id) => deleted.has(id));
  const errors = wanted.filter((id) => !deleted.has(id)).map((id) => BOOKMARK_MESSAGES.notFound(id, t));
  return { success: errors.length === 0, result: { entryIds: ids, count: ids.length }, errors };
}

/** Spec §7 `touchPbiBookmark` / §4 "Selecting a view touches it": the view becomes the most recent. */
export async function touchBookmark(
  db: Database,
  owner: BookmarkOwner,
  entryId: string,
  t: Translate = englishAnswer,
): Promise<MutationResult<PbiBookmark>> {
  const { rows } = await db.query<Row>(
    `update pbi_bookmarks set recency = nextval('pbi_bookmarks_recency'), last_used_at = now()
      where tenant_id = $1 and user_id = $2 and entry_id = $3 returning ${COLUMNS}`,
    [owner.tenantId, owner.userId, entryId],
    { name: 'cp_bookmarks_touch' },
  );
  return rows[0]
    ? { success: true, result: toBookmark(rows[0]), errors: [] }
    : failed([BOOKMARK_MESSAGES.notFound(entryId, t)]);
}
