// spec §2 "Embedded report view", §4 "Report view"; §5 "Bookmarks", §8 "Views", "Reports"
/**
 * The report view's and saved views' English messages: the report's loading and failure cards, the
 * saved views' list, their name rules and their toasts. Kept apart from the core catalogue so a page without
 * a report does not download them; `createReportView()` and `createSavedViews()` register them, and
 * the report and saved-view rules (rules/reports, rules/bookmarks) answer in them.
 * @public
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
  'report.pages': 'Report pages',
  'report.failed': 'The report could not be shown.',
  'report.signIn': 'Sign in to see this report',
  'report.tokenFailed': 'The report is not available: no embed token could be issued for it.',
  'report.retry': 'Try again',
  'report.marketing': 'This report is not available for your subscription yet. Contact {email} to get it.',
  // Spec §2 "Embedded report view", §8 "Reports": the cards (one line: '{title} - {text}').
  'report.unlicensed': 'Unlicensed feature',
  'report.unlicensed.action': 'Action: {action}',
  'report.unlicensed.contact': 'Please contact your partner.',
  'report.configError': 'Configuration Error',
  'report.configError.text': 'Please contact administrator.',
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
  // Spec §5 "Bookmarks", §9: the view name's rules and the saved-views limit.
  // spec §3 "Default view: name 'Default View'"
  /** The first entry of the list. */
  'views.defaultName': 'Default View',
  'views.name.required': 'Name is required.',
  'views.name.tooLong': 'Maximum length is {max} characters.',
  'views.name.reserved': '{name} is reserved and cannot be added',
  'views.tooMany': 'You can save at most {max} views for this page. Delete a view to save a new one.',
  // The rest of the saved-view rules, as the reference server answers a save or delete it refuses.
  'views.state.required': 'The view state is required.',
  'views.state.tooLarge': 'The view state is too large (at most {max} KB).',
  'views.page.required': 'The page name is required.',
  'views.page.tooLong': 'The page name may have at most {max} characters.',
  'views.tab.tooLong': 'The tab name may have at most {max} characters.',
  'views.noneSelected': 'Select at least one view.',
  'views.notFound': 'View {id} was not found.',
  // Spec §4, §8 "Views": the toasts (title, then text).
  'views.changed': 'View Changed',
  'views.changed.text': "View Changed to '{name}'",
  'views.saved': 'View Saved',
  'views.saveFailed': 'Save Failed',
  'views.saveFailed.text': 'Your view could not be saved. Please try again.',
  'views.deleted': '{n} View(s) Deleted',
  'views.deleteFailed': 'Delete Failed',
  'views.deleteFailed.text': 'Selected view(s) could not be deleted. Please try again.',
  'views.captureFailed': 'Could Not Capture View',
} as const;
