// spec §2 "Layout", "Dynamic page"
/**
 * The shell's English messages: side navigation, navbar, settings
 * drawer, guidance, video library and dynamic pages. Kept apart from the core catalogue so a page
 * that does not show the shell does not download them; `portalShell()` registers them.
 * @public
 */
export const shellEn = {
  'shell.skipToMain': 'Skip to the page',
  'nav.label': 'Main navigation',
  'nav.signIn': 'Sign in to see your portal',
  'nav.loading': 'Loading the menu',
  'nav.retry': 'Try again',
  'nav.empty': 'No pages are available to you.',
  'nav.home': '{productName} home',
  'nav.dock': 'Dock the navigation',
  'nav.pin': 'Pin the navigation open',
  'nav.open': 'Open the navigation',
  'nav.close': 'Close the navigation',
  'nav.tenantSettings': 'Settings of',
  'nav.poweredBy': 'Powered by',
  'navbar.label': 'Top bar',
  'navbar.breadcrumbs': 'Breadcrumb',
  'navbar.search': 'Search',
  'navbar.searchShortcut': 'Ctrl K',
  'navbar.feedback': 'Feedback',
  'navbar.videoGuide': 'Video Guide',
  'navbar.noGuidance': 'There is no video guide for this page',
  'navbar.noFeedback': 'Feedback is sent about a page of the menu',
  'navbar.help': 'Help',
  'navbar.darkMode': 'Dark mode',
  'settings.title': 'Settings and help',
  'settings.close': 'Close settings',
  'settings.personas': 'Personas',
  'settings.personasHint': 'Show the pages of the personas you choose. With none chosen, all personas are used.',
  'settings.noPersonas': 'Your account has no personas to choose from.',
  'settings.language': 'Language',
  'settings.links': 'Links',
  'settings.myMetrics': 'My Metrics',
  'settings.legacyHomepage': 'Legacy Homepage',
  'settings.videoLibrary': 'Video Library',
  'settings.newTab': '(opens in a new tab)',
  'settings.demo': 'Demo tenant: the data you see is sample data.',
  'settings.resolution': 'Recommended resolution: 1080p ({width} x {height})',
  'settings.version': 'Version {version}',
  'guidance.frame': 'Video: {title}',
  'guidance.blocked': 'This video cannot be shown: its address is not an allowed video page.',
  'videos.menu': 'Videos',
  'videos.choose': 'Choose a video from the list.',
  'videos.empty': 'No guidance videos are available to you.',
  // An audit event the reference server refuses (rules/audit).
  'audit.location.required': 'A navigation event needs a location.',
  'audit.report.required': 'An analytics event needs a reportId.',
  // Spec §2 "Dynamic page".
} as const;
