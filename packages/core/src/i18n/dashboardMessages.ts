// spec §2 "legacy-homepage (the dynamic dashboard)" (none of these texts is quoted by the spec)
/**
 * The dashboards' English messages (the home dashboards and customer metrics pages; these texts
 * are ours). Registered by the dashboard.
 * @public
 */
export const dashboardEn = {
  'dashboard.recent': 'Your recent pages',
  'dashboard.top': 'Your most visited pages',
  'dashboard.visits': '{count} visits',
  'dashboard.visit': '1 visit',
  'dashboard.noPages': 'Pages you open appear here.',
  'dashboard.metrics': 'Key figures',
  'dashboard.custom': 'Custom dashboards and reports',
  'dashboard.noCustom': 'Your tenant has no custom dashboards or reports yet.',
  'dashboard.customReport': 'Report',
  'dashboard.customDashboard': 'Dashboard',
  'dashboard.failed': '{section} could not be loaded.',
  'dashboard.retry': 'Try again',
  'dashboard.loading': 'Loading {section}',
  'dashboard.open': 'Open {page}',
  'dashboard.subscriptions': 'Azure subscriptions',
  'dashboard.recommendations': 'Open recommendations',
  'dashboard.licenses': 'Microsoft 365 licences',
  'dashboard.alerts': 'Alerts',
  'dashboard.users': 'Microsoft 365 users',
  'dashboard.resources': 'Azure resources',
} as const;
