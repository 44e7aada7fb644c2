import type { searchEn } from '../searchMessages';

/**
 * The search dialog's German messages: `searchEn` key for key.
 * @public
 */
export const searchDe = {
  'search.title': 'Suche',
  'search.input': 'Wonach suchen Sie?',
  'search.loading': 'Suche läuft',
  'search.count': '{count} Ergebnisse',
  'search.count.one': '1 Ergebnis',
  'search.none': 'Keine Ergebnisse …',
  'search.results': 'Ergebnisse',
  'search.path': 'Seite',
  'search.description': 'Beschreibung',
  'search.tags': 'Stichwörter',
  'search.page': 'Seite {page} von {pages}',
  'search.previous': 'Vorherige Seite',
  'search.next': 'Nächste Seite',
  'search.hint':
    'Mit den Pfeiltasten bewegen Sie sich durch die Ergebnisse, die Eingabetaste öffnet ein Ergebnis, Esc schließt die Suche.',
  'search.close': 'Schließen',
  'search.open': 'Portal durchsuchen',
  // Shown in a <kbd> (aria-hidden): German keyboards label the key "Strg".
  'search.shortcut': 'Strg K',
  'search.signIn': 'Melden Sie sich an, um das Portal zu durchsuchen',
  'search.query.required': 'Geben Sie einen Suchbegriff ein.',
  'search.query.tooLong': 'Ihr Suchbegriff darf höchstens {max} Zeichen lang sein.',
} satisfies Record<keyof typeof searchEn, string>;
