import type { dynamicPageEn } from '../dynamicPageMessages';

/**
 * The page's German messages: `dynamicPageEn` key for key.
 * @public
 */
export const dynamicPageDe = {
  'nav.failed': 'Das Menü konnte nicht geladen werden.',
  'page.loading': 'Seite wird geladen',
  'page.signIn': 'Melden Sie sich an, um diese Seite zu sehen',
  'page.notFound': 'In Ihrem Menü gibt es keine Seite „{name}“.',
  'page.notFoundTitle': 'Seite nicht gefunden',
  'page.retry': 'Erneut versuchen',
  'page.home': 'Zur Startseite',
  'page.tabs': 'Abschnitte von {page}',
  'page.movedTitle': 'Funktion verschoben',
  'page.moved':
    'Diese Funktion wurde verschoben. Sie finden sie über das Menü an ihrem neuen Ort, oder wenden Sie sich an Ihren Partner.',
  'page.unknownTitle': 'Diese Seite kann nicht angezeigt werden',
  'page.unknown': 'Die Komponente „{name}“ dieser Seite ist in diesem Portal nicht verfügbar.',
  'page.featureFailed': 'Diese Seite konnte nicht geladen werden.',
  'page.unlicensedTitle': 'Nicht lizenzierte Funktion',
  'page.unlicensed': 'Ihr Mandant ist für diese Seite nicht lizenziert. Bitte wenden Sie sich an Ihren Partner.',
  'page.report': 'Bericht {id}',
  'page.forbiddenTitle': 'Kein Zugriff',
  'page.forbidden': 'Nur Benutzer, die die Einstellungen des Mandanten verwalten dürfen, können diese Seite öffnen.',
} satisfies Record<keyof typeof dynamicPageEn, string>;
