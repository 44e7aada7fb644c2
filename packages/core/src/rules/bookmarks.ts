// spec §3 "Bookmark (saved view)", §4 "Report view", §5 "Bookmarks", §8 "Views" and §9 "Bookmark name max" /
// "Saved views max"
/**
 * Rules of saved views (bookmarks): their names, how many may be saved, how they are listed and the
 * toasts they show. Shared by the reference server (which enforces them on every save) and the
 * bookmark-manager UI (which shows the same messages before saving).
 */
import { createTranslator, type Translate } from '../i18n/messages';
import { reportEn } from '../i18n/reportMessages';
import { BOOKMARK_NAME_MAX, SAVED_VIEWS_MAX } from './constants';

// The English texts, whether or not a page has registered the report's messages (the server too).
// Pure, so a bundle that uses none of these rules leaves the catalogue out.
const english: Translate = /* @__PURE__ */ createTranslator(reportEn);

// spec §3
/**
 * The default view is named 'Default View'.
 * @public
 */
export const DEFAULT_VIEW_NAME = 'Default View';

// spec §7 `/report/bookmarks/capture` (its size is not shown by the spec)
/**
 * The largest view state accepted, in UTF-8 bytes. The state is an opaque Power BI bookmark state of no fixed size.
 * Captured states are a few kilobytes; 64 KB leaves ample room while keeping one row, and one request, small.
 * @internal
 */
export const BOOKMARK_STATE_MAX_BYTES = 64 * 1024;

/**
 * Longest page or tab name a view is stored under (menu names and tab names are short identifiers).
 * @internal
 */
export const BOOKMARK_PAGE_NAME_MAX = 200;

// spec §5 (the quoted messages)
/**
 * The messages of the saved-view rules in English, shipped exactly. Each is the catalogue's (`views.*`), and every
 * validator below takes a translation (`t`), so the add-view dialog and the reference server (in the request's locale)
 * answer in the reader's language.
 * @public
 */
export const BOOKMARK_MESSAGES = {
  // spec §5 "The name is required" (the exact text is not shown)
  /** When the name is empty (or only spaces): 'Name is required.' */
  nameRequired: /* @__PURE__ */ english('views.name.required'),
  // spec §5, quoted
  /** When the name is longer than {@link BOOKMARK_NAME_MAX} characters. */
  nameTooLong: /* @__PURE__ */ english('views.name.tooLong', { max: BOOKMARK_NAME_MAX }),
  // spec §5 "'{name} is reserved and cannot be added'"
  /** When the name is the default view's name: '{name} is reserved and cannot be added'. */
  nameReserved: /* @__PURE__ */ english('views.name.reserved', { name: DEFAULT_VIEW_NAME }),
  // spec §5 / §9 "At most 16 saved views per tab or page"
  /** When the tab or page already has 16 saved views, the most a user may save there. */
  tooMany: /* @__PURE__ */ english('views.tooMany', { max: SAVED_VIEWS_MAX }),
  // spec §8 'Could Not Capture View'
  /** A view without a captured state cannot be applied later. */
  stateRequired: /* @__PURE__ */ english('views.state.required'),
  /** See {@link BOOKMARK_STATE_MAX_BYTES}. */
  stateTooLarge: /* @__PURE__ */ english('views.state.tooLarge', { max: BOOKMARK_STATE_MAX_BYTES / 1024 }),
  // spec §3 pageName
  /** A view is stored under a report page, so its page name is required. */
  pageNameRequired: /* @__PURE__ */ english('views.page.required'),
  pageNameTooLong: /* @__PURE__ */ english('views.page.tooLong', { max: BOOKMARK_PAGE_NAME_MAX }),
  tabNameTooLong: /* @__PURE__ */ english('views.tab.tooLong', { max: BOOKMARK_PAGE_NAME_MAX }),
  /** Deleting with an empty selection. */
  noneSelected: /* @__PURE__ */ english('views.noneSelected'),
  /** Touching or deleting an entry id that is unknown or belongs to someone else (never says which). */
  notFound: (entryId: string, t: Translate = english) => t('views.notFound', { id: entryId }),
} as const;

// spec §5
/**
 * A view name as it is stored and compared: trimmed.
 * @public
 */
export function normalizeViewName(name: string | null | undefined): string {
  return (name ?? '').trim();
}

// spec §5
/**
 * The default view name is reserved, case-insensitively (compared after trimming).
 * @public
 */
