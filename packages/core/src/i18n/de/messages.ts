import { unavailableMessages } from '../chatLauncherMessages';
import type { en } from '../messages';

/**
 * The German core catalogue: `en` key for key (the compiler refuses a missing or extra key).
 * Formal address ("Sie"); placeholders and product names are kept as in English.
 * @public
 */
export const de = {
  'common.ok': 'OK',
  'common.cancel': 'Abbrechen',
  'common.close': 'Schließen',

  'confirm.countdown': 'Wird in {seconds} s geschlossen',
  'confirm.countdownLabel': 'Verbleibende Zeit, bis dieses Dialogfeld geschlossen wird',
  'confirm.icon.success': 'Erfolg',
  'confirm.icon.warning': 'Warnung',
  'confirm.icon.error': 'Fehler',
  'confirm.icon.info': 'Hinweis',
  'confirm.icon.question': 'Frage',

  'toast.region': 'Benachrichtigungen',
  'toast.dismiss': 'Benachrichtigung schließen',

  'progress.loading': 'Wird geladen',
  'skeleton.loading': 'Wird geladen',

  'route.tenant': 'Mandanten auswählen',
  'route.idToken': 'Authentifizieren',
  'videos.failed': 'Die Videobibliothek konnte nicht geladen werden.',

  'session.starting': 'Sie werden angemeldet',
  'session.logout': 'Abmelden',
  'partner.providerFailed':
    'Die Anmeldung über diese Website ist fehlgeschlagen. Laden Sie die Seite neu oder versuchen Sie es erneut.',
  'partner.unavailable': unavailableMessages.de,
  'partner.retry': 'Erneut versuchen',
  'partner.pieceNotAllowed': 'Diese Website darf diesen Teil des Portals nicht zeigen.',

  'signIn.toast.onboardingDisabled': 'Das Onboarding ist deaktiviert',
  'signIn.toast.permissionNotGranted': 'Berechtigung nicht erteilt',
  'signIn.toast.authenticationError': 'Authentifizierungsfehler',
  'signIn.toast.unableToIdentify': 'Der Benutzer kann nicht identifiziert werden: {reason}',

  'eula.notAccepted': 'Nicht akzeptiert',

  'idle.title': 'Sind Sie noch da?',
  'idle.text': 'Sie waren eine Weile inaktiv. Sie werden in {seconds} s abgemeldet.',
  'idle.countdownLabel': 'Verbleibende Zeit bis zur Abmeldung',
  'idle.stay': 'Angemeldet bleiben',

  // Each locale's name in its own language, as in English.
  'locale.name.en': 'English',
  'locale.name.de': 'Deutsch',
  'locale.name.en-XA': 'Pseudo (en-XA)',
} satisfies Record<keyof typeof en, string>;
