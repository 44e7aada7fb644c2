import type { questionnaireEn } from '../questionnaireMessages';

/**
 * The licence questionnaire's German messages: `questionnaireEn` key for key.
 * @public
 */
export const questionnaireDe = {
  'questionnaire.title': 'Lizenzfragebogen',
  'questionnaire.intro':
    'Beschreiben Sie, wie Ihre Mitarbeitenden arbeiten, und wir empfehlen Ihnen die passenden Microsoft 365-Lizenzen – mit ihren monatlichen Kosten im Vergleich zu dem, was Sie heute kaufen.',
  'questionnaire.suggested':
    'Diese Antworten wurden anhand Ihrer Benutzer und ihrer Lizenzen vorgeschlagen. Passen Sie sie an, und speichern Sie sie.',
  'questionnaire.savedBy': 'Gespeichert von {name} am {date}.',
  'questionnaire.officeWorkers': 'Personen, die die Office-Desktop-Apps benötigen',
  'questionnaire.officeWorkers.hint': 'Word, Excel und Outlook, auf dem eigenen PC oder Mac installiert.',
  'questionnaire.webWorkers': 'Personen, die nur im Browser und in mobilen Apps arbeiten',
  'questionnaire.frontlineWorkers':
    'Mitarbeitende in Service und Produktion mit gemeinsam genutzten oder mobilen Geräten',
  'questionnaire.phoneUsers': 'Personen, die eine Telefonnummer in Teams benötigen',
  'questionnaire.copilotUsers': 'Personen, die Microsoft 365 Copilot nutzen sollen',
  'questionnaire.advancedSecurity':
    'Wir benötigen erweiterte Sicherheit und Compliance (Defender, Purview, eDiscovery)',
  'questionnaire.preview': 'Empfehlung anzeigen',
  'questionnaire.save': 'Antworten speichern',
  'questionnaire.saving': 'Wird gespeichert …',
  'questionnaire.saved': 'Antworten gespeichert',
  'questionnaire.saveFailed': 'Die Antworten konnten nicht gespeichert werden: {reason}',
  'questionnaire.previewFailed': 'Die Empfehlung konnte nicht ermittelt werden: {reason}',
  'questionnaire.fix': 'Korrigieren Sie die unten markierten Antworten.',
  'questionnaire.result': 'Empfohlene Lizenzen',
  'questionnaire.resultPreview': 'Empfohlene Lizenzen (nicht gespeichert)',
  'questionnaire.license': 'Lizenz',
  'questionnaire.current': 'Aktuell gekauft',
  'questionnaire.recommended': 'Empfohlen',
  'questionnaire.unitPrice': 'Preis pro Benutzer und Monat',
  'questionnaire.currentCost': 'Aktuelle Kosten pro Monat',
  'questionnaire.recommendedCost': 'Empfohlene Kosten pro Monat',
  'questionnaire.total': 'Gesamt',
  'questionnaire.saving.amount': 'Mit der Empfehlung sparen Sie {amount} pro Monat.',
  'questionnaire.extra.amount': 'Die Empfehlung kostet {amount} mehr pro Monat.',
  'questionnaire.same': 'Die Empfehlung kostet so viel, wie Sie heute bezahlen.',
  'questionnaire.businessPlans': 'Bei {people} Personen passen die Business-Pläne (höchstens 300 Personen).',
  'questionnaire.enterprisePlans':
    'Bei {people} Personen passen die Enterprise-Pläne (die Business-Pläne sind auf 300 Personen begrenzt).',
  'questionnaire.loading': 'Lizenzfragebogen wird geladen',
  'questionnaire.failed': 'Der Lizenzfragebogen konnte nicht geladen werden.',
  'questionnaire.retry': 'Erneut versuchen',
  'questionnaire.problem.count': 'Geben Sie eine ganze Zahl von 0 bis 100.000 ein.',
  'questionnaire.problem.nobody': 'Zählen Sie mindestens eine Person, die auf eine dieser Arten arbeitet.',
  'questionnaire.problem.phoneUsers': 'Es können nicht mehr Personen eine Telefonnummer haben, als oben gezählt sind.',
  'questionnaire.problem.copilotUsers':
    'Copilot ist für Personen, die mit den Desktop-Apps oder im Browser arbeiten: Zählen Sie nicht mehr als diese.',
  'questionnaire.problem.object': 'Senden Sie die Antworten als Objekt.',
  'questionnaire.problem.yesNo': 'Antworten Sie mit Ja oder Nein.',
} satisfies Record<keyof typeof questionnaireEn, string>;
