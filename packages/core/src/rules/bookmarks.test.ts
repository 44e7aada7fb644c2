import { describe, expect, it } from 'vitest';
import { reportDe as deReport } from '../i18n/de/reportMessages';
import { createTranslator } from '../i18n/messages';
import {
  BOOKMARK_MESSAGES,
  BOOKMARK_PAGE_NAME_MAX,
  BOOKMARK_STATE_MAX_BYTES,
  VIEW_TOASTS,
  DEFAULT_VIEW_NAME,
  canAddView,
  defaultView,
  filterViews,
  isReservedViewName,
  normalizeTabName,
  normalizeViewName,
  uniqueViewName,
  validateNewView,
  validatePageName,
  validateTabName,
  validateViewName,
  validateViewState,
  viewCountError,
  viewStateBytes,
  viewsForTab,
} from './bookmarks';
import { BOOKMARK_NAME_MAX, SAVED_VIEWS_MAX } from './constants';

describe('saved-view rules (spec §3, §4, §5, §9)', () => {
  it('ships the messages exactly', () => {
    expect(BOOKMARK_MESSAGES.nameRequired).toBe('Name is required.');
    expect(BOOKMARK_MESSAGES.nameTooLong).toBe('Maximum length is 40 characters.');
    expect(BOOKMARK_MESSAGES.nameReserved).toBe('Default View is reserved and cannot be added');
    expect(BOOKMARK_MESSAGES.tooMany).toBe(
      'You can save at most 16 views for this page. Delete a view to save a new one.',
    );
    expect(BOOKMARK_MESSAGES.stateRequired).toBe('The view state is required.');
    expect(BOOKMARK_MESSAGES.stateTooLarge).toBe('The view state is too large (at most 64 KB).');
    expect(BOOKMARK_MESSAGES.pageNameRequired).toBe('The page name is required.');
    expect(BOOKMARK_MESSAGES.pageNameTooLong).toBe('The page name may have at most 200 characters.');
    expect(BOOKMARK_MESSAGES.tabNameTooLong).toBe('The tab name may have at most 200 characters.');
    expect(BOOKMARK_MESSAGES.noneSelected).toBe('Select at least one view.');
    expect(BOOKMARK_MESSAGES.notFound('abc')).toBe('View abc was not found.');
  });

  it('given the spec §9 constants, the name max is 40 and at most 16 views are saved per tab or page', () => {
    expect(BOOKMARK_NAME_MAX).toBe(40);
    expect(SAVED_VIEWS_MAX).toBe(16);
    expect(BOOKMARK_STATE_MAX_BYTES).toBe(65536);
  });

  describe('name (spec §5: required, max 40, trimmed)', () => {
    it('given surrounding spaces, the name is trimmed', () => {
      expect(normalizeViewName('  Q1 budget  ')).toBe('Q1 budget');
      expect(normalizeViewName(undefined)).toBe('');
    });

    it('given an empty, whitespace-only or missing name, then "Name is required."', () => {
      expect(validateViewName('')).toBe('Name is required.');
      expect(validateViewName('   \t ')).toBe('Name is required.');
      expect(validateViewName(null)).toBe('Name is required.');
    });

    it('given 40 characters the name is valid; given 41 then "Maximum length is 40 characters."', () => {
      expect(validateViewName('x'.repeat(40))).toBeNull();
      expect(validateViewName('x'.repeat(41))).toBe('Maximum length is 40 characters.');
    });

    it('given 40 characters inside surrounding spaces, the trimmed length counts', () => {
      expect(validateViewName(`  ${'x'.repeat(40)}  `)).toBeNull();
    });

    it('given the default view name in any case, then it is reserved and cannot be added', () => {
      for (const name of ['Default View', 'default view', 'DEFAULT VIEW', '  dEfAuLt ViEw ']) {
        expect(isReservedViewName(name)).toBe(true);
        expect(validateViewName(name)).toBe('Default View is reserved and cannot be added');
      }
      expect(isReservedViewName('Default View (1)')).toBe(false);
      expect(validateViewName('My Default View')).toBeNull();
    });
  });

  describe('state, page and tab', () => {
    it('given an empty state, then "The view state is required."', () => {
      expect(validateViewState('')).toBe('The view state is required.');
      expect(validateViewState(undefined)).toBe('The view state is required.');
      expect(validateViewState('H4sIAAAA')).toBeNull();
    });

    it('given a state of exactly 64 KB it is accepted; one byte more is too large, counted in UTF-8 bytes', () => {
      expect(validateViewState('a'.repeat(BOOKMARK_STATE_MAX_BYTES))).toBeNull();
      expect(validateViewState('a'.repeat(BOOKMARK_STATE_MAX_BYTES + 1))).toBe(
        'The view state is too large (at most 64 KB).',
      );
      // 'é' is two bytes: 32 768 of them are exactly 64 KB, one more is not.
      expect(viewStateBytes('é')).toBe(2);
      expect(validateViewState('é'.repeat(BOOKMARK_STATE_MAX_BYTES / 2))).toBeNull();
      expect(validateViewState('é'.repeat(BOOKMARK_STATE_MAX_BYTES / 2 + 1))).toBe(
        'The view state is too large (at most 64 KB).',
      );
    });

    it('given a blank or too long page name, the page messages; a tab name is optional but bounded', () => {
      expect(validatePageName('billing-overview')).toBeNull();
      expect(validatePageName(' ')).toBe('The page name is required.');
      expect(validatePageName(undefined)).toBe('The page name is required.');
      expect(validatePageName('p'.repeat(BOOKMARK_PAGE_NAME_MAX + 1))).toBe(
        'The page name may have at most 200 characters.',
      );
      expect(validateTabName(null)).toBeNull();
      expect(validateTabName('Overview')).toBeNull();
      expect(validateTabName('t'.repeat(BOOKMARK_PAGE_NAME_MAX + 1))).toBe(
        'The tab name may have at most 200 characters.',
      );
    });

    it('given a whole view, every broken rule is reported in order, and a valid view reports none', () => {
      expect(validateNewView({ pageName: 'p', tabName: 'Overview', name: 'Q1', state: 's' })).toEqual([]);
      expect(validateNewView({ pageName: '', tabName: null, name: 'default view', state: '' })).toEqual([
        'The page name is required.',
        'Default View is reserved and cannot be added',
        'The view state is required.',
      ]);
    });

    it('given no tab, null, undefined and "" are the same tab', () => {
      expect(normalizeTabName(null)).toBe('');
      expect(normalizeTabName(undefined)).toBe('');
      expect(normalizeTabName('Overview')).toBe('Overview');
    });
  });

  describe('count (spec §5 / §9: at most 16 per tab or page)', () => {
    it('given 15 saved views one more may be added; given 16 the 17th may not', () => {
      expect(canAddView(0)).toBe(true);
      expect(canAddView(15)).toBe(true);
      expect(canAddView(16)).toBe(false);
      expect(canAddView(17)).toBe(false);
    });
  });

  describe('unique names (spec §5: duplicate names get a " (n)" suffix)', () => {
    it('given no clash the trimmed name is kept', () => {
      expect(uniqueViewName(' Q1 ', ['Q2'])).toBe('Q1');
      expect(uniqueViewName('Q1', [])).toBe('Q1');
    });

    it('given clashes, the lowest free n counts up from 1: Q1 → Q1 (1) → Q1 (2)', () => {
      expect(uniqueViewName('Q1', ['Q1'])).toBe('Q1 (1)');
      expect(uniqueViewName('Q1', ['Q1', 'Q1 (1)'])).toBe('Q1 (2)');
      expect(uniqueViewName('Q1', ['Q1', 'Q1 (2)'])).toBe('Q1 (1)');
    });

    it('given a clash in another case, the comparison is case-insensitive', () => {
      expect(uniqueViewName('q1', ['Q1'])).toBe('q1 (1)');
      expect(uniqueViewName('Q1', ['q1', 'q1 (1)'])).toBe('Q1 (2)');
    });

    it('given a name that already carries a suffix, it counts on from its base', () => {
      expect(uniqueViewName('Q1 (1)', ['Q1', 'Q1 (1)'])).toBe('Q1 (2)');
    });

    it('given a 40-character name, the base is shortened so the result stays within 40', () => {
      const long = 'a'.repeat(40);
      const first = uniqueViewName(long, [long]);
      expect(first).toBe(`${'a'.repeat(36)} (1)`);
      expect(first).toHaveLength(BOOKMARK_NAME_MAX);
      const existing = [long, ...Array.from({ length: 9 }, (_, i) => `${'a'.repeat(36)} (${i + 1})`)];
      expect(uniqueViewName(long, existing)).toBe(`${'a'.repeat(35)} (10)`);
    });

    it('given a base that ends in a space where it is cut, the space is not kept before the suffix', () => {
      const name = `${'a'.repeat(35)} bcde`;
      expect(uniqueViewName(name, [name])).toBe(`${'a'.repeat(35)} (1)`);
    });
  });

  describe('lists', () => {
    const views = [
      { name: 'Q1 Budget', tabName: 'Overview' },
      { name: 'q2 budget', tabName: 'Overview' },
      { name: 'By service', tabName: 'Details' },
      { name: 'Whole page', tabName: '' },
    ];

    it('given filter text, the list keeps names that contain it, case-insensitively (spec §5 "The list filters by name")', () => {
      expect(filterViews(views, 'BUDGET').map((v) => v.name)).toEqual(['Q1 Budget', 'q2 budget']);
      expect(filterViews(views, ' serv ').map((v) => v.name)).toEqual(['By service']);
      expect(filterViews(views, 'nothing')).toEqual([]);
    });

    it('given blank filter text, every view is kept', () => {
      expect(filterViews(views, '')).toEqual(views);
      expect(filterViews(views, '  ')).toEqual(views);
      expect(filterViews(views, undefined)).toEqual(views);
    });

    it('given the current tab, only its saved views are kept (spec §4); no tab keeps views saved without one', () => {
      expect(viewsForTab(views, 'Overview').map((v) => v.name)).toEqual(['Q1 Budget', 'q2 budget']);
      expect(viewsForTab(views, 'Details').map((v) => v.name)).toEqual(['By service']);
      expect(viewsForTab(views, null).map((v) => v.name)).toEqual(['Whole page']);
      expect(viewsForTab(views, 'overview')).toEqual([]);
    });
  });

  it("given a page, tab and captured state, the default view is named 'Default View' (spec §3)", () => {
    expect(DEFAULT_VIEW_NAME).toBe('Default View');
    expect(defaultView('billing-overview', 'Overview', 'S0')).toEqual({
      name: 'Default View',
      pageName: 'billing-overview',
      tabName: 'Overview',
      state: 'S0',
    });
    expect(defaultView('custom-report', undefined, 'S1')).toEqual({
      name: 'Default View',
      pageName: 'custom-report',
      tabName: '',
      state: 'S1',
    });
  });
});

