/**
 * The report view's English messages (spec §2 "Embedded report view", §4 "Report view", §8 "Views",
 * "Reports"). Kept apart from the core catalogue so a page without a report does not download them;
 * `createReportView()` registers them.
 */
export const reportEn = {
  'report.loading': 'Loading the report',
  'report.frame': 'Report: {name}',
  'report.frameTitle': 'Power BI report',
  'report.toolbar': 'Report tools',
  'report.drag': 'Drag left/right to change position',
  'report.views': 'Saved views',
  'report.addView': 'Save the current view',
  'report.toggleFilter': 'Toggle Filter',
  'report.failed': 'The report could not be shown.',
  'report.signIn': 'Sign in to see this report',
  'report.tokenFailed': 'The report is not available: no embed token could be issued for it.',
  'report.retry': 'Try again',
  'report.marketing': 'This report is not available for your subscription yet. Contact {email} to get it.',
  'views.title': 'Saved views',
  'views.filter': 'Filter views by name',
  'views.empty': 'No saved views yet.',
  'views.noMatch': 'No view matches the filter.',
  'views.delete': 'Delete {name}',
  'views.undoDelete': 'Keep {name}',
  'views.pendingDelete': '{count} view(s) will be deleted when you close this list.',
  'views.close': 'Close',
  'views.active': '(applied)',
  'views.add.title': 'Save view',
  'views.add.name': 'View name',
  'views.add.hint': 'Up to 40 characters.',
  'views.add.save': 'Save',
  'views.add.cancel': 'Cancel',
} as const;
