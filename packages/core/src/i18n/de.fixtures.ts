import type { reportEn } from './reportMessages';

/**
 * The German test catalogue: a partner's translation, passed as `createPortalClient({ messages })`,
 * so tests can show that a piece's texts come from the catalogue and not from the code. It covers
 * the report view and saved views (`reportEn`) key for key; messages.test.ts checks that it keeps
 * every placeholder. Not shipped (`*.fixtures.ts`).
 */
export const deReport = {
  'report.loading': 'Bericht wird geladen',
  'report.frame': 'Bericht: {name}',
  'report.frameTitle': 'Power BI-Bericht',
  'report.toolbar': 'Berichtswerkzeuge',
  'report.drag': 'Nach links/rechts ziehen, um die Position zu ändern',
  'report.views': 'Gespeicherte Ansichten',
  'report.addView': 'Aktuelle Ansicht speichern',
  'report.toggleFilter': 'Filter ein/aus',
  'report.pages': 'Berichtsseiten',
  'report.failed': 'Der Bericht konnte nicht angezeigt werden.',
  'report.signIn': 'Melden Sie sich an, um diesen Bericht zu sehen',
  'report.tokenFailed': 'Der Bericht ist nicht verfügbar: Für ihn konnte kein Einbettungstoken ausgestellt werden.',
  'report.retry': 'Erneut versuchen',
  'report.marketing':
    'Dieser Bericht ist in Ihrem Abonnement noch nicht enthalten. Wenden Sie sich an {email}, um ihn zu erhalten.',
  'report.unlicensed': 'Nicht lizenzierte Funktion',
  'report.unlicensed.action': 'Maßnahme: {action}',
  'report.unlicensed.contact': 'Bitte wenden Sie sich an Ihren Partner.',
  'report.configError': 'Konfigurationsfehler',
  'report.configError.text': 'Bitte wenden Sie sich an Ihren Administrator.',
  'views.title': 'Gespeicherte Ansichten',
  'views.filter': 'Ansichten nach Namen filtern',
  'views.empty': 'Noch keine gespeicherten Ansichten.',
  'views.noMatch': 'Keine Ansicht entspricht dem Filter.',
  'views.delete': '{name} löschen',
  'views.undoDelete': '{name} behalten',
  'views.pendingDelete': '{count} Ansicht(en) werden gelöscht, wenn Sie diese Liste schließen.',
  'views.close': 'Schließen',
  'views.active': '(angewendet)',
  'views.add.title': 'Ansicht speichern',
  'views.add.name': 'Name der Ansicht',
  'views.add.hint': 'Bis zu 40 Zeichen.',
  'views.add.save': 'Speichern',
  'views.add.cancel': 'Abbrechen',
  'views.name.required': 'Ein Name ist erforderlich.',
  'views.name.tooLong': 'Die maximale Länge beträgt {max} Zeichen.',
  'views.name.reserved': '{name} ist reserviert und kann nicht hinzugefügt werden',
  'views.tooMany':
    'Sie können höchstens {max} Ansichten für diese Seite speichern. Löschen Sie eine Ansicht, um eine neue zu speichern.',
  'views.changed': 'Ansicht gewechselt',
  'views.changed.text': "Ansicht gewechselt zu '{name}'",
  'views.saved': 'Ansicht gespeichert',
  'views.saveFailed': 'Speichern fehlgeschlagen',
  'views.saveFailed.text': 'Ihre Ansicht konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  'views.deleted': '{n} Ansicht(en) gelöscht',
  'views.deleteFailed': 'Löschen fehlgeschlagen',
  'views.deleteFailed.text': 'Die ausgewählten Ansichten konnten nicht gelöscht werden. Bitte versuchen Sie es erneut.',
  'views.captureFailed': 'Ansicht konnte nicht erfasst werden',
} as const satisfies Record<keyof typeof reportEn, string>;
