import type { dashboardEn } from '../dashboardMessages';

/**
 * The dashboards' German messages: `dashboardEn` key for key.
 * @public
 */
export const dashboardDe = {
  'dashboard.recent': 'Ihre zuletzt besuchten Seiten',
  'dashboard.top': 'Ihre meistbesuchten Seiten',
  'dashboard.visits': '{count} Besuche',
  'dashboard.visit': '1 Besuch',
  'dashboard.noPages': 'Hier erscheinen die Seiten, die Sie öffnen.',
  'dashboard.metrics': 'Kennzahlen',
  'dashboard.custom': 'Benutzerdefinierte Dashboards und Berichte',
  'dashboard.noCustom': 'Ihr Mandant hat noch keine benutzerdefinierten Dashboards oder Berichte.',
  'dashboard.customReport': 'Bericht',
  'dashboard.customDashboard': 'Dashboard',
  'dashboard.failed': 'Fehler beim Laden von „{section}“.',
  'dashboard.retry': 'Erneut versuchen',
  'dashboard.loading': 'Wird geladen: {section}',
  'dashboard.open': '{page} öffnen',
  'dashboard.subscriptions': 'Azure-Abonnements',
  'dashboard.recommendations': 'Offene Empfehlungen',
  'dashboard.licenses': 'Microsoft 365-Lizenzen',
  'dashboard.alerts': 'Warnungen',
  'dashboard.users': 'Microsoft 365-Benutzer',
  'dashboard.resources': 'Azure-Ressourcen',
} satisfies Record<keyof typeof dashboardEn, string>;