export function isReservedViewName(name: string | null | undefined): boolean {
  return normalizeViewName(name).toLowerCase() === DEFAULT_VIEW_NAME.toLowerCase();
}

// spec §5
/**
 * The first message the name breaks (required, max 40, reserved), or null when it is
 * valid. The name is trimmed first, so whitespace alone is "required" and surrounding spaces do not
 * count. The message is `t`'s (`views.name.*`); English by default.
 * @public
 */
export function validateViewName(name: string | null | undefined, t: Translate = english): string | null {
  const trimmed = normalizeViewName(name);
  if (!trimmed) return t('views.name.required');
  if (trimmed.length > BOOKMARK_NAME_MAX) return t('views.name.tooLong', { max: BOOKMARK_NAME_MAX });
  if (isReservedViewName(trimmed)) return t('views.name.reserved', { name: DEFAULT_VIEW_NAME });
  return null;
}

/**
 * Size of a view state in UTF-8 bytes.
 * @public
 */
export function viewStateBytes(state: string): number {
  return new TextEncoder().encode(state).length;
}

/**
 * `t`'s message a view state breaks (required, at most {@link BOOKMARK_STATE_MAX_BYTES}), or null.
 * @public
 */
export function validateViewState(state: string | null | undefined, t: Translate = english): string | null {
  if (!state) return t('views.state.required');
  // Cheap bound first: a UTF-8 character takes at most 3 bytes per UTF-16 unit.
  if (state.length * 3 > BOOKMARK_STATE_MAX_BYTES && viewStateBytes(state) > BOOKMARK_STATE_MAX_BYTES)
    return t('views.state.tooLarge', { max: BOOKMARK_STATE_MAX_BYTES / 1024 });
  return null;
}

/**
 * `t`'s message a page name breaks (required, at most {@link BOOKMARK_PAGE_NAME_MAX}), or null.
 * @public
 */
export function validatePageName(pageName: string | null | undefined, t: Translate = english): string | null {
  if (!pageName || !pageName.trim()) return t('views.page.required');
  if (pageName.length > BOOKMARK_PAGE_NAME_MAX) return t('views.page.tooLong', { max: BOOKMARK_PAGE_NAME_MAX });
  return null;
}

/**
 * `t`'s message a tab name breaks (optional, at most {@link BOOKMARK_PAGE_NAME_MAX}), or null.
 * @public
 */
export function validateTabName(tabName: string | null | undefined, t: Translate = english): string | null {
  return normalizeTabName(tabName).length > BOOKMARK_PAGE_NAME_MAX
    ? t('views.tab.tooLong', { max: BOOKMARK_PAGE_NAME_MAX })
    : null;
}

/**
 * Every message a view to be saved breaks (page, tab, name, state), in that order; empty when it may
 * be saved, in `t`'s words. The count limit needs the stored views, see {@link canAddView}.
 * @public
 */
export function validateNewView(
  view: { pageName: string; tabName?: string | null; name: string; state: string },
  t: Translate = english,
): string[] {
  return [
    validatePageName(view.pageName, t),
    validateTabName(view.tabName, t),
    validateViewName(view.name, t),
    validateViewState(view.state, t),
  ].filter((m): m is string => m !== null);
}

// spec §5 / §9
/**
 * Whether one more view may be saved when `count` are already saved for the tab or page.
 * @public
 */
export function canAddView(count: number): boolean {
  return count < SAVED_VIEWS_MAX;
}

// spec §5 / §9
/**
 * `t`'s 'You can save at most 16 views…' when `count` views are already saved, else null.
 * @public
 */
export function viewCountError(count: number, t: Translate = english): string | null {
  return canAddView(count) ? null : t('views.tooMany', { max: SAVED_VIEWS_MAX });
}

/**
 * A tab name as views are stored and compared: report pages without tabs have none, which is the
 * empty string (null, undefined and '' are the same "no tab").
 * @public
 */
export function normalizeTabName(tabName: string | null | undefined): string {
  return tabName ?? '';
}

const SUFFIX = / \((\d+)\)$/;

// spec §5 "Duplicate names get a ' (n)' suffix" (the exact method is not shown)
/**
 * A unique name for a new view: a duplicate name gets a ' (n)' suffix. The trimmed name is
 * kept when no existing name equals it case-insensitively; otherwise the lowest free n from 1 is taken:
 * 'Q1' → 'Q1 (1)' → 'Q1 (2)'. A name that already ends in ' (n)' counts on from its base, so saving
 * 'Q1 (1)' again gives 'Q1 (2)', never 'Q1 (1) (1)'. The base is shortened so the result stays within
 * {@link BOOKMARK_NAME_MAX} characters.
 * @public
 */