describe('saved-view toasts (spec §4, §8 "Views")', () => {
  it('ships each toast exactly', () => {
    expect(VIEW_TOASTS.changed('Q1 costs')).toEqual({
      title: 'View Changed',
      text: "View Changed to 'Q1 costs'",
      kind: 'success',
    });
    expect(VIEW_TOASTS.saved()).toEqual({ title: 'View Saved', kind: 'success' });
    expect(VIEW_TOASTS.saveFailed()).toEqual({
      title: 'Save Failed',
      text: 'Your view could not be saved. Please try again.',
      kind: 'error',
    });
    expect(VIEW_TOASTS.deleted(3)).toEqual({ title: '3 View(s) Deleted', kind: 'success' });
    expect(VIEW_TOASTS.deleted(1)).toEqual({ title: '1 View(s) Deleted', kind: 'success' });
    expect(VIEW_TOASTS.deleteFailed()).toEqual({
      title: 'Delete Failed',
      text: 'Selected view(s) could not be deleted. Please try again.',
      kind: 'error',
    });
    expect(VIEW_TOASTS.captureFailed()).toEqual({ title: 'Could Not Capture View', kind: 'error' });
  });

  it('given a translation, each toast reads from the catalogue', () => {
    const german = createTranslator(deReport);
    expect(VIEW_TOASTS.changed('Q1', german)).toEqual({
      title: 'Ansicht gewechselt',
      text: 'Zur Ansicht „Q1“ gewechselt',
      kind: 'success',
    });
    expect(VIEW_TOASTS.saved(german)).toEqual({ title: 'Ansicht gespeichert', kind: 'success' });
    expect(VIEW_TOASTS.saveFailed(german)).toEqual({
      title: 'Speichern fehlgeschlagen',
      text: 'Ihre Ansicht konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
      kind: 'error',
    });
    expect(VIEW_TOASTS.deleted(2, german)).toEqual({ title: '2 Ansicht(en) gelöscht', kind: 'success' });
    expect(VIEW_TOASTS.deleteFailed(german).title).toBe('Löschen fehlgeschlagen');
    expect(VIEW_TOASTS.captureFailed(german)).toEqual({ title: 'Ansicht konnte nicht erfasst werden', kind: 'error' });
  });
});

describe('saved-view messages from the catalogue (spec §5)', () => {
  it('given a translation, the name rules and the limit answer in it, with the limits filled in', () => {
    const german = createTranslator(deReport);
    expect(validateViewName(' ', german)).toBe('Ein Name ist erforderlich.');
    expect(validateViewName('x'.repeat(41), german)).toBe('Die maximale Länge beträgt 40 Zeichen.');
    expect(validateViewName('default view', german)).toBe(
      'Default View ist reserviert und kann nicht hinzugefügt werden',
    );
    expect(validateViewName('Q1', german)).toBeNull();
    expect(viewCountError(SAVED_VIEWS_MAX, german)).toBe(
      'Sie können höchstens 16 Ansichten für diese Seite speichern. Löschen Sie eine Ansicht, um eine neue zu speichern.',
    );
  });

  it('given 15 views one more may be saved; given 16, "You can save at most 16 views…"', () => {
    expect(viewCountError(SAVED_VIEWS_MAX - 1)).toBeNull();
    expect(viewCountError(SAVED_VIEWS_MAX)).toBe(BOOKMARK_MESSAGES.tooMany);
  });
});
