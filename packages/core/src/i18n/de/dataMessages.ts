import type { DataMessageKey } from '../dataMessages';

/**
 * The feature pages' German texts: every column, enum value, key figure, row action,
 * page label and chart title of core's datasets and pages (`rules/featureDatasets/`), under the ids
 * `dataMessages.ts` gives them; dataMessages.test.ts checks the keys against the definitions. The
 * FOCUS columns keep their specification's names, and product names and codes stay as they are.
 * @public
 */
export const dataDe: Record<DataMessageKey, string> = {
  // The subscriptions dataset
  'data.subscriptions.col.name': 'Abonnement',
  'data.subscriptions.col.subscriptionId': 'Abonnement-ID',
  'data.subscriptions.col.offer': 'Angebot',
  'data.subscriptions.opt.offer.Pay-As-You-Go': 'Nutzungsbasierte Bezahlung',
  'data.subscriptions.opt.offer.Enterprise Agreement': 'Enterprise Agreement',
  'data.subscriptions.opt.offer.CSP': 'CSP',
  'data.subscriptions.opt.offer.Dev/Test': 'Dev/Test',
  'data.subscriptions.col.state': 'Status',
  'data.subscriptions.opt.state.Enabled': 'Aktiviert',
  'data.subscriptions.opt.state.Warned': 'Gewarnt',
  'data.subscriptions.opt.state.Disabled': 'Deaktiviert',
  'data.subscriptions.col.owner': 'Besitzer',
  'data.subscriptions.col.resources': 'Ressourcen',
  'data.subscriptions.col.costMonthToDate': 'Kosten im laufenden Monat',
  'data.subscriptions.col.costLastMonth': 'Kosten im Vormonat',
  'data.subscriptions.col.createdOn': 'Erstellt am',
  'data.subscriptions.kpi.subscriptions': 'Abonnements',
  'data.subscriptions.kpi.costMonthToDate': 'Kosten im laufenden Monat',
  'data.subscriptions.kpi.costLastMonth': 'Kosten im Vormonat',

  // The resources dataset
  'data.resources.col.name': 'Ressource',
  'data.resources.col.type': 'Typ',
  'data.resources.col.resourceGroup': 'Ressourcengruppe',
  'data.resources.col.subscription': 'Abonnement',
  'data.resources.col.region': 'Region',
  'data.resources.col.sku': 'SKU',
  'data.resources.col.tags': 'Tags',
  'data.resources.col.costLastMonth': 'Kosten im Vormonat',
  'data.resources.col.createdOn': 'Erstellt am',
  'data.resources.kpi.resources': 'Ressourcen',
  'data.resources.kpi.untaggedShare': 'Ohne Tags',
  'data.resources.kpi.regions': 'Regionen',
  'data.resources.kpi.costLastMonth': 'Kosten im Vormonat',

  // The focus dataset
  'data.focus.col.chargePeriodStart': 'ChargePeriodStart',
  'data.focus.col.billedCost': 'BilledCost',
  'data.focus.col.effectiveCost': 'EffectiveCost',
  'data.focus.col.billingCurrency': 'BillingCurrency',
  'data.focus.col.serviceName': 'ServiceName',
  'data.focus.col.serviceCategory': 'ServiceCategory',
  'data.focus.col.resourceName': 'ResourceName',
  'data.focus.col.resourceId': 'ResourceId',
  'data.focus.col.regionName': 'RegionName',
  'data.focus.col.subAccountName': 'SubAccountName',
  'data.focus.col.chargeCategory': 'ChargeCategory',
  'data.focus.opt.chargeCategory.Usage': 'Nutzung',
  'data.focus.opt.chargeCategory.Purchase': 'Kauf',
  'data.focus.opt.chargeCategory.Tax': 'Steuer',
  'data.focus.opt.chargeCategory.Credit': 'Gutschrift',
  'data.focus.opt.chargeCategory.Adjustment': 'Korrektur',
  'data.focus.col.pricingCategory': 'PricingCategory',
  'data.focus.opt.pricingCategory.Standard': 'Standard',
  'data.focus.opt.pricingCategory.Committed': 'Zusagebasiert',
  'data.focus.opt.pricingCategory.Dynamic': 'Dynamisch',
  'data.focus.col.consumedQuantity': 'ConsumedQuantity',
  'data.focus.col.consumedUnit': 'ConsumedUnit',
  'data.focus.kpi.rows': 'Kostenzeilen',
  'data.focus.kpi.billedCost': 'Abgerechnete Kosten (13 Monate)',
  'data.focus.kpi.effectiveCost': 'Effektive Kosten (13 Monate)',

  // The recommendations dataset
  'data.recommendations.col.title': 'Empfehlung',
  'data.recommendations.col.provider': 'Anbieter',
  'data.recommendations.opt.provider.azure': 'Azure',
  'data.recommendations.opt.provider.m365': 'Microsoft 365',
  'data.recommendations.opt.provider.aws': 'AWS',
  'data.recommendations.col.category': 'Kategorie',
  'data.recommendations.col.impact': 'Auswirkung',
  'data.recommendations.opt.impact.High': 'Hoch',
  'data.recommendations.opt.impact.Medium': 'Mittel',
  'data.recommendations.opt.impact.Low': 'Niedrig',
  'data.recommendations.col.resource': 'Ressource',
  'data.recommendations.col.monthlySavings': 'Einsparung pro Monat',
  'data.recommendations.col.status': 'Status',
  'data.recommendations.opt.status.open': 'Offen',
  'data.recommendations.opt.status.dismissed': 'Verworfen',
  'data.recommendations.opt.status.done': 'Erledigt',
  'data.recommendations.col.statusReason': 'Begründung',
  'data.recommendations.col.statusBy': 'Von',
  'data.recommendations.col.statusAt': 'Am',
  'data.recommendations.kpi.open': 'Offene Empfehlungen',
  'data.recommendations.kpi.monthlySavings': 'Einsparung pro Monat',
  'data.recommendations.kpi.highImpact': 'Hohe Auswirkung',
  'data.recommendations.action.dismiss': 'Verwerfen',
  'data.recommendations.action.done': 'Als erledigt markieren',
  'data.recommendations.action.restore': 'Wiederherstellen',

  // The licenses dataset
  'data.licenses.col.sku': 'Lizenz',
  'data.licenses.col.skuPartNumber': 'Teilenummer',
  'data.licenses.col.purchased': 'Gekauft',
  'data.licenses.col.assigned': 'Zugewiesen',
  'data.licenses.col.unassigned': 'Nicht zugewiesen',
  'data.licenses.col.unitPrice': 'Stückpreis',
  'data.licenses.col.monthlyCost': 'Kosten pro Monat',
  'data.licenses.col.unassignedCost': 'Kosten nicht zugewiesener Lizenzen pro Monat',
  'data.licenses.kpi.purchased': 'Gekaufte Lizenzen',
  'data.licenses.kpi.unassigned': 'Nicht zugewiesen',
  'data.licenses.kpi.unassignedCost': 'Kosten nicht zugewiesener Lizenzen pro Monat',

  // The users dataset
  'data.users.col.displayName': 'Name',
  'data.users.col.upn': 'Benutzerprinzipalname',
  'data.users.col.department': 'Abteilung',
  'data.users.col.jobTitle': 'Position',
  'data.users.col.enabled': 'Aktiviert',
  'data.users.col.mfaRegistered': 'Für MFA registriert',
  'data.users.col.licences': 'Lizenzen',
  'data.users.col.lastSignIn': 'Letzte Anmeldung',
  'data.users.col.daysInactive': 'Tage inaktiv',
  'data.users.col.licenceCost': 'Lizenzkosten pro Monat',
  'data.users.col.createdOn': 'Beigetreten am',
  'data.users.kpi.users': 'Benutzer',
  'data.users.kpi.inactive': 'Seit mindestens 30 Tagen inaktiv',
  'data.users.kpi.reclaimable': 'Einsparpotenzial pro Monat',

  // The alerts dataset
  'data.alerts.col.name': 'Warnung',
  'data.alerts.col.severity': 'Schweregrad',
  'data.alerts.opt.severity.Critical': 'Kritisch',
  'data.alerts.opt.severity.Error': 'Fehler',
  'data.alerts.opt.severity.Warning': 'Warnung',
  'data.alerts.opt.severity.Informational': 'Informativ',
  'data.alerts.col.scope': 'Bereich',
  'data.alerts.col.condition': 'Bedingung',
  'data.alerts.col.firedAt': 'Ausgelöst am',
  'data.alerts.col.status': 'Status',
  'data.alerts.opt.status.Fired': 'Ausgelöst',
  'data.alerts.opt.status.Acknowledged': 'Bestätigt',
  'data.alerts.opt.status.Resolved': 'Behoben',
  'data.alerts.col.statusBy': 'Von',
  'data.alerts.kpi.open': 'Offene Warnungen',
  'data.alerts.kpi.critical': 'Kritisch',
  'data.alerts.kpi.acknowledged': 'Bestätigt',
  'data.alerts.action.acknowledge': 'Bestätigen',

  // The budgets dataset
  'data.budgets.col.name': 'Budget',
  'data.budgets.col.scope': 'Bereich',
  'data.budgets.col.amount': 'Betrag',
  'data.budgets.col.actual': 'Ist im laufenden Monat',
  'data.budgets.col.forecast': 'Prognose',
  'data.budgets.col.used': 'Verbraucht',
  'data.budgets.col.status': 'Status',
  'data.budgets.opt.status.Under budget': 'Unter Budget',
  'data.budgets.opt.status.Near budget': 'Nahe am Budget',
  'data.budgets.opt.status.Over budget': 'Über Budget',
  'data.budgets.kpi.budgets': 'Budgets',
  'data.budgets.kpi.overBudget': 'Über Budget',
  'data.budgets.kpi.amount': 'Budgetiert insgesamt',

  // The reservations dataset
  'data.reservations.col.name': 'Vertrag',
  'data.reservations.col.sku': 'SKU',
  'data.reservations.col.kind': 'Art',
  'data.reservations.opt.kind.Reservation': 'Reservierung',
  'data.reservations.opt.kind.Savings plan': 'Sparplan',
  'data.reservations.col.quantity': 'Menge',
  'data.reservations.col.term': 'Laufzeit',
  'data.reservations.col.utilisation': 'Auslastung',
  'data.reservations.col.monthlyCost': 'Kosten pro Monat',
  'data.reservations.col.monthlySavings': 'Einsparung pro Monat',
  'data.reservations.col.expiresOn': 'Läuft ab am',
  'data.reservations.kpi.contracts': 'Verträge',
  'data.reservations.kpi.utilisation': 'Durchschnittliche Auslastung',
  'data.reservations.kpi.monthlySavings': 'Einsparung pro Monat',

  // The securityControls dataset
  'data.securityControls.col.control': 'Verbesserungsmaßnahme',
  'data.securityControls.col.category': 'Kategorie',
  'data.securityControls.opt.category.Identity': 'Identität',
  'data.securityControls.opt.category.Data': 'Daten',
  'data.securityControls.opt.category.Device': 'Gerät',
  'data.securityControls.opt.category.Apps': 'Apps',
  'data.securityControls.opt.category.Infrastructure': 'Infrastruktur',
  'data.securityControls.col.points': 'Punkte',
  'data.securityControls.col.share': 'Anteil an der Höchstpunktzahl',
  'data.securityControls.col.currentScore': 'Aktuelle Punktzahl',
  'data.securityControls.col.maxScore': 'Höchstpunktzahl',
  'data.securityControls.kpi.currentScore': 'Secure Score',
  'data.securityControls.kpi.maxScore': 'Höchstpunktzahl',
  'data.securityControls.kpi.percent': 'Erreichte Punktzahl',
  'data.securityControls.kpi.points': 'Verfügbare Punkte',

  // The usage dataset
  'data.usage.col.workload': 'Workload',
  'data.usage.opt.workload.Teams': 'Teams',
  'data.usage.opt.workload.Mail': 'E-Mail',
  'data.usage.opt.workload.SharePoint': 'SharePoint',
  'data.usage.col.metric': 'Metrik',
  'data.usage.col.value': 'Letzte 30 Tage',
  'data.usage.col.asOf': 'Stand',
  'data.usage.kpi.enabledUsers': 'Aktivierte Benutzer',
  'data.usage.kpi.activeUsers': 'Aktive Benutzer',
  'data.usage.kpi.activeShare': 'Aktiv',

  // The macc dataset
  'data.macc.col.month': 'Monat',
  'data.macc.col.commitment': 'Zusage',
  'data.macc.col.eligibleSpend': 'Anrechenbare Ausgaben',
  'data.macc.col.cumulativeSpend': 'Kumulierte Ausgaben',
  'data.macc.col.targetCumulative': 'Lineares Ziel',
  'data.macc.col.aheadBehind': 'Vorsprung (+) / Rückstand (−)',
  'data.macc.col.commitmentAmount': 'Zusagebetrag',
  'data.macc.col.startDate': 'Beginn der Zusage',
  'data.macc.col.endDate': 'Ende der Zusage',
  'data.macc.kpi.commitment': 'Zusage',
  'data.macc.kpi.consumed': 'Bisher verbraucht',
  'data.macc.kpi.remaining': 'Verbleibend',
  'data.macc.kpi.shareConsumed': 'Verbrauchter Anteil',

  // The anomalies dataset
  'data.anomalies.col.date': 'Datum',
  'data.anomalies.col.subscription': 'Abonnement',
  'data.anomalies.col.service': 'Dienst',
  'data.anomalies.col.expectedSpend': 'Erwartete Ausgaben',
  'data.anomalies.col.actualSpend': 'Tatsächliche Ausgaben',
  'data.anomalies.col.unexpectedSpend': 'Unerwartete Ausgaben',
  'data.anomalies.col.deviation': 'Abweichung',
  'data.anomalies.col.severity': 'Schweregrad',
  'data.anomalies.opt.severity.High': 'Hoch',
  'data.anomalies.opt.severity.Medium': 'Mittel',
  'data.anomalies.opt.severity.Low': 'Niedrig',
  'data.anomalies.col.status': 'Status',
  'data.anomalies.opt.status.Open': 'Offen',
  'data.anomalies.opt.status.Acknowledged': 'Bestätigt',
  'data.anomalies.opt.status.Dismissed': 'Verworfen',
  'data.anomalies.col.statusReason': 'Begründung',
  'data.anomalies.col.statusBy': 'Von',
  'data.anomalies.col.statusAt': 'Am',
  'data.anomalies.kpi.open': 'Offene Anomalien',
  'data.anomalies.kpi.unexpectedSpend': 'Unerwartete Ausgaben (offen)',
  'data.anomalies.kpi.high': 'Hoher Schweregrad (offen)',
  'data.anomalies.action.acknowledge': 'Bestätigen',
  'data.anomalies.action.dismiss': 'Verwerfen',

  // The invoices dataset
  'data.invoices.col.invoiceNumber': 'Rechnung',
  'data.invoices.col.period': 'Abrechnungszeitraum',
  'data.invoices.col.provider': 'Anbieter',
  'data.invoices.opt.provider.Azure': 'Azure',
  'data.invoices.opt.provider.Microsoft 365': 'Microsoft 365',
  'data.invoices.opt.provider.Marketplace': 'Marketplace',
  'data.invoices.col.amount': 'Betrag',
  'data.invoices.col.status': 'Status',
  'data.invoices.opt.status.Paid': 'Bezahlt',
  'data.invoices.opt.status.Due': 'Fällig',
  'data.invoices.opt.status.Overdue': 'Überfällig',
  'data.invoices.col.dueDate': 'Fällig am',
  'data.invoices.kpi.billedLastMonth': 'Im Vormonat abgerechnet',
  'data.invoices.kpi.unpaid': 'Unbezahlt (fällig und überfällig)',
  'data.invoices.kpi.yearToDate': 'In diesem Jahr abgerechnet',

  // The sharedCosts dataset
  'data.sharedCosts.col.month': 'Monat',
  'data.sharedCosts.col.costCentre': 'Kostenstelle',
  'data.sharedCosts.col.rule': 'Regel',
  'data.sharedCosts.col.share': 'Anteil',
  'data.sharedCosts.col.sharedCost': 'Gemeinsame Kosten des Monats',
  'data.sharedCosts.col.allocated': 'Zugeordnet',
  'data.sharedCosts.kpi.sharedLastMonth': 'Gemeinsame Kosten im Vormonat',
  'data.sharedCosts.kpi.costCentres': 'Kostenstellen',
  'data.sharedCosts.kpi.largestShare': 'Größter Anteil',

  // The projectCosts dataset
  'data.projectCosts.col.project': 'Projekt',
  'data.projectCosts.col.owner': 'Besitzer',
  'data.projectCosts.col.budget': 'Budget pro Monat',
  'data.projectCosts.col.costMonthToDate': 'Kosten im laufenden Monat',
  'data.projectCosts.col.costLastMonth': 'Kosten im Vormonat',
  'data.projectCosts.col.change': 'Änderung zum Vormonat',
  'data.projectCosts.col.resources': 'Ressourcen',
  'data.projectCosts.kpi.projects': 'Projekte',
  'data.projectCosts.kpi.costLastMonth': 'Kosten im Vormonat (mit Tag)',
  'data.projectCosts.kpi.untaggedShare': 'Anteil ohne Tag im Vormonat',

  // The logWorkspaces dataset
  'data.logWorkspaces.col.workspace': 'Arbeitsbereich',
  'data.logWorkspaces.col.resourceGroup': 'Ressourcengruppe',
  'data.logWorkspaces.col.subscription': 'Abonnement',
  'data.logWorkspaces.col.region': 'Region',
  'data.logWorkspaces.col.pricingTier': 'Tarif',
  'data.logWorkspaces.opt.pricingTier.Pay-as-you-go': 'Nutzungsbasierte Bezahlung',
  'data.logWorkspaces.opt.pricingTier.Commitment tier 100 GB/day': 'Mindestabnahme 100 GB/Tag',
  'data.logWorkspaces.opt.pricingTier.Commitment tier 200 GB/day': 'Mindestabnahme 200 GB/Tag',
  'data.logWorkspaces.col.retentionDays': 'Aufbewahrung (Tage)',
  'data.logWorkspaces.col.ingestionGbPerDay': 'Erfasste GB pro Tag (30 Tage)',
  'data.logWorkspaces.col.costLastMonth': 'Kosten im Vormonat',
  'data.logWorkspaces.kpi.workspaces': 'Arbeitsbereiche',
  'data.logWorkspaces.kpi.ingestionGbPerDay': 'GB pro Tag insgesamt',
  'data.logWorkspaces.kpi.costLastMonth': 'Kosten im Vormonat',

  // The enrollmentAccounts dataset
  'data.enrollmentAccounts.col.enrollmentNumber': 'Registrierung',
  'data.enrollmentAccounts.col.department': 'Abteilung',
  'data.enrollmentAccounts.col.accountName': 'Konto',
  'data.enrollmentAccounts.col.owner': 'Kontobesitzer',
  'data.enrollmentAccounts.col.status': 'Status',
  'data.enrollmentAccounts.opt.status.Active': 'Aktiv',
  'data.enrollmentAccounts.opt.status.Pending': 'Ausstehend',
  'data.enrollmentAccounts.opt.status.Disabled': 'Deaktiviert',
  'data.enrollmentAccounts.col.subscription': 'Abonnement',
  'data.enrollmentAccounts.col.startDate': 'Beginn',
  'data.enrollmentAccounts.col.endDate': 'Ende',
  'data.enrollmentAccounts.col.balance': 'Verbleibende Zusage',
  'data.enrollmentAccounts.col.spendLastMonth': 'Ausgaben im Vormonat',
  'data.enrollmentAccounts.kpi.accounts': 'Konten',
  'data.enrollmentAccounts.kpi.active': 'Aktive Konten',
  'data.enrollmentAccounts.kpi.spendLastMonth': 'Ausgaben im Vormonat',
  'data.enrollmentAccounts.kpi.balance': 'Verbleibende Zusage',

  // The tagValues dataset
  'data.tagValues.col.tag': 'Tag',
  'data.tagValues.col.value': 'Wert',
  'data.tagValues.col.pair': 'Tag und Wert',
  'data.tagValues.col.resources': 'Ressourcen',
  'data.tagValues.col.share': 'Anteil der Ressourcen',
  'data.tagValues.col.costLastMonth': 'Kosten im Vormonat',
  'data.tagValues.col.required': 'Durch Richtlinie vorgeschrieben',
  'data.tagValues.col.untaggedShare': 'Ressourcen ohne Tags (Mandant)',
  'data.tagValues.col.missingRequired': 'Ressourcen ohne vorgeschriebenes Tag (Mandant)',
  'data.tagValues.kpi.tagNames': 'Tag-Namen',
  'data.tagValues.kpi.untaggedShare': 'Ressourcen ohne Tags',
  'data.tagValues.kpi.missingRequired': 'Ohne vorgeschriebenes Tag',

  // The bomLines dataset
  'data.bomLines.col.line': 'Position',
  'data.bomLines.col.category': 'Kategorie',
  'data.bomLines.col.model': 'Modell',
  'data.bomLines.opt.model.Current': 'Aktuell',
  'data.bomLines.opt.model.Alternative': 'Alternativ',
  'data.bomLines.col.modelName': 'Kaufmodell',
  'data.bomLines.col.quantity': 'Menge',
  'data.bomLines.col.unitPrice': 'Stückpreis pro Monat',
  'data.bomLines.col.monthlyCost': 'Kosten pro Monat',
  'data.bomLines.kpi.currentCost': 'Aktuelle Kosten pro Monat',
  'data.bomLines.kpi.alternativeCost': 'Alternative Kosten pro Monat',
  'data.bomLines.kpi.saving': 'Einsparung pro Monat',

  // The m365Groups dataset
  'data.m365Groups.col.name': 'Gruppe',
  'data.m365Groups.col.type': 'Typ',
  'data.m365Groups.opt.type.Microsoft 365': 'Microsoft 365',
  'data.m365Groups.opt.type.Security': 'Sicherheit',
  'data.m365Groups.opt.type.Distribution': 'Verteilerliste',
  'data.m365Groups.opt.type.Team': 'Team',
  'data.m365Groups.col.owners': 'Besitzer',
  'data.m365Groups.col.members': 'Mitglieder',
  'data.m365Groups.col.guests': 'Gäste',
  'data.m365Groups.col.createdOn': 'Erstellt am',
  'data.m365Groups.col.lastActivity': 'Letzte Aktivität',
  'data.m365Groups.col.ownerless': 'Ohne Besitzer',
  'data.m365Groups.kpi.groups': 'Gruppen',
  'data.m365Groups.kpi.ownerless': 'Gruppen ohne Besitzer',
  'data.m365Groups.kpi.withGuests': 'Gruppen mit Gästen',

  // The m365Devices dataset
  'data.m365Devices.col.name': 'Gerät',
  'data.m365Devices.col.os': 'Betriebssystem',
  'data.m365Devices.opt.os.Windows': 'Windows',
  'data.m365Devices.opt.os.macOS': 'macOS',
  'data.m365Devices.opt.os.iOS': 'iOS',
  'data.m365Devices.opt.os.Android': 'Android',
  'data.m365Devices.col.osVersion': 'Betriebssystemversion',
  'data.m365Devices.col.owner': 'Primärer Benutzer',
  'data.m365Devices.col.ownerUpn': 'Benutzerprinzipalname',
  'data.m365Devices.col.compliance': 'Konformität',
  'data.m365Devices.opt.compliance.Compliant': 'Konform',
  'data.m365Devices.opt.compliance.Non-compliant': 'Nicht konform',
  'data.m365Devices.opt.compliance.In grace period': 'Im Toleranzzeitraum',
  'data.m365Devices.col.managedBy': 'Verwaltet von',
  'data.m365Devices.opt.managedBy.Intune': 'Intune',
  'data.m365Devices.opt.managedBy.Co-managed': 'Gemeinsam verwaltet',
  'data.m365Devices.col.encrypted': 'Verschlüsselt',
  'data.m365Devices.col.lastCheckIn': 'Letzter Check-in',
  'data.m365Devices.kpi.devices': 'Geräte',
  'data.m365Devices.kpi.nonCompliant': 'Nicht konform',
  'data.m365Devices.kpi.unencrypted': 'Unverschlüsselt',

  // The joiners dataset
  'data.joiners.col.displayName': 'Name',
  'data.joiners.col.upn': 'Benutzerprinzipalname',
  'data.joiners.col.department': 'Abteilung',
  'data.joiners.col.jobTitle': 'Position',
  'data.joiners.col.startDate': 'Eintrittsdatum',
  'data.joiners.col.daysSinceStart': 'Tage seit Eintritt',
  'data.joiners.col.licences': 'Lizenzen',
  'data.joiners.col.firstSignIn': 'Erste Anmeldung',
  'data.joiners.col.lastSignIn': 'Letzte Anmeldung',
  'data.joiners.col.mfaRegistered': 'Für MFA registriert',
  'data.joiners.kpi.joiners30': 'Eintritte der letzten 30 Tage',
  'data.joiners.kpi.joiners90': 'Eintritte der letzten 90 Tage',
  'data.joiners.kpi.withoutMfa': 'Ohne MFA',

  // The leavers dataset
  'data.leavers.col.displayName': 'Name',
  'data.leavers.col.upn': 'Benutzerprinzipalname',
  'data.leavers.col.department': 'Abteilung',
  'data.leavers.col.leftOn': 'Ausgetreten am',
  'data.leavers.col.daysSinceLeft': 'Tage seit Austritt',
  'data.leavers.col.licences': 'Noch zugewiesene Lizenzen',
  'data.leavers.col.licenceCost': 'Einsparpotenzial pro Monat',
  'data.leavers.col.mailbox': 'Postfach',
  'data.leavers.opt.mailbox.Converted to shared mailbox': 'In freigegebenes Postfach umgewandelt',
  'data.leavers.opt.mailbox.Deleted': 'Gelöscht',
  'data.leavers.opt.mailbox.Retained': 'Aufbewahrt',
  'data.leavers.kpi.leavers90': 'Austritte der letzten 90 Tage',
  'data.leavers.kpi.stillLicensed': 'Ausgetretene mit Lizenz',
  'data.leavers.kpi.reclaimable': 'Einsparpotenzial pro Monat',

  // The workerProfiles dataset
  'data.workerProfiles.col.profile': 'Profil',
  'data.workerProfiles.col.users': 'Benutzer',
  'data.workerProfiles.col.bundle': 'Lizenzpaket',
  'data.workerProfiles.col.costPerUser': 'Kosten pro Benutzer und Monat',
  'data.workerProfiles.col.total': 'Summe pro Monat',
  'data.workerProfiles.kpi.profiles': 'Profile',
  'data.workerProfiles.kpi.users': 'Erfasste Benutzer',
  'data.workerProfiles.kpi.total': 'Kosten pro Monat',

  // The thirdPartyApps dataset
  'data.thirdPartyApps.col.app': 'App',
  'data.thirdPartyApps.col.publisher': 'Herausgeber',
  'data.thirdPartyApps.col.verified': 'Verifizierter Herausgeber',
  'data.thirdPartyApps.col.permissions': 'Berechtigungen',
  'data.thirdPartyApps.col.permissionLevel': 'Höchste Berechtigung',
  'data.thirdPartyApps.opt.permissionLevel.Low': 'Niedrig',
  'data.thirdPartyApps.opt.permissionLevel.Medium': 'Mittel',
  'data.thirdPartyApps.opt.permissionLevel.High': 'Hoch',
  'data.thirdPartyApps.col.consentType': 'Zustimmung',
  'data.thirdPartyApps.opt.consentType.Admin': 'Administrator',
  'data.thirdPartyApps.opt.consentType.User': 'Benutzer',
  'data.thirdPartyApps.col.users': 'Benutzer mit Zustimmung',
  'data.thirdPartyApps.col.risk': 'Risiko',
  'data.thirdPartyApps.opt.risk.High': 'Hoch',
  'data.thirdPartyApps.opt.risk.Medium': 'Mittel',
  'data.thirdPartyApps.opt.risk.Low': 'Niedrig',
  'data.thirdPartyApps.col.lastUsed': 'Zuletzt verwendet',
  'data.thirdPartyApps.kpi.apps': 'Apps',
  'data.thirdPartyApps.kpi.highRisk': 'Apps mit hohem Risiko',
  'data.thirdPartyApps.kpi.unverified': 'Nicht verifizierte Herausgeber',

  // The sharepointSettings dataset
  'data.sharepointSettings.col.setting': 'Einstellung',
  'data.sharepointSettings.col.category': 'Kategorie',
  'data.sharepointSettings.opt.category.Sharing': 'Freigabe',
  'data.sharepointSettings.opt.category.Access control': 'Zugriffssteuerung',
  'data.sharepointSettings.opt.category.OneDrive': 'OneDrive',
  'data.sharepointSettings.opt.category.Retention': 'Aufbewahrung',
  'data.sharepointSettings.opt.category.Sync': 'Synchronisierung',
  'data.sharepointSettings.opt.category.Sites': 'Websites',
  'data.sharepointSettings.col.currentValue': 'Aktueller Wert',
  'data.sharepointSettings.col.recommendedValue': 'Empfohlener Wert',
  'data.sharepointSettings.col.compliant': 'Konform',
  'data.sharepointSettings.col.result': 'Ergebnis',
  'data.sharepointSettings.opt.result.Compliant': 'Konform',
  'data.sharepointSettings.opt.result.Not compliant': 'Nicht konform',
  'data.sharepointSettings.col.impact': 'Auswirkung',
  'data.sharepointSettings.opt.impact.High': 'Hoch',
  'data.sharepointSettings.opt.impact.Medium': 'Mittel',
  'data.sharepointSettings.opt.impact.Low': 'Niedrig',
  'data.sharepointSettings.kpi.settings': 'Einstellungen',
  'data.sharepointSettings.kpi.compliantShare': 'Konform',
  'data.sharepointSettings.kpi.nonCompliantHigh': 'Nicht konform, hohe Auswirkung',

  // The teamsCallDays dataset
  'data.teamsCallDays.col.date': 'Datum',
  'data.teamsCallDays.col.weekday': 'Wochentag',
  'data.teamsCallDays.col.calls': 'Anrufe',
  'data.teamsCallDays.col.meetings': 'Besprechungen',
  'data.teamsCallDays.col.averageMinutes': 'Durchschnittliche Dauer (Minuten)',
  'data.teamsCallDays.col.poorShare': 'Schlechte Qualität',
  'data.teamsCallDays.col.poorCalls': 'Anrufe mit schlechter Qualität',
  'data.teamsCallDays.col.pstnMinutes': 'PSTN-Minuten',
  'data.teamsCallDays.col.participants': 'Teilnehmer',
  'data.teamsCallDays.kpi.calls': 'Anrufe (90 Tage)',
  'data.teamsCallDays.kpi.meetings': 'Besprechungen (90 Tage)',
  'data.teamsCallDays.kpi.poorShare': 'Schlechte Qualität',

  // The adoptionChecks dataset
  'data.adoptionChecks.col.check': 'Prüfung',
  'data.adoptionChecks.col.kind': 'Art',
  'data.adoptionChecks.opt.kind.Copilot readiness': 'Copilot-Bereitschaft',
  'data.adoptionChecks.opt.kind.Usage score': 'Nutzungsbewertung',
  'data.adoptionChecks.opt.kind.Usage assessment': 'Nutzungsanalyse',
  'data.adoptionChecks.col.category': 'Kategorie',
  'data.adoptionChecks.col.achieved': 'Erreichte Punkte',
  'data.adoptionChecks.col.possible': 'Mögliche Punkte',
  'data.adoptionChecks.col.score': 'Punktzahl',
  'data.adoptionChecks.col.status': 'Status',
  'data.adoptionChecks.opt.status.Achieved': 'Erreicht',
  'data.adoptionChecks.opt.status.Partially achieved': 'Teilweise erreicht',
  'data.adoptionChecks.opt.status.Not started': 'Nicht begonnen',
  'data.adoptionChecks.col.recommendation': 'Empfehlung',
  'data.adoptionChecks.kpi.score': 'Erreichte Punktzahl',
  'data.adoptionChecks.kpi.pointsAvailable': 'Verfügbare Punkte',
  'data.adoptionChecks.kpi.notStarted': 'Nicht begonnene Prüfungen',

  // The pipelines dataset
  'data.pipelines.col.pipeline': 'Pipeline',
  'data.pipelines.col.source': 'Quelle',
  'data.pipelines.opt.source.Azure Resource Manager': 'Azure Resource Manager',
  'data.pipelines.opt.source.Cost Management': 'Cost Management',
  'data.pipelines.opt.source.Microsoft Graph': 'Microsoft Graph',
  'data.pipelines.opt.source.Partner Center': 'Partner Center',
  'data.pipelines.opt.source.EA portal': 'EA-Portal',
  'data.pipelines.col.schedule': 'Zeitplan',
  'data.pipelines.col.lastRun': 'Letzte Ausführung',
  'data.pipelines.col.status': 'Status',
  'data.pipelines.opt.status.Succeeded': 'Erfolgreich',
  'data.pipelines.opt.status.Failed': 'Fehlgeschlagen',
  'data.pipelines.opt.status.Running': 'Wird ausgeführt',
  'data.pipelines.opt.status.Queued': 'In Warteschlange',
  'data.pipelines.col.durationSeconds': 'Dauer (Sekunden)',
  'data.pipelines.col.rowsRead': 'Gelesene Zeilen',
  'data.pipelines.col.nextRun': 'Nächste Ausführung',
  'data.pipelines.kpi.pipelines': 'Pipelines',
  'data.pipelines.kpi.failedLastRun': 'Letzte Ausführung fehlgeschlagen',
  'data.pipelines.kpi.rowsRead': 'Gelesene Zeilen (letzte Ausführungen)',

  // The rules dataset
  'data.rules.col.rule': 'Regel',
  'data.rules.col.kind': 'Art',
  'data.rules.opt.kind.Cost allocation': 'Kostenzuordnung',
  'data.rules.opt.kind.Budget alert': 'Budgetwarnung',
  'data.rules.opt.kind.Anomaly alert': 'Anomaliewarnung',
  'data.rules.opt.kind.Tag policy': 'Tag-Richtlinie',
  'data.rules.col.scope': 'Bereich',
  'data.rules.col.condition': 'Bedingung',
  'data.rules.col.action': 'Aktion',
  'data.rules.col.enabled': 'Aktiviert',
  'data.rules.col.lastTriggered': 'Zuletzt ausgelöst',
  'data.rules.col.createdBy': 'Erstellt von',
  'data.rules.kpi.rules': 'Regeln',
  'data.rules.kpi.enabled': 'Aktiviert',
  'data.rules.kpi.triggeredLast7Days': 'In den letzten 7 Tagen ausgelöst',

  // The serviceHealth dataset
  'data.serviceHealth.col.service': 'Dienst',
  'data.serviceHealth.col.title': 'Titel',
  'data.serviceHealth.col.classification': 'Klassifizierung',
  'data.serviceHealth.opt.classification.Incident': 'Vorfall',
  'data.serviceHealth.opt.classification.Advisory': 'Hinweis',
  'data.serviceHealth.opt.classification.Planned maintenance': 'Geplante Wartung',
  'data.serviceHealth.col.status': 'Status',
  'data.serviceHealth.opt.status.Active': 'Aktiv',
  'data.serviceHealth.opt.status.Resolved': 'Behoben',
  'data.serviceHealth.col.impact': 'Auswirkung',
  'data.serviceHealth.col.region': 'Region',
  'data.serviceHealth.col.started': 'Beginn',
  'data.serviceHealth.col.updated': 'Aktualisiert am',
  'data.serviceHealth.col.resolved': 'Behoben am',
  'data.serviceHealth.kpi.activeIncidents': 'Aktive Vorfälle',
  'data.serviceHealth.kpi.advisories': 'Hinweise',
  'data.serviceHealth.kpi.eventsLast30Days': 'Ereignisse der letzten 30 Tage',

  // The alertDefinitions dataset
  'data.alertDefinitions.col.name': 'Warnungsregel',
  'data.alertDefinitions.col.signal': 'Signal',
  'data.alertDefinitions.opt.signal.Metric': 'Metrik',
  'data.alertDefinitions.opt.signal.Log': 'Protokoll',
  'data.alertDefinitions.opt.signal.Activity log': 'Aktivitätsprotokoll',
  'data.alertDefinitions.opt.signal.Budget': 'Budget',
  'data.alertDefinitions.opt.signal.Service health': 'Dienstintegrität',
  'data.alertDefinitions.col.condition': 'Bedingung',
  'data.alertDefinitions.col.threshold': 'Schwellenwert',
  'data.alertDefinitions.col.scope': 'Bereich',
  'data.alertDefinitions.col.severity': 'Schweregrad',
  'data.alertDefinitions.opt.severity.Critical': 'Kritisch',
  'data.alertDefinitions.opt.severity.Error': 'Fehler',
  'data.alertDefinitions.opt.severity.Warning': 'Warnung',
  'data.alertDefinitions.opt.severity.Informational': 'Informativ',
  'data.alertDefinitions.col.recipients': 'Empfänger',
  'data.alertDefinitions.col.enabled': 'Aktiviert',
  'data.alertDefinitions.col.firedLast30Days': 'In den letzten 30 Tagen ausgelöst',
  'data.alertDefinitions.kpi.definitions': 'Warnungsregeln',
  'data.alertDefinitions.kpi.enabled': 'Aktiviert',
  'data.alertDefinitions.kpi.firedLast30Days': 'In den letzten 30 Tagen ausgelöst',

  // The metricAlerts dataset
  'data.metricAlerts.col.resource': 'Ressource',
  'data.metricAlerts.col.resourceType': 'Ressourcentyp',
  'data.metricAlerts.col.metric': 'Metrik',
  'data.metricAlerts.col.operator': 'Operator',
  'data.metricAlerts.opt.operator.Greater than': 'Größer als',
  'data.metricAlerts.opt.operator.Less than': 'Kleiner als',
  'data.metricAlerts.col.threshold': 'Schwellenwert',
  'data.metricAlerts.col.currentValue': 'Aktueller Wert',
  'data.metricAlerts.col.severity': 'Schweregrad',
  'data.metricAlerts.opt.severity.Critical': 'Kritisch',
  'data.metricAlerts.opt.severity.Error': 'Fehler',
  'data.metricAlerts.opt.severity.Warning': 'Warnung',
  'data.metricAlerts.opt.severity.Informational': 'Informativ',
  'data.metricAlerts.col.firedAt': 'Ausgelöst am',
  'data.metricAlerts.col.status': 'Status',
  'data.metricAlerts.opt.status.Fired': 'Ausgelöst',
  'data.metricAlerts.opt.status.Acknowledged': 'Bestätigt',
  'data.metricAlerts.opt.status.Resolved': 'Behoben',
  'data.metricAlerts.col.statusBy': 'Von',
  'data.metricAlerts.col.statusAt': 'Am',
  'data.metricAlerts.kpi.fired': 'Ausgelöst',
  'data.metricAlerts.kpi.critical': 'Kritisch',
  'data.metricAlerts.kpi.acknowledged': 'Bestätigt',
  'data.metricAlerts.action.acknowledge': 'Bestätigen',

  // The securityAlerts dataset
  'data.securityAlerts.col.title': 'Warnung',
  'data.securityAlerts.col.severity': 'Schweregrad',
  'data.securityAlerts.opt.severity.High': 'Hoch',
  'data.securityAlerts.opt.severity.Medium': 'Mittel',
  'data.securityAlerts.opt.severity.Low': 'Niedrig',
  'data.securityAlerts.opt.severity.Informational': 'Informativ',
  'data.securityAlerts.col.category': 'Kategorie',
  'data.securityAlerts.col.entity': 'Benutzer oder Gerät',
  'data.securityAlerts.col.source': 'Erkannt von',
  'data.securityAlerts.col.detected': 'Erkannt am',
  'data.securityAlerts.col.status': 'Status',
  'data.securityAlerts.opt.status.New': 'Neu',
  'data.securityAlerts.opt.status.In progress': 'In Bearbeitung',
  'data.securityAlerts.opt.status.Resolved': 'Behoben',
  'data.securityAlerts.col.statusBy': 'Von',
  'data.securityAlerts.col.statusAt': 'Am',
  'data.securityAlerts.kpi.open': 'Offen',
  'data.securityAlerts.kpi.highOpen': 'Offen mit hohem Schweregrad',
  'data.securityAlerts.kpi.resolvedLast30Days': 'In den letzten 30 Tagen behoben',
  'data.securityAlerts.action.acknowledge': 'Bestätigen',
  'data.securityAlerts.action.resolve': 'Beheben',

  // The releaseNotes dataset
  'data.releaseNotes.col.version': 'Version',
  'data.releaseNotes.col.released': 'Veröffentlicht am',
  'data.releaseNotes.col.area': 'Bereich',
  'data.releaseNotes.opt.area.Portal': 'Portal',
  'data.releaseNotes.opt.area.Reports': 'Berichte',
  'data.releaseNotes.opt.area.Assistant': 'Assistent',
  'data.releaseNotes.opt.area.Data': 'Daten',
  'data.releaseNotes.opt.area.Security': 'Sicherheit',
  'data.releaseNotes.col.kind': 'Art',
  'data.releaseNotes.opt.kind.New': 'Neu',
  'data.releaseNotes.opt.kind.Improved': 'Verbessert',
  'data.releaseNotes.opt.kind.Fixed': 'Behoben',
  'data.releaseNotes.col.title': 'Titel',
  'data.releaseNotes.col.description': 'Beschreibung',
  'data.releaseNotes.kpi.notes': 'Hinweise',
  'data.releaseNotes.kpi.versions': 'Versionen',
  'data.releaseNotes.kpi.fixes': 'Korrekturen',

  // The subscriptions page
  'datasetPage.subscriptions': 'Abonnements',
  'datasetPage.subscriptions.chart.offer.costLastMonth': 'Kosten im Vormonat nach Angebot',

  // The azure-resources page
  'datasetPage.azure-resources': 'Azure-Ressourcen',
  'datasetPage.azure-resources.chart.region.costLastMonth': 'Kosten im Vormonat nach Region',

  // The azure-focus page
  'datasetPage.azure-focus': 'FOCUS-Kostenzeilen',
  'datasetPage.azure-focus.chart.chargePeriodStart.billedCost': 'Abgerechnete Kosten pro Tag',
  'datasetPage.azure-focus.chart.chargePeriodStart.billedCost.serviceCategory':
    'Abgerechnete Kosten pro Monat nach Dienstkategorie',

  // The recommendations-azure page
  'datasetPage.recommendations-azure': 'Azure-Empfehlungen',
  'datasetPage.recommendations-azure.chart.category.monthlySavings': 'Einsparung pro Monat nach Kategorie',

  // The recommendations-m365 page
  'datasetPage.recommendations-m365': 'Microsoft 365-Empfehlungen',
  'datasetPage.recommendations-m365.chart.category.monthlySavings': 'Einsparung pro Monat nach Kategorie',

  // The aws-recommendations page
  'datasetPage.aws-recommendations': 'AWS-Empfehlungen',
  'datasetPage.aws-recommendations.chart.category.monthlySavings': 'Einsparung pro Monat nach Kategorie',

  // The recommendations-archives page
  'datasetPage.recommendations-archives': 'Archivierte Empfehlungen',

  // The licenses page
  'datasetPage.licenses': 'Lizenzen',
  'datasetPage.licenses.chart.sku.unassignedCost': 'Kosten nicht zugewiesener Lizenzen pro Monat nach Lizenz',

  // The users page
  'datasetPage.users': 'Benutzer',
  'datasetPage.users.chart.department.licenceCost': 'Lizenzkosten pro Monat nach Abteilung',

  // The license-users page
  'datasetPage.license-users': 'Lizenzierte Benutzer',
  'datasetPage.license-users.chart.department.licenceCost': 'Lizenzkosten pro Monat nach Abteilung',

  // The alerts page
  'datasetPage.alerts': 'Warnungen',

  // The ri-sp-contracts page
  'datasetPage.ri-sp-contracts': 'Reservierungen und Sparpläne',
  'datasetPage.ri-sp-contracts.chart.name.monthlySavings': 'Einsparung pro Monat nach Vertrag',

  // The ea-reservations page
  'datasetPage.ea-reservations': 'EA-Reservierungen',
  'datasetPage.ea-reservations.chart.name.monthlySavings': 'Einsparung pro Monat nach Vertrag',

  // The secure-score-profiles page
  'datasetPage.secure-score-profiles': 'Verbesserungsmaßnahmen für den Secure Score',
  'datasetPage.secure-score-profiles.chart.category.points': 'Verfügbare Punkte nach Kategorie',

  // The usage-overview page
  'datasetPage.usage-overview': 'Microsoft 365-Nutzung',
  'datasetPage.usage-overview.chart.metric.value': 'Letzte 30 Tage nach Metrik',

  // The usage-teams page
  'datasetPage.usage-teams': 'Teams-Nutzung',
  'datasetPage.usage-teams.chart.metric.value': 'Letzte 30 Tage nach Metrik',

  // The usage-mail page
  'datasetPage.usage-mail': 'E-Mail-Nutzung',
  'datasetPage.usage-mail.chart.metric.value': 'Letzte 30 Tage nach Metrik',

  // The usage-sharepoint page
  'datasetPage.usage-sharepoint': 'SharePoint-Nutzung',
  'datasetPage.usage-sharepoint.chart.metric.value': 'Letzte 30 Tage nach Metrik',

  // The azure-budgets page
  'datasetPage.azure-budgets': 'Azure-Budgets',
  'datasetPage.azure-budgets.chart.name.actual': 'Ist im laufenden Monat nach Budget',

  // The macc page
  'datasetPage.macc': 'Monate der Azure-Verbrauchszusage',
  'datasetPage.macc.chart.month.cumulativeSpend': 'Kumulierte anrechenbare Ausgaben',
  'datasetPage.macc.chart.month.eligibleSpend': 'Anrechenbare Ausgaben pro Monat',

  // The anomalies page
  'datasetPage.anomalies': 'Kostenanomalien',
  'datasetPage.anomalies.chart.service.unexpectedSpend': 'Unerwartete Ausgaben nach Dienst',

  // The financial-summary page
  'datasetPage.financial-summary': 'Rechnungen',
  'datasetPage.financial-summary.chart.period.amount.provider': 'Rechnungsbetrag pro Monat nach Anbieter',

  // The shared-costs page
  'datasetPage.shared-costs': 'Zuordnungen gemeinsamer Kosten',
  'datasetPage.shared-costs.chart.costCentre.allocated': 'Zugeordnete Kosten nach Kostenstelle',
  'datasetPage.shared-costs.chart.month.allocated.costCentre': 'Zugeordnete Kosten pro Monat nach Kostenstelle',

  // The project-costs page
  'datasetPage.project-costs': 'Projektkosten',
  'datasetPage.project-costs.chart.project.costLastMonth': 'Kosten im Vormonat nach Projekt',

  // The log-analytics page
  'datasetPage.log-analytics': 'Log Analytics-Arbeitsbereiche',
  'datasetPage.log-analytics.chart.workspace.ingestionGbPerDay': 'Erfasste GB pro Tag nach Arbeitsbereich',

  // The azure-enrollments page
  'datasetPage.azure-enrollments': 'Registrierungskonten',
  'datasetPage.azure-enrollments.chart.department.spendLastMonth': 'Ausgaben im Vormonat nach Abteilung',

  // The tags page
  'datasetPage.tags': 'Tags und Werte',
  'datasetPage.tags.chart.pair.costLastMonth': 'Kosten im Vormonat nach Tag',

  // The bom-summary page
  'datasetPage.bom-summary': 'Stücklistenpositionen',
  'datasetPage.bom-summary.chart.category.monthlyCost.model':
    'Kosten pro Monat nach Kategorie, aktuelles und alternatives Modell',

  // The m365-groups page
  'datasetPage.m365-groups': 'Microsoft 365-Gruppen',
  'datasetPage.m365-groups.chart.type.count': 'Gruppen nach Typ',

  // The m365-devices page
  'datasetPage.m365-devices': 'Verwaltete Geräte',
  'datasetPage.m365-devices.chart.os.count': 'Geräte nach Betriebssystem',
  'datasetPage.m365-devices.chart.compliance.count': 'Geräte nach Konformität',

  // The joiners page
  'datasetPage.joiners': 'Eintritte',
  'datasetPage.joiners.chart.department.count': 'Eintritte nach Abteilung',

  // The leavers page
  'datasetPage.leavers': 'Austritte',
  'datasetPage.leavers.chart.department.licenceCost': 'Einsparpotenzial pro Monat nach Abteilung',

  // The worker-profiles page
  'datasetPage.worker-profiles': 'Mitarbeiterprofile',
  'datasetPage.worker-profiles.chart.profile.users': 'Benutzer nach Profil',

  // The third-party-apps page
  'datasetPage.third-party-apps': 'Drittanbieter-Apps',
  'datasetPage.third-party-apps.chart.risk.count': 'Apps nach Risiko',

  // The sharepoint-tenant-settings page
  'datasetPage.sharepoint-tenant-settings': 'SharePoint-Mandanteneinstellungen',
  'datasetPage.sharepoint-tenant-settings.chart.category.count.result': 'Einstellungen nach Kategorie',

  // The teams-calls page
  'datasetPage.teams-calls': 'Teams-Anruftage',
  'datasetPage.teams-calls.chart.date.calls': 'Anrufe pro Tag',
  'datasetPage.teams-calls.chart.date.poorShare': 'Anteil schlechter Qualität nach Monat (Durchschnitt der Tage)',

  // The copilot-score page
  'datasetPage.copilot-score': 'Prüfungen der Copilot-Bereitschaft',
  'datasetPage.copilot-score.chart.category.achieved.status': 'Erreichte Punkte nach Kategorie',

  // The usage-score page
  'datasetPage.usage-score': 'Prüfungen der Nutzungsbewertung',
  'datasetPage.usage-score.chart.category.achieved.status': 'Erreichte Punkte nach Kategorie',

  // The usage-assessment page
  'datasetPage.usage-assessment': 'Ergebnisse der Nutzungsanalyse',
  'datasetPage.usage-assessment.chart.category.achieved.status': 'Erreichte Punkte nach Kategorie',

  // The pipelines page
  'datasetPage.pipelines': 'Datenpipelines',
  'datasetPage.pipelines.chart.pipeline.rowsRead': 'Gelesene Zeilen nach Pipeline (letzte Ausführung)',

  // The rules page
  'datasetPage.rules': 'Regeln',

  // The service-health page
  'datasetPage.service-health': 'Ereignisse der Dienstintegrität',
  'datasetPage.service-health.chart.service.count': 'Ereignisse nach Dienst',

  // The alert-definitions page
  'datasetPage.alert-definitions': 'Warnungsregeln',

  // The metric-alerts page
  'datasetPage.metric-alerts': 'Metrikwarnungen',
  'datasetPage.metric-alerts.chart.metric.count': 'Warnungen nach Metrik',

  // The security-alerts page
  'datasetPage.security-alerts': 'Sicherheitswarnungen',
  'datasetPage.security-alerts.chart.category.count': 'Warnungen nach Kategorie',
};
