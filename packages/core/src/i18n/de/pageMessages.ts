import type { pagesEn } from '../pageMessages';

/**
 * The portal pages' German messages: `pagesEn` key for key.
 * @public
 */
export const pagesDe = {
  'route.login': 'Anmelden',
  'route.register': 'Onboarding',
  'route.videoLibrary': 'Videobibliothek',
  'route.settings': 'Einstellungen',
  'route.releaseNotes': 'Versionshinweise',
  'route.customReport': 'Benutzerdefinierter Bericht',
  'route.modelsComparison': 'Modellvergleich',
  'route.legacyHomepage': 'Klassische Startseite',
  'route.bestPractices': 'Empfehlungen zu bewährten Methoden',
  'route.dialogsDemo': 'Dialoge und Benachrichtigungen',
  'signIn.heading': 'Bei {productName} anmelden',
  'signIn.intro': 'Melden Sie sich mit dem Konto Ihrer Organisation an.',
  'signIn.microsoft': 'Mit Microsoft anmelden',
  'signIn.demoHeading': 'Demokonten',
  'signIn.demoIntro': 'Dieser Referenzserver meldet seine Demokonten ohne Kennwort an.',
  'signIn.busy': 'Anmeldung läuft …',
  'signIn.noProvider': 'Für dieses Portal ist keine Anmeldemethode konfiguriert.',
  'signIn.accountsFailed': 'Die Demokonten konnten nicht geladen werden.',
  'tenant.heading': 'Mandanten auswählen',
  'tenant.intro':
    'Ihr Konto hat Zugriff auf mehrere Mandanten. Wählen Sie den Mandanten aus, in dem Sie arbeiten möchten.',
  'tenant.loading': 'Ihre Mandanten werden geladen',
  'tenant.failed': 'Ihre Mandanten konnten nicht geladen werden.',
  'tenant.expired': 'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'tenant.backToSignIn': 'Zurück zur Anmeldung',
  'register.heading': 'Onboarding',
  'register.text':
    'Ihre Organisation ist noch nicht für {productName} eingerichtet. Neue Mandanten werden von Ihrem Partner eingerichtet; bitte wenden Sie sich an ihn, um loszulegen.',
  'eula.title': 'Nutzungsbedingungen',
  'eula.agree': 'Ich habe die Nutzungsbedingungen gelesen und stimme ihnen zu.',
  'eula.accept': 'Akzeptieren',
  // "may not accept": the account is not permitted to accept them.
  'eula.notAcceptedText':
    'Ihr Konto ist nicht berechtigt, die Nutzungsbedingungen zu akzeptieren. Bitte wenden Sie sich an Ihren Administrator, oder melden Sie sich ab.',
  'eula.loading': 'Nutzungsbedingungen werden geladen',
  'eula.loadFailed': 'Die Nutzungsbedingungen konnten nicht geladen werden',
  'eula.retry': 'Erneut versuchen',
  'eula.acceptFailed': 'Fehler beim Akzeptieren der Nutzungsbedingungen. Bitte wenden Sie sich an Ihr Supportteam.',
  'eula.accepted': 'Nutzungsbedingungen akzeptiert.',
} satisfies Record<keyof typeof pagesEn, string>;