export function uniqueViewName(name: string, existing: readonly string[]): string {
  const wanted = normalizeViewName(name);
  const taken = new Set(existing.map((e) => normalizeViewName(e).toLowerCase()));
  if (!taken.has(wanted.toLowerCase())) return wanted;
  const base = wanted.replace(SUFFIX, '') || wanted;
  for (let n = 1; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${base.slice(0, BOOKMARK_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

// spec §5 "The list filters by name"
/**
 * The views whose name contains the filter text: a case-insensitive "contains" on the trimmed text; blank text keeps
 * all.
 * @public
 */
export function filterViews<T extends { name: string }>(views: readonly T[], text: string | null | undefined): T[] {
  const needle = (text ?? '').trim().toLowerCase();
  if (!needle) return [...views];
  return views.filter((v) => v.name.toLowerCase().includes(needle));
}

// spec §4 "Saved views are filtered to the current tab name"
/**
 * The saved views of the current tab: those saved under the same tab name (no tab matches views
 * saved without one).
 * @public
 */
export function viewsForTab<T extends { tabName?: string | null }>(
  views: readonly T[],
  tabName: string | null | undefined,
): T[] {
  const tab = normalizeTabName(tabName);
  return views.filter((v) => normalizeTabName(v.tabName) === tab);
}

// spec §3
/**
 * The default view — name 'Default View', plus pageName, tabName and state.
 * @public
 */
export interface DefaultView {
  /** Always 'Default View'. */
  name: typeof DEFAULT_VIEW_NAME;
  /** The portal page (menu name) the report is on. */
  pageName: string;
  /** The tab the report is on. */
  tabName: string;
  /** The report's view when it loaded, as a bookmark state. */
  state: string;
}

// spec §3 / §4
/**
 * The default view captured when a report loads, the fallback when no saved view is left.
 * @public
 */
export function defaultView(pageName: string, tabName: string | null | undefined, state: string): DefaultView {
  return { name: DEFAULT_VIEW_NAME, pageName, tabName: normalizeTabName(tabName), state };
}

// spec §8 "Views"
/**
 * A toast of the saved views: title and text as shipped, and its kind.
 * @public
 */
export interface ViewToast {
  /** The toast's title, as shipped. */
  title: string;
  /** Its text, as shipped. */
  text?: string;
  /** How it is styled. */
  kind: 'success' | 'error' | 'info';
}

// spec §4 / §8 "Views"
/**
 * The toasts of the saved views, in `t`'s words (the catalogue's `views.*`
 * toasts; English by default, shipped exactly).
 */
export const VIEW_TOASTS = {
  // spec §4
  /** 'View Changed' / "View Changed to '{name}'". */
  changed: (name: string, t: Translate = english): ViewToast => ({
    title: t('views.changed'),
    text: t('views.changed.text', { name }),
    kind: 'success',
  }),
  // spec §8 'View Saved'
  /** 'View Saved'. */
  saved: (t: Translate = english): ViewToast => ({ title: t('views.saved'), kind: 'success' }),
  // spec §8 'Save Failed: Your view could not be saved. Please try again.'
  /** 'Save Failed: Your view could not be saved. Please try again.' */
  saveFailed: (t: Translate = english): ViewToast => ({
    title: t('views.saveFailed'),
    text: t('views.saveFailed.text'),
    kind: 'error',
  }),
  // spec §8 '{n} View(s) Deleted'
  /** '{n} View(s) Deleted'. */
  deleted: (count: number, t: Translate = english): ViewToast => ({
    title: t('views.deleted', { n: count }),
    kind: 'success',
  }),
  // spec §8 'Delete Failed: Selected view(s) could not be deleted. Please try again.'
  /** 'Delete Failed: Selected view(s) could not be deleted. Please try again.' */
  deleteFailed: (t: Translate = english): ViewToast => ({
    title: t('views.deleteFailed'),
    text: t('views.deleteFailed.text'),
    kind: 'error',
  }),
  // spec §8 "Capture failure: toast 'Could Not Capture View'"
  /** 'Could Not Capture View', when the report's view could not be captured. */
  captureFailed: (t: Translate = english): ViewToast => ({ title: t('views.captureFailed'), kind: 'error' }),
} as const;
