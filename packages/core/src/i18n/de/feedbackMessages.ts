import type { feedbackEn } from '../feedbackMessages';

/**
 * The feedback dialog's German messages: `feedbackEn` key for key.
 * @public
 */
export const feedbackDe = {
  'feedback.title': 'Feedback: {name}',
  'feedback.open': 'Feedback',
  'feedback.signIn': 'Melden Sie sich an, um Feedback zu senden',
  'feedback.unknownPage': 'Die Seite „{page}“ ist nicht im Menü Ihres Portals enthalten.',
  'feedback.rating': 'Bewertung',
  'feedback.rating.none': 'Keine Bewertung',
  'feedback.rating.one': '1 Stern',
  'feedback.rating.many': '{count} Sterne',
  'feedback.type': 'Art',
  'feedback.type.Feedback': 'Feedback',
  'feedback.type.FR': 'Funktionswunsch',
  'feedback.type.Bug': 'Fehler',
  'feedback.type.Comment': 'Kommentar',
  'feedback.type.Suggestion': 'Vorschlag',
  'feedback.comment': 'Kommentar',
  'feedback.comment.counter': '{count} / {max}',
  'feedback.comment.required': 'Ein Kommentar ist erforderlich.',
  'feedback.comment.tooLong': 'Die maximale Länge beträgt {max} Zeichen.',
  'feedback.rating.range': 'Die Bewertung muss eine ganze Zahl von 0 bis {max} sein.',
  'feedback.type.unknown': 'Die Art muss eine der folgenden sein: {types}.',
  'feedback.menuItem.required': 'Das Feedback muss sich auf eine Seite Ihres Menüs beziehen.',
  'feedback.tab.unknown': 'Die Registerkarte gehört nicht zu dieser Seite.',
  'feedback.close': 'Schließen',
  'feedback.submit': 'Absenden',
  'feedback.sending': 'Ihr Feedback wird gesendet',
  'feedback.sent.title': 'Vielen Dank',
  'feedback.sent.text': 'Ihr Feedback wurde übermittelt und wird von unserem Team geprüft.',
  'feedback.failed.title': 'Fehler',
  'feedback.failed.text': 'Etwas ist schiefgelaufen. Bitte versuchen Sie es später erneut.',
} satisfies Record<keyof typeof feedbackEn, string>;
