import type { shellEn } from '../shellMessages';

/**
 * The shell's German messages: `shellEn` key for key.
 * @public
 */
export const shellDe = {
  'shell.skipToMain': 'Zum Seiteninhalt springen',
  'nav.label': 'Hauptnavigation',
  'nav.signIn': 'Melden Sie sich an, um Ihr Portal zu sehen',
  'nav.loading': 'Menü wird geladen',
  'nav.retry': 'Erneut versuchen',
  'nav.empty': 'Für Sie sind keine Seiten verfügbar.',
  'nav.home': 'Startseite von {productName}',
  'nav.dock': 'Navigation andocken',
  'nav.pin': 'Navigation anheften',
  'nav.open': 'Navigation öffnen',
  'nav.close': 'Navigation schließen',
  // A visually hidden prefix read before the tenant's name and user (the link to its settings).
  'nav.tenantSettings': 'Einstellungen von',
  'nav.poweredBy': 'Bereitgestellt von',
  'navbar.label': 'Obere Leiste',
  'navbar.breadcrumbs': 'Navigationspfad',
  'navbar.search': 'Suchen',
  // Shown in a <kbd> (aria-hidden): German keyboards label the key "Strg".
  'navbar.searchShortcut': 'Strg K',
  'navbar.feedback': 'Feedback',
  'navbar.videoGuide': 'Videoanleitung',
  'navbar.noGuidance': 'Für diese Seite gibt es keine Videoanleitung',
  // The feedback button's tooltip on a page outside the menu.
  'navbar.noFeedback': 'Feedback kann nur zu einer Seite des Menüs gesendet werden',
  'navbar.help': 'Hilfe',
  'navbar.darkMode': 'Dunkler Modus',
  'settings.title': 'Einstellungen und Hilfe',
  'settings.close': 'Einstellungen schließen',
  'settings.personas': 'Personas',
  'settings.personasHint':
    'Zeigt die Seiten der ausgewählten Personas an. Ist keine ausgewählt, werden alle Personas verwendet.',
  'settings.noPersonas': 'Für Ihr Konto stehen keine Personas zur Auswahl.',
  'settings.language': 'Sprache',
  'settings.links': 'Links',
  'settings.myMetrics': 'Meine Kennzahlen',
  'settings.legacyHomepage': 'Klassische Startseite',
  'settings.videoLibrary': 'Videobibliothek',
  'settings.newTab': '(wird in einer neuen Registerkarte geöffnet)',
  'settings.demo': 'Demomandant: Die angezeigten Daten sind Beispieldaten.',
  'settings.resolution': 'Empfohlene Auflösung: 1080p ({width} × {height})',
  'settings.version': 'Version {version}',
  'guidance.frame': 'Video: {title}',
  'guidance.blocked': 'Dieses Video kann nicht angezeigt werden: Seine Adresse ist keine zulässige Videoseite.',
  'videos.menu': 'Videos',
  'videos.choose': 'Wählen Sie ein Video aus der Liste aus.',
  'videos.empty': 'Für Sie sind keine Anleitungsvideos verfügbar.',
  'audit.location.required': 'Ein Navigationsereignis benötigt einen Ort (location).',
  'audit.report.required': 'Ein Analyseereignis benötigt eine reportId.',
} satisfies Record<keyof typeof shellEn, string>;
