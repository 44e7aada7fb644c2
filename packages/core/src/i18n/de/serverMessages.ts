import type { serverEn } from '../serverMessages';

/**
 * The reference server's own German answers: `serverEn` key for key.
 * @public
 */
export const serverDe = {
  'server.error': 'Auf dem Server ist ein Fehler aufgetreten.',
  'server.input.nul':
    'Der Wert von {where} enthält ein NUL-Zeichen (U+0000), das nicht gespeichert werden kann: Entfernen Sie es und senden Sie erneut.',
  'server.input.surrogate':
    'Der Wert von {where} enthält eine halbe UTF-16-Ersatzzeichenfolge, die kein Zeichen ist und nicht gespeichert werden kann: Senden Sie vollständige Zeichen.',
  'server.input.invalidValue':
    'Die Anfrage enthält einen Wert, den der Server nicht speichern oder vergleichen kann (ein unmögliches Datum, eine Zahl außerhalb des Bereichs oder einen fehlerhaften Text): Prüfen Sie ihn und senden Sie erneut.',
  'server.unavailable':
    'Der Server erreicht seine Datenbank gerade nicht, daher wurde nichts gelesen oder gespeichert. Versuchen Sie es in einigen Sekunden erneut.',
  'server.starting':
    'Der Server wird gestartet: Seine Datenbank wird vorbereitet. Versuchen Sie es in einigen Sekunden erneut.',
  'server.auth.signInFirst': 'Melden Sie sich zuerst an: Der Authorization-Header muss ein Bearer-App-Token enthalten.',
  'server.auth.chooseTenant':
    'Wählen Sie zuerst einen Mandanten aus: Mit diesem Token können nur Mandanten aufgelistet werden.',
  'server.auth.tokenInvalid': 'Das App-Token ist ungültig.',
  'server.account.gone': 'Diesen Benutzer gibt es nicht mehr.',
  'server.email.adminOnly': 'Nur Mandantenadministratoren dürfen E-Mail-Benachrichtigungen senden.',
  'server.email.outsideTenant':
    'E-Mail-Benachrichtigungen gehen nur an die eigenen Benutzer Ihres Mandanten, nicht an {recipients}.',
  'server.email.rateLimited':
    'Ihr Mandant hat in der letzten Stunde {max} E-Mails eingereiht, mehr sind nicht möglich: Versuchen Sie es in {minutes} Min. erneut.',
  'server.settings.adminOnly': 'Nur Mandantenadministratoren dürfen Einstellungen ändern.',
  'server.terms.mayNotAccept':
    '{notAccepted}: Dieses Konto darf die Nutzungsbedingungen nicht akzeptieren. Bitte wenden Sie sich an Ihren Administrator.',
  'server.terms.none': 'Es sind keine Nutzungsbedingungen konfiguriert.',
  'server.licence.notFound': 'Die Lizenz {key} gibt es für Ihren Mandanten nicht.',
  'server.activate.noLicence':
    'Ihr Mandant hat keine aktive Lizenz, die zu seinen Kontotypen passt, und kann daher nicht aktiviert werden. Aktivieren Sie zuerst eine Lizenz.',
  'server.csp.saveFirst':
    'Speichern Sie die CSP-Partnereinstellungen mit ihrem geheimen Anwendungsschlüssel, bevor Sie die CSP-Integration aktivieren.',
  'server.office365.saveFirst': 'Speichern Sie die Office 365-Einstellungen, bevor Sie Berechtigungen hinzufügen.',
  'server.credential.notFound': 'Für Ihren Mandanten ist keine Anmeldeinformation „{name}“ gespeichert.',
  'server.credential.notFoundInScope':
    'Für Ihren Mandanten ist keine Anmeldeinformation „{name}“ mit dem Bereich {scope} gespeichert.',
  'server.file.expired':
    'Diese Dateiadresse ist abgelaufen oder ungültig: Laden Sie die Seite neu, um eine neue zu erhalten.',
  'server.file.notFound': 'Für Ihren Mandanten gibt es keine Datei „{id}“.',
  'server.branding.otherTenant':
    'Branding-Dateien können nur für Ihren eigenen Mandanten oder die Standardwerte des Servers gelesen werden.',
  'server.branding.notFound': 'Für diesen Besitzer gibt es keine Datei {kind}.',
  'server.chat.notFound': 'Der Chat wurde nicht gefunden.',
  'server.chat.nothingToRegenerate': 'Dieser Chat hat noch keine Antwort, die neu erstellt werden könnte.',
  'server.chat.questionRequired': 'Eine Frage ist erforderlich.',
  'server.chat.tooLarge': 'Die Anfrage ist zu groß: Eine Frage mit ihrem Screenshot darf höchstens 3 MB groß sein.',
  'server.chat.rateLimited.second':
    'Der Assistent beantwortet höchstens {max} Fragen pro Minute. Versuchen Sie es in 1 Sekunde erneut.',
  'server.chat.rateLimited.seconds':
    'Der Assistent beantwortet höchstens {max} Fragen pro Minute. Versuchen Sie es in {count} Sekunden erneut.',
  'server.chat.datasetNotEnabled': 'Der Datensatz {dataset} ist für Ihren Mandanten nicht aktiviert.',
  'server.chat.nameTooLong': 'Der Chatname darf höchstens {max} Zeichen lang sein',
  'server.data.unlicensed': 'Die Daten {dataset} erfordern eine aktive Lizenz {licence}, und Ihr Mandant hat keine.',
  'server.data.reasonRequired': 'Geben Sie einen Grund an: „{verb}“ erfordert eine Begründung.',
  'server.data.rowNotFound': 'In Ihrem Mandanten gibt es keine Zeile „{id}“ in {dataset}.',
  'server.data.notApplicable': 'Diese Zeile ist {status}: „{verb}“ ist darauf nicht anwendbar.',
  'server.questionnaire.unlicensed':
    'Der Lizenzfragebogen erfordert eine aktive Lizenz {licence}, und Ihr Mandant hat keine.',
  'server.menu.itemNotFound': 'Der Menüeintrag „{id}“ ist für Sie nicht verfügbar.',
  'server.menu.pageNotFound': 'Die Seite „{id}“ gibt es in Ihrem Menü nicht.',
  'server.video.notFound': 'Das Video „{id}“ gibt es nicht.',
  'server.report.notFound': 'Den Bericht {id} gibt es nicht.',
  'server.report.customNotFound': 'Den benutzerdefinierten Bericht {id} gibt es für Ihren Mandanten nicht.',
  'server.report.unlicensed': '{name} ist für Ihren Mandanten nicht lizenziert.',

  'server.partner.origin-not-registered':
    'Diese Website ist nicht mit dem Portal verbunden. Bitten Sie die Administration des Portals, sie unter Einstellungen, Verbundene Websites hinzuzufügen.',
  'server.partner.site-disabled': 'Die Verbindung dieser Website zum Portal ist ausgeschaltet.',
  'server.partner.bad-signature':
    'Die Anmeldung über diese Website konnte nicht geprüft werden: Ihre Signatur passt nicht zu den Schlüsseln der Website.',
  'server.partner.token-expired':
    'Die Anmeldung über diese Website ist abgelaufen. Laden Sie die Seite neu, um sich erneut anzumelden.',
  'server.partner.token-reused':
    'Diese Anmeldung wurde bereits verwendet. Laden Sie die Seite neu, um sich erneut anzumelden.',
  'server.partner.token-invalid': 'Die Anmeldung über diese Website ist für das Portal nicht gültig.',
  'server.partner.user-not-in-tenant':
    'Sie haben keinen Zugriff auf die Daten dieses Portals. Bitten Sie Ihre Administration um Zugriff.',
  'server.partner.piece-not-allowed': 'Diese Website darf diesen Teil des Portals nicht zeigen.',
  'server.partner.rateLimited': 'Diese Website sendet zu viele Anfragen. Versuchen Sie es in {count} Sekunden erneut.',
  'server.sites.notFound': 'Eine verbundene Website „{id}“ gibt es für Ihren Mandanten nicht.',
  'server.sites.secretsMax':
    'Eine Website hat höchstens {max} Signaturgeheimnisse: Widerrufen Sie das alte, bevor Sie ein weiteres hinzufügen.',
  'server.sites.secretNotFound': 'Die Website hat kein Signaturgeheimnis „{id}“.',
} satisfies Record<keyof typeof serverEn, string>;
